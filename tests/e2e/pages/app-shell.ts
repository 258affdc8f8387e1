// The shell every screen shares: the main navigation and the screenshots folder.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

export const SCREENSHOTS_DIR = 'test-results/screenshots';

/** A screenshot for a person to look at (test-results/screenshots), not a check: taken when the
 * suite runs on a developer's machine, left out under CI (CI=true), where nobody looks at them
 * and the suite's 218 took about a tenth of its UI CPU (issue 25). A failing test still gets
 * Playwright's own screenshot. */
export async function keepScreenshot(
  page: Page,
  options: Parameters<Page['screenshot']>[0] & { path: string },
): Promise<void> {
  if (process.env.CI) return;
  await page.screenshot(options);
}

export class AppShell {
  readonly page: Page;
  readonly nav: Locator;
  readonly main: Locator;
  /** "Travailler hors ligne", in the sidebar. */
  readonly offlineSwitch: Locator;

  constructor(page: Page) {
    this.page = page;
    this.nav = page.getByRole('navigation', { name: /Navigation principale|Main navigation/ });
    this.main = page.getByRole('main');
    this.offlineSwitch = page.getByRole('switch', { name: /Travailler hors ligne|Work offline/ });
  }

  /** Turns "Travailler hors ligne" on or off, and returns once the app has taken it: the switch
   * is ticked at once, but stays disabled until main has saved the setting and every screen has
   * started again from it. Until then a screen shows, and then replaces, its earlier answer. */
  async setWorkOffline(on: boolean): Promise<void> {
    await test.step(`work offline: ${on}`, async () => {
      await this.offlineSwitch.setChecked(on);
      await expect(this.offlineSwitch).toBeEnabled();
      await expect(this.offlineSwitch).toBeChecked({ checked: on });
    });
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
    await keepScreenshot(this.page, { path: `${SCREENSHOTS_DIR}/${name}.png` });
  }
}
