// Page object of the Comptabilité screen (screens/Accounting.svelte): the period, the journal
// totals, the parts (tabs) of the screen, the entries table, the queue of third parties to map,
// what was set aside, the remembered third parties and the FEC export.
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class AccountingPage extends AppShell {
  readonly heading: Locator;
  readonly period: Locator;
  readonly totals: Locator;
  readonly tabs: Locator;
  readonly panel: Locator;
  readonly fec: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Comptabilité' });
    this.period = page.getByRole('group', { name: 'Période' });
    this.totals = page.getByRole('table', { name: 'Débit et crédit par journal' });
    this.tabs = page.getByRole('tablist', { name: 'Parties de la comptabilité' });
    this.panel = page.getByRole('tabpanel');
    this.fec = page.getByRole('group', { name: 'Fichier des écritures comptables (FEC)' });
  }

  async open(): Promise<void> {
    await this.openScreen('Comptabilité', this.heading);
  }

  async chooseMonth(month: string, year: number): Promise<void> {
    await test.step(`choose the month "${month} ${year}"`, async () => {
      await this.select('Type de période').selectOption({ label: 'Mois' });
      await this.select('Mois').selectOption({ label: month });
      await this.select('Année').selectOption(String(year));
    });
  }

  async chooseQuarter(quarter: string, year: number): Promise<void> {
    await test.step(`choose the quarter "${quarter} ${year}"`, async () => {
      await this.select('Type de période').selectOption({ label: 'Trimestre' });
      await this.select('Trimestre').selectOption({ label: quarter });
      await this.select('Année').selectOption(String(year));
    });
  }

  select(name: string): Locator {
    return this.period.getByRole('combobox', { name, exact: true });
  }

  tab(name: string | RegExp): Locator {
    return this.tabs.getByRole('tab', { name });
  }

  /** A journal's row in the totals: its cells (entries, lines, debit, credit, balance). */
  journalRow(code: string): Locator {
    return this.totals
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${code} · `) }) });
  }

  /** The entries table of the journal shown. */
  get entries(): Locator {
    return this.page.getByRole('table', { name: /^Écritures (du journal|de tous)/ });
  }

  /** The data rows (not the header) of a table. */
  dataRows(table: Locator): Locator {
    return table.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }

  get queue(): Locator {
    return this.page.getByRole('table', { name: 'Tiers à affecter' });
  }

  /** A queue row by the third party's name and role ("Client", "Fournisseur"): one company may
   * be both. */
  queueRow(name: string, role: 'Client' | 'Fournisseur'): Locator {
    return this.queue
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) })
      .filter({ has: this.page.getByRole('cell', { name: role, exact: true }) });
  }

  auxiliaryField(name: string): Locator {
    return this.page.getByRole('textbox', { name: `Compte auxiliaire de ${name}`, exact: true });
  }

  accountField(name: string): Locator {
    return this.page.getByRole('textbox', { name: `Compte de ${name}`, exact: true });
  }

  invoicePanel(number: string): Locator {
    return this.page.getByRole('dialog', { name: `Facture ${number}` });
  }

  /** "Exporter le FEC" with the options chosen; the download saved into `folder`. */
  async exportFec(
    folder: string,
    options: { separator?: string; encoding?: string } = {},
  ): Promise<{ path: string; fileName: string }> {
    return test.step('export the FEC and receive the download', async () => {
      if (options.separator)
        await this.fec
          .getByRole('combobox', { name: 'Séparateur' })
          .selectOption({ label: options.separator });
      if (options.encoding)
        await this.fec
          .getByRole('combobox', { name: 'Encodage' })
          .selectOption({ label: options.encoding });
      const downloading = this.page.waitForEvent('download');
      await this.fec.getByRole('button', { name: 'Exporter le FEC' }).click();
      const download = await downloading;
      const fileName = download.suggestedFilename();
      const path = join(folder, fileName);
      await download.saveAs(path);
      await expect(
        this.fec.getByRole('status').filter({ hasText: `Téléchargement lancé : ${fileName}` }),
      ).toBeVisible();
      return { path, fileName };
    });
  }
}
