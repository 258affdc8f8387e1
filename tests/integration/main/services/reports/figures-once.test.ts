// The report's figures are computed once, in main, and both the screen and the workbook read
// them from the report object (issue 16, item 5): the VAT per month (collected, deductible, net)
// and the statuts matrices. The workbook writes what the report says, so a report whose figures
// were changed after computing is written with the changed figures, not recomputed ones.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import type { Report, StatusReport, VatReport } from '#shared/reports.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { reportWorkbook } from '#main/services/export/layouts/reports.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const ABOUT = { connectionName: 'Démo', appVersion: 'test', exportedAt: NOW };
let dir: string;
let archive: ArchiveStore;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'report-figures-'));
  fillDemoArchive(dir, 'demo', { seed: 3, invoices: 400, now: NOW });
  archive = openArchive(dir, 'demo');
});
after(() => {
  archive.close();
  rmSync(dir, { recursive: true, force: true });
});

async function values(report: Report, sheet: string): Promise<unknown[]> {
  const path = join(dir, `${report.kind}.xlsx`);
  await writeWorkbook(path, reportWorkbook(report, 'fr', ABOUT));
  return sheetNamed(readXlsx(path), sheet).rows.flatMap((row) => row.map((cell) => cell?.v));
}

test('the VAT per month is the report’s, on screen and in the workbook', async () => {
  const report = (await computeReport(reportSourceOf(archive), 'vat', parsePeriod('2026-Q3'), {
    now: NOW,
  })) as VatReport;
  assert.deepEqual(
    report.byMonth.map((m) => m.month),
    report.months,
  );
  for (const m of report.byMonth) {
    const eur = report.figures.filter((f) => f.month === m.month && f.currency === 'EUR');
    const side = (direction: string) =>
      eur.filter((f) => f.direction === direction).reduce((s, f) => s + f.vatCents, 0);
    assert.equal(m.collectedCents, side('OUTBOUND'));
    assert.equal(m.deductibleCents, side('INBOUND'));
    assert.equal(m.netCents, m.collectedCents - m.deductibleCents);
  }
  assert.ok(report.byMonth.some((m) => m.collectedCents !== 0));
  const [first, ...rest] = report.byMonth;
  // The period's balance (the screen's net, the workbook's total line) is the months together.
  const sum = (key: 'collectedCents' | 'deductibleCents' | 'netCents') =>
    report.byMonth.reduce((s, m) => s + m[key], 0);
  assert.deepEqual(report.balance, {
    collectedCents: sum('collectedCents'),
    deductibleCents: sum('deductibleCents'),
    netCents: sum('netCents'),
  });
  const eurVat = (direction: string) =>
    report.totals.find((x) => x.direction === direction && x.currency === 'EUR')?.vatCents ?? 0;
  assert.equal(report.balance.netCents, eurVat('OUTBOUND') - eurVat('INBOUND'));
  const stamped: VatReport = {
    ...report,
    byMonth: [
      { ...first!, collectedCents: 9_876_543, deductibleCents: 1_234_567, netCents: 8_641_976 },
      ...rest,
    ],
    balance: { collectedCents: 5_555_501, deductibleCents: 4_444_402, netCents: 1_111_099 },
  };
  const cells = await values(stamped, 'Synthèse TVA');
  for (const euros of [98_765.43, 12_345.67, 86_419.76, 55_555.01, 44_444.02, 11_110.99])
    assert.ok(cells.includes(euros), `${euros}`);
});

test('the statuts matrices are the report’s, on screen and in the workbook', async () => {
  const report = (await computeReport(reportSourceOf(archive), 'status', parsePeriod('2026'), {
    now: NOW,
  })) as StatusReport;
  for (const matrix of [report.stateMatrix, report.lifecycleMatrix]) {
    assert.deepEqual(
      matrix.rows.map((r) => r.month),
      report.months,
    );
    const all = matrix.rows.flatMap((r) => r.counts.all).reduce((s, n) => s + n, 0);
    assert.equal(all, report.invoices);
    for (const row of matrix.rows)
      row.counts.all.forEach((n, i) =>
        assert.equal(n, row.counts.OUTBOUND[i]! + row.counts.INBOUND[i]!),
      );
  }
  // States in the interface's order, "no status" last.
  assert.equal(report.lifecycleMatrix.keys.at(-1), null);
  // The row and column totals, per direction and both together, are the sums of the counts.
  const sum = (xs: readonly number[]) => xs.reduce((s, n) => s + n, 0);
  for (const matrix of [report.stateMatrix, report.lifecycleMatrix])
    for (const side of ['all', 'OUTBOUND', 'INBOUND'] as const) {
      for (const r of matrix.rows) assert.equal(r.total[side], sum(r.counts[side]));
      matrix.keys.forEach((_, i) =>
        assert.equal(
          matrix.totals.counts[side][i],
          sum(matrix.rows.map((r) => r.counts[side][i]!)),
        ),
      );
      assert.equal(matrix.totals.total[side], sum(matrix.rows.map((r) => r.total[side])));
    }
  const row = report.stateMatrix.rows.findIndex((r) => r.counts.OUTBOUND[0]! > 0);
  assert.ok(row >= 0);
  const stateMatrix = structuredClone(report.stateMatrix);
  stateMatrix.rows[row]!.counts.OUTBOUND[0] = 4_242;
  stateMatrix.rows[row]!.total.OUTBOUND = 4_343;
  stateMatrix.totals.counts.all[0] = 4_444;
  stateMatrix.totals.total.all = 4_545;
  const lifecycleMatrix = structuredClone(report.lifecycleMatrix);
  lifecycleMatrix.totals.total.all = 4_646;
  const cells = await values({ ...report, stateMatrix, lifecycleMatrix }, 'Statuts');
  for (const n of [4_242, 4_343, 4_444, 4_545, 4_646]) assert.ok(cells.includes(n), `${n}`);
});
