// The real Electron shell, where its binary exists (the release workflow, on Windows, macOS and
// Linux): the window loads the app from app://, lists the demo invoices (live, written through
// to the archive in node:sqlite), writes an export through the save dialog and the worker
// chunk, and keeps a connection's secret in the OS keychain (keytar's native module).
// On machines without the binary (no access to its download host) this says so and skips;
// with INVOICE_DESK_REQUIRE_ELECTRON=1 (the release workflow) a missing binary fails instead.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { _electron as electron } from 'playwright-core';
import { test, expect } from '@playwright/test';
import { electronBinaryStatus } from '../../scripts/electron-binary.ts';
import { PROJECT_ROOT } from './fixtures.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { ExportControl } from './pages/export-control.ts';
import { InvoicesPage } from './pages/invoices-page.ts';

const binary = electronBinaryStatus(PROJECT_ROOT);
const required = process.env.INVOICE_DESK_REQUIRE_ELECTRON === '1';

test('in Electron: the window on app://, the demo invoices, an export and the keychain', async () => {
  if (!binary.available) {
    if (required) throw new Error(`INVOICE_DESK_REQUIRE_ELECTRON=1, but ${binary.reason}`);
    // Said on the console too: the list reporter shows a skip without its reason.
    console.log(`SKIPPED Electron smoke test: ${binary.reason}`);
    test.skip(true, `Electron binary not installed on this machine: ${binary.reason}`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'invoice-desk-electron-'));
  const exportDir = await mkdtemp(join(tmpdir(), 'invoice-desk-electron-export-'));
  const app = await electron.launch({
    args: [PROJECT_ROOT],
    cwd: PROJECT_ROOT,
    env: { ...process.env, INVOICE_DESK_DATA_DIR: dataDir, INVOICE_DESK_LANG: 'fr' },
    timeout: 60_000,
  });
  try {
    const window = await app.firstWindow();

    await test.step('the window shows the app, served by the app:// protocol', async () => {
      await expect(window).toHaveTitle(/Invoice Desk/);
      // The renderer keeps the screen in the fragment (#/invoices…).
      expect(window.url()).toMatch(/^app:\/\/invoice-desk\/index\.html(#.*)?$/);
    });

    await test.step('the demo invoices are listed', async () => {
      const invoices = new InvoicesPage(window);
      await invoices.goTo('Factures');
      const table = invoices.table;
      await expect(table).toBeVisible({ timeout: 30_000 });
      // A header row plus at least one invoice.
      await expect
        .poll(() => table.getByRole('row').count(), { timeout: 30_000 })
        .toBeGreaterThan(1);
    });

    await test.step('an export goes through the save dialog and the worker', async () => {
      const target = join(exportDir, 'factures.xlsx');
      // The save dialog is native: answer it in main as a user would, with a file name.
      await app.evaluate(({ dialog }, filePath) => {
        const answer = async () => ({ canceled: false, filePath });
        dialog.showSaveDialog = answer as unknown as typeof dialog.showSaveDialog;
      }, target);
      await new ExportControl(window).button.click();
      await expect(
        window.getByRole('status').filter({ hasText: `Enregistré : ${target}` }),
      ).toBeVisible({ timeout: 60_000 });
      const bytes = await readFile(target);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(target);
      expect(workbook.worksheets.length).toBeGreaterThanOrEqual(2);
      expect(workbook.worksheets[0]!.actualRowCount).toBeGreaterThan(1);
    });

    await test.step('a connection keeps its secret in the OS keychain, then is deleted', async () => {
      const name = 'Essai trousseau';
      const connections = new ConnectionsPage(window);
      await connections.open();
      const item = await connections.create({
        name,
        baseUrl: 'https://api.operator.invalid',
        tokenUrl: 'https://auth.operator.invalid/token',
        clientId: 'essai-trousseau',
        clientSecret: 'secret-du-test-de-fumee',
      });
      // "cette session seulement" here would mean keytar could not reach the keychain.
      await expect(item).toContainText('Secret dans le trousseau du système');
      await expect(item).not.toContainText('secret-du-test-de-fumee');
      await item.getByRole('button', { name: `Supprimer ${name}` }).click();
      const dialog = window.getByRole('dialog', { name: 'Supprimer la connexion ?' });
      await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await expect(connections.connection(name)).toHaveCount(0);
    });
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(exportDir, { recursive: true, force: true });
  }
});
