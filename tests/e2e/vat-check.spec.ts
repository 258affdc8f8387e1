// Rapports › Contrôle TVA (issue 26, item 1) over an archive holding the demo operator's invoices
// (written before the host starts, as a sync would; a tenth without details): the TVA report's
// net, the CA3's 16 − 23 and the entries' VAT accounts side by side, equal to those the app
// computes from the same archive; every invoice they count differently listed with its reason;
// the VAT on payment with where each payment day came from. At 1366×768 (axe) and 1024×700,
// screenshots of both.
import type { VatCheck } from '#shared/vat-check.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { expectAccessible } from './pages/axe.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { startUpWritten } from './pages/invoices-page.ts';
import { reportSourceOf } from '../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('vat-check', { seed: 18, invoices: 1500, now: NOW, detailShare: 0.9 }),
});

test.use({ viewport: { width: 1366, height: 768 } });

async function computed(dataDir: string, label: string): Promise<VatCheck> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(reportSourceOf(archive), 'vatCheck', parsePeriod(label), {
      now: NOW,
    })) as VatCheck;
  } finally {
    archive.close();
  }
}

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

async function openCheck(reports: ReportsPage): Promise<void> {
  await reports.open();
  const tab = reports.tabs.getByRole('tab', { name: 'Contrôle TVA', exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await reports.chooseQuarter('3ᵉ trimestre', 2026);
  await expect(reports.period).toContainText('Du 01/07/2026 au 30/09/2026');
}

test('the three VAT figures of a quarter side by side, every difference an invoice with its reason', async ({
  app,
  page,
}) => {
  await startUpWritten(page);
  const reports = new ReportsPage(page);
  await openCheck(reports);
  const report = await computed(app.dataDir, '2026-Q3');

  await test.step('the TVA report, the CA3 and the entries, to the cent', async () => {
    const figures = reports.table('Contrôle TVA');
    await expect(figures).toBeVisible();
    const rows: [string, VatCheck['vatReport']][] = [
      ['Rapport TVA', report.vatReport],
      ['Déclaration (16 − 23, au centime)', report.ca3],
      ['Écritures (comptes de TVA)', report.entries],
    ];
    for (const [name, f] of rows)
      await expect(reports.row(figures, name).getByRole('cell')).toHaveText([
        euros(f.collectedCents),
        euros(f.deductibleCents),
        euros(f.netCents),
      ]);
    await expect(
      reports.row(figures, 'Sur le formulaire (cases arrondies)').getByRole('cell').first(),
    ).toHaveText(euros(report.ca3.form16Cents));
  });

  await test.step('each invoice apart, with its reason', async () => {
    expect(report.differences.length).toBeGreaterThan(0);
    const n = report.differences.length;
    await expect(
      page.getByText(`${n} ${n > 1 ? 'factures expliquent' : 'facture explique'} les écarts.`),
    ).toBeVisible();
    const differences = reports.table('Écarts, facture par facture');
    await expect(differences.getByRole('row')).toHaveCount(n + 1);
    const first = report.differences[0]!;
    const row = reports.row(differences, first.number ?? first.invoiceId);
    await expect(row).toContainText(euros(first.entries.netCents));
    // No difference left unexplained.
    await expect(differences).not.toContainText('Comptée autrement');
  });

  await test.step('the VAT on payment, with where its day came from', async () => {
    const payments = reports.table('TVA sur encaissement de la période');
    await expect(payments.getByRole('row')).toHaveCount(report.payments.length + 1);
    await expect(payments).toContainText('statut 212 « Encaissée »');
  });

  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/vat-check-1366.png` });
  await expectAccessible(page, 'Rapports · Contrôle TVA');
});

test('at 1024×700 the check still reads; a year is not a return’s period', async ({
  app,
  page,
}) => {
  void app;
  await page.setViewportSize({ width: 1024, height: 700 });
  const reports = new ReportsPage(page);
  await openCheck(reports);
  const figures = reports.table('Contrôle TVA');
  await expect(figures).toBeVisible();
  // The figures fit the width: no horizontal scroll for the whole page.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/vat-check-1024.png` });
  await reports.table('Écarts, facture par facture').scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/vat-check-1024-differences.png` });

  await reports.select('Type de période').selectOption({ label: 'Année' });
  await expect(page.getByText('Le contrôle porte sur la période d’une déclaration')).toBeVisible();
});
