import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  archivePath,
  clearArchive,
  invoiceSearchKey,
  openArchive,
  requestKey,
} from '#main/services/archive/sqlite/archive-store.ts';
import { SCHEMA_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';
import { archiveSql } from '#support/archive-sql.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'archive-store-'));
  dirs.push(dir);
  return dir;
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function sample() {
  return [
    searchItem({
      id: uuidOf(1),
      direction: 'INBOUND',
      number: 'FA-001',
      seller: { name: 'Boulangerie Éclair', siren: '123456789', vatNumber: 'FR12123456789' },
      ttc: 0.285,
      ht: 0.24,
      tva: 0.045,
      invoiceDate: '2026-01-10',
      dueDate: '2026-02-10',
      createDate: '2026-01-10T09:00:00.000Z',
      code: '205',
    }),
    searchItem({
      id: uuidOf(2),
      direction: 'OUTBOUND',
      number: 'AV-002',
      type: '381',
      buyer: { name: 'Garage Lefèvre', siret: '98765432100012' },
      ttc: 500,
      invoiceDate: '2026-02-15',
      dueDate: '2026-03-15',
      createDate: '2026-02-15T09:00:00.000Z',
      code: '212',
    }),
    searchItem({
      id: uuidOf(3),
      direction: 'INBOUND',
      state: 'DELIVERY_PENDING',
      number: 'X-3',
      seller: { name: 'Plomberie Durand', siren: '555555555' },
      ttc: 1000,
      invoiceDate: '2026-03-20',
      createDate: '2026-03-20T09:00:00.000Z',
    }),
  ];
}

describe('archive store', () => {
  test('file per connection, owner-only, WAL, foreign keys, current schema', () => {
    const dir = dataDir();
    const store = openArchive(dir, 'conn-1');
    assert.equal(store.path, join(dir, 'archive', 'conn-1.sqlite'));
    store.upsertSearchItems(sample(), '2026-04-01T00:00:00.000Z');
    for (const suffix of ['', '-wal', '-shm'])
      assert.equal(statSync(store.path + suffix).mode & 0o777, 0o600, suffix);
    assert.deepEqual(store.settings(), { journalMode: 'wal', foreignKeys: true });
    assert.equal(store.schemaVersion(), SCHEMA_VERSION);
    assert.equal(store.integrityCheck(), 'ok');
    store.close();
  });

  test('a connection id that is not a safe file name is refused', () => {
    for (const bad of ['../x', 'a/b', '', '.hidden', 'a b'])
      assert.throws(() => archivePath('/tmp', bad), /Not a valid connection id/);
  });

  test('columns: direction picks the counterparty, amounts in exact cents', () => {
    const store = openArchive(dataDir(), 'c');
    store.upsertSearchItems(sample(), '2026-04-01T00:00:00.000Z');
    const row = store.getInvoice(uuidOf(1))!.row;
    assert.equal(row.counterpartyName, 'Boulangerie Éclair');
    assert.equal(row.counterpartySiren, '123456789');
    assert.equal(row.ttcCents, 29);
    assert.equal(row.tvaCents, 5);
    assert.equal(row.lifecycleCode, '205');
    assert.equal(store.getInvoice(uuidOf(2))!.row.counterpartyName, 'Garage Lefèvre');
    store.close();
  });

  test('filters, sorts and pages in SQL; FTS on names ignores accents', () => {
    const store = openArchive(dataDir(), 'c');
    store.upsertSearchItems(sample(), '2026-04-01T00:00:00.000Z');
    const ids = (filter: object, sort?: object) =>
      store
        .queryInvoices({ filter, ...(sort ? { sort } : {}) } as never)
        .rows.map((r) => r.invoiceId);
    assert.deepEqual(ids({}), [uuidOf(3), uuidOf(2), uuidOf(1)]);
    assert.deepEqual(ids({ counterparty: 'eclair' }), [uuidOf(1)]);
    assert.deepEqual(ids({ counterparty: 'lefe' }), [uuidOf(2)]);
    assert.deepEqual(ids({ counterparty: '123 456 789' }), [uuidOf(1)]);
    assert.deepEqual(ids({ counterparty: '98765432100012' }), [uuidOf(2)]);
    assert.deepEqual(ids({ counterparty: 'FR12123456789' }), [uuidOf(1)]);
    assert.deepEqual(ids({ kind: 'credit_note' }), [uuidOf(2)]);
    assert.deepEqual(ids({ kind: 'invoice' }), [uuidOf(3), uuidOf(1)]);
    assert.deepEqual(ids({ invoiceDateFrom: '2026-02-01', invoiceDateTo: '2026-02-28' }), [
      uuidOf(2),
    ]);
    assert.deepEqual(ids({ dueDateFrom: '2026-03-01' }), [uuidOf(2)]);
    assert.deepEqual(ids({ ttcMinCents: 100, ttcMaxCents: 50000 }), [uuidOf(2)]);
    assert.deepEqual(ids({ lifecycleCodes: ['212', '205'] }), [uuidOf(2), uuidOf(1)]);
    assert.deepEqual(ids({ direction: 'OUTBOUND' }), [uuidOf(2)]);
    assert.deepEqual(ids({ states: ['DELIVERY_PENDING'] }), [uuidOf(3)]);
    assert.deepEqual(ids({ text: 'AV' }), [uuidOf(2)]);
    // The credit note (2, 500 €) counts negative, as shown: below the invoice of 0,29 € (issue
    // 27, item 7; it sorted on its unsigned amount, between the two invoices).
    assert.deepEqual(ids({}, { key: 'ttcCents' }), [uuidOf(2), uuidOf(1), uuidOf(3)]);
    assert.deepEqual(ids({}, { key: 'counterpartyName', descending: true }), [
      uuidOf(3),
      uuidOf(2),
      uuidOf(1),
    ]);
    const page = store.queryInvoices({ offset: 1, limit: 1 });
    assert.equal(page.total, 3);
    assert.deepEqual(
      page.rows.map((r) => r.invoiceId),
      [uuidOf(2)],
    );
    assert.throws(
      () => store.queryInvoices({ sort: { key: 'rid; DROP TABLE invoices' as never } }),
      /Unknown sort key/,
    );
    assert.throws(
      () => store.queryInvoices({ filter: { invoiceDateFrom: '01/02/2026' } }),
      /YYYY-MM-DD/,
    );
    assert.deepEqual(
      [...store.iterateInvoices({ filter: { direction: 'INBOUND' } })].map((r) => r.invoiceId),
      [uuidOf(3), uuidOf(1)],
    );
    store.close();
  });

  test('details: stored with their time, columns follow them, a later list keeps them', () => {
    const store = openArchive(dataDir(), 'c');
    const [item] = sample();
    store.upsertSearchItems([item!], '2026-04-01T00:00:00.000Z');
    assert.equal(store.getInvoice(uuidOf(1))!.detail, null);
    assert.equal(store.saveDetail(fullInvoice(item!), '2026-04-02T00:00:00.000Z'), true);
    assert.equal(store.saveDetail(fullInvoice(searchItem({ id: uuidOf(99) }))), false);
    // A page read without expand must not erase business data or details.
    store.upsertSearchItems(
      [
        {
          metadata: item!.metadata,
          lastStatusData: { code: '212', state: 'DELIVERED', date: null },
        },
      ],
      '2026-04-03T00:00:00.000Z',
    );
    const got = store.getInvoice(uuidOf(1))!;
    assert.equal(got.detail?.businessData.taxDetails[0]?.percent, 20);
    assert.equal(got.row.detailFetchedAt, '2026-04-02T00:00:00.000Z');
    assert.equal(got.row.counterpartyName, 'Boulangerie Éclair');
    assert.equal(got.row.lifecycleCode, '212');
    assert.equal(got.searchItem.businessData?.invoiceId, 'FA-001');
    const stats = store.stats();
    assert.equal(stats.invoices, 1);
    assert.equal(stats.details, 1);
    assert.ok(stats.sizeBytes > 0);
    assert.equal(stats.lastSyncAt, null);
    store.close();
  });

  test('responses saved by request key answer the same request, and only it', () => {
    const store = openArchive(dataDir(), 'c');
    assert.equal(requestKey({ b: 1, a: 'x', c: undefined }), requestKey({ a: 'x', b: 1 }));
    store.saveInvoiceSearchPage(
      { q: 'invoice.state:"VALID"', offset: 0, limit: 50 },
      { data: sample(), meta: { offset: 0, limit: 50, count: 3 } },
      '2026-04-01T00:00:00.000Z',
    );
    const hit = store.getResponse(
      'invoice_search',
      invoiceSearchKey({ q: 'invoice.state:"VALID"', offset: 0, limit: 50 }),
    );
    assert.equal(hit?.fetchedAt, '2026-04-01T00:00:00.000Z');
    assert.equal(
      store.getResponse(
        'invoice_search',
        invoiceSearchKey({ q: 'invoice.state:"VALID"', offset: 50, limit: 50 }),
      ),
      null,
    );
    assert.equal(store.stats().invoices, 3);
    store.saveResponse('directory', requestKey({ q: 'name:"Dup*"', limit: 20 }), { data: [] });
    assert.deepEqual(
      store.getResponse('directory', requestKey({ limit: 20, q: 'name:"Dup*"' }))?.response,
      { data: [] },
    );
    store.close();
  });

  test('an archive of the first schema upgrades to the latest with its data', () => {
    const dir = dataDir();
    const v1 = openArchive(dir, 'old', { schemaVersion: 1 });
    assert.equal(v1.schemaVersion(), 1);
    // Written as version 1 knew it: no FTS, no sync columns.
    const cols = [
      'invoice_id',
      'direction',
      'state',
      'counterparty_name',
      'search_json',
      'search_fetched_at',
    ];
    archiveSql(v1.path, (db) =>
      db
        .prepare(`INSERT INTO invoices (${cols.join(', ')}) VALUES (?, ?, ?, ?, ?, ?)`)
        .run(
          uuidOf(7),
          'INBOUND',
          'DELIVERED',
          'Menuiserie Gérard',
          JSON.stringify(searchItem({ id: uuidOf(7) })),
          '2026-01-01T00:00:00.000Z',
        ),
    );
    v1.close();
    const latest = openArchive(dir, 'old');
    assert.equal(latest.schemaVersion(), SCHEMA_VERSION);
    assert.deepEqual(
      latest.queryInvoices({ filter: { counterparty: 'gerard' } }).rows.map((r) => r.invoiceId),
      [uuidOf(7)],
    );
    assert.equal(latest.integrityCheck(), 'ok');
    latest.close();
  });

  test('names indexed by the trigger (schema 4) and by the store (schema 5) are all found, renames too', () => {
    const dir = dataDir();
    const v4 = openArchive(dir, 'fts', { schemaVersion: 4 });
    v4.upsertSearchItems(
      [searchItem({ id: uuidOf(1), seller: { name: 'Menuiserie Gérard', siren: '111111111' } })],
      '2026-01-01T00:00:00.000Z',
    );
    v4.close();
    const latest = openArchive(dir, 'fts');
    latest.upsertSearchItems(
      [searchItem({ id: uuidOf(2), seller: { name: 'Plomberie Gérald', siren: '333333333' } })],
      '2026-01-02T00:00:00.000Z',
    );
    const named = (text: string) =>
      latest.queryInvoices({ filter: { text } }).rows.map((r) => r.invoiceId);
    assert.deepEqual(named('gerard'), [uuidOf(1)]);
    assert.deepEqual(named('ger').sort(), [uuidOf(1), uuidOf(2)]);
    // A renamed party: the old name is no longer found, the new one is (the update trigger).
    latest.upsertSearchItems(
      [searchItem({ id: uuidOf(2), seller: { name: 'Couverture Lucas', siren: '333333333' } })],
      '2026-01-03T00:00:00.000Z',
    );
    assert.deepEqual(named('gerald'), []);
    assert.deepEqual(named('lucas'), [uuidOf(2)]);
    assert.equal(latest.integrityCheck(), 'ok');
    latest.close();
  });

  test('an archive from a newer app is refused, not damaged', () => {
    const dir = dataDir();
    const store = openArchive(dir, 'new');
    store.close();
    archiveSql(store.path, (db) => db.exec('PRAGMA user_version = 999'));
    assert.throws(() => openArchive(dir, 'new'), /newer Invoice Desk/);
  });

  test('clear deletes the files', () => {
    const dir = dataDir();
    const store = openArchive(dir, 'gone');
    store.upsertSearchItems(sample(), '2026-04-01T00:00:00.000Z');
    store.close();
    clearArchive(dir, 'gone');
    assert.equal(existsSync(archivePath(dir, 'gone')), false);
    assert.equal(existsSync(`${archivePath(dir, 'gone')}-wal`), false);
  });
});
