// A paid mark set on the échéancier moves the Contrôle TVA (issue 26, item 2, finding 2): an
// invoice whose VAT is due on payment, unpaid, marked paid today from Rapports › Échéancier; the
// month's Contrôle TVA then counts its VAT in the TVA report, the CA3 and the entries alike
// (the collected or deductible side and the net move by exactly its VAT), and all three come back
// when the mark is taken off. Figures as main computes them from the same archive. In French, the
// host's and the page's clocks fixed; the flow at 1366×768, each screen also seen at 1024×700
// (atBothWidths: no sideways scroll, the screenshot).
import type { Page } from '@playwright/test';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport, VatReport } from '#shared/reports.ts';
import type { VatCheck, VatCheckFigures } from '#shared/vat-check.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { startUpWritten } from './pages/invoices-page.ts';
import { reportSourceOf } from '#support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const NOVEMBER = parsePeriod('2026-11');

const test = base.extend({
  dataDir: filledArchive('vat-check-marks', { seed: 21, invoices: 3000, now: NOW }),
});
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } });

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

async function shot(page: Page, name: string): Promise<void> {
  await atBothWidths(page, `vat-check-marks-${name}`);
}

/** The échéancier's first line whose VAT waits for its payment, and November's check before. */
async function chosen(dataDir: string) {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    const source = reportSourceOf(archive);
    const aging = (await computeReport(source, 'aging', NOVEMBER, { now: NOW })) as AgingReport;
    const years = await Promise.all(
      ['2025', '2026'].map(
        async (year) =>
          (await computeReport(source, 'vat', parsePeriod(year), { now: NOW })) as VatReport,
      ),
    );
    const pending = new Map(
      years.flatMap((report) =>
        report.pending
          .filter((p) => p.collectedOn === null && p.currency === 'EUR' && !p.creditNote)
          .filter((p) => (p.tvaCents ?? 0) > 0)
          .map((p) => [p.invoiceId, p] as const),
      ),
    );
    const index = aging.lines.findIndex((l) => pending.has(l.invoiceId));
    const line = aging.lines[index]!;
    const check = (await computeReport(source, 'vatCheck', NOVEMBER, { now: NOW })) as VatCheck;
    return { index, line, vat: pending.get(line.invoiceId)!, check };
  } finally {
    archive.close();
  }
}

test.describe(() => {
  test.use({ viewport: WIDE, pageTime: NOW });
  test(`a mark on the échéancier moves the Contrôle TVA and back`, async ({ app, page }) => {
    test.slow();
    await startUpWritten(page);
    const { index, line, vat, check } = await chosen(app.dataDir);
    // Among the most overdue, so on the list's first screen.
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(5);
    const side = vat.direction === 'OUTBOUND' ? 'collectedCents' : 'deductibleCents';
    const moved = (f: VatCheckFigures): VatCheckFigures => ({
      ...f,
      [side]: f[side] + vat.tvaCents!,
      netCents: f.netCents + (side === 'collectedCents' ? vat.tvaCents! : -vat.tvaCents!),
    });

    const reports = new ReportsPage(page);
    const figuresAre = async (after: boolean): Promise<void> => {
      const figures = reports.table('Contrôle TVA');
      const rows: [string, VatCheckFigures][] = [
        ['Rapport TVA', check.vatReport],
        ['Déclaration (16 − 23, au centime)', check.ca3],
        ['Écritures (comptes de TVA)', check.entries],
      ];
      for (const [name, f] of rows) {
        const shown = after ? moved(f) : f;
        await expect(reports.row(figures, name).getByRole('cell')).toHaveText([
          euros(shown.collectedCents),
          euros(shown.deductibleCents),
          euros(shown.netCents),
        ]);
      }
    };
    const openTab = async (name: 'Échéancier' | 'Contrôle TVA'): Promise<void> => {
      const tab = reports.tabs.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    };

    await test.step('November’s Contrôle TVA before the mark', async () => {
      await reports.open();
      await openTab('Contrôle TVA');
      await reports.select('Type de période').selectOption({ label: 'Mois' });
      await reports.select('Mois').selectOption({ label: 'novembre' });
      await reports.select('Année').selectOption('2026');
      await figuresAre(false);
    });

    await test.step('marked paid today on the échéancier', async () => {
      await openTab('Échéancier');
      const lines = page.getByRole('region', { name: 'Factures sans paiement connu' });
      await lines.getByRole('checkbox', { name: `Sélectionner ${line.number}` }).check();
      await expect(lines.getByRole('textbox', { name: 'Payées le' })).toHaveValue('22/11/2026');
      await lines.getByRole('button', { name: 'Marquer comme payées' }).click();
      await expect(lines.getByRole('status')).toContainText(
        '1 facture marquée payée le 22/11/2026.',
      );
    });

    await test.step('its VAT in November on all three', async () => {
      await openTab('Contrôle TVA');
      await figuresAre(true);
      await expect(reports.table('TVA sur encaissement de la période')).toContainText(line.number!);
      await shot(page, 'marked');
    });

    await test.step('the mark taken off: all three back', async () => {
      await openTab('Échéancier');
      const paid = page.getByRole('region', { name: 'Payées', exact: true });
      await paid.getByRole('checkbox', { name: `Sélectionner ${line.number}` }).check();
      await paid.getByRole('button', { name: 'Retirer la marque « payée »' }).click();
      await expect(paid.getByRole('status')).toContainText(
        'Marque « payée » retirée de 1 facture.',
      );
      await openTab('Contrôle TVA');
      await figuresAre(false);
      await shot(page, 'unmarked');
    });
  });
});
