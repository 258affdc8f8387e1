// An opened invoice says, at the top of its panel, its state, its last lifecycle status with
// its date (a rejection in red), and the statuses the archive has seen for it; its parties'
// identifiers are shown once each and never broken mid-number.
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

/** A French date as the panel writes it. */
const FRENCH_DATE = /\d{2}\/\d{2}\/\d{4}/;

/** A value's text, or '' when the panel does not show it. */
async function shown(locator: Locator): Promise<string> {
  return (await locator.count()) ? ((await locator.first().textContent()) ?? '') : '';
}

/** The term's value of a <dl> in `scope`. */
function value(scope: Locator, term: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
}

// The demo operator dates its invoices from the host's clock: a fixed one, so the first
// rejected invoice is the same whatever the day the test runs (issue 25).
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: '2026-11-26T10:00:00Z' } });

for (const size of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test(`a rejected invoice shows its state, "Rejetée" with its date and its history at ${size.width}`, async ({
    app,
    page,
  }) => {
    void app;
    await page.setViewportSize(size);
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();
    // Invalid invoices end rejected (213) at the demo operator.
    await invoices.chooseStates('Invalide');
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await invoices.waitForResults();
    await expect(invoices.dataRows.first()).toContainText('213');
    const dialog = await invoices.openRow(0);

    await test.step('the head: state, last status, history', async () => {
      const head = dialog.getByRole('region', { name: 'État et statuts' });
      await expect(value(head, 'État')).toHaveText('Invalide');
      const last = value(head, 'Dernier statut');
      await expect(last).toHaveText(/^213 · Rejetée, le \d{2}\/\d{2}\/\d{4}$/);
      // Said as a problem: the badge's tone, not only its words.
      await expect(last.locator('.badge')).toHaveClass(/\bbad\b/);
      const history = head.getByRole('list', { name: 'Statuts vus par l’archive' });
      await expect(history.getByRole('listitem')).toHaveCount(1);
      await expect(history.getByRole('listitem').first()).toContainText('213 Rejetée');
      await expect(history.getByRole('listitem').first()).toContainText(FRENCH_DATE);
    });

    await test.step('identifiers once each, never broken mid-number', async () => {
      await expect(dialog.getByRole('heading', { name: 'Parties' })).toBeVisible();
      for (const party of ['Vendeur', 'Acheteur']) {
        const card = dialog.getByRole('article', { name: party });
        // A foreign party has no SIREN or SIRET: only those shown are checked.
        const siren = await shown(value(card, 'SIREN').locator('.value'));
        const siret = await shown(value(card, 'SIRET').locator('.value'));
        if (siren) await expect(card.getByText(siren, { exact: true })).toHaveCount(1);
        if (siret) await expect(card.getByText(siret, { exact: true })).toHaveCount(1);
      }
      const broken = await dialog
        .locator('dd.mono:not(.hyphens) .value')
        .evaluateAll((values) =>
          values
            .filter((v) => v.getClientRects().length > 1 || v.scrollWidth > v.clientWidth + 1)
            .map((v) => v.textContent),
        );
      // One line box each: a value that wrapped would have its height grow past one line.
      const tall = await dialog.locator('dd.mono:not(.hyphens) .value').evaluateAll((values) =>
        values
          .filter((v) => {
            const line = parseFloat(getComputedStyle(v).lineHeight) || 20;
            return v.getBoundingClientRect().height > line * 1.5;
          })
          .map((v) => v.textContent),
      );
      expect([...broken, ...tall]).toEqual([]);
    });
    await keepScreenshot(page, {
      path: `test-results/screenshots/invoice-rejected-${size.width}.png`,
    });
  });
}
