// Page object of the French legal directory screen (screens/Directory.svelte).
import { expect, test, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class DirectoryPage extends AppShell {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Annuaire légal français' });
  readonly searchBox = this.page.getByRole('searchbox', { name: 'Nom, SIREN ou SIRET' });
  readonly results = this.page.getByRole('region', { name: 'Résultats' });
  readonly count = this.results.getByRole('status').filter({ hasText: /entrées? dans l’annuaire/ });

  open(): Promise<void> {
    return this.openScreen('Annuaire', this.heading);
  }

  async search(text: string, match: 'commence par' | 'contient' = 'commence par'): Promise<void> {
    await test.step(`search the directory for "${text}"`, async () => {
      await this.searchBox.fill(text);
      const radio = this.page.getByRole('radio', { name: match });
      if (await radio.isEnabled()) await radio.check();
      await this.page
        .getByRole('search', { name: 'Recherche dans l’annuaire' })
        .getByRole('button', { name: 'Rechercher', exact: true })
        .click();
      await this.waitForAnswer();
      await this.count.waitFor();
    });
  }

  /** The search sent last has been answered. Until then the previous answer stays on screen,
   * count included: a count alone does not say which search it answers. */
  async waitForAnswer(): Promise<void> {
    await expect(this.results).toHaveAttribute('aria-busy', 'false');
  }

  /** One legal unit with its offices, by the heading "NAME, SIREN 123456789". */
  groups(): Locator {
    return this.results.getByRole('article');
  }

  groupHeadings(): Locator {
    return this.results.getByRole('heading', { level: 3 });
  }

  /** The raw q expression of the advanced field. */
  queryField(): Locator {
    return this.page.getByRole('textbox', { name: 'Expression de recherche (q)' });
  }

  async openAdvanced(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: 'Requête avancée' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}
