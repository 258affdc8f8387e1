// The interface language when nothing forces it: French unless the system asks for English.
// LANG=C, LC_ALL=C or no locale variable at all name no language (Node's Intl still answers
// "en-US"): the interface comes up in French; LANG=en_US.UTF-8 gives English.
import { test, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';

/** No forced language, and no locale variable but the ones given. */
const system = (variables: Record<string, string>) => ({
  INVOICE_DESK_LANG: '',
  LC_ALL: '',
  LC_MESSAGES: '',
  LANG: '',
  ...variables,
});

for (const [name, env] of [
  ['LANG=C', system({ LANG: 'C' })],
  ['LC_ALL=C over LANG=en_US.UTF-8', system({ LC_ALL: 'C', LANG: 'en_US.UTF-8' })],
  ['no locale variable', system({})],
] as const) {
  test.describe(name, () => {
    test.use({ appEnv: env });

    test('the interface comes up in French', async ({ app, page }) => {
      void app;
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      await expect(nav.getByRole('link', { name: 'Factures' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await nav.getByRole('link', { name: 'Connexions et paramètres' }).click();
      await expect(
        page.getByRole('radio', { name: 'Système (aucune langue indiquée)' }),
      ).toBeChecked();
      await keepScreenshot(page, {
        path: `${SCREENSHOTS_DIR}/language-${name.replace(/\W+/g, '-')}.png`,
      });
    });
  });
}

test.describe('LANG=en_US.UTF-8', () => {
  test.use({ appEnv: system({ LANG: 'en_US.UTF-8' }) });

  test('the interface comes up in English', async ({ app, page }) => {
    void app;
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await nav.getByRole('link', { name: 'Connections and settings' }).click();
    await expect(page.getByRole('radio', { name: 'System (en-US)' })).toBeChecked();
  });
});
