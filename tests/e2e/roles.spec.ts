// A user-role connection meets the admin-only screens: a clear explanation, not a raw 403.
import { test, expect } from './fixtures.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { ParticipantsPage } from './pages/participants-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

const EXPLANATION =
  'Cette recherche demande le rôle administrateur sur la plateforme. La connexion active n’a que le rôle utilisateur. Choisissez une connexion administrateur dans Connexions.';

test('with "Démo (utilisateur)", Participants and Webhooks explain the admin role', async ({
  app,
  page,
}) => {
  void app;
  await test.step('switch to the user connection', async () => {
    await page
      .getByRole('combobox', { name: 'Connexion active' })
      .selectOption({ label: 'Démo (utilisateur)' });
    await expect(page.getByRole('combobox', { name: 'Connexion active' })).toHaveValue('demo-user');
  });

  await test.step('the directory still answers (user role)', async () => {
    const directory = new DirectoryPage(page);
    await directory.open();
    await directory.search('BOULANGERIE');
    await expect(directory.groups().first()).toBeVisible();
  });

  const participants = new ParticipantsPage(page);
  await test.step('participants: the explanation', async () => {
    await participants.open();
    await participants.search('BOULANGERIE');
    await expect(participants.adminRequired).toContainText(EXPLANATION);
    await expect(page.getByText(/403/)).toHaveCount(0);
    await keepScreenshot(page, {
      path: 'test-results/screenshots/participants-user-role.png',
      fullPage: true,
    });
  });

  await test.step('webhooks: the explanation', async () => {
    const webhooks = new WebhooksPage(page);
    await webhooks.open();
    await expect(webhooks.adminRequired).toContainText(
      'La gestion des webhooks demande le rôle administrateur sur la plateforme. La connexion active n’a que le rôle utilisateur. Choisissez une connexion administrateur dans Connexions.',
    );
    await expect(page.getByRole('button', { name: 'Nouveau webhook' })).toHaveCount(0);
    await keepScreenshot(page, {
      path: 'test-results/screenshots/webhooks-user-role.png',
      fullPage: true,
    });
  });

  await test.step('the button leads to Connexions', async () => {
    await page.getByRole('button', { name: 'Aller dans Connexions' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Connexions/);
  });
});
