// Issue 29: the bank journal's code and label and the suspense account in Comptabilité ›
// Paramètres, by the keyboard: a code another journal has and a suspense account outside class
// 47 are said under their fields and nothing is saved; good ones are saved and come back.
// French, at 1366×768, the fields said wrong also seen at 1024×700 (atBothWidths); the entries
// and the FEC using them: bank-settings.test.ts.
import { test, expect } from './fixtures.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

test.use({ viewport: WIDE, pageTime: NOW });

test(`bank journal and suspense account settings`, async ({ app, page }) => {
  void app;
  const accounting = new AccountingPage(page);
  await accounting.open();
  await accounting.tab('Paramètres').click();
  const code = page.getByRole('textbox', { name: 'Code du journal de banque' });
  const label = page.getByRole('textbox', { name: 'Libellé du journal de banque' });
  const suspense = page.getByRole('textbox', {
    name: 'Compte d’attente (lignes bancaires sans facture)',
  });
  await expect(code).toHaveValue('BQ');
  await expect(label).toHaveValue('Banque');
  await expect(suspense).toHaveValue('471000');

  // By the keyboard: a code the sales journal has, a bank account as suspense.
  await code.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('VT');
  await suspense.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('512000');
  const save = page.getByRole('button', { name: 'Enregistrer' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(code).toHaveAccessibleDescription(/même code/);
  await expect(suspense).toHaveAccessibleDescription(/bonne classe du plan comptable \(47\)/);
  await expect(page.getByText('2 champs à corriger avant d’enregistrer.')).toBeVisible();
  await code.scrollIntoViewIfNeeded();
  await atBothWidths(page, 'bank-settings-invalid', [code, suspense]);

  await code.fill('bnq');
  await label.fill('Banque Populaire');
  await suspense.fill('471100');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Paramètres enregistrés' }),
  ).toBeVisible();
  // Read back from main after a reload: kept, the code upper-cased.
  await page.reload();
  await accounting.open();
  await accounting.tab('Paramètres').click();
  await expect(code).toHaveValue('BNQ');
  await expect(label).toHaveValue('Banque Populaire');
  await expect(suspense).toHaveValue('471100');
});
