// Issue 29, items 4 and 5, as a user sees them: the demo statements imported on Banque; the
// portfolio's row counts the bank lines to decide and the suggestions to confirm, and each
// figure opens Banque filtered on the lines it counted (the number clicked is the number shown,
// by the keyboard too); Comptabilité shows the bank journal (BQ), balanced, with its entries.
// French, at 1366×768 and 1024×700, with screenshots.
import type { Page } from '@playwright/test';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { PortfolioPage } from './pages/portfolio-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const files = demoStatementFiles(
  demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
);

const test = base.extend({
  dataDir: filledArchive('bank-ledger', { seed: 17, invoices: 600, now: NOW }),
});

const digits = (text: string): number => Number(text.replace(/\D/g, ''));

async function importStatements(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Banque' })
    .click();
  await expect(page.getByRole('heading', { name: 'Banque', level: 1 })).toBeVisible();
  for (const file of files) {
    await page.getByLabel('Importer un relevé…', { exact: true }).setInputFiles({
      name: file.name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(file.bytes),
    });
    await expect(page.getByText(`${file.name} importé.`)).toBeVisible();
  }
}

/** The lines Banque counts under its filters (its totals' "Lignes"). */
async function linesShown(page: Page): Promise<number> {
  const totals = page.getByRole('definition').first();
  return digits(await totals.innerText());
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({
      viewport,
      appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() },
    });

    test('the portfolio’s bank figures open Banque on their lines; Comptabilité shows BQ', async ({
      app,
      page,
    }) => {
      void app;
      await importStatements(page);
      const portfolio = new PortfolioPage(page);
      const figures = [
        {
          name: /: (les )?\d+ lignes? bancaires? sans facture, à décider$/,
          filter: 'Sans facture, à décider',
        },
        {
          name: /: (les )?\d+ lignes? bancaires? avec une suggestion à confirmer$/,
          filter: 'Suggéré',
        },
      ];
      for (const [index, figure] of figures.entries()) {
        await portfolio.goTo('Portefeuille');
        await expect(portfolio.heading).toBeVisible();
        const button = portfolio.table.getByRole('button', { name: figure.name });
        await expect(button).toBeVisible();
        const n = digits(await button.innerText());
        expect(n).toBeGreaterThan(0);
        if (index === 0 && viewport.width >= 1366) {
          // The bank column takes room from the company's: every column stays in view.
          const scroller = portfolio.table.locator('xpath=..');
          const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
            scrollWidth: el.scrollWidth,
            clientWidth: el.clientWidth,
          }));
          expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        }
        if (index === 0) {
          await keepScreenshot(page, {
            path: `${SCREENSHOTS_DIR}/portfolio-bank-${viewport.width}.png`,
          });
          await button.click();
        } else {
          // By the keyboard: focus the figure, Enter.
          await button.focus();
          await page.keyboard.press('Enter');
        }
        await expect(page.getByRole('heading', { name: 'Banque', level: 1 })).toBeVisible();
        const state = page
          .getByRole('group', { name: 'Filtres des lignes' })
          .getByRole('combobox', { name: 'État' });
        await expect(state.locator('option:checked')).toHaveText(figure.filter);
        await expect.poll(() => linesShown(page)).toBe(n);
        if (index === 0)
          await keepScreenshot(page, {
            path: `${SCREENSHOTS_DIR}/bank-undecided-${viewport.width}.png`,
          });
      }

      // Banque shows the suggestions (the last figure opened): a line with several, the second
      // one picked by the keyboard; the line is confirmed with those invoices.
      const picks = page.getByRole('button', { name: /^Confirmer .+ pour la ligne du / });
      const row = page
        .getByRole('table', { name: 'Lignes' })
        .locator('tbody tr')
        .filter({ has: picks.nth(1) })
        .first();
      const rowPicks = row.getByRole('button', { name: /^Confirmer .+ pour la ligne du / });
      await expect(rowPicks.nth(1)).toBeVisible();
      const before = await linesShown(page);
      const second = (await rowPicks.nth(1).innerText()).replace(/^Suggestion : /, '');
      const id = await row.getAttribute('data-line');
      await row.scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/bank-pick-${viewport.width}.png` });
      await rowPicks.nth(1).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => linesShown(page)).toBe(before - 1);
      await page
        .getByRole('group', { name: 'Filtres des lignes' })
        .getByRole('combobox', { name: 'État' })
        .selectOption({ label: 'Confirmé' });
      const confirmed = page.locator(`tr[data-line="${id}"]`);
      await expect(confirmed).toContainText('Confirmé');
      await expect(confirmed).toContainText(second);

      // Comptabilité: October 2026 has its bank journal, balanced, one entry per line.
      const accounting = new AccountingPage(page);
      await accounting.open();
      await accounting.chooseMonth('octobre', 2026);
      const bq = accounting.journalRow('BQ');
      await expect(bq).toBeVisible();
      const cells = await bq.getByRole('cell').allInnerTexts();
      expect(digits(cells[0]!)).toBeGreaterThan(10);
      expect(cells[2]).toBe(cells[3]); // debit = credit
      await page.getByRole('radio', { name: /\(BQ\)/ }).check();
      await expect(accounting.entries).toHaveAccessibleName('Écritures du journal Banque (BQ)');
      await expect(accounting.dataRows(accounting.entries).first()).toBeVisible();
      await expect(accounting.entries.getByRole('cell', { name: '471000' }).first()).toBeVisible();
      await keepScreenshot(page, {
        path: `${SCREENSHOTS_DIR}/accounting-bq-${viewport.width}.png`,
      });
    });
  });
}
