// The French legal directory through the browser host and the demo operator.
import { test, expect } from './fixtures.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { ParticipantsPage } from './pages/participants-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

test('a name search groups offices under their company, then a SIREN search finds that company', async ({
  app,
  page,
}) => {
  void app;
  const directory = new DirectoryPage(page);
  await directory.open();

  let siren = '';
  await test.step('search by name (starts with)', async () => {
    await directory.search('BOULANGERIE');
    await directory.openAdvanced();
    await expect(directory.queryField()).toHaveValue('name:"BOULANGERIE*"');
    await expect(directory.groups().first()).toBeVisible();
    const heading = (await directory.groupHeadings().first().textContent()) ?? '';
    siren = /SIREN (\d{9})/.exec(heading)?.[1] ?? '';
    expect(siren).toMatch(/^\d{9}$/);
    await expect(directory.results.getByText('Siège').first()).toBeVisible();
    await expect(
      directory.results.getByRole('cell', { name: 'Réseau domestique français (PPF)' }).first(),
    ).toBeVisible();
    await expect(
      directory.results.getByRole('note', { name: 'Pourquoi pas de lien vers ses factures ?' }),
    ).toBeVisible();
    await keepScreenshot(page, {
      path: 'test-results/screenshots/directory-name-search.png',
      fullPage: true,
    });
  });

  await test.step('the contains toggle rewrites the expression, and the raw expression can be edited', async () => {
    await directory.page.getByRole('radio', { name: 'contient' }).check();
    await expect(directory.queryField()).toHaveValue('name:"*BOULANGERIE*"');
    await directory.queryField().fill('name:"BOUL*"');
    await expect(directory.searchBox).toHaveValue('BOUL');
    await expect(directory.page.getByRole('radio', { name: 'commence par' })).toBeChecked();
    await directory.page.getByRole('button', { name: 'Lancer cette requête' }).click();
    await expect(directory.groups().first()).toBeVisible();
  });

  await test.step('search by SIREN, typed with spaces', async () => {
    const spaced = `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
    await directory.search(spaced);
    await expect(directory.page.getByText('Recherche par SIREN.')).toBeVisible();
    await expect(directory.queryField()).toHaveValue(`siren:"${siren}"`);
    await expect(directory.groupHeadings()).toHaveCount(1);
    await expect(directory.groupHeadings().first()).toContainText(`SIREN ${siren}`);
    await expect(
      directory.results.getByRole('button', { name: /^Copier l’adresse électronique de / }).first(),
    ).toBeVisible();
    await keepScreenshot(page, {
      path: 'test-results/screenshots/directory-siren-search.png',
      fullPage: true,
    });
  });

  await test.step('one click searches that company among the participants', async () => {
    await directory.results
      .getByRole('button', {
        name: new RegExp(`^Rechercher dans les participants : .*\\(SIREN ${siren}\\)$`),
      })
      .click();
    const participants = new ParticipantsPage(page);
    await expect(participants.heading).toBeVisible();
    await expect(participants.searchBox).toHaveValue(siren);
    await expect(participants.participants().first()).toContainText(siren);
  });
});

test('an empty search says what to type, and nothing found says what to try', async ({
  app,
  page,
}) => {
  void app;
  const directory = new DirectoryPage(page);
  await directory.open();
  await page
    .getByRole('search', { name: 'Recherche dans l’annuaire' })
    .getByRole('button', { name: 'Rechercher', exact: true })
    .click();
  await expect(directory.searchBox).toHaveAttribute('aria-invalid', 'true');
  await expect(directory.searchBox).toHaveAccessibleDescription(
    /Saisissez un nom, un SIREN ou un SIRET/,
  );
  await directory.search('ZZZQQQXXW');
  await expect(directory.results.getByText('Aucune entreprise trouvée')).toBeVisible();
});
