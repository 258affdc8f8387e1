// The archive's one search field and its totals, on a real SQLite archive filled with the demo
// operator's invoices: an invoice is found by its number (whole or any part of it), a party's
// name, SIREN, SIRET or VAT number; the totals of a filter are the sums of its rows, credit
// notes negative. Expectations are computed here from the rows themselves, not by the store's
// SQL.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ArchiveFilter, ArchiveRow } from '#shared/archive.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { searchItem, uuidOf } from '#support/archive-fixtures.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'archive-search-'));
let archive: ArchiveStore;
let all: ArchiveRow[];

before(() => {
  fillDemoArchive(dir, 'demo', { seed: 11, invoices: 2500, now: NOW, detailShare: 0.2 });
  archive = openArchive(dir, 'demo');
  all = [...archive.iterateInvoices()];
});
after(() => {
  archive?.close();
  rmSync(dir, { recursive: true, force: true });
});

function found(text: string, filter: ArchiveFilter = {}): string[] {
  const { rows, total } = archive.queryInvoices({ filter: { ...filter, text }, limit: 10_000 });
  assert.equal(rows.length, total);
  return rows.map((r) => r.invoiceId).sort();
}

function ids(rows: ArchiveRow[]): string[] {
  return rows.map((r) => r.invoiceId).sort();
}

/** An invoice whose number is held by no other, and whose other party is identified. */
function someInvoice(predicate: (r: ArchiveRow) => boolean = () => true): ArchiveRow {
  const row = all.find(
    (r) =>
      r.invoiceNumber !== null &&
      all.filter((o) => o.invoiceNumber === r.invoiceNumber).length === 1 &&
      predicate(r),
  );
  assert.ok(row, 'the demo archive has such an invoice');
  return row;
}

describe('the archive search field', () => {
  test('an invoice number, typed whole, finds exactly that invoice', () => {
    for (const row of [someInvoice(), someInvoice((r) => r.direction === 'OUTBOUND')]) {
      const expected = ids(all.filter((r) => r.invoiceNumber!.includes(row.invoiceNumber!)));
      assert.deepEqual(found(row.invoiceNumber!), expected);
      assert.ok(expected.includes(row.invoiceId));
      // Lower case and surrounding spaces change nothing.
      assert.deepEqual(found(`  ${row.invoiceNumber!.toLowerCase()} `), expected);
    }
  });

  test('a part of an invoice number finds every invoice whose number holds it', () => {
    const row = someInvoice((r) => /\d{4,}$/.test(r.invoiceNumber!));
    const digits = /(\d+)$/.exec(row.invoiceNumber!)![1]!;
    for (const part of [digits, digits.slice(-4), digits.slice(1, 5)]) {
      const expected = ids(all.filter((r) => r.invoiceNumber?.includes(part)));
      const got = found(part);
      assert.ok(got.includes(row.invoiceId), `"${part}" finds ${row.invoiceNumber}`);
      // Numbers holding it, plus rows matched otherwise (a SIREN, a name): never fewer.
      for (const id of expected) assert.ok(got.includes(id), `"${part}" finds every number`);
    }
  });

  test('a SIREN, SIRET or VAT number finds the invoices of that party, spaces ignored', () => {
    const row = someInvoice(
      (r) => r.counterpartySiren !== null && r.counterpartySiret !== null && !!r.counterpartyVat,
    );
    const siren = row.counterpartySiren!;
    assert.deepEqual(
      found(siren),
      ids(all.filter((r) => r.counterpartySiren === siren || r.invoiceNumber?.includes(siren))),
    );
    assert.deepEqual(
      found(`${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`),
      found(siren),
    );
    const siret = row.counterpartySiret!;
    assert.deepEqual(
      found(siret),
      ids(all.filter((r) => r.counterpartySiret === siret || r.invoiceNumber?.includes(siret))),
    );
    const vat = row.counterpartyVat!;
    assert.deepEqual(
      found(vat),
      ids(all.filter((r) => r.counterpartyVat === vat || r.invoiceNumber?.includes(vat))),
    );
    assert.ok(found(siren).includes(row.invoiceId));
  });

  test('a party’s name finds its invoices, word starts, accents and case ignored', () => {
    const row = someInvoice((r) => (r.counterpartyName ?? '').split(' ').length >= 2);
    const [first, second] = row.counterpartyName!.split(' ') as [string, string];
    const text = `${first.toLowerCase()} ${second.slice(0, 3)}`;
    const got = found(text);
    assert.ok(got.includes(row.invoiceId));
    for (const r of all.filter((r) => r.counterpartyName === row.counterpartyName))
      assert.ok(got.includes(r.invoiceId), 'every invoice of that party');
  });

  test('the search goes with the other filters', () => {
    const row = someInvoice();
    assert.deepEqual(found(row.invoiceNumber!, { direction: row.direction as 'INBOUND' }), [
      row.invoiceId,
    ]);
    const other = row.direction === 'INBOUND' ? 'OUTBOUND' : 'INBOUND';
    assert.deepEqual(found(row.invoiceNumber!, { direction: other }), []);
  });

  test('text that matches nothing finds nothing, and FTS syntax is only text', () => {
    assert.deepEqual(found('ZZZ-NO-SUCH-NUMBER-999'), []);
    assert.deepEqual(found('"* OR NEAR('), []);
  });
});

describe('an archive written before schema step 8', () => {
  test('finds its invoices by part of their number once opened by this version', () => {
    const old = mkdtempSync(join(tmpdir(), 'archive-search-v6-'));
    try {
      const v6 = openArchive(old, 'c', { schemaVersion: 6 });
      v6.upsertSearchItems(
        [
          searchItem({ id: uuidOf(1), number: 'F2026-000123' }),
          searchItem({ id: uuidOf(2), number: 'F2026-000456' }),
        ],
        NOW.toISOString(),
      );
      v6.close();
      const latest = openArchive(old, 'c');
      try {
        const search = (text: string) =>
          latest.queryInvoices({ filter: { text } }).rows.map((r) => r.invoiceNumber);
        assert.deepEqual(search('000123'), ['F2026-000123']);
        assert.deepEqual(search('0123'), ['F2026-000123']);
        assert.deepEqual(search('F2026-000456'), ['F2026-000456']);
        // A number changed later (its full data read) is found by its new number only.
        latest.upsertSearchItems(
          [searchItem({ id: uuidOf(2), number: 'AV-2026-77' })],
          NOW.toISOString(),
        );
        assert.deepEqual(search('000456'), []);
        assert.deepEqual(search('2026-77'), ['AV-2026-77']);
      } finally {
        latest.close();
      }
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});

describe('the totals of a filter', () => {
  // Credit notes (UNTDID 1001 381 and its kin) reduce the totals, as in the VAT report.
  const CREDIT = new Set(['261', '262', '296', '308', '381', '396', '420', '458', '532']);

  function expected(rows: ArchiveRow[]) {
    const byCurrency = new Map<string, { count: number; ht: number; tva: number; ttc: number }>();
    for (const r of rows) {
      const key = r.currency ?? 'EUR';
      const t = byCurrency.get(key) ?? { count: 0, ht: 0, tva: 0, ttc: 0 };
      const sign = r.typeCode !== null && CREDIT.has(r.typeCode) ? -1 : 1;
      t.count += 1;
      t.ht += sign * (r.htCents ?? 0);
      t.tva += sign * (r.tvaCents ?? 0);
      t.ttc += sign * (r.ttcCents ?? 0);
      byCurrency.set(key, t);
    }
    return byCurrency;
  }

  function check(filter: ArchiveFilter, rows: ArchiveRow[]): void {
    const totals = archive.totals(filter);
    assert.equal(totals.count, rows.length);
    const want = expected(rows);
    assert.equal(totals.currencies.length, want.size);
    for (const c of totals.currencies) {
      const w = want.get(c.currency);
      assert.ok(w, `currency ${c.currency}`);
      assert.deepEqual([c.count, c.htCents, c.tvaCents, c.ttcCents], [w.count, w.ht, w.tva, w.ttc]);
    }
  }

  test('of the whole archive, of a direction, of a search: every row, not a page', () => {
    assert.ok(all.length > 1200);
    check({}, all);
    check(
      { direction: 'INBOUND' },
      all.filter((r) => r.direction === 'INBOUND'),
    );
    const row = someInvoice((r) => r.counterpartySiren !== null);
    check(
      { text: row.counterpartySiren! },
      all.filter(
        (r) =>
          r.counterpartySiren === row.counterpartySiren ||
          r.invoiceNumber?.includes(row.counterpartySiren!),
      ),
    );
  });

  test('credit notes count negative', () => {
    const credits = all.filter((r) => r.typeCode !== null && CREDIT.has(r.typeCode));
    assert.ok(
      credits.some((r) => r.typeCode === '381'),
      'the demo archive has 381 credit notes',
    );
    check({ kind: 'credit_note' }, credits);
    const eur = archive
      .totals({ kind: 'credit_note' })
      .currencies.find((c) => c.currency === 'EUR');
    assert.ok(eur && eur.ttcCents < 0 && eur.htCents < 0);
  });

  test('an empty filter result has a zero count and no currency', () => {
    assert.deepEqual(archive.totals({ text: 'ZZZ-NO-SUCH-NUMBER-999' }), {
      count: 0,
      currencies: [],
    });
  });
});
