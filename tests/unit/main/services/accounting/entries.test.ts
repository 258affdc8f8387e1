// The entries of one archived invoice (issue 17, item 3), rule by rule (docs: accounting.md):
// what each invoice gives, line by line, in cents.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Entry } from '#shared/accounting.ts';
import { monthPeriod } from '#shared/report-period.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import {
  invoiceOutcome,
  type EntryContext,
  type InvoiceOutcome,
} from '#main/services/accounting/entries.ts';
import { accountingRow, standInChooser, type InvoiceSpec } from '#support/accounting-fixtures.ts';

const OCTOBER = monthPeriod(2026, 10);

function context(over: Partial<EntryContext> = {}): EntryContext {
  return {
    period: OCTOBER,
    settings: DEFAULT_ACCOUNTING_SETTINGS,
    chooser: standInChooser(),
    ...over,
  };
}

function outcome(spec: InvoiceSpec, over: Partial<EntryContext> = {}): InvoiceOutcome {
  return invoiceOutcome(accountingRow(spec), context(over));
}

function entriesOf(spec: InvoiceSpec, over: Partial<EntryContext> = {}): Entry[] {
  const result = outcome(spec, over);
  assert.equal(result.kind, 'posted', JSON.stringify(result));
  return result.kind === 'posted' ? result.entries : [];
}

/** An entry's lines as [account, debit, credit] (+ the auxiliary code on third-party lines). */
function lines(entry: Entry): (string | number)[][] {
  return entry.lines.map((l) =>
    l.auxiliary === null
      ? [l.account, l.debitCents, l.creditCents]
      : [l.account, l.debitCents, l.creditCents, l.auxiliary],
  );
}

function assertBalanced(entry: Entry): void {
  const debit = entry.lines.reduce((s, l) => s + l.debitCents, 0);
  const credit = entry.lines.reduce((s, l) => s + l.creditCents, 0);
  assert.equal(debit, credit, `entry ${entry.pieceRef} balances`);
  for (const l of entry.lines) {
    assert.ok(l.debitCents >= 0 && l.creditCents >= 0, 'never a negative amount');
    assert.ok((l.debitCents === 0) !== (l.creditCents === 0), 'a debit or a credit, not both');
  }
}

describe('a sale (VT)', () => {
  test('multi-rate: 411 TTC, revenue HT per rate, 44571 VAT per rate', () => {
    const [entry] = entriesOf({
      processType: 'B1',
      rates: [
        { category: 'S', percent: 20, base: 100, vat: 20 },
        { category: 'S', percent: 10, base: 50, vat: 5 },
        { category: 'S', percent: 5.5, base: 10, vat: 0.55 },
      ],
    });
    assert.ok(entry);
    assert.equal(entry.journal, 'sales');
    assert.equal(entry.kind, 'invoice');
    assert.equal(entry.date, '2026-10-15');
    assert.equal(entry.pieceRef, 'F-1');
    assert.equal(entry.pieceDate, '2026-10-15');
    assert.deepEqual(lines(entry), [
      ['411000', 18555, 0, 'CCLIENTMA'],
      ['707000', 0, 10000],
      ['445710', 0, 2000],
      ['707000', 0, 5000],
      ['445710', 0, 500],
      ['707000', 0, 1000],
      ['445710', 0, 55],
    ]);
    assertBalanced(entry);
    assert.equal(entry.roundingCents, 0);
    assert.equal(entry.provisional, true, 'the party is a suggestion');
  });

  test('labels: French account labels, the party name on the 411 line', () => {
    const [entry] = entriesOf({});
    assert.ok(entry);
    assert.equal(entry.lines[0]?.accountLabel, 'Clients');
    assert.equal(entry.lines[0]?.auxiliaryLabel, 'Client Martin SA');
    assert.equal(entry.lines[1]?.accountLabel, 'Prestations de services');
    assert.equal(entry.lines[2]?.accountLabel, 'TVA collectée');
    assert.equal(entry.lines[1]?.auxiliary, null, 'an auxiliary only on 401 / 411');
    assert.match(entry.label, /^Facture F-1 Client Martin SA$/);
  });

  test('goods (B*, M*) go to 707, services (S*) to 706 by default', () => {
    assert.equal(entriesOf({ processType: 'M2' })[0]?.lines[1]?.account, '707000');
    assert.equal(entriesOf({ processType: 'S1' })[0]?.lines[1]?.account, '706000');
  });

  test('the party remembered: its account, label and code; not provisional', () => {
    const chooser = standInChooser({
      '443061841': { account: '706100', auxiliary: 'CMARTIN', label: 'Martin' },
    });
    const [entry] = entriesOf({}, { chooser });
    assert.ok(entry);
    assert.deepEqual(lines(entry).slice(0, 2), [
      ['411000', 12000, 0, 'CMARTIN'],
      ['706100', 0, 10000],
    ]);
    assert.equal(entry.provisional, false);
    assert.equal(entry.label, 'Facture F-1 Martin');
  });

  test('intra-EU delivery (K) and export (G): their own accounts, no VAT', () => {
    const [k] = entriesOf({
      processType: 'B1',
      buyerCountry: 'DE',
      rates: [{ category: 'K', percent: 0, base: 300, vat: 0 }],
    });
    assert.ok(k);
    assert.deepEqual(lines(k), [
      ['411000', 30000, 0, 'CCLIENTMA'],
      ['707100', 0, 30000],
    ]);
    const chooser = standInChooser();
    const [g] = entriesOf(
      { processType: 'B1', rates: [{ category: 'G', percent: 0, base: 80, vat: 0 }] },
      { chooser },
    );
    assert.ok(g);
    assert.deepEqual(lines(g), [
      ['411000', 8000, 0, 'CCLIENTMA'],
      ['707200', 0, 8000],
    ]);
    assert.equal(chooser.asked[0]?.defaultAccount, '707200', 'the suggestion is the export one');
  });

  test('a reverse-charge sale (AE): revenue from services, no VAT', () => {
    const [entry] = entriesOf({
      processType: 'B1',
      rates: [{ category: 'AE', percent: 0, base: 500, vat: 0 }],
    });
    assert.ok(entry);
    assert.deepEqual(lines(entry), [
      ['411000', 50000, 0, 'CCLIENTMA'],
      ['706000', 0, 50000],
    ]);
  });
});

describe('a purchase (HA)', () => {
  test('6xx HT, 44566 VAT, 401 TTC', () => {
    const [entry] = entriesOf({ direction: 'INBOUND', processType: 'B1' });
    assert.ok(entry);
    assert.equal(entry.journal, 'purchases');
    assert.deepEqual(lines(entry), [
      ['607000', 10000, 0],
      ['445660', 2000, 0],
      ['401000', 0, 12000, 'FFOURNISS'],
    ]);
    assert.equal(entry.lines[2]?.accountLabel, 'Fournisseurs');
    assert.equal(entry.lines[2]?.auxiliaryLabel, 'Fournisseur Dupont SARL');
    assert.equal(entry.lines[1]?.accountLabel, 'TVA déductible sur autres biens et services');
  });

  test('services to 604; the invoice BT-19 account suggested', () => {
    assert.equal(entriesOf({ direction: 'INBOUND' })[0]?.lines[0]?.account, '604000');
    const chooser = standInChooser();
    const [entry] = entriesOf({ direction: 'INBOUND', accountingCostId: '622600' }, { chooser });
    assert.equal(chooser.asked[0]?.invoiceAccount, '622600');
    assert.equal(entry?.lines[0]?.account, '622600');
    assert.equal(entry?.lines[0]?.accountLabel, 'Honoraires');
  });

  test("a sale's BT-19 is the customer's own account: never suggested", () => {
    const chooser = standInChooser();
    entriesOf({ accountingCostId: '606300' }, { chooser });
    assert.equal(chooser.asked[0]?.invoiceAccount, null);
  });

  test('a fixed asset (the party on a 2xx account): VAT to 44562', () => {
    const chooser = standInChooser({ '732829320': { account: '218300' } });
    const [entry] = entriesOf({ direction: 'INBOUND', processType: 'B1' }, { chooser });
    assert.ok(entry);
    assert.deepEqual(lines(entry), [
      ['218300', 10000, 0],
      ['445620', 2000, 0],
      ['401000', 0, 12000, 'FFOURNISS'],
    ]);
    assert.equal(entry.lines[1]?.accountLabel, 'TVA déductible sur immobilisations');
  });
});

describe('a credit note (381)', () => {
  test('a sale credit note: the same accounts, sides reversed, never negative', () => {
    const [entry] = entriesOf({ type: '381', processType: 'B1' });
    assert.ok(entry);
    assert.equal(entry.creditNote, true);
    assert.deepEqual(lines(entry), [
      ['411000', 0, 12000, 'CCLIENTMA'],
      ['707000', 10000, 0],
      ['445710', 2000, 0],
    ]);
    assert.match(entry.label, /^Avoir F-1 /);
    assertBalanced(entry);
  });

  test('a purchase credit note reversed too', () => {
    const [entry] = entriesOf({ type: '381', direction: 'INBOUND', processType: 'B1' });
    assert.ok(entry);
    assert.deepEqual(lines(entry), [
      ['607000', 0, 10000],
      ['445660', 0, 2000],
      ['401000', 12000, 0, 'FFOURNISS'],
    ]);
  });

  test('an invoice with negative amounts: sides reversed, no negative amount', () => {
    const [entry] = entriesOf({ rates: [{ category: 'S', percent: 20, base: -100, vat: -20 }] });
    assert.ok(entry);
    assert.deepEqual(lines(entry), [
      ['411000', 0, 12000, 'CCLIENTMA'],
      ['706000', 10000, 0],
      ['445710', 2000, 0],
    ]);
  });
});

describe('VAT on payment (BT-8 72 / 432 / PAYMENT_DATE)', () => {
  test('a sale: VAT waits in 44574; the 212 day in the period moves it to 44571 (OD)', () => {
    const entries = entriesOf({ taxCode: 72, code: '212', statusDate: '2026-10-20T10:00:00Z' });
    assert.equal(entries.length, 2);
    const [invoice, move] = entries as [Entry, Entry];
    assert.deepEqual(lines(invoice), [
      ['411000', 12000, 0, 'CCLIENTMA'],
      ['706000', 0, 10000],
      ['445740', 0, 2000],
    ]);
    assert.equal(invoice.lines[2]?.accountLabel, "TVA collectée en attente d'encaissement");
    assert.equal(move.journal, 'misc');
    assert.equal(move.kind, 'vat_on_payment');
    assert.equal(move.date, '2026-10-20');
    assert.equal(move.pieceRef, 'F-1');
    assert.equal(move.pieceDate, '2026-10-15', 'the piece is the invoice');
    assert.deepEqual(lines(move), [
      ['445740', 2000, 0],
      ['445710', 0, 2000],
    ]);
    assertBalanced(move);
  });

  test('an invoice of an earlier period collected in this one: only the move', () => {
    const entries = entriesOf({
      iop: 'PAYMENT_DATE',
      taxCode: null,
      invoiceDate: '2026-08-30',
      code: '212',
      statusDate: '2026-10-03T08:00:00Z',
    });
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['vat_on_payment'],
    );
  });

  test('the 212 day is the day in Paris: late on 30 September UTC is 1 October', () => {
    const entries = entriesOf({
      taxCode: 432,
      invoiceDate: '2026-09-10',
      code: '212',
      statusDate: '2026-09-30T22:30:00Z',
    });
    assert.equal(entries[0]?.date, '2026-10-01');
  });

  test('collected after the period: the invoice entry only, VAT still waiting', () => {
    const entries = entriesOf({ taxCode: 72, code: '212', statusDate: '2026-11-02T10:00:00Z' });
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['invoice'],
    );
    assert.equal(outcome({ taxCode: 72, invoiceDate: '2026-11-01' }).kind, 'outside');
  });

  test('a purchase: 44564 then 44566; a credit note reversed', () => {
    const [invoice, move] = entriesOf({
      direction: 'INBOUND',
      type: '381',
      taxCode: 72,
      code: '212',
      statusDate: '2026-10-28T10:00:00Z',
    }) as [Entry, Entry];
    assert.deepEqual(lines(invoice), [
      ['604000', 0, 10000],
      ['445640', 0, 2000],
      ['401000', 12000, 0, 'FFOURNISS'],
    ]);
    assert.deepEqual(lines(move), [
      ['445660', 0, 2000],
      ['445640', 2000, 0],
    ]);
  });

  test('VAT on the invoice date (code 5) never moves', () => {
    const entries = entriesOf({ taxCode: 5, code: '212', statusDate: '2026-10-20T10:00:00Z' });
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['invoice'],
    );
    assert.equal(entries[0]?.lines[2]?.account, '445710');
  });
});

describe('reverse charge (autoliquidation)', () => {
  test('an AE purchase: 6xx HT, 445662 and 4452 at 20 % (the setting), 401 HT', () => {
    const [entry] = entriesOf({
      direction: 'INBOUND',
      rates: [{ category: 'AE', percent: 0, base: 1000, vat: 0 }],
    });
    assert.ok(entry);
    assert.deepEqual(lines(entry), [
      ['604000', 100000, 0],
      ['445662', 20000, 0],
      ['445200', 0, 20000],
      ['401000', 0, 100000, 'FFOURNISS'],
    ]);
    assert.equal(entry.lines[1]?.accountLabel, 'TVA déductible intracommunautaire');
    assert.equal(entry.lines[2]?.accountLabel, 'TVA due intracommunautaire');
    assertBalanced(entry);
  });

  test("the line's own rate when it gives one; the setting's otherwise", () => {
    const [entry] = entriesOf({
      direction: 'INBOUND',
      rates: [{ category: 'AE', percent: 10, base: 1000, vat: 0 }],
    });
    assert.equal(entry?.lines[1]?.debitCents, 10000);
    const settings = { ...DEFAULT_ACCOUNTING_SETTINGS, reverseChargeRateBp: 550 };
    const [other] = entriesOf(
      { direction: 'INBOUND', rates: [{ category: 'AE', base: 1000, vat: 0 }] },
      { settings },
    );
    assert.equal(other?.lines[1]?.debitCents, 5500);
  });

  test("a foreign seller's untaxed line is self-assessed; an exempt one is not", () => {
    const foreign = {
      direction: 'INBOUND' as const,
      sellerCountry: 'DE',
      partySiren: null,
      sellerVat: 'DE123456789',
    };
    const [entry] = entriesOf({
      ...foreign,
      rates: [{ category: 'S', percent: 0, base: 200, vat: 0 }],
    });
    assert.deepEqual(lines(entry!).slice(1, 3), [
      ['445662', 4000, 0],
      ['445200', 0, 4000],
    ]);
    const [exempt] = entriesOf({
      ...foreign,
      rates: [{ category: 'E', percent: 0, base: 200, vat: 0 }],
    });
    assert.deepEqual(lines(exempt!), [
      ['604000', 20000, 0],
      ['401000', 0, 20000, 'FFOURNISS'],
    ]);
  });

  test('a reverse-charge credit note reversed', () => {
    const [entry] = entriesOf({
      direction: 'INBOUND',
      type: '381',
      rates: [{ category: 'AE', percent: 0, base: 1000, vat: 0 }],
    });
    assert.deepEqual(lines(entry!), [
      ['604000', 0, 100000],
      ['445662', 0, 20000],
      ['445200', 20000, 0],
      ['401000', 100000, 0, 'FFOURNISS'],
    ]);
  });
});

describe('held and left out', () => {
  test('207 En litige and 208 Suspendue are held, listed with the invoice', () => {
    for (const [code, reason] of [
      ['207', 'disputed'],
      ['208', 'suspended'],
    ] as const) {
      const result = outcome({ code, statusDate: '2026-10-20T10:00:00Z' });
      assert.equal(result.kind, 'held');
      if (result.kind !== 'held') continue;
      assert.equal(result.aside.reason, reason);
      assert.equal(result.aside.number, 'F-1');
      assert.equal(result.aside.ttcCents, 12000);
      assert.equal(result.aside.counterpartyName, 'Client Martin SA');
    }
  });

  function leftOut(spec: InvoiceSpec): { reason: string; detail: string | null } {
    const result = outcome(spec);
    assert.equal(result.kind, 'left_out', JSON.stringify(result));
    return result.kind === 'left_out'
      ? { reason: result.aside.reason, detail: result.aside.detail }
      : { reason: '', detail: null };
  }

  test('210 refused, 213 rejected, INVALID, DUPLICATED: no entry, with the reason', () => {
    assert.equal(leftOut({ code: '210' }).reason, 'refused');
    assert.equal(leftOut({ code: '213' }).reason, 'rejected');
    assert.equal(leftOut({ state: 'INVALID' }).reason, 'invalid');
    assert.equal(leftOut({ state: 'WRONG_ROUTING' }).reason, 'invalid');
    assert.equal(leftOut({ state: 'DUPLICATED' }).reason, 'duplicated');
  });

  test('refused invoices of another period are not listed here', () => {
    assert.equal(outcome({ code: '210', invoiceDate: '2026-09-30' }).kind, 'outside');
  });

  test('no details archived: left out, never posted from the search totals', () => {
    assert.equal(leftOut({ details: false }).reason, 'no_details');
  });

  test('no VAT breakdown', () => {
    assert.equal(leftOut({ rates: [], ht: 100, tva: 20 }).reason, 'no_vat_breakdown');
  });

  test('another currency without a euro VAT total (BT-111)', () => {
    const { reason, detail } = leftOut({ currency: 'USD' });
    assert.equal(reason, 'foreign_currency');
    assert.match(detail ?? '', /USD/);
    assert.equal(
      leftOut({ currency: 'GBP', tvaEur: 0, rates: [{ base: 10, vat: 0, category: 'AE' }] }).reason,
      'foreign_currency',
    );
  });

  test('another currency with BT-111: converted at its own rate, the VAT its euro total', () => {
    const [entry] = entriesOf({ currency: 'USD', tvaEur: 18, processType: 'B1' });
    assert.ok(entry);
    assert.deepEqual(lines(entry), [
      ['411000', 10800, 0, 'CCLIENTMA'],
      ['707000', 0, 9000],
      ['445710', 0, 1800],
    ]);
  });

  test('totals that do not reconcile, each with its figures', () => {
    assert.deepEqual(leftOut({ ttc: 121 }), {
      reason: 'totals_mismatch',
      detail: 'HT 100,00 + TVA 20,00 ≠ TTC 121,00',
    });
    assert.deepEqual(leftOut({ ht: 110 }), {
      reason: 'totals_mismatch',
      detail: 'HT par taux 100,00 ≠ total HT 110,00',
    });
    assert.deepEqual(leftOut({ tva: 21 }), {
      reason: 'totals_mismatch',
      detail: 'TVA par taux 20,00 ≠ total TVA 21,00',
    });
    assert.equal(
      leftOut({ rates: [{ category: 'S', percent: 20, base: 100, vat: 25 }] }).reason,
      'totals_mismatch',
    );
  });
});

describe('balance to the cent', () => {
  test('a cent of rounding between HT + TVA and TTC goes to the rounding account, shown', () => {
    const [sale] = entriesOf({
      rates: [
        { category: 'S', percent: 20, base: 10, vat: 2 },
        { category: 'S', percent: 10, base: 10, vat: 1 },
      ],
      ttc: 23.01,
    });
    assert.ok(sale);
    assert.equal(sale.roundingCents, 1);
    assert.deepEqual(lines(sale).at(-1), ['758000', 0, 1]);
    assert.equal(sale.lines.at(-1)?.accountLabel, "Écarts d'arrondi (produit)");
    assertBalanced(sale);
    const [purchase] = entriesOf({ direction: 'INBOUND', ttc: 120.01 });
    assert.ok(purchase);
    assert.equal(purchase.roundingCents, 1);
    assert.deepEqual(lines(purchase).at(-1), ['658000', 1, 0]);
    assert.equal(purchase.lines.at(-1)?.accountLabel, "Écarts d'arrondi (charge)");
    assertBalanced(purchase);
  });

  test('every entry of many shapes balances', () => {
    const specs: InvoiceSpec[] = [
      { rates: [{ category: 'S', percent: 5.5, base: 33.33, vat: 1.83 }] },
      { direction: 'INBOUND', rates: [{ category: 'S', percent: 2.1, base: 99.99, vat: 2.1 }] },
      { type: '381', taxCode: 72, code: '212', statusDate: '2026-10-31T21:00:00Z' },
      { direction: 'INBOUND', rates: [{ category: 'AE', base: 12.34, vat: 0 }] },
    ];
    for (const spec of specs) for (const entry of entriesOf(spec)) assertBalanced(entry);
  });
});
