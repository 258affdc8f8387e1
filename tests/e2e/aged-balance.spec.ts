// Issue 29, item 3, as a user sees it: the échéancier as an aged balance on a day typed in its
// « Au » field (by the keyboard), its bands as main computes them on that day; the demo
// statements imported on Banque (their matches: payments, some in parts) move it; its workbook,
// named by the day, read back with openpyxl. French; the flow at 1366×768, the moved balance
// also at 1024×700 (atBothWidths: no sideways scroll, the bands whole, the screenshot).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { d441Of } from '#main/services/reports/d441-of.ts';
import type { D441Table } from '#shared/d441.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { AGING_BUCKETS, type AgingReport } from '#shared/reports.ts';
import { readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { expectAccessible } from './pages/axe.ts';
import { ExportControl } from './pages/export-control.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { startUpWritten } from './pages/invoices-page.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { reportSourceOf } from '../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const AS_OF = '2026-09-30';
const PERIOD = parsePeriod('2026-10'); // the screen's default: the last full month
const files = demoStatementFiles(
  demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
);

const test = base.extend({
  dataDir: filledArchive('aged-balance', { seed: 17, invoices: 600, now: NOW }),
});

test.use({ viewport: WIDE, pageTime: NOW });

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const BAND_NAMES = ['Non échu', '1 à 30 j', '31 à 60 j', '61 à 90 j', 'Plus de 90 j'];

async function expected(dataDir: string): Promise<AgingReport> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(reportSourceOf(archive), 'aging', PERIOD, {
      now: NOW,
      asOf: AS_OF,
    })) as AgingReport;
  } finally {
    archive.close();
  }
}

async function importStatements(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Banque' })
    .click();
  for (const file of files) {
    await page.getByLabel('Importer un relevé…', { exact: true }).setInputFiles({
      name: file.name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(file.bytes),
    });
    await expect(page.getByText(`${file.name} importé.`)).toBeVisible();
  }
}

/** The bands' table shows `report`'s receivables and payables, band by band. */
async function expectBands(reports: ReportsPage, report: AgingReport): Promise<void> {
  const table = reports.table('Sans paiement connu, par tranche, en euros');
  for (const [i, bucket] of AGING_BUCKETS.entries()) {
    const cells = reports.row(table, BAND_NAMES[i]!).getByRole('cell');
    for (const [s, side] of report.sides.entries()) {
      const eur = side.totals.find((t) => t.currency === 'EUR');
      await expect(cells.nth(s), `${bucket} ${side.direction}`).toHaveText(
        euros(eur?.buckets[i] ?? 0),
      );
    }
  }
}

function column(sheet: XlsxSheet, header: string): (string | number | boolean | null)[] {
  const index = sheet.rows[0]!.findIndex((cell) => cell.v === header);
  if (index < 0) throw new Error(`no column "${header}" in ${sheet.name}`);
  return sheet.rows.slice(1).map((row) => row[index]?.v ?? null);
}

test(`aged balance on a day: typed, moved by the bank, exported`, async ({ app, page }) => {
  test.slow();
  await startUpWritten(page);
  const before = await expected(app.dataDir);

  const reports = new ReportsPage(page);
  await reports.open();
  await reports.tab('Échéancier').click();
  // The day typed by the keyboard: the field, then Enter.
  const field = page.getByRole('textbox', { name: 'Au', exact: true });
  await field.focus();
  await page.keyboard.type('30/09/2026');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Au 30/09/2026', { exact: true })).toBeVisible();
  await expectBands(reports, before);
  await expectAccessible(page, 'Rapports · échéancier au 30/09/2026', undefined, {
    contrastCheckedBy: 'Rapports · Échéancier (reports.spec.ts)',
  });

  // The bank's matches pay invoices, some in parts: the balance on the same day moves.
  await importStatements(page);
  const after = await expected(app.dataDir);
  const total = (r: AgingReport) => r.sides[0]!.totals[0]!.totalCents;
  expect(total(after)).toBeLessThan(total(before));
  await reports.open();
  await expect(field).toHaveValue('30/09/2026');
  await expectBands(reports, after);
  await atBothWidths(page, 'aged-balance', [
    reports.table('Sans paiement connu, par tranche, en euros'),
  ]);

  // The workbook of that day, named by it, its lines those of the screen.
  const folder = await mkdtemp(join(tmpdir(), 'invoice-desk-aged-balance-'));
  try {
    const { path, fileName } = await new ExportControl(page).exportTo(folder);
    expect(fileName).toContain(`Échéancier ${AS_OF}`);
    const book = readXlsx(path);
    const open = sheetNamed(book, 'Sans paiement connu');
    const left = column(open, 'Reste à payer') as number[];
    const sum = Math.round(left.reduce((s, v) => s + v * 100, 0));
    const all = after.sides.flatMap((s) => s.totals.filter((t) => t.currency === 'EUR'));
    expect(sum).toBe(all.reduce((s, t) => s + t.totalCents, 0));
    const parts = column(open, 'Déjà payé en partie') as number[];
    const partial = after.lines.filter((l) => (l.paidPartCents ?? 0) > 0).length;
    expect(parts.filter((v) => v > 0).length).toBe(partial);
    expect(column(open, 'Avoirs imputés').length).toBe(after.lines.length);

    // The legal table of overdue invoices on the same day (D441-6), from the same screen.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Tableau D441-6 (Excel)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/ Délais de paiement D441-6 2026-09-30\.xlsx$/);
    const d441Path = join(folder, download.suggestedFilename());
    await download.saveAs(d441Path);
    const archive = openArchive(app.dataDir, 'demo-admin');
    let table: D441Table;
    try {
      table = await d441Of(reportSourceOf(archive), AS_OF, { now: NOW });
    } finally {
      archive.close();
    }
    const sheet = readXlsx(d441Path).sheets[0]!;
    const counts = sheet.rows
      .filter((r) => r[0]?.v === 'Nombre de factures concernées')
      .map((r) => r.slice(1).map((c) => c?.v));
    expect(counts).toEqual(table.sides.map((s) => [...s.bands, s.total].map((f) => f.invoices)));
    const amounts = sheet.rows
      .filter((r) => r[0]?.v === 'Montant total des factures concernées (TTC)')
      .map((r) => r.slice(1).map((c) => Math.round((c?.v as number) * 100)));
    expect(amounts).toEqual(
      table.sides.map((s) => [...s.bands, s.total].map((f) => f.amountCents)),
    );
    // Its issued side is the échéancier's past due receivables in euros on that day.
    const pastDue = after.lines.filter(
      (l) =>
        l.direction === 'OUTBOUND' &&
        l.daysLate > 0 &&
        l.amountCents > 0 &&
        !l.creditNote &&
        l.currency === 'EUR' &&
        l.lifecycleCode !== '207',
    );
    expect(table.sides[1].total.invoices).toBe(pastDue.length);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
