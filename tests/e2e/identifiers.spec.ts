// A column of party identifiers says what each holds: a SIREN for a French party, a VAT number
// for a foreign one (the échéancier's parties; the archive of the demo operator, as a sync
// would have written it).
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

const test = base.extend({
  dataDir: filledArchive('identifiers', {
    seed: 21,
    invoices: 3000,
    now: new Date('2026-11-22T12:00:00Z'),
  }),
});

test('the échéancier labels its parties’ identifiers by what they are', async ({ app, page }) => {
  void app;
  await page.setViewportSize({ width: 1366, height: 768 });
  const reports = new ReportsPage(page);
  await reports.open();
  await reports.tab('Échéancier').click();
  await reports.select('Type de période').selectOption({ label: 'Année' });
  await reports.select('Année').selectOption('2026');
  const parties = page.getByRole('region', { name: /^Créances clients/ }).getByRole('table');
  await expect(parties.getByRole('columnheader', { name: 'Identifiant' })).toBeVisible();
  await expect(parties.getByRole('columnheader', { name: 'SIREN' })).toHaveCount(0);
  // The parties' rows (not the totals).
  const ids = await parties
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows
        .map((r) => (r as HTMLTableRowElement).cells[1]?.textContent?.replace(/\s+/g, ' ').trim())
        .filter((text) => text !== undefined && text !== ''),
    );
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(/^(SIREN \d{9}|TVA [A-Z]{2}[0-9A-Z]+)$/);
  // The demo's foreign customers are there, under their VAT number.
  expect(ids.some((id) => id!.startsWith('TVA '))).toBe(true);
  await keepScreenshot(page, { path: 'test-results/screenshots/reports-aging-identifiers.png' });
});
