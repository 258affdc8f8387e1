// Issue 27, item 6 (focus rules for forms): after "Enregistrer" the focus is not lost on <body>;
// it stays on the button (the saved confirmation is announced by its status region). The
// accounting settings form (it failed: the button was disabled while saving) and a connection
// edited in its dialog (focus back on "Modifier", already so: a guard), in French, at 1366×768
// and 1024×700, on a fixed clock.
import { test, expect } from './fixtures.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { ConnectionsPage } from './pages/connections-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(() => {
    test.use({ viewport, pageTime: NOW });
    const size = `${viewport.width}x${viewport.height}`;
    test(`focus stays on "Enregistrer" after saving the accounting settings at ${size}`, async ({
      app,
      page,
    }) => {
      void app;
      const accounting = new AccountingPage(page);
      await accounting.open();
      await accounting.tab('Paramètres').click();
      await page
        .getByRole('combobox', { name: 'Régime de TVA' })
        .selectOption({ label: 'Réel simplifié, CA12 annuelle' });
      const save = page.getByRole('button', { name: 'Enregistrer' });
      await save.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: 'Paramètres enregistrés' }),
      ).toBeVisible();
      await expect(save).toBeFocused();
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    });
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(() => {
    test.use({ viewport, pageTime: NOW });
    const size = `${viewport.width}x${viewport.height}`;
    test(`focus goes back to "Modifier" after saving a connection at ${size}`, async ({
      app,
      page,
    }) => {
      void app;
      const connections = new ConnectionsPage(page);
      await connections.open();
      const demo = 'Démo (administrateur)';
      await connections.create({
        name: 'Cabinet Martin',
        baseUrl: await connections.summaryValue(demo, 'Adresse de base'),
        tokenUrl: await connections.summaryValue(demo, 'Adresse du jeton'),
        clientId: await connections.summaryValue(demo, 'Identifiant client'),
        clientSecret: 'secret-martin',
      });
      const edit = connections
        .connection('Cabinet Martin')
        .getByRole('button', { name: 'Modifier Cabinet Martin' });
      await edit.click();
      const dialog = page.getByRole('dialog', { name: /Modifier la connexion/ });
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Connexion « Cabinet Martin » enregistrée.')).toBeVisible();
      await expect(edit).toBeFocused();
    });
  });
}
