// Page object of Suivi › À traiter (screens/follow-up/ExceptionsView.svelte): the period, which
// rows are shown, the table of invoices to act on, the selection, "Marquer comme traitée" with
// its note dialog, "Rouvrir", and the outcome with its undo.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export class ExceptionsPage extends AppShell {
  readonly heading: Locator;
  readonly tab: Locator;
  readonly period: Locator;
  readonly show: Locator;
  readonly table: Locator;
  readonly markButton: Locator;
  readonly reopenButton: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Suivi' });
    this.tab = page.getByRole('tab', { name: 'À traiter' });
    this.period = page.getByRole('group', { name: 'Période' });
    this.show = page.getByRole('group', { name: 'Afficher' });
    this.table = page.getByRole('table', { name: 'Factures à traiter' });
    this.markButton = this.main.getByRole('button', { name: 'Marquer comme traitée' });
    this.reopenButton = this.main.getByRole('button', { name: 'Rouvrir' });
    this.dialog = page.getByRole('dialog', { name: 'Marquer comme traitée' });
  }

  async open(): Promise<void> {
    await this.openScreen('Suivi', this.heading);
    await this.tab.click();
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
  }

  async showOnly(which: 'À traiter' | 'Traitées' | 'Toutes'): Promise<void> {
    await test.step(`show "${which}"`, async () => {
      await this.show.getByRole('radio', { name: which }).check();
    });
  }

  /** The data rows (not the header). */
  get rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }

  /** The row of an invoice by its number. */
  row(number: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: number, exact: true }) });
  }

  tick(number: string): Locator {
    return this.table.getByRole('checkbox', { name: `Sélectionner la facture ${number}` });
  }

  /** Marks the ticked rows handled with `note`, from the dialog. */
  async markTicked(note: string): Promise<void> {
    await test.step(`mark the ticked rows handled: "${note}"`, async () => {
      await this.markButton.click();
      await expect(this.dialog).toBeVisible();
      const field = this.dialog.getByRole('textbox', { name: 'Note' });
      await expect(field).toBeFocused();
      await field.fill(note);
      await this.dialog.getByRole('button', { name: 'Marquer comme traitée' }).click();
      await expect(this.dialog).toBeHidden();
    });
  }

  /** The outcome line ("… marquée comme traitée." with "Annuler"). */
  outcome(text: string | RegExp): Locator {
    return this.main.getByRole('status').filter({ hasText: text });
  }
}
