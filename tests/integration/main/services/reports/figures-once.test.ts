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
import { openArchive, type ArchiveStore } from '#main/services/archive/archive-store.ts';
import { reportWorkbook } from '#main/services/export/layouts/reports.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { readXlsx, sheetNamed } from '#support/read-xlsx.ts';

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
  const report = computeReport(archive, 'vat', parsePeriod('2026-Q3'), { now: NOW }) as VatReport;
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
  const stamped: VatReport = {
    ...report,
    byMonth: [
      { ...first!, collectedCents: 9_876_543, deductibleCents: 1_234_567, netCents: 8_641_976 },
      ...rest,
    ],
  };
  const cells = await values(stamped, 'Synthèse TVA');
  for (const euros of [98_765.43, 12_345.67, 86_419.76])
    assert.ok(cells.includes(euros), `${euros}`);
});

test('the statuts matrices are the report’s, on screen and in the workbook', async () => {
  const report = computeReport(archive, 'status', parsePeriod('2026'), {
    now: NOW,
  }) as StatusReport;
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
  const row = report.stateMatrix.rows.findIndex((r) => r.counts.OUTBOUND[0]! > 0);
  assert.ok(row >= 0);
  const rows = structuredClone(report.stateMatrix.rows);
  rows[row]!.counts.OUTBOUND[0] = 4_242;
  const stamped: StatusReport = { ...report, stateMatrix: { ...report.stateMatrix, rows } };
  assert.ok((await values(stamped, 'Statuts')).includes(4_242));
});
