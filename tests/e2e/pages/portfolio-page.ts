// The firm's portfolio (French UI, issue 19): its table of client companies, the figures as
// buttons named after what they open, the filter.
import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

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

  /** The row of the connection named `connection`: its name is the company's, or is given
   * after the company's SIREN ("SIREN 552100554 · Cabinet B"). */
  row(connection: string): Locator {
    const named = new RegExp(`(^|· )${escapeRegExp(connection)}$`);
    return this.dataRows.filter({ has: this.page.getByRole('cell', { name: named }) });
  }

  /** The "Dernière synchro" cell of the connection's row (the column after the company). */
  lastSync(connection: string): Locator {
    return this.row(connection).getByRole('cell').nth(1);
  }

  /** The button of one figure, by the words of its accessible name ("les 12 factures rejetées"). */
  figure(company: string, words: string): Locator {
    return this.table.getByRole('button', { name: `${company} : ${words}`, exact: true });
  }
}
