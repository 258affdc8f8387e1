// A new user on the demo connection: invoices at once, filters, paging, sorting, one invoice.
import { test, expect } from './fixtures.ts';
import { InvoicesPage, parseFrenchAmount } from './pages/invoices-page.ts';

test('a new user browses, filters, pages, sorts and opens an invoice', async ({ app, page }) => {
  void app;
  const invoices = new InvoicesPage(page);

  await test.step('the invoices show at once, without any input', async () => {
    await invoices.waitForResults();
    await expect(invoices.count).toBeVisible();
    await expect(invoices.builtQuery).toHaveText('aucune condition : toutes les factures');
    await invoices.screenshot('invoices-list');
  });

  await invoices.chooseStates('Distribuée');
  await invoices.chooseDirection('Reçues');

  await test.step('the built query is shown', async () => {
    await expect(invoices.builtQuery).toHaveText(
      'invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"',
    );
    await expect(page.getByRole('button', { name: 'Copier la requête' })).toBeVisible();
  });

  await test.step('every row is a delivered, received invoice', async () => {
    await invoices.waitForResults();
    await expect(invoices.pager).toContainText(/^1–50 sur/);
    const states = await invoices.columnTexts(6);
    const directions = await invoices.columnTexts(8);
    expect(new Set(states)).toEqual(new Set(['Distribuée']));
    expect(new Set(directions)).toEqual(new Set(['Reçue']));
  });

  const firstPageFirstRow = await invoices.firstRowText();
  await invoices.nextPage();

  await test.step('the next page shows other rows and the count', async () => {
    await expect(invoices.pager).toContainText(/^51–100 sur \d/);
    await expect.poll(() => invoices.firstRowText()).not.toBe(firstPageFirstRow);
    await expect(invoices.count).toHaveText(/^[\d\s\u202f\u00a0]+ factures trouvées$/);
  });

  await invoices.sortBy('Total TTC');

  await test.step('the page is sorted by amount, and says it is a local sort', async () => {
    await expect(invoices.columnHeader('Total TTC')).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByText(/Tri local : seules les 50 lignes/)).toBeVisible();
    const amounts = (await invoices.columnTexts(5)).map(parseFrenchAmount);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    await invoices.sortBy('Total TTC');
    await expect(invoices.columnHeader('Total TTC')).toHaveAttribute('aria-sort', 'descending');
  });

  const dialog = await invoices.openRow(0);

  await test.step('the invoice shows its VAT breakdown in French and its parties', async () => {
    const vat = dialog.getByRole('table', { name: 'Ventilation de la TVA' });
    await expect(vat).toBeVisible();
    await expect(vat.getByRole('columnheader', { name: 'Taux' })).toBeVisible();
    const firstLine = vat.getByRole('row').nth(1);
    await expect(firstLine.getByRole('cell').nth(1)).toHaveText(/^\d+(,\d+)?\s%$/);
    await expect(firstLine.getByRole('cell').nth(2)).toHaveText(/^-?[\d\s]+,\d{2}\s€$/);
    await expect(firstLine.getByRole('cell').nth(3)).toHaveText(/^-?[\d\s]+,\d{2}\s€$/);
    const seller = dialog.getByRole('article', { name: 'Vendeur' });
    const buyer = dialog.getByRole('article', { name: 'Acheteur' });
    await expect(seller).toBeVisible();
    await expect(buyer).toBeVisible();
    await expect(
      buyer.getByRole('term').filter({ hasText: /^\s*Adresse électronique\s*$/ }),
    ).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Totaux' })).toContainText('Net à payer');
    await expect(dialog.getByRole('button', { name: 'Copier Identifiant de flux' })).toBeVisible();
    await invoices.screenshot('invoice-detail');
  });

  await test.step('Escape closes the invoice and focus goes back to its row', async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(invoices.dataRows.first()).toBeFocused();
  });

  await test.step('the keyboard moves through rows and Enter opens one', async () => {
    await page.keyboard.press('ArrowDown');
    await expect(invoices.dataRows.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /^Facture / })).toBeVisible();
    await page.getByRole('button', { name: 'Fermer la facture' }).click();
    await expect(invoices.dataRows.nth(1)).toBeFocused();
  });
});

test('an invalid invoice id is explained and not sent', async ({ app, page }) => {
  void app;
  const invoices = new InvoicesPage(page);
  await invoices.waitForResults();
  await page.getByLabel('Identifiant plateforme de la facture').fill('1234');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText('« 1234 » n’est pas un identifiant plateforme (UUID)')).toBeVisible();
  await expect(page.getByLabel('Identifiant plateforme de la facture')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(invoices.builtQuery).toHaveText('aucune condition : toutes les factures');
});
