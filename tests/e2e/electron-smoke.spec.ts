// The real Electron shell, where its binary exists: the window opens on the invoices list.
// On machines without the binary (no access to its download host) this says so and skips.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { test, expect } from '@playwright/test';
import { electronBinaryStatus } from '../../scripts/electron-binary.ts';
import { PROJECT_ROOT } from './fixtures.ts';

const binary = electronBinaryStatus(PROJECT_ROOT);

test('the Electron window opens on the invoices of the demo connection', async () => {
  if (!binary.available) {
    // Said on the console too: the list reporter shows a skip without its reason.
    console.log(`SKIPPED Electron smoke test: ${binary.reason}`);
    test.skip(true, `Electron binary not installed on this machine: ${binary.reason}`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'invoice-desk-electron-'));
  const app = await electron.launch({
    args: [PROJECT_ROOT],
    cwd: PROJECT_ROOT,
    env: { ...process.env, INVOICE_DESK_DATA_DIR: dataDir, INVOICE_DESK_LANG: 'fr' },
    timeout: 60_000,
  });
  try {
    const window = await app.firstWindow();
    await expect(window).toHaveTitle(/Invoice Desk/);
    const table = window.getByRole('table').first();
    await expect(table).toBeVisible();
    // A header row plus at least one invoice.
    await expect.poll(() => table.getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThan(1);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
