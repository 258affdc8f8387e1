// Page object of the reports screen (screens/Reports.svelte): the report tabs, the period picker,
// the chart and the tables of figures.
import { test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class ReportsPage extends AppShell {
  readonly heading: Locator;
  readonly tabs: Locator;
  readonly period: Locator;
  readonly exportButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Rapports' });
    this.tabs = page.getByRole('tablist', { name: 'Choix du rapport' });
    this.period = page.getByRole('group', { name: 'Période' });
    this.exportButton = page.getByRole('button', { name: 'Exporter vers Excel' });
  }

  async open(): Promise<void> {
    await test.step('open the reports', async () => {
      await this.page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Rapports' })
        .click();
      await this.heading.waitFor();
    });
  }

  tab(name: 'TVA' | 'Échéancier' | 'Statuts' | 'Déclaration de TVA'): Locator {
    // Exact: "TVA" is also in "Déclaration de TVA".
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  async chooseQuarter(quarter: string, year: number): Promise<void> {
    await test.step(`choose the quarter "${quarter} ${year}"`, async () => {
      await this.select('Type de période').selectOption({ label: 'Trimestre' });
      await this.select('Trimestre').selectOption({ label: quarter });
      await this.select('Année').selectOption(String(year));
    });
  }

  /** A list of the period picker by its label. */
  select(name: string): Locator {
    return this.period.getByRole('combobox', { name, exact: true });
  }

  chart(name: string | RegExp): Locator {
    return this.page.getByRole('img', { name });
  }

  /** A table by its caption or label. */
  table(name: string | RegExp): Locator {
    return this.page.getByRole('table', { name });
  }

  /** The cells of a table's body row whose header cell is `row`. */
  row(table: Locator, row: string): Locator {
    return table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: row }) });
  }

  /** The data rows (not the header) of a table. */
  dataRows(table: Locator): Locator {
    return table.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }

  /** The invoice panel, named after the invoice's number. */
  invoicePanel(number: string): Locator {
    return this.page.getByRole('dialog', { name: `Facture ${number}` });
  }
}
