// Item 8 of issue 15: the échéancier's figure is named for what it is ("Sans paiement connu", not
// unpaid) and says why; the accountant marks invoices paid from its list, sees the figure drop
// by their amounts, takes one mark off and sees it rise; the workbook carries the paid columns
// (read back with openpyxl). In French; the flow at 1366×768, each screen it shows also at
// 1024×700 (atBothWidths: no sideways scroll, the figures whole, the screenshot).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingLine, AgingReport } from '#shared/reports.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ExportControl } from './pages/export-control.ts';
import { InvoicesPage, startUpWritten } from './pages/invoices-page.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { reportSourceOf } from '../support/report-source.ts';

const FILLED = new Date('2026-11-22T12:00:00Z');
// "Today" for the host (INVOICE_DESK_NOW), the page (page.clock) and the test's own report: 23:30
// UTC that evening, already 23 November in Paris, the user's day (issue 25). The payment day the
// form offers and the month's as-of day are Paris's, where a UTC day would say the 22nd.
const NOW = new Date('2026-11-22T23:30:00Z');

const test = base.extend({
  dataDir: filledArchive('aging-marks', { seed: 21, invoices: 3000, now: FILLED }),
});
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } });

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Today in Paris (the browser's zone), as the app counts it. */
function todayInParis(now = NOW): { iso: string; month: string; year: string; shown: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
  const month = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'Europe/Paris' });
  return {
    iso,
    month: month.format(now),
    year: iso.slice(0, 4),
    shown: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
  };
}

/** The table's column of `header` (after the header row). */
function column(sheet: XlsxSheet, header: string): (string | number | boolean | null)[] {
  const index = sheet.rows[0]!.findIndex((cell) => cell.v === header);
  if (index < 0) throw new Error(`no column "${header}" in ${sheet.name}`);
  return sheet.rows.slice(1).map((row) => row[index]?.v ?? null);
}

test.describe(() => {
  test.use({ viewport: WIDE, pageTime: NOW });
  test(`échéancier: named, explained, marked paid, unmarked, exported`, async ({ app, page }) => {
    // Marks, unmarks, an export read back: about 35 s on the build machines, near the 60 s default.
    test.slow();
    const day = todayInParis();
    await startUpWritten(page);
    // The current month: its as-of day is today, so a payment made today counts.
    const archive = openArchive(app.dataDir, 'demo-admin');
    let before: AgingReport;
    try {
      before = (await computeReport(
        reportSourceOf(archive),
        'aging',
        parsePeriod(day.iso.slice(0, 7)),
        {
          now: NOW,
        },
      )) as AgingReport;
    } finally {
      archive.close();
    }
    // The screen lists the most overdue receivables first.
    const [one, two] = before.lines as [AgingLine, AgingLine];
    expect(one.direction).toBe('OUTBOUND');
    expect(two.bucket).toBe('over_90');
    const over90 = before.sides[0]!.totals.find((t) => t.currency === 'EUR')!.buckets[4]!;

    const reports = new ReportsPage(page);
    await reports.open();
    await reports.tab('Échéancier').click();
    await reports.select('Type de période').selectOption({ label: 'Mois' });
    await reports.select('Mois').selectOption({ label: day.month });
    await reports.select('Année').selectOption(day.year);
    await expect(page.getByText(`Au ${day.shown}`, { exact: true })).toBeVisible();

    // The figure's name and why it is not "unpaid".
    const buckets = reports.table('Sans paiement connu, par tranche, en euros');
    await expect(buckets).toBeVisible();
    await expect(page.getByText('Sans paiement connu', { exact: true })).toBeVisible();
    await expect(
      page.getByText(/ne veut pas dire impayée : les statuts de paiement \(211, 212\)/),
    ).toBeVisible();
    const receivables90 = reports.row(buckets, 'Plus de 90 j').getByRole('cell').first();
    await expect(receivables90).toHaveText(euros(over90));
    await atBothWidths(page, 'aging-named', [receivables90]);

    // Tick two invoices and mark them paid (today, the default day), with a note.
    const lines = page.getByRole('region', { name: 'Factures sans paiement connu' });
    await lines.getByRole('checkbox', { name: `Sélectionner ${one.number}` }).check();
    await lines.getByRole('checkbox', { name: `Sélectionner ${two.number}` }).check();
    await expect(lines.getByText('2 sélectionnées')).toBeVisible();
    await expect(lines.getByRole('textbox', { name: 'Payées le' })).toHaveValue(day.shown);
    await lines.getByRole('textbox', { name: 'Note (facultative)' }).fill('Relevé de novembre');
    await lines.getByRole('button', { name: 'Marquer comme payées' }).click();
    await expect(lines.getByRole('status')).toContainText(
      `2 factures marquées payées le ${day.shown}.`,
    );
    // Focus goes to what can follow the action, undoing it, not to the page (issue 27, item 7).
    await expect(lines.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await expect(receivables90).toHaveText(euros(over90 - one.amountCents - two.amountCents));
    await expect(
      lines.getByRole('checkbox', { name: `Sélectionner ${one.number}` }),
    ).not.toBeAttached();
    await lines.scrollIntoViewIfNeeded();
    await atBothWidths(page, 'aging-marked', [lines.getByRole('status')]);

    // Both are in the paid list as marked by the user; take one mark off: the figure rises.
    const paid = page.getByRole('region', { name: 'Payées', exact: true });
    const paidTable = paid.getByRole('table', { name: 'Payées' });
    await expect(paidTable.getByRole('row').filter({ hasText: one.number! })).toContainText(
      'Marquée payée',
    );
    // Its note on screen too, under its own column (issue 27, item 7).
    await expect(paidTable.getByRole('columnheader', { name: 'Note' })).toBeVisible();
    await expect(paidTable.getByRole('row').filter({ hasText: one.number! })).toContainText(
      'Relevé de novembre',
    );
    await paid.getByRole('checkbox', { name: `Sélectionner ${two.number}` }).check();
    await paid.getByRole('button', { name: 'Retirer la marque « payée »' }).click();
    await expect(paid.getByRole('status')).toContainText('Marque « payée » retirée de 1 facture.');
    // Only the latest action offers "Annuler": the marking's, which this one changed, is gone.
    await expect(paid.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await expect(lines.getByRole('status')).toBeEmpty();
    await expect(receivables90).toHaveText(euros(over90 - one.amountCents));
    await paid.scrollIntoViewIfNeeded();
    // The Note column at both widths: at 1024×700 it was scrolled away sideways behind the source.
    await atBothWidths(page, 'aging-paid-list', [
      paid.getByRole('status'),
      paidTable.getByRole('columnheader', { name: 'Note' }),
    ]);

    // The workbook: the paid columns, read back with openpyxl.
    const folder = await mkdtemp(join(tmpdir(), 'invoice-desk-aging-marks-'));
    try {
      const { path } = await new ExportControl(page).exportTo(folder);
      const book = readXlsx(path);
      const paidSheet = sheetNamed(book, 'Payées');
      const numbers = column(paidSheet, 'N° facture');
      const row = numbers.indexOf(one.number);
      expect(row).toBeGreaterThanOrEqual(0);
      expect(column(paidSheet, 'Payée le')[row]).toBe(day.iso);
      expect(column(paidSheet, 'Source')[row]).toBe('Marquée payée');
      expect(column(paidSheet, 'Note')[row]).toBe('Relevé de novembre');
      expect(numbers).not.toContain(two.number);
      const open = sheetNamed(book, 'Sans paiement connu');
      const openRow = column(open, 'N° facture').indexOf(two.number);
      expect(openRow).toBeGreaterThanOrEqual(0);
      expect(column(open, 'Payée le')[openRow]).toBeNull();
      expect(column(open, 'N° facture')).not.toContain(one.number);
      const summary = JSON.stringify(sheetNamed(book, 'Échéancier').rows.map((r) => r[0]?.v));
      expect(summary).toContain('Sans paiement connu');
      expect(summary).toContain('ne veut pas dire impayée');
      expect(summary).toMatch(/et 1 marquée payée par vous/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

test.describe(() => {
  test.use({ viewport: WIDE, pageTime: NOW });
  test(`invoice panel: mark paid, kept on reopening, unmark`, async ({ app, page }) => {
    void app; // the app, started on the invoices screen
    const day = todayInParis();
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();
    let dialog = await invoices.openRow(0);
    const section = dialog.getByRole('region', { name: 'Payée ?' });
    await section.getByRole('button', { name: 'Marquer comme payée' }).click();
    const form = section.getByRole('form', { name: 'Marquer comme payée' });
    await expect(form.getByRole('textbox', { name: 'Date de paiement' })).toHaveValue(day.shown);
    // A day that does not exist: the date field says so itself.
    await form.getByRole('textbox', { name: 'Date de paiement' }).fill('31/02/2026');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      form.getByText('Cette date n’existe pas : février 2026 compte 28 jours.'),
    ).toBeVisible();
    // A day to come: refused by the form.
    await form.getByRole('textbox', { name: 'Date de paiement' }).fill('31/12/2099');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      form.getByText('Saisissez une date jj/mm/aaaa, au plus tard aujourd’hui.'),
    ).toBeVisible();
    await form.getByRole('textbox', { name: 'Date de paiement' }).fill('02/11/2026');
    await form.getByRole('textbox', { name: 'Note (facultative)' }).fill('Virement reçu');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(section).toContainText(
      /Marquée payée le .* par vous \(paiement du 02\/11\/2026\)/,
    );
    await expect(section).toContainText('Note : Virement reçu');
    await section.scrollIntoViewIfNeeded();
    await atBothWidths(page, 'invoice-paid-mark', [section]);

    // Kept: closed and opened again, the mark is read back from the user's data.
    await dialog.getByRole('button', { name: 'Fermer la facture' }).click();
    dialog = await invoices.openRow(0);
    const again = dialog.getByRole('region', { name: 'Payée ?' });
    await expect(again).toContainText('paiement du 02/11/2026');
    await again.getByRole('button', { name: 'Retirer la marque « payée »' }).click();
    await expect(again.getByRole('button', { name: 'Marquer comme payée' })).toBeVisible();
    await expect(again).not.toContainText('Marquée payée le');
  });
});
