// Issue 27, item 5: offline, a live search the operator never answered is answered by the archive
// when it holds invoices of the partitions asked (and says whether its syncs read them whole): the screen shows the archive's rows for the same
// filters and says they are the archive's, with its date, instead of a red error. In French, on a
// fixed clock; at 1366×768, the answer also seen at 1024×700 (atBothWidths).
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('offline-live-answer', { seed: 21, invoices: 3000, now: NOW }),
});

test.describe(() => {
  test.use({ viewport: WIDE, pageTime: NOW });
  test(`offline, the archive answers a live search`, async ({ app, page }) => {
    const archive = new ArchivePage(page);
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();
    const held = openArchive(app.dataDir, 'demo-admin');
    let received: number;
    try {
      received = held.queryInvoices({ filter: { direction: 'INBOUND' }, limit: 1 }).total;
    } finally {
      held.close();
    }

    await archive.workOffline.check();
    await expect(archive.banner).toBeVisible();
    // Never asked online: the operator has no saved answer, the archive has every partition.
    await invoices.chooseDirection('Reçues');
    const said = page
      .getByRole('status')
      .filter({ hasText: 'l’archive locale y répond, à jour au' });
    await expect(said).toBeVisible();
    await expect(said).toHaveText(
      /^Hors ligne : l’opérateur n’a jamais répondu à cette recherche, l’archive locale y répond, à jour au \d{2}\/\d{2}\/\d{4}/,
    );
    // The filled archive was never synced: its partitions are not known whole, and it says so.
    await expect(said).toContainText('il peut en manquer');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(archive.count).toHaveText(
      `${new Intl.NumberFormat('fr-FR').format(received)} factures dans l’archive`,
    );
    const headers = await archive.table.getByRole('columnheader').allTextContents();
    const at = headers.findIndex((header) => header.trim().startsWith('Sens'));
    expect(new Set(await archive.columnTexts(at))).toEqual(new Set(['Reçue']));
    await atBothWidths(page, 'offline-live-answer', [said, archive.count]);

    // Another filter typed in the archive: no longer the live search's answer, not said so.
    await archive.searchBox.fill('F20');
    await archive.searchBox.press('Enter');
    await expect(said).toHaveCount(0);
  });
});
