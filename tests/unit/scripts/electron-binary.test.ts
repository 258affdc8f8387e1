import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  electronBinaryStatus,
  electronUnavailableMessage,
} from '../../../scripts/electron-binary.ts';

test('the Electron binary is found through path.txt, without importing electron', () => {
  const root = mkdtempSync(join(tmpdir(), 'spine-electron-'));
  try {
    const pkg = join(root, 'node_modules', 'electron');
    assert.equal(electronBinaryStatus(root).available, false);
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{}');
    const missing = electronBinaryStatus(root);
    assert.ok(!missing.available && missing.reason.includes('not downloaded'));
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    assert.equal(electronBinaryStatus(root).available, false);
    mkdirSync(join(pkg, 'dist'));
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    assert.deepEqual(electronBinaryStatus(root), {
      available: true,
      binary: join(pkg, 'dist', 'electron'),
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the message says why and how to fix it', () => {
  const message = electronUnavailableMessage('the Electron binary was not downloaded');
  assert.match(message, /ELECTRON_MIRROR/);
  assert.match(message, /npm rebuild electron/);
  assert.match(message, /browser/);
});
