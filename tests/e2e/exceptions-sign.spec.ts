// Issue 27, item 7 (one sign rule): Suivi › À traiter shows a credit note's amount negative, as
// the invoices, the archive and every workbook do, on screen and in its workbook read back with
// openpyxl; a credit note sorts below the invoices by "Montant TTC". French, on a fixed clock and
// a filled archive (its October 2026 holds credit notes to act on); the flow at 1366×768, the
// sorted list also at 1024×700 (atBothWidths: the amount whole, no sideways scroll).
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ExceptionsPage } from './pages/exceptions-page.ts';
import { ExportControl } from './pages/export-control.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('exceptions-sign', { seed: 21, invoices: 3000, now: NOW }),
});

/** A credit note of the list (seed 21, October 2026) and its amount as the screen writes it. */
const CREDIT_NOTE = 'AV0000116';
const SHOWN = /^-\s?505,73\s€$/;

test.use({ viewport: WIDE, pageTime: NOW });

test(`a credit note's amount is negative on screen and in the workbook`, async ({
  app,
  page,
}, testInfo) => {
  void app;
  const view = new ExceptionsPage(page);
  await view.open();
  await expect(view.rows.first()).toBeVisible();

  // Sorted by "Montant TTC", smallest first: the credit notes come before every invoice.
  await view.table
    .getByRole('columnheader', { name: 'Montant TTC', exact: true })
    .getByRole('button')
    .click();
  const row = view.row(CREDIT_NOTE);
  await expect(row).toBeVisible();
  const amount = row.getByRole('cell').nth(4);
  await expect(amount).toHaveText(SHOWN);
  const first = view.rows.first().getByRole('cell').nth(4);
  await expect(first).toHaveText(/^-/);
  await atBothWidths(page, 'exceptions-sign', [amount]);

  const { path } = await new ExportControl(page).exportTo(testInfo.outputDir);
  const sheet = sheetNamed(readXlsx(path), 'À traiter');
  const at = column(sheet, 'Numéro').findIndex((cell) => cell.v === CREDIT_NOTE);
  expect(at, `${CREDIT_NOTE} in the workbook`).toBeGreaterThanOrEqual(0);
  expect(column(sheet, 'Montant TTC')[at]!.v).toBe(-505.73);
});
