// Accessibility: axe on every screen and dialog (0 serious or critical violations), and the
// keyboard paths a user without a mouse takes: tab order, Enter opens a row, Escape closes a
// dialog, a visible focus ring.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectAccessible } from './pages/axe.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { ParticipantsPage } from './pages/participants-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';

/** The focused element's outline, as drawn: a visible focus has a non-zero, non-'none' outline. */
async function focusRing(page: Page): Promise<{ style: string; width: number }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { style: 'none', width: 0 };
    const css = getComputedStyle(el);
    return { style: css.outlineStyle, width: parseFloat(css.outlineWidth) || 0 };
  });
}

async function expectVisibleFocus(page: Page, on: Locator): Promise<void> {
  await expect(on).toBeFocused();
  const ring = await focusRing(page);
  expect(ring.style, 'focus outline style').not.toBe('none');
  expect(ring.width, 'focus outline width').toBeGreaterThan(0);
}

test('every screen and dialog passes axe', async ({ app, page }) => {
  // Axe over every screen and dialog: about 45 s on the build machines, near the 60 s default.
  test.slow();
  void app;
  const invoices = new InvoicesPage(page);
  await invoices.waitForResults();
  await expectAccessible(page, 'Factures');

  await test.step('the invoice detail dialog', async () => {
    const dialog = await invoices.openRow(0);
    await expect(dialog.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessible(page, 'détail de facture');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the states filter popup', async () => {
    await page.getByRole('button', { name: /^États/ }).click();
    await expectAccessible(page, 'filtre des états');
    await page.keyboard.press('Escape');
  });

  const directory = new DirectoryPage(page);
  await directory.open();
  await expectAccessible(page, 'Annuaire (vide)');
  await directory.search('a', 'contient');
  await expect(directory.count).toBeVisible();
  await expectAccessible(page, 'Annuaire (résultats)');

  const participants = new ParticipantsPage(page);
  await participants.open();
  await expectAccessible(page, 'Participants (vide)');
  await participants.searchBox.fill('a');
  await participants.searchBox.press('Enter');
  await expect(participants.results).toBeVisible();
  await expectAccessible(page, 'Participants (résultats)');

  const webhooks = new WebhooksPage(page);
  await webhooks.open();
  await expectAccessible(page, 'Webhooks');
  await webhooks.create({
    label: 'Axe',
    direction: 'Factures reçues',
    statusUrl: 'https://hooks.example.fr/statuts',
    invoiceUrl: 'https://hooks.example.fr/factures',
  });
  await expectAccessible(page, 'Webhooks (un webhook)');
  await test.step('the new webhook form', async () => {
    await page.getByRole('button', { name: 'Nouveau webhook' }).click();
    await expect(webhooks.form).toBeVisible();
    await webhooks.form.getByRole('button', { name: 'Créer le webhook' }).click();
    await expectAccessible(page, 'formulaire de webhook (erreurs)');
  });
  await test.step('the delete webhook dialog', async () => {
    const dialog = await webhooks.askDelete('Axe');
    await expectAccessible(page, 'suppression de webhook');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  const connections = new ConnectionsPage(page);
  await connections.open();
  await expectAccessible(page, 'Connexions et paramètres');
  await test.step('the new connection dialog, with its errors', async () => {
    await page.getByRole('button', { name: 'Nouvelle connexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle connexion' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'nouvelle connexion (erreurs)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
  await test.step('a failed connection test', async () => {
    await connections.create({
      name: 'Accessibilité',
      baseUrl: 'http://127.0.0.1:9/api',
      tokenUrl: 'http://127.0.0.1:9/token',
      clientId: 'personne',
      clientSecret: 'rien',
    });
    const item = await connections.test('Accessibilité');
    await expect(item.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'test de connexion en échec');
  });
  await test.step('the delete connection dialog', async () => {
    await connections
      .connection('Accessibilité')
      .getByRole('button', { name: 'Supprimer Accessibilité' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer la connexion ?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'suppression de connexion');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test('the keyboard alone reaches the invoices, opens one and closes it', async ({ app, page }) => {
  void app;
  const invoices = new InvoicesPage(page);
  await invoices.waitForResults();

  await test.step('Tab first reaches the skip link, which moves to the screen', async () => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expectVisibleFocus(page, skip);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  await test.step('the navigation follows in order, with a visible focus', async () => {
    await page.getByRole('link', { name: 'Aller au contenu' }).focus();
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, invoices.nav.getByRole('link', { name: 'Portefeuille' }));
    await page.keyboard.press('Tab');
    // Suivi's name may carry its unread count ("Suivi, 3 non lues").
    await expectVisibleFocus(page, invoices.nav.getByRole('link', { name: /^Suivi\b/ }));
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, invoices.nav.getByRole('link', { name: 'Factures' }));
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, invoices.nav.getByRole('link', { name: 'Annuaire' }));
  });

  await test.step('Enter on a focused row opens the invoice; Escape closes it', async () => {
    const firstRow = invoices.dataRows.first();
    const number = ((await firstRow.getByRole('cell').first().textContent()) ?? '').trim();
    await firstRow.focus();
    await expectVisibleFocus(page, firstRow);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Facture ${number}`) });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(invoices.dataRows.first()).toBeFocused();
  });
});

test('the keyboard alone creates a connection and Escape closes the form', async ({
  app,
  page,
}) => {
  void app;
  const connections = new ConnectionsPage(page);
  await connections.open();
  const create = page.getByRole('button', { name: 'Nouvelle connexion' });
  // Reach it by keyboard (a focus ring is drawn for keyboard users, not after a click).
  await create.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page, create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nouvelle connexion' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nom', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
});
