// Every screen keeps its search (fields, answer, page) while the user visits other screens, and
// searches again when the active connection changed in between.
import { test, expect } from './fixtures.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { ParticipantsPage } from './pages/participants-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';

test('invoices, directory, participants and webhooks keep their search across screens', async ({
  app,
  page,
}) => {
  void app;
  const invoices = new InvoicesPage(page);
  const directory = new DirectoryPage(page);
  const participants = new ParticipantsPage(page);
  const webhooks = new WebhooksPage(page);

  let invoiceRows = '';
  await test.step('invoices: a state filter and the second page', async () => {
    await invoices.waitForResults();
    await invoices.chooseStates('Distribuée');
    await expect(invoices.builtQuery).toContainText('DELIVERED');
    await invoices.nextPage();
    await expect(invoices.pager).toContainText(/^51–100 sur /);
    await invoices.waitForResults();
    invoiceRows = (await invoices.columnTexts(0)).join('|');
  });

  let directoryGroups: string[] = [];
  await test.step('directory: a "contains" search, the advanced expression open, page 2', async () => {
    await directory.open();
    await directory.search('BOULANGERIE', 'contient');
    await directory.openAdvanced();
    const pager = directory.results.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Page suivante' }).click();
    await expect(pager).toContainText(/^21–/);
    await expect(directory.results).toHaveAttribute('aria-busy', 'false');
    directoryGroups = await directory.groupHeadings().allTextContents();
    expect(directoryGroups.length).toBeGreaterThan(0);
  });

  let participantNames: string[] = [];
  await test.step('participants: a name search', async () => {
    await participants.open();
    await participants.search('BOULANGERIE');
    await expect(participants.participants().first()).toBeVisible();
    participantNames = await participants.results
      .getByRole('heading', { level: 3 })
      .allTextContents();
  });

  await test.step('webhooks: one created and opened, a second one half typed', async () => {
    await webhooks.open();
    await webhooks.create({
      label: 'ERP – tout',
      direction: 'Les deux sens',
      statusUrl: 'https://erp.example.fr/statut',
      invoiceUrl: 'https://erp.example.fr/factures',
    });
    await expect(webhooks.row('ERP – tout')).toBeVisible();
    await expect(webhooks.details('ERP – tout')).toBeVisible();
    await page.getByRole('button', { name: 'Nouveau webhook' }).click();
    await webhooks.form.getByRole('textbox', { name: 'Libellé' }).fill('Brouillon');
  });

  await test.step('away to the settings, and back to each screen', async () => {
    await invoices.goTo('Connexions et paramètres');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Connexions et paramètres' }),
    ).toBeVisible();

    await webhooks.open();
    await expect(webhooks.form.getByRole('textbox', { name: 'Libellé' })).toHaveValue('Brouillon');
    await expect(webhooks.row('ERP – tout')).toBeVisible();
    await expect(webhooks.details('ERP – tout')).toBeVisible();

    await participants.open();
    await expect(participants.searchBox).toHaveValue('BOULANGERIE');
    await expect(participants.results.getByRole('heading', { level: 3 })).toHaveText(
      participantNames,
    );

    await directory.open();
    await expect(directory.searchBox).toHaveValue('BOULANGERIE');
    await expect(page.getByRole('radio', { name: 'contient' })).toBeChecked();
    await expect(directory.queryField()).toBeVisible();
    await expect(directory.queryField()).toHaveValue('name:"*BOULANGERIE*"');
    await expect(directory.groupHeadings()).toHaveText(directoryGroups);
    await expect(directory.results.getByRole('navigation', { name: 'Pagination' })).toContainText(
      /^21–/,
    );

    await invoices.goTo('Factures');
    await expect(page.getByRole('button', { name: /^États/ })).toContainText('Distribuée');
    await expect(invoices.pager).toContainText(/^51–100 sur /);
    expect((await invoices.columnTexts(0)).join('|')).toBe(invoiceRows);
  });

  await test.step('a new connection meanwhile: the kept search runs again for it', async () => {
    await page
      .getByRole('combobox', { name: 'Connexion active' })
      .selectOption({ label: 'Démo (utilisateur)' });
    await participants.open();
    await expect(participants.searchBox).toHaveValue('BOULANGERIE');
    await expect(participants.adminRequired).toBeVisible();
  });
});
