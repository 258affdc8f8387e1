// The archive's reads for the pre-accounting (issue 17), on a real SQLite file: which invoices a
// period's entries are made from (dated in it, or collected with a 212 around it) with the facts
// of their details, and the company the archive belongs to (item 1: its SIREN found from its
// invoices: the seller of issued ones, else the buyer of received ones).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { fullInvoice, searchItem, uuidOf, type ItemSpec } from '#support/archive-fixtures.ts';

let dir: string;
let store: ArchiveStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'accounting-rows-'));
  store = openArchive(dir, 'c1');
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function archive(specs: (ItemSpec & { details?: boolean })[]): void {
  const items = specs.map((spec) => searchItem(spec));
  store.upsertSearchItems(items, '2026-11-01T00:00:00Z');
  items.forEach((item, i) => {
    if (specs[i]!.details !== false)
      store.saveDetail(fullInvoice(item, 20), '2026-11-01T00:00:00Z');
  });
}

describe('accountingRows', () => {
  test('dated in the period, or collected (212) around it; the facts of the details', () => {
    archive([
      { id: uuidOf(1), invoiceDate: '2026-10-01' },
      { id: uuidOf(2), invoiceDate: '2026-10-31', details: false },
      { id: uuidOf(3), invoiceDate: '2026-09-30' },
      { id: uuidOf(4), invoiceDate: '2026-11-01' },
      // Older, collected in October: their VAT on payment moves then.
      { id: uuidOf(5), invoiceDate: '2026-08-01', code: '212', statusDate: '2026-10-12T10:00:00Z' },
      // Late on 30 September in UTC: 1 October in Paris (the entries decide; the read keeps it).
      { id: uuidOf(6), invoiceDate: '2026-08-01', code: '212', statusDate: '2026-09-30T22:30:00Z' },
      { id: uuidOf(7), invoiceDate: '2026-08-01', code: '212', statusDate: '2026-12-05T10:00:00Z' },
      { id: uuidOf(8), invoiceDate: '2026-08-01', code: '211', statusDate: '2026-10-05T10:00:00Z' },
    ]);
    const rows = [...store.accountingRows('2026-10-01', '2026-10-31')];
    assert.deepEqual(rows.map((r) => r.row.invoiceId).sort(), [1, 2, 5, 6].map(uuidOf));
    const first = rows.find((r) => r.row.invoiceId === uuidOf(1))!;
    assert.deepEqual(first.facts, {
      processType: null,
      taxPaymentCode: null,
      taxPaymentIop: null,
      currency: 'EUR',
      invoiceAmount: 120,
      taxBasisTotal: 100,
      taxTotal: 20,
      taxTotalAccounting: null,
      taxDetails: [
        {
          taxableAmount: { amount: 100 },
          taxAmount: { amount: 20 },
          categoryCode: 'S',
          percent: 20,
        },
      ],
      sellerCountry: 'FR',
      buyerCountry: 'FR',
      accountingCostId: null,
    });
    assert.equal(rows.find((r) => r.row.invoiceId === uuidOf(2))!.facts, null, 'no details');
  });
});

describe('companySiren', () => {
  test('the most frequent seller of issued invoices, with its name', () => {
    const us = { name: 'Atelier Duval SAS', siren: '412192213' };
    archive([
      {
        id: uuidOf(1),
        direction: 'OUTBOUND',
        seller: us,
        buyer: { name: 'A', siren: '111111111' },
      },
      {
        id: uuidOf(2),
        direction: 'OUTBOUND',
        seller: us,
        buyer: { name: 'B', siren: '222222222' },
      },
      {
        id: uuidOf(3),
        direction: 'OUTBOUND',
        seller: { name: 'Autre', siren: '333333333' },
        buyer: { name: 'C', siren: '444444444' },
      },
      // Received invoices name a buyer too, but issued ones speak first.
      { id: uuidOf(4), direction: 'INBOUND', buyer: { name: 'X', siren: '555555555' } },
      { id: uuidOf(5), direction: 'INBOUND', buyer: { name: 'X', siren: '555555555' } },
      { id: uuidOf(6), direction: 'INBOUND', buyer: { name: 'X', siren: '555555555' } },
    ]);
    assert.deepEqual(store.companySiren(), { siren: '412192213', name: 'Atelier Duval SAS' });
  });

  test('no issued invoice: the buyer of received ones; nothing archived: null', () => {
    assert.equal(store.companySiren(), null);
    archive([
      {
        id: uuidOf(1),
        direction: 'INBOUND',
        buyer: { name: 'Cabinet Dupont', siren: '222222222' },
      },
    ]);
    assert.deepEqual(store.companySiren(), { siren: '222222222', name: 'Cabinet Dupont' });
  });
});
