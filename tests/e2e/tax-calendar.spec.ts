// The return due now on every screen (issue 26, items 5 and 6, finding 6), over the demo
// connection's archive written before the host starts: Rapports, its CA3, Comptabilité and Suivi
// open on the period of the return to file (last month for the default monthly regime, as the
// pure calendar says for the same instant); Mois → Trimestre → Mois keeps the month; the CA3
// records the period as declared and says nothing changed since; the regime set to quarterly in
// the accounting settings opens the screens on the last quarter. The flow at 1366×768, each screen
// also seen at 1024×700 (atBothWidths: no sideways scroll, the screenshot).
import type { Page } from '@playwright/test';
import { returnDueNow } from '#shared/tax-calendar.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { ExceptionsPage } from './pages/exceptions-page.ts';
import { ReportsPage } from './pages/reports-page.ts';

// Main decides "now" from its own clock: the expected period is the calendar's for the same
// instant (a run across midnight at a month's end could see two; the data is written around it).
const NOW = new Date();
const DEFAULT_PROFILE = {
  regime: 'monthly',
  legalForm: 'company',
  department: null,
  siren: null,
  name: null,
} as const;

const test = base.extend({
  dataDir: filledArchive('tax-calendar', { seed: 12, invoices: 600, now: NOW }),
});

const frenchDay = (day: string) => day.split('-').reverse().join('/');
const shown = (period: { from: string; to: string }) =>
  `Du ${frenchDay(period.from)} au ${frenchDay(period.to)}`;

async function shot(page: Page, name: string): Promise<void> {
  await atBothWidths(page, `tax-calendar-${name}`);
}

test.describe(() => {
  test.use({ viewport: WIDE });

  test('every screen opens on the return due now; declared on the CA3; the regime moves it', async ({
    app,
    page,
  }) => {
    void app;
    const due = returnDueNow(NOW, DEFAULT_PROFILE);
    const reports = new ReportsPage(page);
    const accounting = new AccountingPage(page);
    const exceptions = new ExceptionsPage(page);

    await test.step('Rapports, Comptabilité and Suivi open on the return’s period', async () => {
      await reports.open();
      await expect(reports.period).toContainText(shown(due.period));
      await accounting.open();
      await expect(accounting.period).toContainText(shown(due.period));
      await exceptions.open();
      await expect(exceptions.period).toContainText(shown(due.period));
    });

    await test.step('Mois → Trimestre → Mois keeps the month (finding 6)', async () => {
      await reports.open();
      const year = Number(due.period.from.slice(0, 4));
      await reports.select('Mois').selectOption({ label: 'novembre' });
      await reports.select('Type de période').selectOption({ label: 'Trimestre' });
      await expect(reports.period).toContainText(`Du 01/10/${year} au 31/12/${year}`);
      await reports.select('Type de période').selectOption({ label: 'Mois' });
      await expect(reports.select('Mois')).toHaveValue('11');
      await expect(reports.period).toContainText(`Du 01/11/${year} au 30/11/${year}`);
    });

    await test.step('the CA3 of the return due now, marked as declared', async () => {
      await reports.select('Mois').selectOption(String(Number(due.period.from.slice(5, 7))));
      await reports.select('Année').selectOption(due.period.from.slice(0, 4));
      await reports.tab('Déclaration de TVA').click();
      const panel = page.getByRole('region', { name: 'Déclaration déposée' });
      await expect(panel.getByRole('textbox', { name: /^Montant déclaré/ })).not.toHaveValue('');
      await shot(page, 'declare');
      await panel.getByRole('button', { name: 'Marquer comme déclarée' }).click();
      await expect(panel.getByRole('status')).toContainText(
        /^Déclarée le \d{2}\/\d{2}\/\d{4} pour /,
      );
      await expect(panel).toContainText('Rien n’a changé dans l’archive depuis');
      await shot(page, 'declared');
      await panel.getByRole('button', { name: 'Annuler la déclaration' }).click();
      await expect(panel.getByRole('button', { name: 'Marquer comme déclarée' })).toBeVisible();
    });

    await test.step('a quarterly regime in the settings: the screens open on the last quarter', async () => {
      await accounting.open();
      await accounting.tab('Paramètres').click();
      await page
        .getByRole('combobox', { name: 'Régime de TVA' })
        .selectOption({ label: 'Réel normal, CA3 trimestrielle' });
      await page.getByRole('textbox', { name: 'Département du siège' }).fill('75');
      await shot(page, 'settings');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Paramètres enregistrés' }),
      ).toBeVisible();
      const quarter = returnDueNow(NOW, { ...DEFAULT_PROFILE, regime: 'quarterly' });
      await reports.open();
      await expect(reports.period).toContainText(shown(quarter.period));
      await expect(reports.select('Type de période')).toHaveValue('quarter');
    });
  });
});
