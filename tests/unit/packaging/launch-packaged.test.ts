// The release's launch of the packaged app (issue 20) finds the executable electron-builder
// leaves for the system and arch it runs on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packagedExecutable } from '../../../scripts/packaging/launch-packaged.ts';

test('the packaged executable of each system and arch, none when absent', () => {
  const dist = mkdtempSync(join(tmpdir(), 'invoice-desk-dist-'));
  try {
    const files = {
      win: join(dist, 'win-unpacked', 'Invoice Desk.exe'),
      linux: join(dist, 'linux-unpacked', 'invoice-desk'),
      macArm: join(dist, 'mac-arm64', 'Invoice Desk.app', 'Contents', 'MacOS', 'Invoice Desk'),
      macIntel: join(dist, 'mac', 'Invoice Desk.app', 'Contents', 'MacOS', 'Invoice Desk'),
    };
    assert.equal(packagedExecutable(dist, 'win32', 'x64'), undefined);
    for (const file of Object.values(files)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, '');
    }
    assert.equal(packagedExecutable(dist, 'win32', 'x64'), files.win);
    assert.equal(packagedExecutable(dist, 'linux', 'x64'), files.linux);
    assert.equal(packagedExecutable(dist, 'darwin', 'arm64'), files.macArm);
    assert.equal(packagedExecutable(dist, 'darwin', 'x64'), files.macIntel);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
