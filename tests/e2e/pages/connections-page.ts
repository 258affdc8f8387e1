// Connections and settings (French UI).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export interface ConnectionFields {
  name: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  customerId?: string;
  clientSecret: string;
}

export class ConnectionsPage extends AppShell {
  readonly list: Locator;

  constructor(page: Page) {
    super(page);
    this.list = page.getByRole('list', { name: 'Connexions enregistrées' });
  }

  async open(): Promise<void> {
    await this.goTo('Connexions et paramètres');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Connexions et paramètres' }),
    ).toBeVisible();
  }

  connection(name: string): Locator {
    return this.list.getByRole('listitem', { name });
  }

  /** The value shown for a term of a connection's summary (e.g. "Adresse de base"). */
  async summaryValue(connection: string, term: string): Promise<string> {
    const item = this.connection(connection);
    const terms = await item.getByRole('term').allTextContents();
    const index = terms.findIndex((t) => t.trim() === term);
    expect(index, `term ${term}`).toBeGreaterThanOrEqual(0);
    return ((await item.getByRole('definition').nth(index).textContent()) ?? '').trim();
  }

  async create(fields: ConnectionFields): Promise<Locator> {
    return test.step(`create the connection ${fields.name}`, async () => {
      await this.page.getByRole('button', { name: 'Nouvelle connexion' }).click();
      const dialog = this.page.getByRole('dialog', { name: 'Nouvelle connexion' });
      await dialog.getByLabel('Nom', { exact: true }).fill(fields.name);
      await dialog.getByLabel('Adresse de base de l’API').fill(fields.baseUrl);
      await dialog.getByLabel('Adresse du jeton OAuth').fill(fields.tokenUrl);
      await dialog.getByLabel('Identifiant client').fill(fields.clientId);
      if (fields.customerId) await dialog.getByLabel(/customer-id/).fill(fields.customerId);
      await dialog.getByLabel('Secret client').fill(fields.clientSecret);
      // Without an OS keychain the only offer is to keep the secret for this session. The form
      // learns that from the keychain's status, which may come after the fields are typed: take
      // the offer whenever it shows, before or after "Enregistrer".
      const sessionOnly = dialog.getByRole('checkbox', { name: /cette session seulement/ });
      const save = dialog.getByRole('button', { name: 'Enregistrer' });
      if (await sessionOnly.isVisible()) await sessionOnly.check();
      await save.click();
      // Short timeouts inside: the dialog may close under any of these calls, and a call that
      // waits for a vanished element must fail fast so that the next round sees it closed.
      await expect(async () => {
        if (await dialog.isHidden()) return;
        if ((await sessionOnly.isVisible()) && !(await sessionOnly.isChecked({ timeout: 500 }))) {
          await sessionOnly.check({ timeout: 1_000 });
          await save.click({ timeout: 1_000 });
        }
        await expect(dialog).toBeHidden({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      return this.connection(fields.name);
    });
  }

  async test(name: string): Promise<Locator> {
    return test.step(`test the connection ${name}`, async () => {
      const item = this.connection(name);
      await item.getByRole('button', { name: `Tester la connexion ${name}` }).click();
      return item;
    });
  }
}
