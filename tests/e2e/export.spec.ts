// "Exporter vers Excel" in the browser host: the workbook is downloaded through the host's
// one-time address, saved, and read back with openpyxl (an independent reader).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { expectAccessible } from './pages/axe.ts';
import { ExportControl } from './pages/export-control.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { column, dataRows, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { keepScreenshot } from './pages/app-shell.ts';

let folder: string;
test.beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'invoice-desk-downloads-'));
});
test.afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The operator's first page, asked through the same host as the page (the token's RPC). */
async function firstPage(
  app: { origin: string; token: string },
  q?: string,
): Promise<{
  data: {
    metadata: { invoiceId: string };
    businessData?: { type?: string | number; monetary?: { invoiceAmount: { amount: number } } };
  }[];
  meta: { count: number };
}> {
  const response = await fetch(`${app.origin}/rpc/invoices:search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-invoice-desk-token': app.token },
    body: JSON.stringify({ args: { ...(q ? { q } : {}), offset: 0, limit: 200 } }),
  });
  const result = (await response.json()) as { ok: boolean; value: { data: never } };
  expect(result.ok).toBe(true);
  return result.value.data;
}

test('the invoices of the current query, exported to Excel and downloaded', async ({
  app,
  page,
}) => {
  const invoices = new InvoicesPage(page);
  const excel = new ExportControl(page);
  await invoices.waitForResults();
  await invoices.chooseStates('Distribuée');
  await invoices.chooseDirection('Reçues');
  await invoices.waitForResults();
  await expect(invoices.builtQuery).toHaveText(
    'invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"',
  );

  await test.step('while main works: a progress bar and "Annuler"', async () => {
    // Hold the request for a moment so the running state can be seen (no timing involved).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rpc/export:start', async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await excel.button.click();
    await expect(excel.progress).toBeVisible();
    await expect(excel.cancel).toBeVisible();
    await expect(excel.cancel).toBeFocused();
    await expect(excel.button).toBeDisabled();
    await invoices.screenshot('export-running');
    await expectAccessible(page, 'the invoices screen while an export runs');
    release();
    const download = await downloading;
    await page.unroute('**/rpc/export:start');
    await expect(excel.progress).toHaveCount(0);
    const path = join(folder, download.suggestedFilename());
    await download.saveAs(path);

    const source = await firstPage(
      app,
      'invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"',
    );
    expect(download.suggestedFilename()).toMatch(/^.+ Factures \d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = readXlsx(path);
    expect(book.sheets.map((s) => s.name)).toEqual(['Dossier', 'Factures', 'À propos']);
    // Whose workbook and of when, first (issue 27, item 1).
    const head = sheetNamed(book, 'Dossier');
    const headValue = (label: string) => head.rows.find((r) => r[0]?.v === label)?.[1]?.v;
    expect(head.rows[0]?.[0]?.v).toBe('Factures');
    expect(String(headValue('Entreprise'))).toMatch(/^ATELIERS DUVAL AGENCEMENT/);
    expect(String(headValue('SIREN'))).toMatch(/^\d{9}$/);
    expect(download.suggestedFilename()).toContain(` ${String(headValue('SIREN'))} `);
    expect(headValue('Connexion')).toBe('Démo (administrateur)');
    expect(String(headValue('Période'))).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const sheet = sheetNamed(book, 'Factures');
    const expected = Math.min(source.meta.count, 1200);
    expect(dataRows(sheet).length).toBe(expected);
    expect(sheet.freeze).toBe('A2');
    const ids = column(sheet, 'Identifiant plateforme');
    const ttc = column(sheet, 'Total TTC (avoirs en négatif)');
    source.data.forEach((item, i) => {
      expect(ids[i]?.v).toBe(item.metadata.invoiceId);
      const amount = item.businessData?.monetary?.invoiceAmount.amount ?? 0;
      expect(ttc[i]?.v).toBe(String(item.businessData?.type) === '381' ? -amount : amount);
      expect(ttc[i]?.t).toBe('n');
    });
    expect(new Set(column(sheet, 'Code état').map((c) => c.v))).toEqual(new Set(['DELIVERED']));
    expect(new Set(column(sheet, 'Sens').map((c) => c.v))).toEqual(new Set(['Reçue']));
    const about = sheetNamed(book, 'À propos');
    const value = (label: string) => about.rows.find((r) => r[0]?.v === label)?.[1]?.v;
    expect(value('Connexion')).toBe('Démo (administrateur)');
    expect(value('Requête ou filtres')).toBe(
      'invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"',
    );
    expect(value('Source')).toBe('Opérateur, en direct');
  });

  await test.step('the outcome is said, and can be dismissed', async () => {
    const message = page
      .getByRole('status')
      .filter({ hasText: /^Téléchargement lancé : .+ Factures \d/ });
    await expect(message).toContainText(/\(\d[\d\s]* lignes\)/);
    await invoices.screenshot('export-done');
    await expectAccessible(page, 'the invoices screen after an export');
    await page.getByRole('button', { name: 'Fermer le message' }).click();
    await expect(message).toHaveCount(0);
    await expect(excel.button).toBeFocused();
  });

  await test.step('one invoice from its panel, laid out like the panel', async () => {
    await invoices.dataRows.first().click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('heading', { name: 'En-tête' })).toBeVisible();
    const { path, fileName } = await new ExportControl(page, panel).exportTo(folder);
    expect(fileName).toMatch(
      /^ATELIERS DUVAL AGENCEMENT \d{9} Facture .+ \d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const book = readXlsx(path);
    expect(book.sheets.map((s) => s.name)).toEqual(['Facture', 'À propos']);
    // Under the invoice's title: whose it is (issue 27, item 1).
    const first = book.sheets[0]!;
    expect(first.rows.find((r) => r[0]?.v === 'Connexion')?.[1]?.v).toBe('Démo (administrateur)');
    expect(String(first.rows.find((r) => r[0]?.v === 'SIREN')?.[1]?.v)).toMatch(/^\d{9}$/);
    await invoices.screenshot('export-invoice-panel');
  });
});

test('directory results, exported to Excel and downloaded', async ({ app, page }) => {
  void app;
  const directory = new DirectoryPage(page);
  await directory.open();
  await directory.search('BOULANGERIE');
  const countText = (await directory.count.textContent()) ?? '';
  const count = Number(/([\d\s\u202f]+) entrées?/.exec(countText)?.[1]?.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);

  const { path, fileName } = await new ExportControl(page).exportTo(folder);
  expect(fileName).toMatch(/^.+ Annuaire \d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = readXlsx(path);
  const sheet = sheetNamed(book, 'Annuaire');
  expect(sheet.rows.length).toBe(count + 1);
  expect(column(sheet, 'Nom').every((cell) => String(cell.v).startsWith('BOULANGERIE'))).toBe(true);
  const sirens = column(sheet, 'SIREN').filter((cell) => cell.v !== null);
  expect(sirens.length).toBeGreaterThan(0);
  expect(sirens.every((cell) => cell.t === 's' && /^\d{9}$/.test(String(cell.v)))).toBe(true);
  await keepScreenshot(page, {
    path: 'test-results/screenshots/export-directory.png',
    fullPage: true,
  });

  await test.step('a file main could not write is explained, and can be tried again', async () => {
    // The failure itself is proven against real folders in the integration tests; here, what
    // the user sees of main's answer.
    await page.route('**/rpc/export:start', (route) =>
      route.fulfill({
        json: {
          ok: false,
          error: {
            kind: 'file',
            reason: 'disk_full',
            message: 'There is not enough space left in "/tmp" for this export.',
          },
        },
      }),
    );
    await page.getByRole('button', { name: 'Exporter vers Excel' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Le fichier n’a pas pu être écrit' });
    await expect(alert).toContainText('Le disque est plein');
    await expect(alert.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await keepScreenshot(page, { path: 'test-results/screenshots/export-error.png' });
    await expectAccessible(page, 'an export that could not be written');
    await page.unroute('**/rpc/export:start');
    await page.getByRole('button', { name: 'Fermer le message' }).click();
    await expect(alert).toHaveCount(0);
  });
});
