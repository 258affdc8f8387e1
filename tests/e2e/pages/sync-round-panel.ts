// "Synchronisation de toutes les connexions" (issue 19): the panel under the connections.
import type { Locator, Page } from '@playwright/test';

export class SyncRoundPanel {
  readonly region: Locator;
  readonly start: Locator;
  readonly stop: Locator;
  readonly progress: Locator;
  readonly frequency: Locator;

  constructor(page: Page) {
    this.region = page.getByRole('region', { name: 'Synchronisation de toutes les connexions' });
    this.start = this.region.getByRole('button', { name: 'Synchroniser tout' });
    this.stop = this.region.getByRole('button', { name: 'Arrêter' });
    this.progress = this.region.getByRole('progressbar', {
      name: 'Progression de la synchronisation de toutes les connexions',
    });
    this.frequency = this.region.getByRole('combobox', { name: 'Fréquence' });
  }

  /** One connection's own frequency (under "Fréquence de chaque connexion", opened first). */
  async frequencyOf(name: string): Promise<Locator> {
    const each = this.region.getByText('Fréquence de chaque connexion');
    if (!(await this.region.locator('details').evaluate((d) => (d as HTMLDetailsElement).open)))
      await each.click();
    return this.region.getByRole('combobox', { name: `Fréquence de ${name}` });
  }

  /** The panel's spoken outcome (the round's end). */
  outcome(): Locator {
    return this.region.getByRole('status').first();
  }
}
