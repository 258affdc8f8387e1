// Webhook create / conflict / delete through the browser host and the demo operator (admin).
import { test, expect } from './fixtures.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

const FIRST = {
  label: 'ERP – factures reçues',
  direction: 'Factures reçues',
  statusUrl: 'https://erp.example.fr/rappels/statut',
  invoiceUrl: 'https://erp.example.fr/rappels/factures',
} as const;

test('create, refuse a second webhook for the same direction, delete', async ({ app, page }) => {
  const webhooks = new WebhooksPage(page);
  await webhooks.open();
  await expect(webhooks.list.getByText('Aucun webhook')).toBeVisible();

  await test.step('the form checks its fields before sending', async () => {
    await page.getByRole('button', { name: 'Nouveau webhook' }).click();
    await webhooks.form
      .getByRole('textbox', { name: 'Adresse des rappels de statut' })
      .fill('erp.example.fr/statut');
    await webhooks.form.getByRole('button', { name: 'Créer le webhook' }).click();
    const label = webhooks.form.getByRole('textbox', { name: 'Libellé' });
    await expect(label).toHaveAttribute('aria-invalid', 'true');
    await expect(label).toBeFocused();
    await expect(label).toHaveAccessibleDescription(/Donnez un libellé au webhook/);
    await expect(
      webhooks.form.getByRole('textbox', { name: 'Adresse des rappels de statut' }),
    ).toHaveAccessibleDescription(/Adresse invalide/);
  });

  await test.step('create the first webhook', async () => {
    await webhooks.create(FIRST);
    await expect(
      page.getByRole('status').filter({ hasText: `Webhook « ${FIRST.label} » créé.` }),
    ).toBeVisible();
    const row = webhooks.row(FIRST.label);
    await expect(row).toContainText('Factures reçues');
    await expect(row).toContainText('Actif');
    await expect(row).toContainText(FIRST.statusUrl);
    await expect(row).toContainText(FIRST.invoiceUrl);
  });

  await test.step('a second webhook for the same direction is refused, naming the first', async () => {
    await webhooks.create({
      ...FIRST,
      label: 'Doublon',
      statusUrl: 'https://autre.example.fr/s',
      invoiceUrl: 'https://autre.example.fr/i',
    });
    const conflict = page.getByRole('alert').filter({ hasText: 'Ce sens a déjà son webhook' });
    // Named by what the user typed, never by the operator's raw id.
    await expect(conflict).toContainText(
      `le webhook « ${FIRST.label} » (Factures reçues, rappels vers ${FIRST.statusUrl})`,
    );
    await expect(conflict).not.toContainText(/identifiant|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await keepScreenshot(page, {
      path: 'test-results/screenshots/webhooks-conflict.png',
      fullPage: true,
    });
    await conflict.getByRole('button', { name: `Ouvrir le webhook « ${FIRST.label} »` }).click();
    const details = webhooks.details(FIRST.label);
    await expect(details).toBeVisible();
    await expect(details.getByRole('heading', { name: `Webhook ${FIRST.label}` })).toBeFocused();
    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  });

  await test.step('deleting asks first, names what stops, and Escape cancels', async () => {
    let dialog = await webhooks.askDelete(FIRST.label);
    await expect(dialog).toContainText('les factures reçues');
    await expect(dialog).toContainText(FIRST.statusUrl);
    await expect(dialog).toContainText(FIRST.invoiceUrl);
    await keepScreenshot(page, { path: 'test-results/screenshots/webhooks-delete-dialog.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(webhooks.row(FIRST.label)).toBeVisible();
    dialog = await webhooks.askDelete(FIRST.label);
    await dialog.getByRole('button', { name: 'Supprimer le webhook' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Webhook « ${FIRST.label} » supprimé` }),
    ).toBeVisible();
    await expect(webhooks.list.getByText('Aucun webhook')).toBeVisible();
  });

  await test.step('deleting a webhook already deleted elsewhere refreshes with a note', async () => {
    await webhooks.create({ ...FIRST, label: 'Les deux sens', direction: 'Les deux sens' });
    await expect(webhooks.row('Les deux sens')).toBeVisible();
    const other = await page.context().newPage();
    await other.goto(app.url);
    const elsewhere = new WebhooksPage(other);
    await elsewhere.open();
    await (
      await elsewhere.askDelete('Les deux sens')
    )
      .getByRole('button', { name: 'Supprimer le webhook' })
      .click();
    await expect(elsewhere.list.getByText('Aucun webhook')).toBeVisible();
    await other.close();

    const dialog = await webhooks.askDelete('Les deux sens');
    await dialog.getByRole('button', { name: 'Supprimer le webhook' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Ce webhook avait déjà été supprimé' }),
    ).toBeVisible();
    await expect(webhooks.list.getByText('Aucun webhook')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
