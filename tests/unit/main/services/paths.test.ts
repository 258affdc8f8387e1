import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDataDir, resolveDataDir } from '#main/services/paths.ts';

test('INVOICE_DESK_DATA_DIR wins over the OS folder', () => {
  assert.equal(
    resolveDataDir({
      env: { INVOICE_DESK_DATA_DIR: '/tmp/x' },
      platform: 'linux',
      home: '/home/a',
    }),
    '/tmp/x',
  );
});

test('the OS app-data folder matches Electron userData for "Invoice Desk"', () => {
  assert.equal(
    resolveDataDir({ env: {}, platform: 'linux', home: '/home/a' }),
    '/home/a/.config/Invoice Desk',
  );
  assert.equal(
    resolveDataDir({ env: { XDG_CONFIG_HOME: '/cfg' }, platform: 'linux', home: '/home/a' }),
    '/cfg/Invoice Desk',
  );
  assert.equal(
    resolveDataDir({ env: {}, platform: 'darwin', home: '/Users/a' }),
    '/Users/a/Library/Application Support/Invoice Desk',
  );
  assert.equal(
    resolveDataDir({
      env: { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' },
      platform: 'win32',
      home: 'C:\\Users\\a',
    }),
    join('C:\\Users\\a\\AppData\\Roaming', 'Invoice Desk'),
  );
});

test(
  'the data directory is created readable by its owner only',
  { skip: process.platform === 'win32' },
  () => {
    const parent = mkdtempSync(join(tmpdir(), 'spine-paths-'));
    try {
      const dir = ensureDataDir(join(parent, 'a', 'Invoice Desk'));
      assert.equal(statSync(dir).mode & 0o777, 0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  },
);
