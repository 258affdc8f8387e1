// Page object of the participants screen (screens/Participants.svelte).
import { expect, test, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class ParticipantsPage extends AppShell {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Participants des réseaux' });
  readonly searchBox = this.page.getByRole('searchbox', {
    name: 'Nom, SIREN, SIRET ou numéro de TVA',
  });
  readonly results = this.page.getByRole('region', { name: 'Résultats' });

  open(): Promise<void> {
    return this.openScreen('Participants', this.heading);
  }

  async search(text: string): Promise<void> {
    await test.step(`search the participants for "${text}"`, async () => {
      await this.searchBox.fill(text);
      await this.page
        .getByRole('search', { name: 'Recherche de participants' })
        .getByRole('button', { name: 'Rechercher', exact: true })
        .click();
      // The previous answer stays on screen until the new one: wait for the new one.
      await expect(this.results).toHaveAttribute('aria-busy', 'false');
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
