// The reports screen over an archive holding the demo operator's invoices (written before the host
// starts, as a sync would): the TVA report for a quarter, its chart and figures on screen equal to
// the report computed from the same archive, the échéancier and the statuts, keyboard and axe.
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport, VatReport } from '#shared/reports.ts';
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
  // The active connection (demo-admin) has an archive before the app starts.
  dataDir: filledArchive('reports', { seed: 21, invoices: 3000, now: NOW }),
});

async function computed<T>(dataDir: string, kind: 'vat' | 'aging', label: string): Promise<T> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(reportSourceOf(archive), kind, parsePeriod(label), {
      now: NOW,
    })) as T;
  } finally {
    archive.close();
  }
}

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test('the TVA report of a quarter: chart and figures on screen, equal to the archive’s', async ({
  app,
  page,
}) => {
  await startUpWritten(page);
  const reports = new ReportsPage(page);
  await reports.open();
  await expect(reports.tab('TVA')).toHaveAttribute('aria-selected', 'true');
  await reports.chooseQuarter('3ᵉ trimestre', 2026);
  await expect(reports.period).toContainText('Du 01/07/2026 au 30/09/2026');

  const chart = reports.chart('TVA collectée et déductible par mois');
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect')).not.toHaveCount(0);

  const report = await computed<VatReport>(app.dataDir, 'vat', '2026-Q3');
  const collected = report.totals.find((t) => t.direction === 'OUTBOUND' && t.currency === 'EUR')!;
  const deductible = report.totals.find((t) => t.direction === 'INBOUND' && t.currency === 'EUR')!;
  await expect(page.getByText(euros(collected.vatCents), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(euros(deductible.vatCents), { exact: true }).first()).toBeVisible();

  // The chart's table: one row per month, collected and deductible as in the report.
  const figures = reports.table('Chiffres du diagramme');
  for (const [month, label] of [
    ['2026-07', 'juil. 2026'],
    ['2026-08', 'août 2026'],
    ['2026-09', 'sept. 2026'],
  ] as const) {
    const vat = (direction: string) =>
      report.figures
        .filter((f) => f.month === month && f.direction === direction && f.currency === 'EUR')
        .reduce((s, f) => s + f.vatCents, 0);
    await expect(reports.row(figures, label).getByRole('cell')).toHaveText([
      euros(vat('OUTBOUND')),
      euros(vat('INBOUND')),
      euros(vat('OUTBOUND') - vat('INBOUND')),
    ]);
  }

  // Every invoice behind the figures, with the rule applied.
  const lines = reports.table('Factures derrière les chiffres');
  await expect(lines.getByRole('row').nth(1)).toBeVisible();
  await expect(
    page.getByText(`${report.lines.length.toLocaleString('fr-FR')} lignes de ventilation`),
  ).toBeVisible();
  await expect(lines).toContainText(/Date de livraison|Encaissement : date du statut 212/);
  await expect(reports.exportButton).toBeEnabled();
  await lines.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/reports-vat-lines.png` });
  await reports.exportButton.scrollIntoViewIfNeeded();

  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/reports-vat.png` });
  await expectAccessible(page, 'Rapports · TVA');

  // Pending and left-out invoices are named, folded under their count.
  const pending = report.pending.length;
  await page
    .getByText(`${pending} ${pending > 1 ? 'factures' : 'facture'} en attente d’encaissement`)
    .click();
  await expect(reports.table('En attente d’encaissement')).toBeVisible();
  await expectAccessible(page, 'Rapports · TVA, en attente ouvert');
});

test('the échéancier and the statuts, reached by keyboard', async ({ app, page }) => {
  await startUpWritten(page);
  const reports = new ReportsPage(page);
  await reports.open();
  await reports.tab('TVA').focus();
  await page.keyboard.press('ArrowRight');
  await expect(reports.tab('Échéancier')).toBeFocused();
  await expect(reports.tab('Échéancier')).toHaveAttribute('aria-selected', 'true');
  await reports.select('Type de période').selectOption({ label: 'Mois' });
  await reports.select('Mois').selectOption({ label: 'octobre' });
  await reports.select('Année').selectOption('2026');
  // Exact: "Du 01/10/2026 au 31/10/2026" and the tables' captions hold it too.
  await expect(page.getByText('Au 31/10/2026', { exact: true })).toBeVisible();
  await expect(reports.chart('Sans paiement connu, par tranche de retard')).toBeVisible();

  const aging = await computed<AgingReport>(app.dataDir, 'aging', '2026-10');
  const receivables = aging.sides[0]!.totals.find((t) => t.currency === 'EUR')!;
  const buckets = reports.table('Sans paiement connu, par tranche, en euros');
  await expect(reports.row(buckets, 'Non échu').getByRole('cell').first()).toHaveText(
    euros(receivables.buckets[0]!),
  );
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/reports-aging.png` });
  await expectAccessible(page, 'Rapports · Échéancier');

  await page.keyboard.press('ArrowRight');
  await expect(reports.tab('Statuts')).toHaveAttribute('aria-selected', 'true');
  await expect(reports.chart('Factures par état et par mois')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Factures par dernier statut de cycle de vie et par mois' }),
  ).toBeVisible();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/reports-status.png` });
  await expectAccessible(page, 'Rapports · Statuts');
});

test('the TVA report: reverse charge self-assessed on both sides, cross-border sales on their own lines (issue 18)', async ({
  app,
  page,
}) => {
  const reports = new ReportsPage(page);
  await reports.open();
  await reports.chooseQuarter('3ᵉ trimestre', 2026);
  await expect(reports.period).toContainText('Du 01/07/2026 au 30/09/2026');
  const report = await computed<VatReport>(app.dataDir, 'vat', '2026-Q3');

  // A reverse-charge purchase: its VAT self-assessed at 20 %, named so, on both sides.
  const selfAssessed = report.figures.filter(
    (f) => f.selfAssessed && f.category === 'AE' && f.currency === 'EUR',
  );
  const first = selfAssessed.find((f) => f.direction === 'INBOUND')!;
  expect(first, 'the demo quarter has reverse-charge purchases').toBeTruthy();
  expect(first.vatCents).toBeGreaterThan(0);
  for (const [name, direction] of [
    [/^TVA collectée/, 'OUTBOUND'],
    [/^TVA déductible/, 'INBOUND'],
  ] as const) {
    const row = reports
      .table(name)
      .getByRole('row')
      .filter({ hasText: 'Autoliquidation · TVA autoliquidée' })
      .filter({ hasText: euros(first.vatCents) });
    await expect(row, direction).toHaveCount(1);
    await expect(row.getByRole('cell').nth(2)).toHaveText('20 %');
  }

  // Our intra-EU deliveries and exports, each on its own line of the collected side.
  const collected = reports.table(/^TVA collectée/);
  for (const [category, label] of [
    ['K', 'Livraison intracommunautaire'],
    ['G', 'Exportation hors UE'],
  ] as const) {
    if (!report.figures.some((f) => f.direction === 'OUTBOUND' && f.category === category))
      continue;
    await expect(collected.getByRole('cell', { name: label, exact: true }).first()).toBeVisible();
  }

  await collected.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/reports-vat-reverse-charge.png` });
  await page.setViewportSize({ width: 1024, height: 700 });
  await collected.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/reports-vat-reverse-charge-1024.png` });
  await expectAccessible(page, 'Rapports · TVA, autoliquidation');
});
