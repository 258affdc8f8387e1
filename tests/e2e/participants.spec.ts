// Participant search across networks through the browser host (admin connection).
import { test, expect } from './fixtures.ts';
import { ParticipantsPage } from './pages/participants-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

test('a VAT number taken from a name search finds exactly that participant', async ({
  app,
  page,
}) => {
  void app;
  const participants = new ParticipantsPage(page);
  await participants.open();

  let name = '';
  let vat = '';
  await test.step('search by name', async () => {
    await participants.search('BOULANGERIE');
    const first = participants.participants().first();
    await expect(first).toBeVisible();
    name = (await first.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
    vat = /\b(FR\d{11})\b/.exec((await first.textContent()) ?? '')?.[1] ?? '';
    expect(vat).toMatch(/^FR\d{11}$/);
    await expect(first.getByText('France')).toBeVisible();
    await expect(
      first.getByRole('cell', { name: 'Réseau domestique français (PPF)' }).first(),
    ).toBeVisible();
  });

  await test.step('search by that VAT number', async () => {
    await participants.search(vat);
    await expect(participants.participants()).toHaveCount(1);
    const found = participants.participant(name);
    await expect(found).toContainText(vat);
    await expect(
      found.getByRole('button', { name: /^Copier l’adresse \d{4}:/ }).first(),
    ).toBeVisible();
    await keepScreenshot(page, {
      path: 'test-results/screenshots/participants-vat-search.png',
      fullPage: true,
    });
  });
});
