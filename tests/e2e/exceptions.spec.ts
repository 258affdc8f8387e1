// Issue 19, item 4: Suivi › À traiter. The accountant ticks an invoice to act on, marks it handled
// with a note typed in the dialog, finds it under "Traitées" with who and when, and finds the note
// again after a restart (the browser host stopped, a new one started on the same data folder),
// then in the workbook read back with openpyxl; "Rouvrir" puts it back. The view passes axe and is
// used with the keyboard (a row opens its invoice, Escape comes back to it). French, at the two
// laptop sizes.
import { userInfo } from 'node:os';
import { readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';
import { startWebHost } from '#support/web-host.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { expectAccessible } from './pages/axe.ts';
import { ExceptionsPage } from './pages/exceptions-page.ts';
import { ExportControl } from './pages/export-control.ts';

const FILLED = new Date('2026-11-22T12:00:00Z');
const NOTE = 'Client appelé le 24/11 : avoir demandé';

const test = base.extend({
  dataDir: filledArchive('exceptions', { seed: 21, invoices: 3000, now: FILLED }),
});

/** The table's column of `header` (after the header row). */
function column(sheet: XlsxSheet, header: string): (string | number | boolean | null)[] {
  const index = sheet.rows[0]!.findIndex((cell) => cell.v === header);
  if (index < 0) throw new Error(`no column "${header}" in ${sheet.name}`);
  return sheet.rows.slice(1).map((row) => row[index]?.v ?? null);
}

test('marked handled with a note, kept after a restart, exported, reopened (1366×768)', async ({
  page,
  dataDir,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const view = new ExceptionsPage(page);
  /** The invoice marked, read from the first row. */
  const marked = { number: '' };

  let host = await startWebHost(dataDir);
  try {
    await page.goto(host.url);
    await view.open();
    await expect(view.rows.first()).toBeVisible();
    marked.number = (await view.rows.first().getByRole('cell').nth(1).textContent())!.trim();
    expect(marked.number).not.toBe('');
    const { number } = marked;
    await view.screenshot('exceptions-1366x768');
    await expectAccessible(page, 'Suivi › À traiter');

    await view.tick(number).check();
    await expect(view.main.getByText('1 sélectionnée')).toBeVisible();
    await view.markTicked(NOTE);
    await expect(view.outcome('1 facture marquée comme traitée.')).toBeVisible();
    await expect(view.row(number)).toHaveCount(0); // no longer to act on

    await view.showOnly('Traitées');
    const row = view.row(number);
    await expect(row).toBeVisible();
    await expect(row).toContainText(NOTE);
    await expect(row).toContainText(`${userInfo().username}, le `);
  } finally {
    await host.stop();
  }

  await test.step('restart: a new browser host on the same data folder', async () => {
    host = await startWebHost(dataDir);
  });
  try {
    const { number } = marked;
    await page.goto(host.url);
    await view.open();
    await view.showOnly('Traitées');
    await expect(view.row(number)).toContainText(NOTE);
    await view.screenshot('exceptions-handled-1366x768');

    const { path, fileName } = await new ExportControl(page).exportTo(testInfo.outputDir);
    expect(fileName).toMatch(/^ATELIERS DUVAL AGENCEMENT \d{9} À traiter \d{4}-\d{2}\.xlsx$/);
    const sheet = sheetNamed(readXlsx(path), 'À traiter');
    const at = column(sheet, 'Numéro').indexOf(number);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(column(sheet, 'Note')[at]).toBe(NOTE);
    expect(column(sheet, 'Par')[at]).toBe(userInfo().username);
    expect(column(sheet, 'Traitée')[at]).toBe('Oui');
    expect(String(column(sheet, 'Le')[at])).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await view.tick(number).check();
    await view.reopenButton.click();
    await expect(view.outcome('1 facture rouverte.')).toBeVisible();
    await expect(view.main.getByText('Aucune facture traitée sur cette période.')).toBeVisible();
    await view.outcome('1 facture rouverte.').getByRole('button', { name: 'Annuler' }).click();
    await expect(view.row(number)).toContainText(NOTE);
  } finally {
    await host.stop();
  }
});

test('the keyboard: a row opens its invoice, Escape comes back; the dialog (1024×700)', async ({
  app,
  page,
}) => {
  void app;
  await page.setViewportSize({ width: 1024, height: 700 });
  const view = new ExceptionsPage(page);
  await view.open();
  await expect(view.rows.first()).toBeVisible();
  await view.screenshot('exceptions-1024x700');
  await expectAccessible(page, 'Suivi › À traiter (1024×700)', undefined, {
    contrastCheckedBy: 'Suivi › À traiter',
  });

  const first = view.rows.first();
  const number = (await first.getByRole('cell').nth(1).textContent())!.trim();
  await first.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: new RegExp(number) });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(first).toBeFocused();

  // The tick by the keyboard: Tab from the row reaches its checkbox, Space ticks it.
  await page.keyboard.press('Tab');
  await expect(view.tick(number)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(view.tick(number)).toBeChecked();
  await view.markButton.focus();
  await page.keyboard.press('Enter');
  await expect(view.dialog).toBeVisible();
  await expect(view.dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.type('Vu avec le client');
  await view.screenshot('exceptions-dialog-1024x700');
  await expectAccessible(page, 'the note dialog');
  await page.keyboard.press('Escape');
  await expect(view.dialog).toBeHidden();
  await expect(view.markButton).toBeFocused();
});
