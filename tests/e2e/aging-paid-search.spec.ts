// Issue 27, item 4: the échéancier's Payées list (1 700 rows in a year of a busy client) can be
// searched: a field over the list finds a row by what it shows (number, party, amount, note), says
// how many of how many, and says so when nothing holds the text. In French, on the host's and
// the page's fixed clock; the search at 1366×768, its answer also seen at 1024×700 (atBothWidths).
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport } from '#shared/reports.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { startUpWritten } from './pages/invoices-page.ts';
import { reportSourceOf } from '#support/report-source.ts';

const FILLED = new Date('2026-11-22T12:00:00Z');
const NOW = new Date('2026-11-22T12:30:00Z');

const test = base.extend({
  dataDir: filledArchive('aging-paid-search', { seed: 21, invoices: 3000, now: FILLED }),
});
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } });

test.describe(() => {
  test.use({ viewport: WIDE, pageTime: NOW });
  test(`the Payées list is searched`, async ({ app, page }) => {
    await startUpWritten(page);
    const archive = openArchive(app.dataDir, 'demo-admin');
    let report: AgingReport;
    try {
      report = (await computeReport(reportSourceOf(archive), 'aging', parsePeriod('2026-11'), {
        now: NOW,
      })) as AgingReport;
    } finally {
      archive.close();
    }
    const numbers = report.paid.map((p) => p.number).filter((n): n is string => Boolean(n));
    // A number no other number of the list holds: searched, it is the only row.
    const wanted = numbers.find((n) => numbers.filter((o) => o.includes(n)).length === 1);
    expect(report.paid.length).toBeGreaterThan(3);
    expect(wanted).toBeDefined();

    const reports = new ReportsPage(page);
    await reports.open();
    await reports.tab('Échéancier').click();
    await reports.select('Type de période').selectOption({ label: 'Mois' });
    await reports.select('Mois').selectOption({ label: 'novembre' });
    await reports.select('Année').selectOption('2026');

    const paid = page.getByRole('region', { name: 'Payées', exact: true });
    const table = paid.getByRole('table', { name: 'Payées' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(table.getByRole('columnheader', { name: 'Note' })).toBeVisible();
    const search = paid.getByRole('searchbox', { name: 'Chercher dans la liste' });
    await expect(search).toBeVisible();

    await search.fill(wanted!);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(wanted!);
    const total = new Intl.NumberFormat('fr-FR').format(report.paid.length);
    await expect(paid.getByRole('status').filter({ hasText: 'sur' })).toHaveText(`1 sur ${total}`);
    await search.scrollIntoViewIfNeeded();
    // The field and its answer, not the Note column: at 1024×700 the table scrolls sideways to it.
    await atBothWidths(page, 'aging-paid-search', [
      search,
      paid.getByRole('status').filter({ hasText: 'sur' }),
    ]);

    await search.fill('zz-aucune');
    await expect(
      paid.getByText('Aucune facture de la liste ne contient « zz-aucune ».'),
    ).toBeVisible();
    await expect(table).toHaveCount(0);

    await search.fill('');
    await expect(table).toBeVisible();
    await expect(rows.first()).toBeVisible();
  });
});
