// Damage in a real archive file, below the registry: SQLite's check in a worker tells a sound
// file from a damaged one, and a statement meeting a bad page (SQLITE_CORRUPT) gives the
// archive's own failure instead of "database disk image is malformed", from then on.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { isCorruption, quickCheckInBackground } from '#main/services/archive/archive-damage.ts';
import { archivePath, openArchive } from '#main/services/archive/archive-store.ts';
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
    assert.throws(() => store.db.prepare('PRAGMA quick_check').all(), mine);
    assert.equal(causes.length, 1, 'told once');
  } finally {
    store.close();
  }
});
