// Page object of the participants screen (screens/Participants.svelte).
import { test, type Locator, type Page } from '@playwright/test';

export class ParticipantsPage {
  readonly heading: Locator;
  readonly searchBox: Locator;
  readonly results: Locator;
  readonly adminRequired: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Participants des réseaux' });
    this.searchBox = page.getByRole('searchbox', { name: 'Nom, SIREN, SIRET ou numéro de TVA' });
    this.results = page.getByRole('region', { name: 'Résultats' });
    this.adminRequired = page.getByRole('alert').filter({ hasText: 'Rôle administrateur requis' });
  }

  async open(): Promise<void> {
    await test.step('open the participants', async () => {
      await this.page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Participants' })
        .click();
      await this.heading.waitFor();
    });
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
