// The report workbooks as a reader opens and prints them (issue 15, item 9): no "###" (the VAT
// summary's deductible total sat in a column sized for "Taux"), every sheet printing one page wide
// with its first row repeated, the archive's last sync in the user's words rather than ISO, "Mois"
// as real dates shown as months, and the invoice lists with signed amounts and totals rows equal
// to their rows. From a demo archive in SQLite, read back with openpyxl.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import type { Report, StatusReport, VatReport } from '#shared/reports.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { reportWorkbook } from '#main/services/export/layouts/reports.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import {
  column,
  columnIndex,
  dataRows,
  readXlsx,
  sheetNamed,
  totalsRows,
  type XlsxCell,
  type XlsxSheet,
} from '#support/read-xlsx.ts';
import { assertReadable } from '#support/workbook-checks.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const LAST_SYNC = '2026-11-20T08:15:00.000Z';
let dir: string;
let archive: ArchiveStore;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'report-readable-'));
  fillDemoArchive(dir, 'demo', { seed: 5, invoices: 1200, now: NOW });
  archive = openArchive(dir, 'demo');
});
after(() => {
  archive.close();
  rmSync(dir, { recursive: true, force: true });
});

const ABOUT = { connectionName: 'Démo', appVersion: 'test', exportedAt: NOW };

/** The report as computed, with a last sync (the fixture never synced) so that it is written. */
async function report(kind: Report['kind'], period: string): Promise<Report> {
  const computed = await computeReport(reportSourceOf(archive), kind, parsePeriod(period), {
    now: NOW,
  });
  return { ...computed, coverage: { ...computed.coverage, lastSyncAt: LAST_SYNC } } as Report;
}

async function written(value: Report, name: string): Promise<{ sheets: XlsxSheet[] }> {
  const path = join(dir, name);
  await writeWorkbook(path, reportWorkbook(value, 'fr', ABOUT));
  return readXlsx(path);
}

const cents = (value: unknown): number => Math.round((value as number) * 100);

/** Each totals row (one per currency and direction: sales and purchases are never added
 * together) equals the sum of the rows of its currency and direction above it. */
function assertTotals(sheet: XlsxSheet, headers: readonly string[]): void {
  const totals = totalsRows(sheet);
  assert.ok(totals.length >= 1, `${sheet.name}: a totals row`);
  const currencies = column(sheet, 'Devise');
  const currencyAt = columnIndex(sheet, 'Devise');
  const directions = sheet.rows[0]?.some((cell) => cell.v === 'Sens') ? column(sheet, 'Sens') : [];
  // The direction of a totals row: its own column's, after the label when that is the first.
  const directionOf = (row: XlsxCell[]): unknown => {
    if (directions.length === 0) return undefined;
    const at = columnIndex(sheet, 'Sens');
    return at === 0 ? String(row[0]?.v).split(' – ')[1] : row[at]?.v;
  };
  for (const header of headers) {
    const index = columnIndex(sheet, header);
    for (const row of totals) {
      const currency = row[currencyAt]?.v;
      const direction = directionOf(row);
      const expected = column(sheet, header).reduce(
        (sum, cell, i) =>
          currencies[i]?.v === currency &&
          (direction === undefined || directions[i]?.v === direction)
            ? sum + cents(cell.v ?? 0)
            : sum,
        0,
      );
      assert.equal(cents(row[index]?.v), expected, `${sheet.name}: total ${String(currency)}`);
    }
  }
}

test('the TVA workbook: sized for its figures, printable, dated in words, months as dates', async () => {
  const vat = (await report('vat', '2026-Q3')) as VatReport;
  assert.ok(vat.pending.length > 0 && vat.excluded.length > 0);
  // A credit note among the invoices not counted, so that its sign shows in the lists.
  vat.excluded[0] = { ...vat.excluded[0]!, creditNote: true, typeCode: '381' };
  const book = await written(vat, 'tva.xlsx');
  assertReadable(book);

  const summary = sheetNamed(book, 'Synthèse TVA');
  // "Mois" cells: real dates, the first of their month, shown as a month.
  const months = summary.rows.flatMap((row) => row.filter((cell) => cell.f === 'mmmm yyyy'));
  assert.ok(months.length >= vat.months.length);
  for (const cell of months) {
    assert.equal(cell.t, 'd');
    assert.match(String(cell.v), /^2026-(07|08|09)-01$/);
  }
  const detail = sheetNamed(book, 'Détail TVA');
  const monthCells = column(detail, 'Mois');
  monthCells.forEach((cell, i) => {
    assert.equal(cell.t, 'd');
    assert.equal(cell.f, 'mmmm yyyy');
    assert.equal(String(cell.v).slice(0, 7), vat.lines[i]?.month);
  });

  // The last sync in the user's words, in the summary and the "About" sheet.
  const about = sheetNamed(book, 'À propos');
  const coverage = String(about.rows.find((row) => row[0]?.v === 'Couverture')?.[1]?.v);
  assert.match(coverage, /dernière synchronisation : 20\/11\/2026 \d\d:15/);

  assertTotals(detail, ['Base HT (avoirs en négatif)', 'Montant de TVA (avoirs en négatif)']);
  const excluded = sheetNamed(book, 'Écartées');
  assert.equal(dataRows(excluded).length, vat.excluded.length);
  const ht = column(excluded, 'Total HT (avoirs en négatif)');
  assert.equal(cents(ht[0]?.v), -Math.abs(vat.excluded[0]!.htCents ?? 0));
  assert.ok((ht[0]?.v as number) < 0, 'a credit note is negative');
  for (const name of ['En attente', 'Écartées'])
    assertTotals(sheetNamed(book, name), [
      'Total HT (avoirs en négatif)',
      'Total TVA (avoirs en négatif)',
      'Total TTC (avoirs en négatif)',
    ]);
});

test('the échéancier and statuts workbooks: sized, printable, dated in words', async () => {
  const aging = await written(await report('aging', '2026-Q3'), 'echeancier.xlsx');
  assertReadable(aging);
  // Each party's identifier says what it is: a SIREN, or a foreign party's VAT number.
  const ids = aging.sheets.flatMap((sheet) =>
    sheet.rows.flatMap((row, r) => {
      const at = row.findIndex((cell) => cell?.v === 'Identifiant');
      if (at < 0) return [];
      const below = sheet.rows.slice(r + 1).map((next) => next[at]?.v);
      const end = below.findIndex((v) => v === null || v === undefined);
      return below.slice(0, end < 0 ? undefined : end).map(String);
    }),
  );
  assert.ok(
    ids.some((v) => /^SIREN \d{9}$/.test(v)),
    ids.slice(0, 5).join(', '),
  );
  assert.ok(
    ids.some((v) => /^TVA [A-Z]{2}\w+$/.test(v)),
    'a foreign party shows its VAT number',
  );
  // No column of its own for the parties' SIREN (the company's own SIREN heads the first sheet).
  assert.ok(
    !aging.sheets.some((sheet, s) =>
      sheet.rows.some((row, r) => !(s === 0 && r < 5) && row.some((c) => c?.v === 'SIREN')),
    ),
  );
  // One sign rule (issue 27): "Reste à payer" has the sign of "Total TTC", a credit note's both
  // negative.
  const lines = sheetNamed(aging, 'Sans paiement connu');
  const left = column(lines, 'Reste à payer');
  const ttc = column(lines, 'Total TTC');
  assert.ok(
    left.some((cell) => (cell.v as number) < 0),
    'a credit note among the lines',
  );
  left.forEach((cell, i) => {
    const [a, b] = [cell.v as number, ttc[i]?.v as number];
    if (a !== 0 && b !== 0) assert.equal(Math.sign(a), Math.sign(b), `line ${i + 2}`);
  });
  const status = (await report('status', '2026')) as StatusReport;
  const book = await written(status, 'statuts.xlsx');
  assertReadable(book);
  const summary = sheetNamed(book, 'Statuts');
  const months = summary.rows.map((row) => row[0]).filter((cell) => cell?.f === 'mmmm yyyy');
  assert.ok(months.length > 0 && months.every((cell) => cell?.t === 'd'));
  assertTotals(sheetNamed(book, 'Refusées et rejetées'), ['Total TTC (avoirs en négatif)']);
});
