// The CA12 on screen (issue 26, item 4, finding 4): a client on the simplified regime (set in
// Comptabilité › Paramètres) sees, where the CA3 is (Rapports › Déclaration de TVA), its CA12 of
// the year chosen instead of "Une déclaration de TVA couvre un mois ou un trimestre": the form's
// lines in whole euros, the instalments, the invoices held. The figures are those main computes
// from the same archive (returns/ca12-of.ts). "Exporter vers Excel" there writes the workbook
// `report ca12` writes, read back with openpyxl: its figures are the screen's. In French, a fixed
// clock; the flow at 1366×768, each screen also seen at 1024×700 (atBothWidths).
import type { Page } from '@playwright/test';
import { lineOf, type Ca12LineCode, type Ca12Report } from '#shared/ca12.ts';
import { wholeEuros } from '#shared/ca3.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { ca12Of } from '#main/services/returns/ca12-of.ts';
import { readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { filledArchive, temporaryFolder, test as base, expect } from './fixtures.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { ExportControl } from './pages/export-control.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { startUpWritten } from './pages/invoices-page.ts';
import { reportSourceOf } from '#support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend<{ downloads: string }>({
  dataDir: filledArchive('ca12', { seed: 26, invoices: 1500, now: NOW }),
  downloads: temporaryFolder('invoice-desk-ca12-downloads-'),
});
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } });

const whole = (cents: number) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(wholeEuros(cents));

async function shot(page: Page, name: string): Promise<void> {
  await atBothWidths(page, `ca12-${name}`);
}

test.describe(() => {
  test.use({ viewport: WIDE, pageTime: NOW });
  test(`a simplified client's CA12 where the CA3 is`, async ({ app, page, downloads }) => {
    test.slow();
    await startUpWritten(page);
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

    await test.step("its workbook from the screen: the CLI's, with the screen's figures", async () => {
      const { path, fileName } = await new ExportControl(page).exportTo(downloads);
      expect(fileName).toMatch(
        /^ATELIERS DUVAL AGENCEMENT \d{9} Déclaration annuelle CA12 2026\.xlsx$/,
      );
      const book = readXlsx(path);
      const form = sheetNamed(book, 'Déclaration CA12');
      const cells = (code: string) => form.rows.find((r) => r[0]?.v === code)!.map((c) => c.v);
      const row = (table: string, code: Ca12LineCode) => reports.row(reports.table(table), code);
      // Each line's whole euros as the screen shows them; a line the CA3's boxes add up has its
      // exact amount beside, a computed one (sums of rounded lines) none.
      for (const [table, code, counted] of [
        ['TVA brute', '08', true],
        ['TVA déductible', '20', true],
        ['TVA brute', '16', false],
        ['TVA nette', '28', false],
        ['Décompte des acomptes et solde', '33', false],
      ] as const) {
        const [, , , , taxWhole, taxExact] = cells(code);
        await expect(row(table, code)).toContainText(whole(Number(taxWhole) * 100));
        expect(taxWhole).toBe(wholeEuros(lineOf(expected, code).amountCents));
        expect(taxExact).toBe(counted ? lineOf(expected, code).amountCents / 100 : null);
      }
      const [, , baseWhole] = cells('08');
      await expect(row('TVA brute', '08')).toContainText(whole(Number(baseWhole) * 100));
      expect(cells('21')[7]).toBe('20'); // the CA3 box it adds up, as on screen
      const instalment = (label: RegExp) =>
        form.rows.find((r) => label.test(String(r[1]?.v)))![4]!.v;
      const instalments = page.getByRole('group', { name: 'Acomptes de l’année' });
      await expect(instalments).toContainText(
        whole(Number(instalment(/^Acompte de juillet/)) * 100),
      );
      await expect(instalments).toContainText(
        whole(Number(instalment(/^Acompte de décembre/)) * 100),
      );
      expect(instalment(/^Acompte de juillet/)).toBe(wholeEuros(expected.instalments.julyCents));
      // Then the year's CA3 sheets, as the CLI writes them.
      expect(book.sheets.map((sheet) => sheet.name)).toContain('Case 08');
      expect(book.sheets.at(-1)?.name).toBe('À propos');
    });
  });
});
