// Page object of the "Déclaration de TVA" tab of Rapports (screens/reports/Ca3ReportView.svelte):
// the form's sections, a box's line and its button opening the invoices behind it, line 22.
import type { Locator, Page } from '@playwright/test';

export class Ca3Page {
  readonly page: Page;
  readonly tab: Locator;
  readonly carried: Locator;
  readonly saveCarried: Locator;
  readonly check: Locator;

  constructor(page: Page) {
    this.page = page;
    this.tab = page
      .getByRole('tablist', { name: 'Choix du rapport' })
      .getByRole('tab', { name: 'Déclaration de TVA' });
    this.carried = page.getByRole('textbox', {
      name: 'Crédit reporté de la déclaration précédente (ligne 22), en euros',
    });
    this.saveCarried = page.getByRole('button', { name: 'Enregistrer le report' });
    this.check = page.getByRole('region', { name: 'Contrôle avec les écritures' });
  }

  /** A section of the form by its title ("TVA brute"). */
  section(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The button of a box that opens its invoices. */
  boxButton(code: string): Locator {
    return this.page.getByRole('button', { name: `Voir les factures de la case ${code}` });
  }

  /** The cells of a box's line on the form: label, base whole, base exact, tax whole, tax exact. */
  boxCells(code: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: code, exact: true }) })
      .or(this.page.getByRole('row').filter({ has: this.boxButton(code) }))
      .getByRole('cell');
  }

  /** The list of a box's invoices once opened. */
  boxList(code: string): Locator {
    return this.page.getByRole('table', { name: `Factures de la case ${code}` });
  }
}
