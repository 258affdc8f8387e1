// The Comptabilité screen over an archive holding the demo operator's invoices with their details
// (written before the host starts, as a sync with details would): a period's journals balanced,
// an entry opening its invoice, a third party mapped from the queue by keyboard and its entries
// using the account, what was set aside, the FEC downloaded and checked by the project's own FEC
// checker, axe and keyboard.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ledger } from '#shared/accounting.ts';
import words from '#shared/i18n/fr/accounting.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { checkFecFile } from '#support/fec-checker.ts';
import type { Locator } from '@playwright/test';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { startUpWritten } from './pages/invoices-page.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { expectAccessible } from './pages/axe.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { ExportControl } from './pages/export-control.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  // The active connection (demo-admin) has an archive with details before the app starts.
  dataDir: filledArchive('accounting', { seed: 17, invoices: 1500, now: NOW }),
});

test.use({ viewport: { width: 1366, height: 768 } });

/** The ledger the service computes from the same archive, before any choice (the suggestions). */
async function ledgerOf(dataDir: string, label: string): Promise<Ledger> {
  const archives = new Archives({ dataDir, log: { info() {}, warn() {}, error() {} } });
  try {
    const service = createAccountingService({ archives, now: () => NOW });
    return await service.ledger('demo-admin', parsePeriod(label));
  } finally {
    await archives.close();
  }
}

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test('a month’s journals balanced, an entry opening its invoice, what was set aside', async ({
  app,
  page,
}) => {
  await startUpWritten(page);
  const october = await ledgerOf(app.dataDir, '2026-10');
  const accounting = new AccountingPage(page);
  await accounting.open();
  await accounting.chooseMonth('octobre', 2026);
  await expect(accounting.period).toContainText('Du 01/10/2026 au 31/10/2026');

  await test.step('each journal: debit = credit, as the service computed them', async () => {
    for (const journal of october.journals) {
      const row = accounting.journalRow(journal.code);
      await expect(row.getByRole('cell')).toHaveText([
        String(journal.entries),
        String(journal.lines),
        euros(journal.debitCents),
        euros(journal.creditCents),
        'Équilibré',
      ]);
    }
    expect(october.journals.length).toBeGreaterThan(1);
  });
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-entries.png` });
  await expectAccessible(page, 'Comptabilité · écritures');

  await test.step('an entry opens its invoice, by keyboard', async () => {
    const sales = october.entries.filter((e) => e.journal === 'sales');
    const first = accounting.dataRows(accounting.entries).first();
    await expect(first).toContainText(sales[0]!.pieceRef);
    // Down the first entry's lines to the second entry's first line, then Enter.
    await first.focus();
    for (let i = 0; i < sales[0]!.lines.length; i++) await page.keyboard.press('ArrowDown');
    const sale = sales[1]!;
    const row = accounting.dataRows(accounting.entries).nth(sales[0]!.lines.length);
    await expect(row).toBeFocused();
    await expect(row).toContainText(sale.pieceRef);
    await page.keyboard.press('Enter');
    const panel = accounting.invoicePanel(sale.pieceRef);
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(row).toBeFocused();
  });

  await test.step('the same entries in Excel, downloaded', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'invoice-desk-entries-'));
    try {
      const { path, fileName } = await new ExportControl(page).exportTo(folder);
      expect(fileName).toMatch(/\.xlsx$/);
      expect((await readFile(path)).subarray(0, 2).toString()).toBe('PK'); // a zip: a workbook
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  await test.step('set aside: held and left out, with their reasons in words', async () => {
    await accounting.tab(/^Mises de côté/).click();
    const leftOut = page.getByRole('table', { name: 'Factures écartées' });
    await expect(
      page.getByRole('heading', { name: `Écartées (${october.leftOut.length})` }),
    ).toBeVisible();
    if (october.leftOut.length > 0) {
      const aside = october.leftOut[0]!;
      const first = accounting.dataRows(leftOut).first();
      await expect(first).toContainText(aside.number ?? '');
      await expect(first).toContainText(words.aside.reasons[aside.reason]);
      // A row opens its invoice.
      await first.click();
      await expect(accounting.invoicePanel(aside.number ?? aside.invoiceId)).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await page.getByRole('heading', { name: /^Écartées/ }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-aside.png` });
    await expectAccessible(page, 'Comptabilité · mises de côté');
  });
});

test('a third party mapped from the queue by keyboard: its entries use the account, now and next month; the FEC checked', async ({
  app,
  page,
}) => {
  await startUpWritten(page);
  const october = await ledgerOf(app.dataDir, '2026-10');
  const november = await ledgerOf(app.dataDir, '2026-11');
  // A third party waiting in both months (a supplier if one is): the choice made in October
  // applies to November.
  const both = october.toMap.filter((p) =>
    november.toMap.some((n) => n.key === p.key && n.role === p.role),
  );
  const party = both.find((p) => p.role === 'supplier') ?? both[0]!;
  const account = party.role === 'supplier' ? '626000' : '706100';
  const journal = party.role === 'supplier' ? 'purchases' : 'sales';
  const journalCode = party.role === 'supplier' ? 'HA' : 'VT';
  const classPrefix = party.role === 'supplier' ? '6' : '7';
  const role = party.role === 'supplier' ? 'Fournisseur' : 'Client';
  const next = october.toMap[october.toMap.indexOf(party) + 1];

  /** The lines of the party's first entry of `ledger`, found in the entries table (scrolled to
   * them: the table draws only the rows in view). */
  async function partyLines(ledger: Ledger): Promise<Locator> {
    const entries = ledger.entries.filter((e) => e.journal === journal);
    const position = entries.findIndex((e) =>
      e.lines.some((l) => l.auxiliary === party.suggestedAuxiliary),
    );
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(50); // on the first page
    const before = entries.slice(0, position).reduce((sum, e) => sum + e.lines.length, 0);
    await accounting.entries.evaluate((table, top) => {
      table.parentElement!.scrollTop = top;
    }, before * 30);
    return accounting.dataRows(accounting.entries).filter({ hasText: entries[position]!.pieceRef });
  }

  const accounting = new AccountingPage(page);
  await accounting.open();
  await accounting.chooseMonth('octobre', 2026);
  await accounting.tab(`Tiers à affecter (${october.toMap.length})`).click();
  await expect(accounting.queue).toBeVisible();
  await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-queue.png` });
  await expectAccessible(page, 'Comptabilité · tiers à affecter');

  await test.step('what was typed in the queue is still there after a visit to another tab', async () => {
    await accounting.auxiliaryField(party.name).fill('CTYPED');
    await accounting.tab('Écritures').click();
    await accounting.tab(/^Tiers à affecter/).click();
    await expect(accounting.auxiliaryField(party.name)).toHaveValue('CTYPED');
    await accounting.auxiliaryField(party.name).fill(party.suggestedAuxiliary);
  });

  await test.step('Tab from the auxiliary code to the account, Enter confirms', async () => {
    await expect(accounting.auxiliaryField(party.name)).toHaveValue(party.suggestedAuxiliary);
    await accounting.auxiliaryField(party.name).focus();
    await page.keyboard.press('Tab');
    await expect(accounting.accountField(party.name)).toBeFocused();
    // A wrong account is said, and Enter keeps the row.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('62A');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Un numéro de compte a de 3 à 20 chiffres.')).toBeVisible();
    await expect(accounting.queueRow(party.name, role)).toBeVisible();
    // An account of the wrong class: main refuses it, the row comes back with the reason.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(party.role === 'supplier' ? '706000' : '601000');
    await page.keyboard.press('Enter');
    await expect(accounting.queueRow(party.name, role)).toContainText(
      'le compte n’est pas de la bonne classe',
    );
    // The keyboard is back on the row refused, not left on the next one (issue 27, item 3).
    await expect(accounting.accountField(party.name)).toBeFocused();
    await accounting.accountField(party.name).focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(account);
    await page.keyboard.press('Enter');
    await expect(accounting.queueRow(party.name, role)).toHaveCount(0);
    if (next) await expect(accounting.accountField(next.name)).toBeFocused();
    await expect(accounting.tab(`Tiers à affecter (${october.toMap.length - 1})`)).toBeVisible();
  });

  await test.step('the memory remembers it, confirmed', async () => {
    await accounting.tab('Tiers mémorisés').click();
    const row = page
      .getByRole('table', { name: 'Tiers mémorisés' })
      .getByRole('row')
      .filter({ hasText: party.name });
    await expect(row).toContainText(party.suggestedAuxiliary);
    await expect(row).toContainText(account);
    await expect(row).toContainText('Confirmé');
  });

  await test.step('the memory out and back in as CSV: a bad line refused by its number', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'invoice-desk-csv-'));
    try {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exporter en CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(
        /^ATELIERS DUVAL AGENCEMENT \d{9} Tiers \d{4}-\d{2}-\d{2}\.csv$/,
      );
      const path = join(folder, download.suggestedFilename());
      await download.saveAs(path);
      const csv = await readFile(path, 'utf8');
      expect(csv).toContain(party.suggestedAuxiliary);
      expect(csv).toContain(account);
      await expect(
        page.getByText(`${download.suggestedFilename()} téléchargé (1 tiers).`),
      ).toBeVisible();
      // The same file back, with one line that cannot be a third party.
      const lines = csv.replace(/\r?\n$/, '').split(/\r?\n/);
      const broken = [...lines, 'X1;inconnu;;;;'].join('\r\n') + '\r\n';
      await page.getByLabel('Importer un CSV…', { exact: true }).setInputFiles({
        name: 'tiers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(broken, 'utf8'),
      });
      await expect(page.getByText(/Import terminé : 0 ajouté, \d+ mis à jour\./)).toBeVisible();
      await expect(page.getByText('1 ligne refusée, rien n’a été perdu :')).toBeVisible();
      await expect(
        page.getByText(
          `Ligne ${lines.length + 1} : le rôle doit être « client » ou « fournisseur »`,
        ),
      ).toBeVisible();
      // French Excel's "CSV (séparateur: point-virgule)" is Windows-1252: its accents read right.
      await page.getByLabel('Importer un CSV…', { exact: true }).setInputFiles({
        name: 'tiers-excel.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Clé;Rôle;Nom;Compte auxiliaire;Compte;Libellé\r\n' +
            "552100554;fournisseur;Société Générale d'Équipement;FSOCGEN;606300;Entretien\r\n",
          'latin1',
        ),
      });
      await expect(page.getByText('Import terminé : 1 ajouté, 0 mis à jour.')).toBeVisible();
      await expect(
        page
          .getByRole('table', { name: 'Tiers mémorisés' })
          .getByRole('row')
          .filter({ hasText: "Société Générale d'Équipement" }),
      ).toContainText('FSOCGEN');
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-memory.png` });
      await expectAccessible(page, 'Comptabilité · tiers mémorisés');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  await test.step('a remembered third party changed by hand, by keyboard', async () => {
    const table = page.getByRole('table', { name: 'Tiers mémorisés' });
    const row = table.getByRole('row').filter({ hasText: party.name });
    await row.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Comptes de ${party.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Compte auxiliaire' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Libellé' }).fill('Client historique');
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-memory-edit.png` });
    await expectAccessible(page, 'Comptabilité · un tiers changé');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Client historique');
    await expect(row).toBeFocused();
  });

  await test.step('its entries use the account; next month too, and it waits no more', async () => {
    await accounting.tab('Écritures').click();
    await page.getByRole('radio', { name: new RegExp(`\\(${journalCode}\\)`) }).check();
    const octoberLines = await partyLines(october);
    await expect(octoberLines.filter({ hasText: account })).not.toHaveCount(0);
    await expect(octoberLines.filter({ hasText: party.suggestedAccount })).toHaveCount(0);
    await accounting.select('Mois').selectOption({ label: 'novembre' });
    await expect(accounting.period).toContainText('Du 01/11/2026 au 30/11/2026');
    const novemberLines = await partyLines(november);
    await expect(novemberLines.filter({ hasText: account })).not.toHaveCount(0);
    await expect(novemberLines.filter({ hasText: party.suggestedAccount })).toHaveCount(0);
    await accounting.tab(/^Tiers à affecter/).click();
    await expect(accounting.queue.or(page.getByText('Aucun tiers à affecter'))).toBeVisible();
    await expect(accounting.queueRow(party.name, role)).toHaveCount(0);
  });

  await test.step('"Valider tout" confirms every suggestion shown: November waits for nothing', async () => {
    await page.getByRole('button', { name: /^Valider tout \(\d+\)$/ }).click();
    await expect(page.getByText('Aucun tiers à affecter')).toBeVisible();
    await expect(accounting.tab('Tiers à affecter (0)')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tiers à affecter' })).toBeFocused();
    await accounting.tab('Écritures').click();
    await expect(accounting.entries.getByText('provisoire')).toHaveCount(0);
  });

  await test.step('the FEC of October, downloaded and checked by the project’s own checker', async () => {
    await accounting.select('Mois').selectOption({ label: 'octobre' });
    await expect(accounting.period).toContainText('Du 01/10/2026 au 31/10/2026');
    await expect(accounting.journalRow(journalCode)).toContainText('Équilibré');
    const folder = await mkdtemp(join(tmpdir(), 'invoice-desk-fec-'));
    try {
      const { path, fileName } = await accounting.exportFec(folder);
      expect(fileName).toMatch(/^\d{9}FEC20261031\.txt$/);
      const check = checkFecFile(path, { encoding: 'utf-8' });
      expect(check.problems).toEqual([]);
      expect(check.separator).toBe('tab');
      expect(check.entries).toBe(october.entries.length);
      expect(check.debitCents).toBe(check.creditCents);
      const partyLines = check.records.filter((r) => r.CompAuxNum === party.suggestedAuxiliary);
      expect(partyLines.length).toBeGreaterThan(0);
      const pieces = new Set(partyLines.map((r) => r.PieceRef));
      const own = check.records.filter(
        (r) =>
          pieces.has(r.PieceRef) &&
          r.JournalCode === journalCode &&
          (r.CompteNum ?? '').startsWith(classPrefix),
      );
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((r) => r.CompteNum === account)).toBe(true);

      const pipe = await accounting.exportFec(folder, {
        separator: 'Barre verticale |',
        encoding: 'ISO 8859-15',
      });
      const latin = checkFecFile(pipe.path, { encoding: 'iso-8859-15' });
      expect(latin.problems).toEqual([]);
      expect(latin.separator).toBe('pipe');
      expect((await readFile(pipe.path)).includes(0x09)).toBe(false);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

test('another connection never shows this client’s entries; working offline, the archive still answers', async ({
  app,
  page,
}) => {
  void app;
  const accounting = new AccountingPage(page);
  const switcher = page.getByRole('combobox', { name: 'Connexion active' });
  await accounting.open();
  await accounting.chooseMonth('octobre', 2026);
  await expect(accounting.journalRow('VT')).toContainText('Équilibré');
  await accounting.tab(/^Tiers à affecter/).click();
  await expect(accounting.queue).toBeVisible();

  await test.step('the user connection has no archive: nothing of the administrator’s', async () => {
    await switcher.selectOption({ label: 'Démo (utilisateur)' });
    await expect(accounting.totals).toBeHidden();
    await expect(accounting.queue).toBeHidden();
    await expect(page.getByText('Archive vide')).toBeVisible();
    await expect(accounting.tab('Tiers à affecter (0)')).toBeVisible();
  });

  await test.step('back to the administrator, working offline: the entries from the archive', async () => {
    await switcher.selectOption({ label: 'Démo (administrateur)' });
    await accounting.setWorkOffline(true);
    await expect(accounting.journalRow('VT')).toContainText('Équilibré');
    await accounting.tab('Écritures').click();
    const first = accounting.dataRows(accounting.entries).first();
    await first.click();
    // The invoice's panel answers from the archive too.
    await expect(page.getByRole('dialog', { name: /^Facture / })).toBeVisible();
    await page.keyboard.press('Escape');
  });
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });
  test('the screen fits, reached and used by keyboard', async ({ app, page }) => {
    void app;
    const accounting = new AccountingPage(page);
    await accounting.open();
    await accounting.chooseMonth('octobre', 2026);
    await expect(accounting.journalRow('VT')).toContainText('Équilibré');
    await accounting.tab('Écritures').focus();
    await page.keyboard.press('End');
    await expect(accounting.tab('Paramètres')).toBeFocused();
    const siren = page.getByRole('textbox', { name: 'SIREN' });
    await expect(siren).toBeVisible();
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-settings-1024.png` });
    await expectAccessible(page, 'Comptabilité · paramètres');

    await test.step('bad settings are said under their fields, nothing saved', async () => {
      await siren.fill('552100555');
      const customers = page.getByRole('textbox', { name: 'Clients (collectif)' });
      await customers.fill('511000');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(siren).toHaveAccessibleDescription(/clé de contrôle juste/);
      await expect(customers).toHaveAccessibleDescription(
        /pas de la bonne classe du plan comptable \(4\)/,
      );
      await expect(siren).toBeFocused();
      await expect(page.getByText('2 champs à corriger avant d’enregistrer.')).toBeVisible();
      await siren.scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-settings-invalid.png` });
      await expectAccessible(page, 'Comptabilité · paramètres à corriger');
    });

    await test.step('good settings are saved, and the FEC takes the SIREN', async () => {
      await siren.fill('552100554');
      await page.getByRole('textbox', { name: 'Clients (collectif)' }).fill('411100');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        page.getByText('Paramètres enregistrés : les écritures sont recalculées.'),
      ).toBeVisible();
      await accounting.tab('Écritures').click();
      await expect(accounting.dataRows(accounting.entries).first()).toContainText('411100');
    });
    await accounting.tab('Écritures').focus();
    await page.keyboard.press('Home');
    await expect(accounting.tab('Écritures')).toBeFocused();
    await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/accounting-1024.png` });
  });
});
