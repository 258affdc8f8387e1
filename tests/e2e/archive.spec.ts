// The local archive as an accountant uses it: sync with a progress bar (and cancel), then the
// operator stops and every screen answers from the archive with its date, says when it has no
// saved answer, and the archive's own filters keep working. A demo operator of the test's own,
// reached through a custom connection, so that the test can stop it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import {
  ArchivePage,
  TestOperator,
  connectTo,
  isoOfFrenchDate,
  rpc,
} from './pages/archive-page.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { expectAccessible } from './pages/axe.ts';

function requestsLogged(file: string): number {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

test('sync, then offline: the archive answers with its date and says what it does not hold', async ({
  app,
  page,
  dataDir,
}) => {
  test.setTimeout(180_000);
  const operator = new TestOperator(join(dataDir, 'operator.log'));
  const running = await operator.start();
  try {
    // Slow enough that the sync is still running when the test cancels it.
    const connectionId = await connectTo(page, app, running, 120);
    const archive = new ArchivePage(page);
    const invoices = new InvoicesPage(page);
    const directory = new DirectoryPage(page);

    let openedNumber = '';
    await test.step('online: invoices, one invoice and a directory search, live', async () => {
      await invoices.waitForResults();
      await expect(archive.sourceNote()).toHaveText(/^En direct · /);
      const dialog = await invoices.openRow(0);
      await expect(dialog.getByRole('table', { name: 'Ventilation de la TVA' })).toBeVisible();
      openedNumber = (await dialog.getByRole('heading').first().textContent()) ?? '';
      await page.keyboard.press('Escape');
      await directory.open();
      await directory.search('BOULANGERIE');
      await expect(directory.page.getByText(/^En direct · /)).toBeVisible();
    });

    await test.step('the archive screen, before any sync, is honest about it', async () => {
      await archive.goTo('Factures');
      await archive.showArchive();
      await expect(archive.sync.getByText('Jamais synchronisée')).toBeVisible();
      await expect(archive.sync).toContainText('0 partitions complètes sur 22');
      await expect(archive.count).toHaveText(/^\d+ factures dans l’archive$/); // what was seen live
    });

    await test.step('Synchroniser shows a progress bar; Annuler stops it', async () => {
      await archive.syncButton.click();
      await expect(archive.progress).toBeVisible();
      await expect(archive.progress).toHaveAttribute('aria-valuemin', '0');
      await expect(archive.progress).toHaveAttribute('aria-valuemax', '100');
      await expect
        .poll(async () => Number(await archive.progress.getAttribute('aria-valuenow')))
        .toBeGreaterThan(0);
      await expect(archive.sync).toContainText(/\d+ requêtes? · \d+ factures? lues?/);
      await archive.screenshot('archive-sync-progress');
      await expectAccessible(page, 'the sync under way', 'main');
      await archive.cancelButton.click();
      await expect(archive.progress).toBeHidden();
      await expect(archive.sync.getByRole('status')).toContainText(
        'Synchronisation annulée : ce qui a été lu est gardé',
      );
      await expect(archive.sync.getByText('Jamais synchronisée')).toBeVisible();
    });

    await test.step('a faster budget, and the next sync resumes to the end', async () => {
      const saved = await rpc(page, app, 'connections:save', {
        id: connectionId,
        name: 'Opérateur de test',
        baseUrl: running.baseUrl,
        tokenUrl: running.tokenUrl,
        clientId: running.clients.admin.clientId,
        requestsPerMinute: 100_000,
      });
      expect(saved.ok).toBe(true);
      await archive.syncButton.click();
      await expect(archive.sync.getByRole('status')).toContainText(
        /Synchronisation terminée : \d+ nouvelles? factures?/,
        { timeout: 60_000 },
      );
      await expect(archive.sync).toContainText('22 partitions complètes sur 22');
      await expect(archive.sync).toContainText(/Dernière synchronisation : \d\d\/\d\d\/\d{4}/);
      await expect(archive.count).toHaveText('400 factures dans l’archive');
      await archive.sync.getByText('Couverture par partition').click();
      await expect(
        archive.sync.getByRole('table', { name: 'Couverture par sens et état' }),
      ).toBeVisible();
      await archive.screenshot('archive-synced');
      await expectAccessible(page, 'the archive mode after a sync', 'main');
    });

    await operator.stop();

    await test.step('offline: the invoice search done earlier answers from the archive, dated', async () => {
      await archive.showOperatorSearch();
      await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
      await expect(archive.sourceNote()).toHaveText(/Archive, \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
      await expect(archive.banner).toHaveText(
        /Hors ligne — réponses de l’archive du \d\d\/\d\d\/\d{4} \d\d:\d\d.*L’opérateur ne répond pas/,
      );
      await invoices.waitForResults();
      await archive.screenshot('archive-offline-invoices');
      await expectAccessible(page, 'the offline banner and cached invoices');
    });

    await test.step('the invoice opened earlier shows its full data from the archive', async () => {
      const dialog = await invoices.openRow(0);
      await expect(dialog.getByRole('heading').first()).toHaveText(openedNumber);
      await expect(dialog.getByText(/Archive, \d\d\/\d\d\/\d{4}/)).toBeVisible();
      await expect(dialog.getByRole('table', { name: 'Ventilation de la TVA' })).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('a search never run online is answered by the archive, dated', async () => {
      // Issue 27, item 5: not a red error when the archive holds what was asked.
      await invoices.chooseDirection('Émises');
      const said = page
        .getByRole('status')
        .filter({ hasText: 'l’archive locale y répond, à jour au' });
      await expect(said).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(archive.count).toHaveText(/^\d+ factures? dans l’archive$/);
      await archive.clearFilters();
      await archive.showOperatorSearch();
      await invoices.chooseDirection('Toutes');
    });

    await test.step('the directory search done earlier answers from the archive; a new one cannot', async () => {
      await directory.open();
      await directory.search('BOULANGERIE');
      await expect(page.getByText(/Archive, \d\d\/\d\d\/\d{4}/)).toBeVisible();
      await expect(directory.groups().first()).toBeVisible();
      await directory.searchBox.fill('PLOMBERIE');
      await page
        .getByRole('search', { name: 'Recherche dans l’annuaire' })
        .getByRole('button', { name: 'Rechercher', exact: true })
        .click();
      await expect(page.getByRole('alert')).toContainText('Pas de réponse enregistrée');
    });

    await test.step('offline, the archive filters by invoice date range and counterparty', async () => {
      await archive.goTo('Factures');
      await archive.showArchive();
      await archive.filter({
        invoiceDateFrom: '2025-01-01',
        invoiceDateTo: '2025-12-31',
        search: 'peinture grand',
      });
      await expect(archive.count).toHaveText(/^\d+ factures dans l’archive$/);
      await expect(archive.dataRows.first()).toBeVisible();
      const dates = (await archive.columnTexts(1)).map(isoOfFrenchDate);
      expect(dates.length).toBeGreaterThan(0);
      for (const date of dates) expect(date >= '2025-01-01' && date <= '2025-12-31').toBe(true);
      const names = await archive.columnTexts(3);
      expect(new Set(names)).toEqual(new Set(['PEINTURE DU GRAND OUEST SAS']));
      await archive.sortBy('TTC');
      await expect(archive.table.getByRole('columnheader', { name: 'TTC' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await archive.screenshot('archive-filtered');
      await expectAccessible(page, 'the archive filters', 'main');
    });

    await test.step('offline, the archive filters credit notes received', async () => {
      await archive.clearFilters();
      await archive.choose('Type', 'Avoirs');
      await archive.choose('Sens', 'Reçues');
      await expect(archive.count).toHaveText(/^\d+ factures? dans l’archive$/);
      await expect(archive.dataRows.first()).toBeVisible();
      expect(new Set(await archive.columnTexts(7))).toEqual(new Set(['Avoir']));
      expect(new Set(await archive.columnTexts(10))).toEqual(new Set(['Reçue']));
      await archive.choose('Type', 'Tous');
      await archive.choose('Sens', 'Toutes');
    });

    await test.step('the settings tell the archive and clear it after a confirmation', async () => {
      const connections = new ConnectionsPage(page);
      await connections.open();
      const card = connections.connection('Opérateur de test');
      const region = card.getByRole('region', { name: 'Archive de Opérateur de test' });
      await expect(region).toContainText('400');
      await region.scrollIntoViewIfNeeded();
      await connections.screenshot('archive-settings');
      await card.getByRole('button', { name: 'Vider l’archive de Opérateur de test' }).click();
      const dialog = page.getByRole('dialog', { name: 'Vider l’archive ?' });
      await expect(dialog).toContainText('Rien n’est supprimé chez l’opérateur');
      // What only the user wrote is kept apart (issue 15, item 8): the dialog says it stays.
      await expect(dialog).toContainText(
        'Les factures que vous avez marquées payées restent marquées',
      );
      await connections.screenshot('archive-clear-dialog');
      await expectAccessible(page, 'the clear-archive dialog');
      await dialog.getByRole('button', { name: 'Vider l’archive' }).click();
      await expect(region.getByRole('definition').first()).toHaveText('0');
    });
  } finally {
    await operator.stop();
  }
});

test('working offline sends nothing; an invoice only listed says what the archive lacks', async ({
  app,
  page,
  dataDir,
}) => {
  const log = join(dataDir, 'operator.log');
  const operator = new TestOperator(log, 200);
  const running = await operator.start();
  try {
    await connectTo(page, app, running, 3600);
    const archive = new ArchivePage(page);
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();

    await test.step('the switch: nothing is sent, the banner says why', async () => {
      await archive.workOffline.check();
      await expect(archive.banner).toContainText(
        'Vous travaillez hors ligne : rien n’est envoyé à l’opérateur.',
      );
      const before = requestsLogged(log);
      await invoices.waitForResults();
      await expect(archive.sourceNote()).toHaveText(/Archive, \d/);
      await invoices.chooseDirection('Reçues');
      // Never asked online: the archive answers it, and says so (issue 27, item 5).
      await expect(
        page.getByRole('status').filter({ hasText: 'l’archive locale y répond' }),
      ).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await archive.showArchive();
      await expect(archive.syncButton).toBeDisabled();
      await expect(archive.sync).toContainText('la synchronisation est suspendue');
      await archive.screenshot('archive-work-offline');
      await expectAccessible(page, 'working offline');
      expect(requestsLogged(log)).toBe(before);
      await archive.showOperatorSearch();
      await invoices.chooseDirection('Toutes');
    });

    await test.step('an invoice never opened shows its list data, and says so', async () => {
      await invoices.waitForResults();
      const dialog = await invoices.openRow(3);
      await expect(dialog.getByRole('note')).toContainText(
        'Seules les données de la liste sont dans l’archive',
      );
      await expect(dialog.getByRole('note')).toContainText('jamais été téléchargé');
      await expect(dialog.getByText('Total TTC')).toBeVisible();
      await expect(dialog.getByRole('article', { name: 'Vendeur' })).toBeVisible();
      await archive.screenshot('archive-list-only-invoice');
      await expectAccessible(page, 'an invoice with list data only', 'dialog');
      await page.keyboard.press('Escape');
    });

    await test.step('back online with the switch: live again', async () => {
      await archive.workOffline.uncheck();
      await expect(archive.banner).toBeHidden();
      await invoices.waitForResults();
      await expect(archive.sourceNote()).toHaveText(/^En direct · /);
    });
  } finally {
    await operator.stop();
  }
});

test('offline, switching to a connection that answers takes the banner away', async ({
  app,
  page,
  dataDir,
}) => {
  const operator = new TestOperator(join(dataDir, 'operator.log'), 50);
  const running = await operator.start();
  try {
    await connectTo(page, app, running, 3600);
    const archive = new ArchivePage(page);
    const invoices = new InvoicesPage(page);
    await invoices.waitForResults();
    await operator.stop();

    await test.step('the operator stops: the banner says so', async () => {
      await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
      await expect(archive.banner).toContainText('L’opérateur ne répond pas');
    });

    await test.step('the demo operator answers: no banner, live answers', async () => {
      await page.getByLabel('Connexion active').selectOption({ label: 'Démo (administrateur)' });
      await expect(archive.banner).toBeHidden();
      await invoices.waitForResults();
      await expect(archive.sourceNote()).toHaveText(/^En direct · /);
    });
  } finally {
    await operator.stop();
  }
});
