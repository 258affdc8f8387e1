// "Synchroniser tout" (issue 19, item 2): a round over both demo connections with its progress
// (which connection, how far), "Arrêter" (what was read is kept), and the firm's frequency kept
// in the settings across a restart of the page.
import { test, expect } from './fixtures.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { SyncRoundPanel } from './pages/sync-round-panel.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { expectAccessible } from './pages/axe.ts';

test('Synchroniser tout: progress per connection, Arrêter keeps what was read', async ({
  app,
  page,
}) => {
  const settings = new ConnectionsPage(page);
  await settings.open();
  const panel = new SyncRoundPanel(page);
  await expect(panel.start).toBeEnabled();
  await panel.start.focus();
  await page.keyboard.press('Enter');

  await expect(panel.progress).toBeVisible();
  await expect(panel.region.getByText('Connexion 1 sur 2 : Démo (administrateur)')).toBeVisible();
  await expect(panel.region.getByText(/\d+ factures? lues?, \d+ requêtes?/)).toBeVisible();
  await expect(panel.progress).toHaveAttribute(
    'aria-valuetext',
    '0 synchronisée, 0 en échec, 0 ignorée sur 2',
  );
  await expectAccessible(page, 'the sync round under way', 'main');
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await panel.region.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/sync-round-${size.width}.png` });
  }

  await panel.stop.click();
  await expect(panel.outcome()).toContainText(
    /Synchronisation arrêtée le .* : 0 synchronisée, 0 en échec, 0 ignorée sur 2\. Ce qui a été lu est conservé\./,
  );
  await expect(panel.start).toBeVisible();
  // The connection's card shows what its stopped sync kept.
  await expect.poll(() => settings.summaryValue('Démo (administrateur)', 'Factures')).not.toBe('0');
  void app;
});

test('the frequency is the firm’s: saved, and read back after a reload', async ({ app, page }) => {
  const settings = new ConnectionsPage(page);
  await settings.open();
  const panel = new SyncRoundPanel(page);
  await expect(panel.frequency).toHaveValue('4');
  await panel.frequency.selectOption({ label: 'Toutes les 12 heures' });
  await expect(panel.region.getByRole('status').last()).toHaveText('Fréquence enregistrée.');
  await app.reload();
  await settings.open();
  await expect(new SyncRoundPanel(page).frequency).toHaveValue('12');
  const again = new SyncRoundPanel(page);
  await expect(again.frequency).toHaveAccessibleName('Fréquence');

  // "Jamais" for one connection; the other follows the firm's.
  const user = await again.frequencyOf('Démo (utilisateur)');
  await expect(user.locator('option:checked')).toHaveText(
    'Comme les autres (toutes les 12 heures)',
  );
  await user.selectOption({ label: 'Jamais' });
  await expect(again.region.getByRole('status').last()).toHaveText('Fréquence enregistrée.');
  await expectAccessible(page, 'each connection’s frequency', 'main');
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await again.region.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/sync-round-each-${size.width}.png` });
  }
  await app.reload();
  await settings.open();
  const reread = new SyncRoundPanel(page);
  await expect(await reread.frequencyOf('Démo (utilisateur)')).toHaveValue('0');
  await expect(await reread.frequencyOf('Démo (administrateur)')).toHaveValue('default');
});
