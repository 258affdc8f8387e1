// The shell every screen shares: the main navigation and the screenshots folder.
import type { Locator, Page } from '@playwright/test';
import { test } from '@playwright/test';

export const SCREENSHOTS_DIR = 'test-results/screenshots';

export class AppShell {
  readonly page: Page;
  readonly nav: Locator;
  readonly main: Locator;

  constructor(page: Page) {
    this.page = page;
    this.nav = page.getByRole('navigation', { name: /Navigation principale|Main navigation/ });
    this.main = page.getByRole('main');
  }

  async goTo(entry: string | RegExp): Promise<void> {
    await test.step(`open "${String(entry)}" in the navigation`, async () => {
      await this.nav.getByRole('link', { name: entry }).click();
    });
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png` });
  }
}
