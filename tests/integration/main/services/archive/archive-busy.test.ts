// The archive's ports say "busy" in the domain's words (issue 28, item 3's last step): a write
// that finds the SQLite file held by another writer past the wait rejects with ArchiveBusy, never
// with SQLite's code, and writes nothing; once the other writer is done, the same write succeeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ArchiveBusy } from '#main/services/archive/ports.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { archivePath, openArchive } from '#main/services/archive/sqlite/archive-store.ts';

const KEPT = {
  month: '2026-10',
  archiveVersion: 0,
  userStamp: 'stamp',
  toMap: 3,
  vatCents: 12_300,
  pastDue: 2,
};

test('a write held up by another writer rejects with ArchiveBusy and writes nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'archive-busy-'));
  const store = openArchive(dir, 'c', { busyTimeoutMs: 50 });
  const other = new DatabaseSync(archivePath(dir, 'c'));
  try {
    const archive = new SqliteArchive(store);
    other.exec('BEGIN IMMEDIATE'); // another process's sync holds the write lock
    try {
      await assert.rejects(archive.keepPortfolioDetails(KEPT), (error: unknown) => {
        assert.ok(error instanceof ArchiveBusy, String(error));
        assert.equal(error.connectionId, 'c');
        return true;
      });
    } finally {
      other.exec('ROLLBACK');
    }
    assert.equal(await archive.keptPortfolioDetails('2026-10'), null, 'nothing was written');
    await archive.keepPortfolioDetails(KEPT);
    assert.deepEqual(await archive.keptPortfolioDetails('2026-10'), KEPT);
  } finally {
    other.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
