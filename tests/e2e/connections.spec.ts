// Connections: a wrong secret is reported in plain words; the language switch; the forced language.
import { test, expect } from './fixtures.ts';
import { ConnectionsPage } from './pages/connections-page.ts';

test('a connection with a wrong secret says the credentials were refused', async ({
  app,
  page,
}) => {
  void app;
  const connections = new ConnectionsPage(page);
  await connections.open();

  const demo = 'Démo (administrateur)';
  await test.step('the built-in demo connections come first', async () => {
    const names = await connections.list.getByRole('heading', { level: 3 }).allTextContents();
    expect(names.slice(0, 2)).toEqual(['Démo (administrateur)', 'Démo (utilisateur)']);
  });
  const baseUrl = await connections.summaryValue(demo, 'Adresse de base');
  const tokenUrl = await connections.summaryValue(demo, 'Adresse du jeton');
  const clientId = await connections.summaryValue(demo, 'Identifiant client');

  await test.step('the form refuses relative URLs and malformed uuids before sending', async () => {
    await page.getByRole('button', { name: 'Nouvelle connexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle connexion' });
    await dialog.getByLabel('Adresse de base de l’API').fill('api.example');
    await dialog.getByLabel(/customer-id/).fill('nope');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Corrigez les champs signalés avant d’enregistrer.',
    );
    await expect(dialog.getByLabel('Adresse de base de l’API')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(dialog.getByText(/Saisissez un UUID/)).toBeVisible();
    await expect(dialog.getByLabel('Secret client')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });

  const item = await connections.create({
    name: 'Démo, mauvais secret',
    baseUrl,
    tokenUrl,
    clientId,
    clientSecret: 'certainement-pas-le-bon',
  });

  await test.step('the new connection lists where its secret is kept, never the secret', async () => {
    await expect(item).toBeVisible();
    await expect(item).toContainText(
      /Secret (dans le trousseau du système|gardé pour cette session seulement)/,
    );
    await expect(item).not.toContainText('certainement-pas-le-bon');
  });

  await connections.test('Démo, mauvais secret');

  await test.step('the test says in plain words that the credentials were refused', async () => {
    await expect(item.getByRole('alert')).toContainText('Identifiants refusés');
    await connections.screenshot('connections');
  });

  await test.step('the demo connection itself tests fine, with its roles', async () => {
    const demoItem = await connections.test(demo);
    await expect(demoItem.getByRole('status')).toContainText('Connexion réussie');
    await expect(demoItem.getByRole('status')).toContainText('administrateur');
  });
});

test.describe('language', () => {
  test.use({ appEnv: { INVOICE_DESK_LANG: '' } });

  test('switching to English changes the interface text', async ({ app, page }) => {
    void app;
    const connections = new ConnectionsPage(page);
    await test.step('open the settings', async () => {
      await page
        .getByRole('navigation', { name: /Navigation principale|Main navigation/ })
        .getByRole('link', { name: /Connexions et paramètres|Connections and settings/ })
        .click();
    });
    await test.step('choose Français', async () => {
      await page.getByRole('radio', { name: 'Français' }).check();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Connexions et paramètres' }),
      ).toBeVisible();
      await expect(connections.nav.getByRole('link', { name: 'Factures' })).toBeVisible();
    });
    await test.step('choose English', async () => {
      await page.getByRole('radio', { name: 'English' }).check();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Connections and settings' }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Invoices' }),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
    await test.step('the choice survives a reload', async () => {
      await app.reload();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    });
  });
});

test('a language forced by INVOICE_DESK_LANG cannot be changed, and says why', async ({
  app,
  page,
}) => {
  void app;
  const connections = new ConnectionsPage(page);
  await connections.open();
  const english = page.getByRole('radio', { name: 'English' });
  await expect(english).toBeDisabled();
  await expect(
    page.getByText(/imposée par la variable d’environnement INVOICE_DESK_LANG/),
  ).toBeVisible();
});
