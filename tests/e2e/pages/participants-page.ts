// Page object of the participants screen (screens/Participants.svelte).
import { test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class ParticipantsPage extends AppShell {
  readonly heading: Locator;
  readonly searchBox: Locator;
  readonly results: Locator;
  readonly adminRequired: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Participants des réseaux' });
    this.searchBox = page.getByRole('searchbox', { name: 'Nom, SIREN, SIRET ou numéro de TVA' });
    this.results = page.getByRole('region', { name: 'Résultats' });
    this.adminRequired = page.getByRole('alert').filter({ hasText: 'Rôle administrateur requis' });
  }

  async open(): Promise<void> {
    await this.goTo('Participants');
    await this.heading.waitFor();
  }

  async search(text: string): Promise<void> {
    await test.step(`search the participants for "${text}"`, async () => {
      await this.searchBox.fill(text);
      await this.page
        .getByRole('search', { name: 'Recherche de participants' })
        .getByRole('button', { name: 'Rechercher', exact: true })
        .click();
      await this.results.getByRole('status').or(this.results.getByRole('alert')).first().waitFor();
    });
  }

  participants(): Locator {
    return this.results.getByRole('article');
  }

  participant(name: string): Locator {
    return this.results.getByRole('article', { name, exact: true });
  }
}
