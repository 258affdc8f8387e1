// A damaged archive as an accountant meets it (French UI): a few KB of the archive file
// overwritten before the app first opens it; the settings and the archive screen say what
// happened, where the file went and what to do, and "Reconstruire l’archive" fills a new archive
// from the operator, leaving the file of what the user wrote as it was.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { damageArchiveFile, userFilePath, writeUserFile } from '#support/damaged-archive.ts';
import { test, expect } from './fixtures.ts';
import { ArchivePage, TestOperator, rpc } from './pages/archive-page.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { expectAccessible } from './pages/axe.ts';

const NAME = 'Opérateur de test';
const DAMAGED =
  /L’archive de cette connexion est endommagée : une partie de son fichier est illisible \(constaté le .+\)\. Elle a été mise de côté sous (\S+\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:-\d+)?\.sqlite) ; reconstruisez-la depuis l’opérateur\./;

test('a damaged archive is said in French, and "Reconstruire l’archive" rebuilds it from the operator', async ({
  app,
  page,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const operator = new TestOperator(join(dataDir, 'operator.log'));
  const running = await operator.start();
  try {
    const path =
      await test.step('an archive of the connection, damaged before the app opens it', async () => {
        const saved = await rpc(page, app, 'connections:save', {
          name: NAME,
          baseUrl: running.baseUrl,
          tokenUrl: running.tokenUrl,
          clientId: running.clients.admin.clientId,
          clientSecret: running.clients.admin.clientSecret,
          secretStorage: 'session',
          requestsPerMinute: 100_000,
        });
        if (!saved.ok) throw new Error(JSON.stringify(saved.error));
        const id = (saved.value as { id: string }).id;
        const { seed, invoices, now } = operator.options;
        fillDemoArchive(dataDir, id, { seed, invoices, now: new Date(now) });
        damageArchiveFile(archivePath(dataDir, id), 'middle');
        writeUserFile(userFilePath(archivePath(dataDir, id)));
        const active = await rpc(page, app, 'settings:update', { activeConnectionId: id });
        if (!active.ok) throw new Error(JSON.stringify(active.error));
        await page.reload();
        await expect(page.getByRole('combobox', { name: 'Connexion active' })).toHaveValue(id);
        return archivePath(dataDir, id);
      });
    const userBytes = readFileSync(userFilePath(path));
    const connections = new ConnectionsPage(page);
    const archive = new ArchivePage(page);

    await test.step('the settings say the archive is damaged, where it went, and offer to rebuild it', async () => {
      await connections.open();
      const card = connections.connection(NAME);
      const region = card.getByRole('region', { name: `Archive de ${NAME}` });
      await expect(region.getByRole('alert')).toHaveText(/Archive endommagée/);
      await expect(region.getByRole('alert')).toHaveText(DAMAGED);
      const file = DAMAGED.exec((await region.getByRole('alert').textContent()) ?? '')?.[1];
      expect(file && existsSync(file), `the file set aside exists: ${file}`).toBe(true);
      expect(existsSync(path)).toBe(false);
      await expect(
        region.getByRole('button', { name: `Reconstruire l’archive de ${NAME}` }),
      ).toBeEnabled();
      await region.scrollIntoViewIfNeeded();
      await connections.screenshot('archive-damaged-settings-1366');
      await page.setViewportSize({ width: 1024, height: 700 });
      await region.scrollIntoViewIfNeeded();
      await connections.screenshot('archive-damaged-settings-1024');
      await page.setViewportSize({ width: 1366, height: 768 });
    });

    await test.step('the archive screen says so, with the same words, and offers Reconstruire', async () => {
      await archive.goTo('Factures');
      await archive.showArchive();
      await expect(archive.sync.getByRole('alert')).toHaveText(DAMAGED);
      await expect(archive.syncButton).toHaveCount(0);
      await expectAccessible(page, 'the damaged archive');
      await archive.screenshot('archive-damaged-1366');
      await page.setViewportSize({ width: 1024, height: 700 });
      await archive.screenshot('archive-damaged-1024');
      await page.setViewportSize({ width: 1366, height: 768 });
    });

    await test.step('Reconstruire l’archive fills a new archive from the operator', async () => {
      await archive.sync.getByRole('button', { name: 'Reconstruire l’archive' }).click();
      await expect(archive.sync.getByRole('status')).toHaveText(
        /Synchronisation terminée : 400 nouvelles factures/,
        { timeout: 60_000 },
      );
      await expect(archive.sync.getByRole('alert')).toHaveCount(0);
      await expect(archive.syncButton).toBeVisible();
      await expect(archive.count).toHaveText('400 factures dans l’archive');
      await expect(archive.dataRows.first()).toBeVisible();
      await archive.screenshot('archive-rebuilt');
      expect(existsSync(path)).toBe(true);
      expect(readFileSync(userFilePath(path)).equals(userBytes), 'the user file is unchanged').toBe(
        true,
      );
    });
  } finally {
    await operator.stop();
  }
});
