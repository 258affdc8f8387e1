// Banque (issue 29, item 5) over an archive of the demo operator's invoices and the demo
// statements drawn from them: a broken file refused with its line, the statements imported with
// their summary, the account's 512 account changed, the lines filtered with their totals, a
// suggestion confirmed, a match changed and undone by the keyboard, focus kept on the row.
// French, at 1366×768 and 1024×700, with screenshots.
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import type { Page } from '@playwright/test';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { ReportsPage } from './pages/reports-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const files = demoStatementFiles(
  demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
);

const test = base.extend({
  dataDir: filledArchive('bank', { seed: 17, invoices: 600, now: NOW }),
});

async function openBank(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Banque' })
    .click();
  await expect(page.getByRole('heading', { name: 'Banque', level: 1 })).toBeVisible();
}

const fileInput = (page: Page) => page.getByLabel('Importer un relevé…', { exact: true });

async function importAll(page: Page): Promise<void> {
  for (const file of files) {
    await fileInput(page).setInputFiles({
      name: file.name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(file.bytes),
    });
    await expect(page.getByText(`${file.name} importé.`)).toBeVisible();
  }
}

test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('import, refusal, accounts, filters and totals, confirm, change and undo', async ({
    app,
    page,
  }) => {
    void app;
    await openBank(page);
    await expect(
      page.getByText('Aucun compte : importez un relevé, son compte sera ajouté.'),
    ).toBeVisible();

    // A CFONB statement cut before its closing balance: refused, nothing imported.
    const cfonb = Buffer.from(files[0]!.bytes).toString('latin1').trimEnd().split('\n');
    await fileInput(page).setInputFiles({
      name: 'coupe.cfonb',
      mimeType: 'text/plain',
      buffer: Buffer.from(cfonb.slice(0, -1).join('\n') + '\n', 'latin1'),
    });
    await expect(page.getByText(/^Relevé refusé, rien n’a été importé\./)).toBeVisible();
    await expect(page.getByText('Aucun compte', { exact: false })).toBeVisible();

    await importAll(page);
    await expect(
      page.getByText(/nouvelles : \d+ ; déjà importées : 0 ; rapprochées automatiquement : \d+/),
    ).toBeVisible();
    // The same file again adds nothing.
    await fileInput(page).setInputFiles({
      name: files[0]!.name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(files[0]!.bytes),
    });
    await expect(page.getByText(/nouvelles : 0 ; déjà importées : \d+/)).toBeVisible();

    // The account: its default 512 account changed and kept.
    const ledger = page.getByRole('textbox', { name: /^Compte 512 / });
    await expect(ledger).toHaveValue('512000');
    await ledger.fill('51');
    await expect(page.getByText('Un compte 512, par exemple 512100.')).toBeVisible();
    await ledger.fill('512100');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Compte enregistré.')).toBeVisible();

    const table = page.getByRole('table', { name: 'Lignes' });
    const totals = page.getByRole('definition');
    await page.getByLabel('État').selectOption({ label: 'Suggéré' });
    const suggested = table.getByRole('row').filter({ hasText: 'Suggéré' });
    await expect(suggested.first()).toBeVisible();
    const count = await table.locator('tbody tr').count();
    await expect(totals.first()).toHaveText(String(count));
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/bank-suggested-1366x768.png` });

    // Confirm the first suggestion by the keyboard: focus stays on the row.
    const row = table.locator('tbody tr').first();
    const lineId = await row.getAttribute('data-line');
    const confirm = row.getByRole('button', { name: /^Confirmer la ligne du / });
    await confirm.focus();
    await page.keyboard.press('Enter');
    // Every state shown, so the line stays on screen whatever its state becomes: choosing a
    // filter after an action would take the focus to the filter, not test where it went.
    await page.getByLabel('État').selectOption({ label: 'Tous' });
    const confirmed = table.locator(`tr[data-line="${lineId}"]`);
    await expect(confirmed).toContainText('Confirmé');
    // Undo by the keyboard: Tab from Changer reaches Annuler.
    await confirmed.getByRole('button', { name: /^Changer le rapprochement / }).focus();
    await page.keyboard.press('Tab');
    await expect(
      confirmed.getByRole('button', { name: /^Annuler le rapprochement / }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirmed).toContainText('Suggéré');
    await expect(confirmed.getByRole('button').first()).toBeFocused();

    // Change an automatic match by typing the invoice numbers: no invoice, then undo.
    await page.getByLabel('État').selectOption({ label: 'Automatique' });
    const autoId = await table.locator('tbody tr').first().getAttribute('data-line');
    await page.getByLabel('État').selectOption({ label: 'Tous' });
    const auto = table.locator(`tr[data-line="${autoId}"]`);
    await auto.getByRole('button', { name: /^Changer le rapprochement / }).click();
    const numbers = page.getByRole('textbox', { name: /^Numéros de facture/ });
    await expect(numbers).toBeFocused();
    await numbers.fill('');
    await page.keyboard.press('Enter');
    await expect(auto).toContainText('Sans facture');
    await expect(auto.getByRole('button').first()).toBeFocused();
    await auto.getByRole('button', { name: /^Annuler le rapprochement / }).click();
    await expect(auto).toContainText('Automatique');

    // The text filter.
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('zzzz-nothing');
    await expect(page.getByText('Aucune ligne ne correspond.')).toBeVisible();
  });
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('the lines fit the narrow window', async ({ app, page }) => {
    void app;
    await openBank(page);
    await importAll(page);
    const table = page.getByRole('table', { name: 'Lignes' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // The page itself does not scroll sideways (only the table's own box may).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/bank-1024x700.png` });
  });
});

test.describe('a match is a payment (issue 29, item 3)', () => {
  test.use({
    viewport: { width: 1366, height: 768 },
    appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() },
    pageTime: NOW,
  });

  test('an automatic match pays its invoice in the échéancier; taken off, it is due again; undone, paid again', async ({
    app,
    page,
  }) => {
    void app;
    await openBank(page);
    await importAll(page);
    const table = page.getByRole('table', { name: 'Lignes' });
    await page.getByLabel('État').selectOption({ label: 'Automatique' });
    // A credit paying one invoice: its number and day on the row (a debit shows a minus sign).
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        id: tr.getAttribute('data-line'),
        amount: (tr as HTMLTableRowElement).cells[1]?.textContent ?? '',
        text: tr.textContent ?? '',
      })),
    );
    const chosen = rows.find(
      (r) => (r.text.match(/F\d{4}-\d{6}/g) ?? []).length === 1 && !/[−-]/.test(r.amount),
    );
    expect(chosen, 'an automatic credit of one invoice').toBeTruthy();
    const text = chosen!.text;
    const number = /F\d{4}-\d{6}/.exec(text)![0];
    const [, , month, year] = /(\d{2})\/(\d{2})\/(\d{4})/.exec(text)!;
    const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${year}-${month}-15T00:00:00Z`),
    );

    const reports = new ReportsPage(page);
    const paidRow = () =>
      page
        .getByRole('table', { name: 'Payées', exact: true })
        .getByRole('row')
        .filter({ hasText: number });
    // "Hors des chiffres : … N payée(s) selon un relevé bancaire …": the échéancier's count.
    const paidByBank = async (): Promise<number> => {
      const why = await page.getByText(/selon un relevé bancaire/).textContent();
      return Number(/(\d+) payées? selon un relevé bancaire/.exec(why ?? '')?.[1]);
    };
    async function openAging(): Promise<void> {
      await reports.open();
      await reports.tab('Échéancier').click();
      await reports.select('Type de période').selectOption({ label: 'Mois' });
      await reports.select('Mois').selectOption({ label: monthName });
      await reports.select('Année').selectOption(year!);
    }

    await openAging();
    await expect(paidRow()).toContainText('Relevé bancaire');
    const paidBefore = await paidByBank();
    expect(paidBefore).toBeGreaterThan(0);
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/bank-paid-in-aging-1366x768.png` });

    // "No invoice" on the line: the invoice has no known payment again.
    await openBank(page);
    const line = table.locator(`tr[data-line="${chosen!.id}"]`);
    await line.getByRole('button', { name: /^Changer le rapprochement / }).click();
    await page.getByRole('textbox', { name: /^Numéros de facture/ }).fill('');
    await page.keyboard.press('Enter');
    await expect(line).toContainText('Sans facture');
    await openAging();
    await expect.poll(paidByBank).toBe(paidBefore - 1);
    await expect(paidRow()).toHaveCount(0);

    // Undone: the automatic match pays it again.
    await openBank(page);
    await line.getByRole('button', { name: /^Annuler le rapprochement / }).click();
    await expect(line).toContainText('Automatique');
    await openAging();
    await expect(paidRow()).toContainText('Relevé bancaire');
    await expect.poll(paidByBank).toBe(paidBefore);
  });
});
