// Several connections in one window (French UI): adding them, switching the active one from the
// sidebar (or from "another window", under an open panel), and what each screen shows of the
// connection it was asked for, read back as the texts a user would recognise.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { RunningDemoOperator } from '#main/demo-operator/index.ts';
import type { App } from '../fixtures.ts';
import { rpc } from './archive-page.ts';
import { AppShell } from './app-shell.ts';

export class Connections extends AppShell {
  readonly switcher: Locator;
  /** What the switcher says once a switch is done ("Connexion active : …"), for screen readers. */
  readonly switched: Locator;
  readonly ids = new Map<string, string>();

  constructor(page: Page) {
    super(page);
    this.switcher = page.getByRole('combobox', { name: 'Connexion active' });
    this.switched = page.getByRole('status').filter({ hasText: /^Connexion active : / });
  }

  /** Saves a connection to `operator` (not activated). */
  async add(app: App, name: string, operator: RunningDemoOperator): Promise<void> {
    await this.save(app, name, operator.baseUrl, operator.tokenUrl, operator.clients.admin);
  }

  /** Saves a connection whose address is mistyped: its host name resolves to nothing. */
  async addMistyped(app: App, name: string): Promise<void> {
    await this.save(
      app,
      name,
      'https://api.operateur-mal-saisi.invalid',
      'https://api.operateur-mal-saisi.invalid/oauth/token',
      {
        clientId: '0f6b3b4e-8f1c-4b9e-9a57-3d2f1c0b9a11',
        clientSecret: 'secret-de-test-123',
      },
    );
  }

  async save(
    app: App,
    name: string,
    baseUrl: string,
    tokenUrl: string,
    client: { clientId: string; clientSecret: string },
  ): Promise<void> {
    const saved = await rpc(this.page, app, 'connections:save', {
      name,
      baseUrl,
      tokenUrl,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      secretStorage: 'session',
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved.error));
    this.ids.set(name, (saved.value as { id: string }).id);
  }

  /** Chooses the active connection in the sidebar, and returns once the app has taken it: the
   * select shows the choice at once, but until main has saved it every screen still shows, and
   * may still be asked for, the previous connection's answers. The switcher then says so. */
  async switchTo(name: string): Promise<void> {
    await test.step(`switch to "${name}"`, async () => {
      await this.switcher.selectOption({ label: name });
      await expect(this.switcher.locator('option:checked')).toHaveText(name);
      await expect(this.switched).toHaveText(`Connexion active : ${name}`);
    });
  }

  /** Makes `name` active from outside this window (the settings, as another window would). */
  async switchElsewhere(app: App, id: string): Promise<void> {
    await test.step('another window makes another connection active', async () => {
      const r = await rpc(this.page, app, 'settings:update', { activeConnectionId: id });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
    });
  }

  /** Asserts that none of `texts` (another connection's rows, counts, names, figures) is on screen. */
  async expectNoneOf(texts: Iterable<string>, what: string): Promise<void> {
    await test.step(`nothing of ${what} on screen`, async () => {
      const body = this.page.locator('body');
      for (const text of texts) await expect(body, text).not.toContainText(text);
    });
  }
}

/** The first cells' texts of a table's data rows (e.g. the invoice numbers of the page shown). */
export async function firstCells(table: Locator, count: number): Promise<string[]> {
  const rows = table.getByRole('row').filter({ has: table.page().getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  const texts = await rows.evaluateAll(
    (all, n) => all.slice(0, n).map((r) => (r as HTMLTableRowElement).cells[0]?.innerText.trim()),
    count,
  );
  return texts.filter((t): t is string => Boolean(t));
}
