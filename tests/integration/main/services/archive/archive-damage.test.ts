// Damage in a real archive file, below the handlers: SQLite's check in a worker tells a sound
// file from a damaged one; a statement meeting a bad page (SQLITE_CORRUPT) gives the archive's
// own failure instead of "database disk image is malformed", from then on; and two registries
// over one data folder (the app and the CLI) agree on what another one found.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  isCorruption,
  quickCheckInBackground,
} from '#main/services/archive/sqlite/archive-damage.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { archivePath, openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { damageArchiveFile } from '#support/damaged-archive.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'archive-damage-store-'));
  fillDemoArchive(dir, 'sound', { seed: 3, invoices: 1500, now: NOW });
  fillDemoArchive(dir, 'damaged', { seed: 3, invoices: 1500, now: NOW });
  damageArchiveFile(archivePath(dir, 'damaged'), 'middle');
});
after(() => rmSync(dir, { recursive: true, force: true }));

test("SQLite's check in a worker: null for a sound file, what it found for a damaged one", async () => {
  assert.equal(await quickCheckInBackground(archivePath(dir, 'sound')), null);
  const found = await quickCheckInBackground(archivePath(dir, 'damaged'));
  assert.ok(found && found !== 'ok', String(found));
});

test('a statement meeting the damage throws the archive failure, and keeps throwing it', () => {
  const mine = new Error('the archive is damaged (test)');
  const causes: unknown[] = [];
  const store = openArchive(dir, 'damaged', {
    onCorruption: (error) => {
      causes.push(error);
      return mine;
    },
  });
  try {
    assert.equal(store.damaged, null, 'opening reads only the first pages: nothing met yet');
    assert.throws(() => {
      for (const _ of store.iterateDetails()) void _;
    }, mine);
    assert.equal(causes.length, 1);
    assert.ok(isCorruption(causes[0]), 'SQLite said SQLITE_CORRUPT');
    assert.equal(store.damaged, mine);
    assert.throws(() => store.integrityCheck(), mine);
    assert.equal(causes.length, 1, 'told once');
  } finally {
    store.close();
  }
});

test('damage another process found and set aside: this one stops using its old handle', async () => {
  const silent = { info() {}, warn() {}, error() {} };
  fillDemoArchive(dir, 'shared', { seed: 4, invoices: 1500, now: NOW });
  const app = new Archives({ dataDir: dir, log: silent });
  const cli = new Archives({ dataDir: dir, log: silent });
  try {
    await app.checked('shared');
    assert.equal(app.status('shared').invoices, 1500, 'sound, and open in the app');
    damageArchiveFile(archivePath(dir, 'shared'), 'middle');

    await cli.checked('shared'); // the CLI's check finds it, and sets the file aside
    const damage = cli.damage('shared');
    assert.ok(damage && existsSync(damage.setAsideAs));
    assert.deepEqual(app.status('shared').damage, damage, 'the app says so too');
    assert.throws(() => app.open('shared'), { reason: 'archive_damaged' });

    // Made again elsewhere (here: cleared, then filled): the app reads the new file.
    await cli.clear('shared');
    fillDemoArchive(dir, 'shared', { seed: 4, invoices: 300, now: NOW });
    assert.equal(app.status('shared').damage, null);
    assert.equal(app.status('shared').invoices, 300);
  } finally {
    await app.close();
    await cli.close();
  }
});
