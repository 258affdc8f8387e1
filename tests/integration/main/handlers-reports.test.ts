// 'reports:get' through the dispatcher, as the renderer calls it: the active connection's
// archive (a real SQLite file in the data folder), the period checked, the source told.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, test } from 'node:test';
import type { Sourced } from '#shared/contract.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { ExportResult } from '#shared/exports.ts';
import type { AgingReport, Report, VatReport } from '#shared/reports.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { archivedHandlers, value } from '#support/archived-handlers.ts';
import { column, readXlsx } from '#support/read-xlsx.ts';
import frReports from '#shared/i18n/fr/reports.ts';
import { reportSourceOf } from '../../support/report-source.ts';

const sheets = frReports.workbook.sheets;

const NOW = new Date('2026-11-22T12:00:00Z');
const { dataDir, dispatch, close } = archivedHandlers({
  prefix: 'reports',
  fill: { seed: 9, invoices: 800, now: NOW },
  env: {},
  probeIntervalMs: 10_000,
});
after(close);

test('the active connection’s TVA report, from its archive, marked as such', async () => {
  const period = parsePeriod('2026-Q3');
  const answer = value<Sourced<Report>>(await dispatch('reports:get', { report: 'vat', period }));
  assert.equal(answer.source, 'archive');
  const report = answer.data as VatReport;
  assert.equal(report.kind, 'vat');
  assert.equal(report.coverage.archivedInvoices, 800);
  assert.equal(answer.fetchedAt, report.generatedAt, 'never synced: the time it was computed');
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    const direct = (await computeReport(reportSourceOf(archive), 'vat', period)) as VatReport;
    assert.deepEqual(report.totals, direct.totals);
  } finally {
    archive.close();
  }
});

test('another connection without an archive: an empty report, not an error', async () => {
  value(await dispatch('settings:update', { activeConnectionId: 'demo-user' }));
  try {
    const answer = value<Sourced<Report>>(
      await dispatch('reports:get', { report: 'status', period: parsePeriod('2026') }),
    );
    assert.equal(answer.data.coverage.archivedInvoices, 0);
    assert.equal(answer.data.kind === 'status' && answer.data.invoices, 0);
  } finally {
    value(await dispatch('settings:update', { activeConnectionId: 'demo-admin' }));
  }
});

test('a period that ends before it starts, or a bad kind: invalid input', async () => {
  const backwards = await dispatch('reports:get', {
    report: 'aging',
    period: { from: '2026-03-01', to: '2026-02-01', label: 'x' },
  });
  assert.equal(backwards.ok, false);
  assert.equal(!backwards.ok && backwards.error.kind, 'invalid_input');
  assert.match(!backwards.ok ? backwards.error.message : '', /ends .* before it starts/);
  const kind = await dispatch('reports:get', { report: 'tva', period: parsePeriod('2026') });
  assert.equal(!kind.ok && kind.error.kind, 'invalid_input');
});

test('"Exporter vers Excel" of a report writes the figures on screen, line for line', async () => {
  const period = parsePeriod('2026');
  const shown = value<Sourced<Report>>(await dispatch('reports:get', { report: 'aging', period }));
  const report = shown.data as AgingReport;
  const result = value<ExportResult>(
    await dispatch('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'report', report: 'aging', period },
    }),
  );
  assert.ok(result.savedTo && existsSync(result.savedTo), 'the workbook is where main saved it');
  assert.equal(result.rows, report.lines.length, 'one detail row per unpaid invoice');
  const book = readXlsx(result.savedTo);
  const detail = book.sheets[1]!;
  assert.equal(detail.rows.length - 1, report.lines.length);
  const numbers = column(detail, detail.rows[0]![3]!.v as string).map((cell) => cell.v ?? null);
  assert.deepEqual(
    [...numbers].sort(),
    report.lines.map((line) => line.number).sort(),
    'the same invoices, by number',
  );
  assert.equal(detail.freeze, 'A2', 'a frozen header');
  assert.deepEqual(
    book.sheets.slice(0, 4).map((sheet) => sheet.name),
    [sheets.agingSummary, sheets.agingLines, sheets.agingPastDue, sheets.agingPaid],
    'summary, detail, past due, paid',
  );
  assert.equal(book.sheets.length, 5, 'then the about sheet');
});
