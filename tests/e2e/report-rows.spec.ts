// The reports' invoice lists open the invoice: a click or Enter on a row of each list (TVA:
// pending, left out, the lines behind the figures; échéancier: the invoices behind the amounts;
// statuts: refused or rejected) opens that invoice's panel, read from the archive offline, and
// closing it puts the focus back on the row. In French; the clicks at 1366×768, each list and
// panel also seen at 1024×700 (atBothWidths: no sideways scroll, the number and the panel whole).
import type { Locator, Page } from '@playwright/test';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  // The active connection (demo-admin) has an archive, with every invoice's details, before the
  // app starts.
  dataDir: filledArchive('report-rows', { seed: 21, invoices: 3000, now: NOW }),
});

/** Opens the row `index` of `table` by click, then by Enter; the panel shows that invoice. */
async function opensByClickAndEnter(
  page: Page,
  reports: ReportsPage,
  table: Locator,
  index: number,
  screenshot?: string,
  /** The number column: the second in the lists, the third where a tick comes first. */
  numberColumn = 1,
): Promise<void> {
  const row = reports.dataRows(table).nth(index);
  await row.scrollIntoViewIfNeeded();
  const number = (await row.getByRole('cell').nth(numberColumn).textContent())!.trim();
  expect(number).toMatch(/^\S+$/);
  const panel = reports.invoicePanel(number);

  await test.step(`a click on ${number} opens its panel`, async () => {
    await row.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: `Facture ${number}` })).toBeVisible();
    // Offline: the whole invoice, from the archive.
    await expect(panel.getByText(/^\s*Archive, /).first()).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Totaux' })).toBeVisible();
    if (screenshot) await atBothWidths(page, screenshot, [panel]);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(row).toBeFocused();
  });

  await test.step(`Enter on ${number} opens its panel`, async () => {
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });
}

test.describe(() => {
  test.use({ viewport: WIDE });

  test('a row of each report’s invoice list opens that invoice', async ({ app, page }) => {
    void app;
    const reports = new ReportsPage(page);
    await reports.setWorkOffline(true);
    await reports.open();

    await test.step('TVA: pending, left out, and the lines behind the figures', async () => {
      await reports.chooseQuarter('3ᵉ trimestre', 2026);
      await page.getByText(/factures? en attente d’encaissement/).click();
      await opensByClickAndEnter(page, reports, reports.table('En attente d’encaissement'), 0);
      await page.getByText(/factures? écartées?/).click();
      await opensByClickAndEnter(page, reports, reports.table(/^Écartées/), 0);
      await opensByClickAndEnter(
        page,
        reports,
        reports.table('Factures derrière les chiffres'),
        2,
        'reports-vat-invoice',
      );
    });

    await test.step('Échéancier: the invoices behind the amounts', async () => {
      await reports.tab('Échéancier').click();
      const lines = reports.table('Factures sans paiement connu');
      await lines.scrollIntoViewIfNeeded();
      await atBothWidths(page, 'reports-aging-list', [
        reports.dataRows(lines).first().getByRole('cell').nth(2),
      ]);
      await opensByClickAndEnter(page, reports, lines, 1, 'reports-aging-invoice', 2);
    });

    await test.step('Statuts: the refused or rejected invoices', async () => {
      await reports.tab('Statuts').click();
      await opensByClickAndEnter(
        page,
        reports,
        reports.table(/refusées ou rejetées/i),
        0,
        'reports-status-invoice',
      );
    });
  });
});
