// The CA12 on screen (issue 26, item 4, finding 4): a client on the simplified regime (set in
// Comptabilité › Paramètres) sees, where the CA3 is (Rapports › Déclaration de TVA), its CA12 of
// the year chosen instead of "Une déclaration de TVA couvre un mois ou un trimestre": the form's
// lines in whole euros, the instalments, the invoices held. The figures are those main computes
// from the same archive (returns/ca12-of.ts). At 1366×768 and 1024×700, in French, a fixed clock.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { lineOf, type Ca12LineCode, type Ca12Report } from '#shared/ca12.ts';
import { wholeEuros } from '#shared/ca3.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { ca12Of } from '#main/services/returns/ca12-of.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR } from './pages/app-shell.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { reportSourceOf } from '#support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('ca12', { seed: 26, invoices: 1500, now: NOW }),
});
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } });

const whole = (cents: number) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(wholeEuros(cents));

async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({
    path: join(SCREENSHOTS_DIR, `ca12-${name}-${width}.png`),
    fullPage: false,
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test(`a simplified client's CA12 where the CA3 is, at ${viewport.width}×${viewport.height}`, async ({
    app,
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await page.clock.setFixedTime(NOW);
    await page.reload();
    const archive = openArchive(app.dataDir, 'demo-admin');
    let expected: Ca12Report;
    try {
      expected = await ca12Of(reportSourceOf(archive), 2026, { now: NOW });
    } finally {
      archive.close();
    }
    const reports = new ReportsPage(page);

    await test.step('a year on the CA3 tab of a monthly client: refused, as before', async () => {
      await reports.open();
      await reports.tab('Déclaration de TVA').click();
      await reports.select('Type de période').selectOption({ label: 'Année' });
      await reports.select('Année').selectOption('2026');
      await expect(page.getByText(/couvre un mois ou un trimestre/)).toBeVisible();
    });

    await test.step('the regime set to simplified in the accounting settings', async () => {
      const accounting = new AccountingPage(page);
      await accounting.open();
      await accounting.tab('Paramètres').click();
      await page
        .getByRole('combobox', { name: 'Régime de TVA' })
        .selectOption({ label: 'Réel simplifié, CA12 annuelle' });
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Paramètres enregistrés' }),
      ).toBeVisible();
    });

    await test.step('the CA12 of 2026 instead of the error, line by line', async () => {
      await reports.open();
      await reports.tab('Déclaration de TVA').click();
      await expect(reports.select('Type de période')).toHaveValue('year');
      await reports.select('Année').selectOption('2026');
      await expect(
        page.getByRole('heading', { name: 'Déclaration annuelle de TVA (CA12) · 2026' }),
      ).toBeVisible();
      await expect(page.getByText(/couvre un mois ou un trimestre/)).toHaveCount(0);
      const row = (table: string, code: Ca12LineCode) => reports.row(reports.table(table), code);
      const line = (code: Ca12LineCode) => lineOf(expected, code);
      await expect(row('TVA brute', '08')).toContainText(whole(line('08').amountCents));
      await expect(row('TVA brute', '08')).toContainText(whole(line('08').baseCents ?? 0));
      await expect(row('TVA brute', '16')).toContainText(whole(line('16').amountCents));
      await expect(row('TVA déductible', '21')).toContainText('Cases de la CA3 : 20');
      await expect(row('TVA nette', '28')).toContainText(whole(line('28').amountCents));
      await shot(page, 'form');

      const instalments = page.getByRole('group', { name: 'Acomptes de l’année' });
      await instalments.scrollIntoViewIfNeeded();
      await expect(instalments).toContainText(whole(expected.instalments.julyCents));
      await expect(instalments).toContainText(whole(expected.instalments.decemberCents));
      await expect(instalments).toContainText('TVA due en 2025');
      await expect(row('Décompte des acomptes et solde', '33')).toContainText(
        whole(line('33').amountCents),
      );
      await shot(page, 'instalments');
      await expect(page.getByText('Mises en attente', { exact: true })).toBeVisible();
    });
  });
}
