// Issue 27, item 6 (focus rules for forms): after "Enregistrer" the focus is not lost on <body>;
// it stays on the button (the saved confirmation is announced by its status region). The
// accounting settings form, in French, at 1366×768 and 1024×700, on a fixed clock.
import { test, expect } from './fixtures.ts';
import { AccountingPage } from './pages/accounting-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`focus stays on "Enregistrer" after saving the accounting settings at ${size}`, async ({
    app,
    page,
  }) => {
    void app;
    await page.setViewportSize(viewport);
    await page.clock.setFixedTime(NOW);
    await page.reload();
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
}
