// The invoices screen (French UI): filters, results table, pager, detail panel.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class InvoicesPage extends AppShell {
  readonly table: Locator;
  readonly dataRows: Locator;
  readonly builtQuery: Locator;
  readonly pager: Locator;
  readonly count: Locator;
  /** The operator's only text search: the platform identifier (uuid). */
  readonly idField: Locator;
  /** The totals of the rows of this page. */
  readonly pageTotals: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Liste des factures' });
    this.dataRows = this.table.getByRole('row').filter({ has: page.getByRole('cell') });
    this.builtQuery = page.getByRole('status', { name: 'Requête envoyée à l’opérateur' });
    this.pager = page.getByRole('navigation', { name: 'Pagination' });
    this.count = page.getByRole('heading', { name: /factures? trouvées?/ });
    this.idField = page.getByRole('textbox', { name: 'Identifiant plateforme de la facture' });
    this.pageTotals = page.getByRole('group', { name: 'Totaux de cette page' });
  }

  async waitForResults(): Promise<void> {
    await expect(this.dataRows.first()).toBeVisible();
    await expect(this.page.getByRole('region', { name: /factures? trouvées?/ })).toHaveAttribute(
      'aria-busy',
      'false',
    );
  }

  async chooseStates(...labels: string[]): Promise<void> {
    await test.step(`filter on states ${labels.join(', ')}`, async () => {
      await this.page.getByRole('button', { name: /^États/ }).click();
      for (const label of labels) {
        await this.page.getByRole('checkbox', { name: label, exact: true }).check();
      }
      await this.page.keyboard.press('Escape');
    });
  }

  async chooseDirection(label: 'Toutes' | 'Reçues' | 'Émises'): Promise<void> {
    await test.step(`filter on direction ${label}`, async () => {
      await this.page.getByRole('radio', { name: label, exact: true }).check();
    });
  }

  async firstRowText(): Promise<string> {
    return (await this.dataRows.first().textContent()) ?? '';
  }

  async nextPage(): Promise<void> {
    await test.step('go to the next page', async () => {
      await this.pager.getByRole('button', { name: 'Page suivante' }).click();
    });
  }

  async sortBy(column: string): Promise<void> {
    await test.step(`sort by ${column}`, async () => {
      await this.table.getByRole('button', { name: column, exact: true }).click();
    });
  }

  columnHeader(name: string): Locator {
    return this.table.getByRole('columnheader', { name });
  }

  /** The cells of one column, in display order. */
  async columnTexts(index: number): Promise<string[]> {
    return this.dataRows.evaluateAll(
      (rows, i) => rows.map((r) => (r as HTMLTableRowElement).cells[i]?.textContent?.trim() ?? ''),
      index,
    );
  }

  async openRow(index: number): Promise<Locator> {
    return test.step(`open row ${index + 1}`, async () => {
      await this.dataRows.nth(index).click();
      const dialog = this.page.getByRole('dialog', { name: /^Facture / });
      await expect(dialog).toBeVisible();
      return dialog;
    });
  }
}

/** French amounts: "1 234,50 €" with no-break spaces. */
export function parseFrenchAmount(text: string): number {
  return Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));
}

/** Waits until the first screen (Invoices) shows its rows: the start-up's first search is then
 * answered and written to the archive (services/first-search.ts writes it before the page takes
 * it). A test that computes its expected figures from the archive does so after this, so that
 * they are what every screen reads (computed earlier, they missed that page of invoices or not,
 * depending on the machine's speed). */
export async function startUpWritten(page: Page): Promise<void> {
  await new InvoicesPage(page).waitForResults();
}
