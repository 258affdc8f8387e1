// The invoice a credit note credits (BT-25) kept on the invoice's row (issue 28's bench
// regression): an archive written before the step gets, in one pass, what the writes give a
// fresh one, by the same extractor. SQLite's schema step 16 on real files; PostgreSQL's
// migration 006 on the server of scripts/with-postgres.sh (skipped without one).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import pg from 'pg';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { CREDITED_VERSION, SCHEMA_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { migrate } from '#main/services/archive/postgres/migrate.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import type { ArchivePort } from '#main/services/archive/ports.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const AT = '2026-11-01T00:00:00Z';
const doc = (invoiceId: unknown) => ({ invoiceId, date: '2026-02-01', type: '380' });

/** Credit notes naming their invoice in every way the archive meets, and the number each
 * credits: `search` and `detail` are the referenced documents of each (absent: undefined;
 * `detail: false`, no details archived). */
const CASES: { search?: unknown; detail?: unknown; credits: string | null }[] = [
  { search: [doc('F-1')], detail: false, credits: 'F-1' },
  { search: [doc('F-X')], detail: [doc('F-2')], credits: 'F-2' },
  { search: [doc('F-3')], detail: undefined, credits: 'F-3' },
  { search: [doc('F-4')], detail: [], credits: null },
  { search: [doc(''), { date: '2026-02-01' }, doc('F-5')], detail: false, credits: 'F-5' },
  { search: undefined, detail: undefined, credits: null },
  { search: { invoiceId: 'F-7' }, detail: false, credits: null },
];

function written(): { items: InvoiceSearchItem[]; details: Invoice[] } {
  const items: InvoiceSearchItem[] = [];
  const details: Invoice[] = [];
  CASES.forEach((c, index) => {
    const item = searchItem({ id: uuidOf(index + 1), number: `AV-${index + 1}`, type: '381' });
    const detail = fullInvoice(item);
    if (c.search !== undefined)
      Object.assign(item.businessData!, { referencedDocuments: c.search });
    if (c.detail !== undefined && c.detail !== false)
      Object.assign(detail.businessData, { referencedDocuments: c.detail });
    items.push(item);
    if (c.detail !== false) details.push(detail);
  });
  return { items, details };
}

const EXPECTED = CASES.map((c, index) => [uuidOf(index + 1), c.credits]);

const byId = (rows: { row: { invoiceId: string }; creditedNumber: string | null }[]) =>
  rows
    .map((r) => [r.row.invoiceId, r.creditedNumber])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('SQLite: schema step 16', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'credited-number-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function fill(store: ArchiveStore): void {
    const { items, details } = written();
    store.upsertSearchItems(items, AT);
    for (const detail of details) store.saveDetail(detail, AT);
  }

  test('written at the step: the payable rows carry the number each credit note credits', () => {
    const store = openArchive(dir, 'fresh');
    fill(store);
    assert.deepEqual(byId([...store.payableRows('2026-12-31')]), EXPECTED);
    store.close();
  });

  test('an archive written before the step gets the same numbers in one pass when it opens', () => {
    const old = openArchive(dir, 'old', { schemaVersion: CREDITED_VERSION - 1 });
    fill(old);
    old.close();
    const upgraded = openArchive(dir, 'old');
    assert.equal(upgraded.schemaVersion(), SCHEMA_VERSION);
    assert.deepEqual(byId([...upgraded.payableRows('2026-12-31')]), EXPECTED);
    assert.equal(upgraded.integrityCheck(), 'ok');
    upgraded.close();
  });
});

describe('PostgreSQL: migration 006', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  async function payable(archive: ArchivePort) {
    const rows = [];
    for await (const batch of archive.payableRows('2026-12-31')) rows.push(...batch);
    return byId(rows);
  }

  test('written at the step, and a firm archive written before it, give the same numbers', async () => {
    const { pool, schema, drop } = await freshSchema('credited');
    try {
      const archive = await new PostgresArchives(pool, schema).ports.open('c1');
      const { items, details } = written();
      await archive.saveSearchPage({ q: 'x' }, { data: items, meta: {} }, AT);
      for (const detail of details) assert.equal(await archive.saveDetail(detail, AT), true);
      assert.deepEqual(await payable(archive), EXPECTED);
      // The same rows as a schema of step 5 held them: no column, the step not applied.
      const admin = new pg.Client({ connectionString: TEST_PG_URL! });
      await admin.connect();
      try {
        // What the later steps added goes too: the schema goes back to step 5 whole.
        await admin.query(`ALTER TABLE ${schema}.invoices DROP COLUMN credited_number`);
        await admin.query(`DROP TABLE ${schema}.sync_pages`);
        await admin.query(`DELETE FROM ${schema}.schema_migrations WHERE version >= 6`);
        await migrate(admin, schema);
      } finally {
        await admin.end();
      }
      assert.deepEqual(await payable(archive), EXPECTED);
    } finally {
      await drop();
    }
  });
});
