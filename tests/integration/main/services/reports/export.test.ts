// A report's export as "Exporter vers Excel" and the CLI run it: the writer starts while the
// report is computed; a computation that fails or a cancel leaves no file behind.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import type { VatReport } from '#shared/reports.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { fileOwnerOf } from '#main/services/export/output-name.ts';
import { prepareReportExport } from '#main/services/export/report-export.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const PERIOD = parsePeriod('2026-Q3');
let dir: string;
let archive: ArchiveStore;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'report-export-'));
  fillDemoArchive(dir, 'demo', { seed: 5, invoices: 1200, now: NOW });
  archive = openArchive(dir, 'demo');
});
after(() => {
  archive.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = {
  report: 'vat' as const,
  period: PERIOD,
  language: 'en' as const,
  connectionName: 'Demo',
  appVersion: 'test',
  now: NOW,
};

test('the file name, then the workbook of the report computed while the writer starts', async () => {
  let released = 0;
  const prepared = prepareReportExport(
    request,
    () => computeReport(reportSourceOf(archive), 'vat', PERIOD, { now: NOW }),
    () => (released += 1),
  );
  assert.equal(prepared.fileName, 'Demo VAT 2026-Q3.xlsx');
  const steps: number[] = [];
  const path = join(dir, prepared.fileName);
  const written = await prepared.write(path, { onProgress: (step) => steps.push(step.rows) });
  prepared.close();
  assert.equal(released, 1);
  const report = written.report as VatReport;
  assert.equal(written.rows, report.lines.length);
  assert.equal(steps.at(-1), report.lines.length);
  const detail = sheetNamed(readXlsx(path), 'VAT detail');
  const vat = column(detail, 'VAT amount (credit notes negative)').reduce(
    (s, c) => s + Math.round((c.v as number) * 100),
    0,
  );
  assert.equal(
    vat,
    report.lines.reduce((s, l) => s + l.vatCents, 0),
  );
});

test('a computation that fails rejects with its error and leaves no file', async () => {
  const folder = join(dir, 'failed');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  const prepared = prepareReportExport(request, () => {
    throw new RangeError('no such period');
  });
  await assert.rejects(prepared.write(join(folder, 'x.xlsx')), /no such period/);
  assert.deepEqual(readdirSync(folder), []);
});

test('cancelled: no file left', async () => {
  const controller = new AbortController();
  const path = join(dir, 'cancelled.xlsx');
  const prepared = prepareReportExport(request, async () => {
    const report = await computeReport(reportSourceOf(archive), 'vat', PERIOD, { now: NOW });
    controller.abort();
    return report;
  });
  await assert.rejects(prepared.write(path, { signal: controller.signal }), { kind: 'cancelled' });
  assert.equal(existsSync(path), false);
  assert.deepEqual(
    readdirSync(dir).filter((name) => name.includes('cancelled')),
    [],
  );
});

test('each report is named after its company and SIREN, and its first sheet starts with the company, its SIREN, the connection and the period', async () => {
  const owner = fileOwnerOf('Client 2', archive, null);
  const company = archive.companySiren();
  assert.ok(company?.name && company.siren);
  for (const report of ['vat', 'aging', 'status', 'ca3'] as const) {
    const period = report === 'ca3' ? parsePeriod('2026-09') : PERIOD;
    const prepared = prepareReportExport(
      { ...request, report, period, language: 'fr', connectionName: 'Client 2', owner },
      () => computeReport(reportSourceOf(archive), report, period, { now: NOW }),
    );
    const short = company.name.replace(/ SAS$/, '');
    assert.match(
      prepared.fileName,
      new RegExp(`^${short} ${company.siren} .+ ${period.label}\\.xlsx$`),
    );
    const path = join(dir, prepared.fileName);
    await prepared.write(path);
    prepared.close();
    const first = readXlsx(path).sheets[0]!;
    const lines = first.rows.slice(1, 5).map((row) => [row[0]?.v, row[1]?.v]);
    assert.deepEqual(
      lines,
      [
        ['Entreprise', company.name],
        ['SIREN', company.siren],
        ['Connexion', 'Client 2'],
        ['Période', period.label],
      ],
      report,
    );
  }
});
