// The firm's portfolio (French UI, issue 19): its table of client companies, the figures as
// buttons named after what they open, the filter.
import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class PortfolioPage extends AppShell {
  readonly heading: Locator;
  readonly table: Locator;
  readonly dataRows: Locator;
  readonly filter: Locator;
  readonly onlyToAct: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Portefeuille' });
    this.table = page.getByRole('table', { name: 'Dossiers clients' });
    this.dataRows = this.table.getByRole('row').filter({ has: page.getByRole('cell') });
    this.filter = page.getByRole('searchbox', { name: 'Filtrer les dossiers' });
    this.onlyToAct = page.getByRole('checkbox', {
      name: 'Seulement les dossiers avec quelque chose à traiter',
    });
  }

  /** The row of the connection named `connection`. */
  row(connection: string): Locator {
    return this.dataRows.filter({
      has: this.page.getByRole('cell', { name: connection, exact: true }),
    });
  }

  /** The button of one figure, by the words of its accessible name ("les 12 factures rejetées"). */
  figure(company: string, words: string): Locator {
    return this.table.getByRole('button', { name: `${company} : ${words}`, exact: true });
  }
}
