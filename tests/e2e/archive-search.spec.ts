// Finding an invoice by its number, and the archive as the complete data set (issue 15, items 2,
// 3 and the on-screen totals of 9), at a laptop's 1366×768, each screen also seen at 1024×700
// (atBothWidths: no sideways scroll, its key parts whole, the screenshot): the archive's one
// search field finds exactly the invoice typed; its totals are those of the whole filter, credit
// notes deducted; "Exporter vers Excel" writes every filtered row (more than the operator's
// 1,200-row window), read back with openpyxl; the live search says what the operator can search
// and sends an invoice number to the archive in one click. Expectations are computed here from
// the archive file, not by the app's SQL.
import type { ArchiveRow } from '#shared/archive.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { filledArchive, temporaryFolder, test as base, expect } from './fixtures.ts';
import { ArchivePage, rpc, totalIn } from './pages/archive-page.ts';
import { ExportControl } from './pages/export-control.ts';
import { InvoicesPage, parseFrenchAmount } from './pages/invoices-page.ts';
import { expectAccessible } from './pages/axe.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CREDIT = new Set(['261', '262', '296', '308', '381', '396', '420', '458', '532']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const test = base.extend<{ downloads: string }>({
  // The active connection (demo-admin) has an archive of 3,000 invoices before the app starts.
  dataDir: filledArchive('archive-search', {
    seed: 21,
    invoices: 3000,
    now: NOW,
    detailShare: 0.1,
  }),
  downloads: temporaryFolder('invoice-desk-downloads-'),
});

/** Every archived row as the file holds it now (the live screen writes through into it). */
function archivedRows(dataDir: string): ArchiveRow[] {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return [...archive.iterateInvoices()];
  } finally {
    archive.close();
  }
}

/** An invoice whose number no other number contains: typed whole, it is the only answer. */
function distinctInvoice(rows: ArchiveRow[]): ArchiveRow {
  const found = rows.find(
    (r) =>
      r.invoiceNumber !== null &&
      r.direction === 'INBOUND' &&
      rows.filter((o) => o.invoiceNumber?.toLowerCase().includes(r.invoiceNumber!.toLowerCase()))
        .length === 1,
  );
  if (!found) throw new Error('the demo archive has no invoice with a distinct number');
  return found;
}

/** TTC of rows in euros, credit notes negative. */
function ttcOf(rows: ArchiveRow[]): number {
  const cents = rows.reduce(
    (sum, r) => sum + (r.typeCode !== null && CREDIT.has(r.typeCode) ? -1 : 1) * (r.ttcCents ?? 0),
    0,
  );
  return cents / 100;
}

test.describe(() => {
  test.use({ viewport: WIDE });

  test('the archive finds an invoice by its number and sums up the whole filter', async ({
    app,
    page,
    dataDir,
  }) => {
    void app; // the host, started with the archive in place
    const archive = new ArchivePage(page);
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();
    await archive.showArchive();
    await expect(archive.count).toHaveText(/^[\d\s\u202f]+ factures dans l’archive$/);

    const rows = archivedRows(dataDir);
    const wanted = distinctInvoice(rows);

    await test.step('the totals are those of every row, not of the page, per direction', async () => {
      await expect(archive.totals).toContainText(
        `Totaux des ${new Intl.NumberFormat('fr-FR').format(rows.length)} factures du filtre`,
      );
      // Sales and purchases are never added together (issue 27): one line each.
      for (const [name, direction] of [
        ['Ventes (factures émises)', 'OUTBOUND'],
        ['Achats (factures reçues)', 'INBOUND'],
      ] as const) {
        const side = archive.totals.getByRole('group', { name, exact: true });
        const ofSide = rows.filter((r) => r.direction === direction);
        await expect(side).toContainText(
          `${name} (${new Intl.NumberFormat('fr-FR').format(ofSide.length)})`,
        );
        expect(parseFrenchAmount((await totalIn(side, 'Total TTC').textContent()) ?? '')).toBe(
          ttcOf(ofSide.filter((r) => (r.currency ?? 'EUR') === 'EUR')),
        );
      }
      await atBothWidths(page, 'archive-totals', [archive.totals]);
    });

    await test.step('received credit notes: negative totals', async () => {
      await archive.choose('Type', 'Avoirs');
      await archive.choose('Sens', 'Reçues');
      const credits = rows.filter(
        (r) =>
          r.direction === 'INBOUND' &&
          r.typeCode !== null &&
          CREDIT.has(r.typeCode) &&
          (r.currency ?? 'EUR') === 'EUR',
      );
      await expect(archive.totals).toContainText(`Totaux des ${credits.length} factures`);
      const ttc = parseFrenchAmount((await archive.totalAmount('Total TTC').textContent()) ?? '');
      expect(ttc).toBe(ttcOf(credits));
      expect(ttc).toBeLessThan(0);
      // One sign rule (issue 27): each credit note's row is negative too, as its total is.
      await expect(archive.dataRows.first()).toBeVisible();
      const amounts = await archive.dataRows.evaluateAll((rows) =>
        rows.map((r) =>
          [...(r as HTMLTableRowElement).cells].map((c) => c.textContent?.trim() ?? ''),
        ),
      );
      const header = await archive.table
        .getByRole('columnheader')
        .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));
      const ttcAt = header.findIndex((h) => h.startsWith('TTC') || h.startsWith('Total TTC'));
      expect(ttcAt).toBeGreaterThanOrEqual(0);
      for (const row of amounts) expect(parseFrenchAmount(row[ttcAt] ?? '')).toBeLessThan(0);
      await archive.clearFilters();
    });

    await test.step('its number, typed in the search field, finds exactly that invoice', async () => {
      await archive.search(wanted.invoiceNumber!);
      await expect(archive.count).toHaveText(/^1 factures? dans l’archive$/);
      await expect(archive.dataRows).toHaveCount(1);
      expect(await archive.columnTexts(0)).toEqual([wanted.invoiceNumber]);
      await expect(archive.totals).toContainText('Totaux de la facture du filtre');
      await atBothWidths(page, 'archive-search-number', [archive.searchBox, archive.count]);
      await expectAccessible(page, 'the archive searched by number', 'main', {
        contrastCheckedBy: 'the archive filters (archive.spec.ts)',
      });
    });

    await test.step('part of the number finds it among the others that hold it', async () => {
      const part = /(\d{4,})$/.exec(wanted.invoiceNumber!)?.[1]?.slice(-4) ?? '';
      expect(part).not.toBe('');
      await archive.search(part);
      const numbers = await archive.columnTexts(0);
      expect(numbers).toContain(wanted.invoiceNumber);
    });

    await test.step('its party’s SIREN finds that party’s invoices', async () => {
      const party = rows.find((r) => r.counterpartySiren !== null)!;
      const expected = rows.filter(
        (r) =>
          r.counterpartySiren === party.counterpartySiren ||
          r.invoiceNumber?.includes(party.counterpartySiren!),
      );
      await archive.search(party.counterpartySiren!);
      await expect(archive.count).toHaveText(
        new RegExp(`^${expected.length} factures? dans l’archive$`),
      );
    });
  });

  test('"Exporter vers Excel" on the archive writes every filtered row', async ({
    app,
    page,
    dataDir,
    downloads,
  }) => {
    void app;
    test.setTimeout(120_000);
    const archive = new ArchivePage(page);
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();
    await archive.showArchive();
    await archive.choose('Sens', 'Reçues');
    const received = archivedRows(dataDir).filter((r) => r.direction === 'INBOUND');
    expect(received.length).toBeGreaterThan(1200); // more than the operator's window
    await expect(archive.count).toHaveText(
      `${new Intl.NumberFormat('fr-FR').format(received.length)} factures dans l’archive`,
    );
    // One page of 100 on screen: the export is not the page.
    await expect(archive.page.getByRole('navigation', { name: 'Pagination' })).toContainText(
      `1–100 sur ${new Intl.NumberFormat('fr-FR').format(received.length)}`,
    );
    await atBothWidths(page, 'archive-export', [archive.count]);

    const excel = new ExportControl(page);
    const { path, fileName } = await excel.exportTo(downloads);
    expect(fileName).toMatch(
      /^ATELIERS DUVAL AGENCEMENT \d{9} Factures archive \d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const book = readXlsx(path);
    const ids = column(sheetNamed(book, 'Factures'), 'Identifiant plateforme')
      .map((cell) => String(cell.v))
      .filter((v) => UUID.test(v));
    expect(ids.length).toBe(received.length);
    expect(new Set(ids)).toEqual(new Set(received.map((r) => r.invoiceId)));
  });

  test('the live search says what the operator searches, and sends a number to the archive', async ({
    page,
    app,
    dataDir,
  }) => {
    const archive = new ArchivePage(page);
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();

    await test.step('it says plainly what the operator can and cannot search', async () => {
      await expect(invoices.main).toContainText(
        'L’opérateur ne cherche que par état, sens et identifiant plateforme (UUID) : pas par numéro de facture, nom, SIREN, SIRET ni n° de TVA.',
      );
    });

    await test.step('the totals of the live list are said to be this page’s', async () => {
      const answer = (await rpc(page, app, 'invoices:search', { offset: 0, limit: 50 })) as {
        ok: true;
        value: { data: { data: InvoiceSearchItem[] } };
      };
      const items = answer.value.data.data;
      const ttcOfItems = (list: InvoiceSearchItem[]) =>
        list.reduce((sum, item) => {
          const data = item.businessData;
          const amount = data?.monetary?.invoiceAmount.amount ?? 0;
          return sum + (CREDIT.has(String(data?.type ?? '')) ? -1 : 1) * Math.round(amount * 100);
        }, 0) / 100;
      await expect(invoices.pageTotals).toContainText('Totaux de cette page (50 factures)');
      // Per direction (issue 27): sales and purchases are never added together.
      for (const [name, direction] of [
        ['Ventes (factures émises)', 'OUTBOUND'],
        ['Achats (factures reçues)', 'INBOUND'],
      ] as const) {
        const ofSide = items.filter((item) => item.metadata.direction === direction);
        expect(ofSide.length).toBeGreaterThan(0);
        const side = invoices.pageTotals.getByRole('group', { name, exact: true });
        expect(parseFrenchAmount((await totalIn(side, 'Total TTC').textContent()) ?? '')).toBe(
          ttcOfItems(ofSide),
        );
      }
    });

    const wanted = distinctInvoice(archivedRows(dataDir));
    await test.step('an invoice number typed there is explained, and offered to the archive', async () => {
      await invoices.idField.fill(wanted.invoiceNumber!);
      await invoices.idField.press('Enter');
      await expect(invoices.idField).toHaveAccessibleDescription(
        new RegExp(`« ${wanted.invoiceNumber} » n’est pas un identifiant plateforme`),
      );
      await atBothWidths(page, 'live-search-number', [invoices.idField]);
      await expectAccessible(page, 'the live search with a number typed', 'main');
      await page
        .getByRole('button', { name: `Chercher « ${wanted.invoiceNumber} » dans l’archive` })
        .click();
    });

    await test.step('one click: the archive, searched for that number', async () => {
      await expect(archive.searchBox).toHaveValue(wanted.invoiceNumber!);
      await expect(archive.dataRows).toHaveCount(1);
      expect(await archive.columnTexts(0)).toEqual([wanted.invoiceNumber]);
      await atBothWidths(page, 'live-to-archive', [archive.searchBox]);
    });
  });
});
