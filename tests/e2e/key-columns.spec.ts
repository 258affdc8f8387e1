// Issue 27, item 2 (layout): the key columns stay in view at 1024×700 and 1366×768 — the
// entries' "Crédit", À traiter's "Traitée" and "Note": their header lies inside the window and
// inside the table's own visible box (a table scrolls sideways in a narrow window; its key
// columns must not be the ones scrolled away). In French, on a fixed clock.
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import type { Locator, Page } from '@playwright/test';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { ExceptionsPage } from './pages/exceptions-page.ts';
import { ReportsPage } from './pages/reports-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('key-columns', { seed: 21, invoices: 1500, now: NOW }),
});

// Banque's lines over the demo statements drawn from their own archive (as bank.spec.ts does).
const bankTest = base.extend({
  dataDir: filledArchive('key-columns-bank', { seed: 17, invoices: 600, now: NOW }),
});
const bankFiles = demoStatementFiles(
  demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
);

/** The header's box lies within the window and within what its scrolling table shows. */
async function expectInView(page: Page, header: Locator, what: string): Promise<void> {
  await expect(header, what).toBeVisible();
  const inside = await header.evaluate((th) => {
    const r = th.getBoundingClientRect();
    let box = { left: 0, right: window.innerWidth };
    for (let e = th.parentElement; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (/(auto|scroll|hidden)/.test(style.overflowX)) {
        const b = e.getBoundingClientRect();
        box = { left: Math.max(box.left, b.left), right: Math.min(box.right, b.right) };
      }
    }
    return { left: r.left, right: r.right, box };
  });
  expect(inside.left, `${what}: left edge in view`).toBeGreaterThanOrEqual(inside.box.left - 1);
  expect(inside.right, `${what}: right edge in view`).toBeLessThanOrEqual(inside.box.right + 1);
  void page;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(() => {
    test.use({ viewport, pageTime: NOW });
    const size = `${viewport.width}x${viewport.height}`;
    test(`key columns in view at ${size}`, async ({ app, page }) => {
      void app;

      const exceptions = new ExceptionsPage(page);
      await exceptions.open();
      await expect(exceptions.rows.first()).toBeVisible();
      for (const name of ['Traitée', 'Note'])
        await expectInView(
          page,
          exceptions.table.getByRole('columnheader', { name, exact: true }),
          `À traiter › ${name}`,
        );
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/key-columns-exceptions-${size}.png` });

      const accounting = new AccountingPage(page);
      await accounting.open();
      await accounting.chooseMonth('octobre', 2026);
      await expect(accounting.dataRows(accounting.entries).first()).toBeVisible();
      for (const name of ['Débit', 'Crédit'])
        await expectInView(
          page,
          accounting.entries.getByRole('columnheader', { name, exact: true }),
          `Écritures › ${name}`,
        );
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/key-columns-entries-${size}.png` });

      // The TVA report's month table: its "TVA nette" whole, beside the chart.
      const reports = new ReportsPage(page);
      await reports.open();
      await reports.tab('TVA').click();
      await reports.chooseQuarter('3ᵉ trimestre', 2026);
      const byMonth = page.getByRole('table', { name: 'Chiffres du diagramme' });
      await expectInView(
        page,
        byMonth.getByRole('columnheader', { name: 'TVA nette', exact: true }),
        'TVA › TVA nette',
      );
      const net = await byMonth
        .getByRole('columnheader', { name: 'TVA nette', exact: true })
        .evaluate((th) => th.scrollWidth <= th.clientWidth);
      expect(net, 'TVA nette: not cut').toBe(true);
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/key-columns-vat-${size}.png` });
    });
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(() => {
    test.use({ viewport, pageTime: NOW });
    const size = `${viewport.width}x${viewport.height}`;
    bankTest(`Banque's actions in view at ${size}`, async ({ app, page }) => {
      void app;
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Banque' })
        .click();
      await expect(page.getByRole('heading', { name: 'Banque', level: 1 })).toBeVisible();
      for (const file of bankFiles) {
        await page.getByLabel('Importer un relevé…', { exact: true }).setInputFiles({
          name: file.name,
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(file.bytes),
        });
        await expect(page.getByText(`${file.name} importé.`)).toBeVisible();
      }
      const lines = page.getByRole('table', { name: 'Lignes', exact: true });
      await expect(lines.getByRole('row').nth(1)).toBeVisible();
      await expectInView(
        page,
        lines.getByRole('columnheader', { name: 'Actions', exact: true }),
        'Banque › Actions',
      );
      // The first line's actions cell is in view too, not only its header.
      await expectInView(
        page,
        lines.getByRole('row').nth(1).getByRole('cell').last(),
        'Banque › actions cell',
      );
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/key-columns-bank-${size}.png` });
    });
  });
}
