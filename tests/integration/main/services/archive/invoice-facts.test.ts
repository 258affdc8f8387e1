// The invoices' VAT and accounting facts kept in columns (issue 28, item 3), on real SQLite
// files: written with the details by the one extractor, filled in one pass for an archive of an
// older schema (step 14), read back by the reports, the entries and the export's VAT sheet.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { invoiceFacts } from '#main/services/archive/invoice-facts.ts';
import { FACTS_VERSION, SCHEMA_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';
import { archiveSql } from '#support/archive-sql.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'invoice-facts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2026-11-01T00:00:00Z';

/** Three invoices: one at 5.5 % delivered in February and paid in part, one at 20 %, one
 * without details (its search says what is left to pay). */
function invoices(): { items: InvoiceSearchItem[]; details: Invoice[] } {
  const items = [1, 2, 3].map((n) =>
    searchItem({ id: uuidOf(n), number: `F-${n}`, invoiceDate: '2026-03-0' + n }),
  );
  items[2]!.businessData!.monetary!.payableAmount = { amount: 42 };
  const first = fullInvoice(items[0]!, 5.5);
  first.businessData.shipping = {
    deliveryDate: '2026-02-20',
    tradeParty: { name: 'X', postalAddress: { country: 'FR' }, identifiers: [] },
  };
  first.businessData.monetary.payableAmount = { amount: 60.5 };
  first.businessData.taxPaymentOption = { code: 72 };
  return { items, details: [first, fullInvoice(items[1]!, 20)] };
}

function fill(store: ArchiveStore): void {
  const { items, details } = invoices();
  store.upsertSearchItems(items, AT);
  for (const detail of details) store.saveDetail(detail, AT);
}

const WINDOW = {
  from: '2026-03-01',
  to: '2026-03-31',
  collectedSince: '2026-02-28',
  datedFrom: '2025-03-01',
  datedTo: '2027-03-31',
  deliveredFrom: '2026-01-29',
};

/** Everything the reads give of the archive's facts, in a stable order. */
function reads(store: ArchiveStore) {
  const byId = <T extends { row: { invoiceId: string } }>(rows: Iterable<T>) =>
    [...rows].sort((a, b) => a.row.invoiceId.localeCompare(b.row.invoiceId));
  return {
    vat: byId(store.vatRows(WINDOW)).map((r) => [r.row.invoiceId, r.facts]),
    payable: byId(store.payableRows('2026-12-31')).map((r) => [r.row.invoiceId, r.payableAmount]),
    entries: byId(store.accountingRows('2026-03-01', '2026-03-31')).map((r) => r.facts),
    ca3: byId(store.ca3Rows('2026-03-01', '2026-03-31', 366)).map((r) => r.deliveryDate),
    sheet: [...store.detailVatFacts({}, { key: 'invoiceNumber' })],
  };
}

describe('the facts of an invoice kept in columns', () => {
  test('written with its details: the reads give the extractor’s facts', () => {
    const store = openArchive(dir, 'c1');
    fill(store);
    const { details } = invoices();
    const got = reads(store);
    assert.deepEqual(got.vat, [
      [uuidOf(1), invoiceFacts(details[0]!)],
      [uuidOf(2), invoiceFacts(details[1]!)],
      [uuidOf(3), null],
    ]);
    assert.deepEqual(got.payable, [
      [uuidOf(1), 60.5],
      [uuidOf(2), 120],
      [uuidOf(3), 42],
    ]);
    assert.deepEqual(
      got.entries.map((f) => f?.taxDetails),
      [
        [
          {
            categoryCode: 'S',
            percent: 5.5,
            taxableAmount: { amount: 100 },
            taxAmount: { amount: 20 },
          },
        ],
        [
          {
            categoryCode: 'S',
            percent: 20,
            taxableAmount: { amount: 100 },
            taxAmount: { amount: 20 },
          },
        ],
        undefined,
      ],
    );
    assert.deepEqual(got.ca3, ['2026-02-20', null, null]);
    assert.deepEqual(
      got.sheet.map((s) => [s.invoiceId, s.number, s.currency, s.type, s.taxDetails.length]),
      [
        [uuidOf(1), 'F-1', 'EUR', '380', 1],
        [uuidOf(2), 'F-2', 'EUR', '380', 1],
      ],
    );
    store.close();
  });

  test('an archive of schema 13 gets the same facts in one pass when it opens', () => {
    const old = openArchive(dir, 'old', { schemaVersion: FACTS_VERSION - 1 });
    fill(old);
    old.close();
    const upgraded = openArchive(dir, 'old');
    assert.equal(upgraded.schemaVersion(), SCHEMA_VERSION);
    const fresh = openArchive(dir, 'fresh');
    fill(fresh);
    assert.deepEqual(reads(upgraded), reads(fresh));
    assert.equal(upgraded.integrityCheck(), 'ok');
    upgraded.close();
    fresh.close();
  });

  test('details fetched again replace the facts and their lines; a deleted invoice takes them', () => {
    const store = openArchive(dir, 'c1');
    fill(store);
    const { details } = invoices();
    const again = structuredClone(details[1]!);
    again.businessData.taxDetails = [
      { taxableAmount: { amount: 50 }, taxAmount: { amount: 10 }, categoryCode: 'S', percent: 20 },
      { taxableAmount: { amount: 50 }, taxAmount: { amount: 10 }, categoryCode: 'S', percent: 20 },
    ];
    store.saveDetail(again, AT);
    const sheet = [...store.detailVatFacts({}, { key: 'invoiceNumber' })];
    assert.deepEqual(
      sheet.map((s) => s.taxDetails.map((l) => l.taxableAmount)),
      [[100], [50, 50]],
    );
    // The reports' read folds an invoice's lines into it: one item each, lines in order.
    const vat = [...store.vatRows(WINDOW)].filter((r) => r.row.invoiceId === uuidOf(2));
    assert.deepEqual(
      vat.map((r) => r.facts?.vatLines.map((l) => l.taxAmount)),
      [[10, 10]],
    );
    store.close();
    archiveSql(store.path, (db) => {
      db.exec('PRAGMA foreign_keys = ON');
      db.prepare('DELETE FROM invoices WHERE invoice_id = ?').run(uuidOf(2));
      const left = db.prepare('SELECT count(*) AS n FROM invoice_vat_lines').get() as { n: number };
      assert.equal(Number(left.n), 1);
    });
  });
});
