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

  /** The explanation an admin-only screen gives a user-role connection. */
  get adminRequired(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'Rôle administrateur requis' });
  }

  /** Opens a screen from the navigation and waits for its title. */
  protected async openScreen(entry: string, heading: Locator): Promise<void> {
    await this.goTo(entry);
    await heading.waitFor();
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
