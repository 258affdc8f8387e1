// The archive keeps every lifecycle status it reads for an invoice (the operator only gives the
// last one): across a live search's write-through and a sync's write, in a real SQLite file,
// kept when the file is opened again, and started from the held status on an older archive.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { STATUS_HISTORY_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { searchItem, uuidOf } from '#support/archive-fixtures.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'status-history-'));
  dirs.push(dir);
  return dir;
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const id = uuidOf(42);
function item(code: string, statusDate: string) {
  return searchItem({ id, direction: 'OUTBOUND', number: 'F2026-000042', code, statusDate });
}

test('the archive records each status it sees for an invoice, once', () => {
  const dir = dataDir();
  const store = openArchive(dir, 'conn-1');
  // A live search's write-through, then a sync's write of the same invoice, rejected since.
  store.saveInvoiceSearchPage(
    { offset: 0, limit: 50 },
    { data: [item('203', '2026-10-10T08:00:00.000Z')], meta: { offset: 0, limit: 50, count: 1 } },
    '2026-10-10T09:00:00.000Z',
  );
  store.upsertSearchItems([item('213', '2026-10-12T08:00:00.000Z')], '2026-10-12T09:00:00.000Z');
  // The same status read again adds nothing.
  store.upsertSearchItems([item('213', '2026-10-12T08:00:00.000Z')], '2026-10-13T09:00:00.000Z');
  store.close();

  const reopened = openArchive(dir, 'conn-1');
  assert.deepEqual(reopened.statusHistory(id.toUpperCase()), [
    { code: '203', date: '2026-10-10T08:00:00.000Z', seenAt: '2026-10-10T09:00:00.000Z' },
    { code: '213', date: '2026-10-12T08:00:00.000Z', seenAt: '2026-10-12T09:00:00.000Z' },
  ]);
  assert.deepEqual(reopened.statusHistory(uuidOf(7)), [], 'an invoice not archived has none');
  // What the second write changed.
  assert.deepEqual(reopened.statusesSeenSince('2026-10-11T00:00:00.000Z'), [
    {
      invoiceId: id,
      code: '213',
      date: '2026-10-12T08:00:00.000Z',
      seenAt: '2026-10-12T09:00:00.000Z',
    },
  ]);
  reopened.close();
});

test('an archive written before the history starts it from the status it holds', () => {
  const dir = dataDir();
  // Written as it was before the step that adds the history.
  const store = openArchive(dir, 'conn-1', { schemaVersion: STATUS_HISTORY_VERSION - 1 });
  store.upsertSearchItems([item('205', '2026-09-01T08:00:00.000Z')], '2026-09-02T09:00:00.000Z');
  store.close();
  const upgraded = openArchive(dir, 'conn-1');
  upgraded.upsertSearchItems([item('212', '2026-10-01T08:00:00.000Z')], '2026-10-02T09:00:00.000Z');
  assert.deepEqual(
    upgraded.statusHistory(id).map((s) => s.code),
    ['205', '212'],
  );
  upgraded.close();
});
