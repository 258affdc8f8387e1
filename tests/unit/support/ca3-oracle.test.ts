// The CA3 oracle itself, on invoices built by hand: every box's rule gives the amount worked out
// here from the 3310-CA3 notice and accounting.md, so the oracle the integration test trusts
// (tests/integration/main/services/reports/ca3-reconcile.test.ts) cannot pass everything; and
// its comparison with another return reports every box that differs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  boxDifferences,
  oracleCa3,
  oracleEntriesVat,
  parisCalendarDay,
  type OperatorInvoice,
  type OracleInvoice,
  type OracleReturn,
} from '#support/ca3-oracle.ts';

const Q3 = { from: '2026-07-01', to: '2026-09-30' };
const FR = { name: 'ATELIERS DUVAL', postalAddress: { country: 'FR' } };

interface Build {
  direction?: 'INBOUND' | 'OUTBOUND';
  state?: string;
  status?: { code: string; date: string | null } | null;
  date?: string;
  type?: string;
  process?: string;
  option?: { code?: number; iopCode?: string };
  /** [category, percent, base euros, tax euros] */
  lines: [string, number, number, number][];
  seller?: OperatorInvoice['businessData']['seller'];
  buyer?: OperatorInvoice['businessData']['buyer'];
  currency?: string;
  accounting?: number;
  account?: string;
  delivery?: string;
  ttc?: number;
  noDetail?: boolean;
}

let next = 0;
function invoice(b: Build): OracleInvoice {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  const base = b.lines.reduce((s, l) => s + l[2], 0);
  const tax = b.lines.reduce((s, l) => s + l[3], 0);
  const date = b.date ?? '2026-08-10';
  const outbound = (b.direction ?? 'OUTBOUND') === 'OUTBOUND';
  const other = { name: 'Client SARL', postalAddress: { country: 'FR' } };
  const detail: OperatorInvoice = {
    invoiceId: id,
    businessData: {
      invoiceId: `F-${next}`,
      invoiceDate: date,
      type: b.type ?? '380',
      processType: b.process ?? 'B1',
      taxPaymentOption: b.option ?? { code: 5, iopCode: 'INVOICE_DATE' },
      ...(b.account ? { referenceData: { accountingCostId: b.account } } : {}),
      monetary: {
        invoiceCurrency: b.currency ?? 'EUR',
        invoiceAmount: { amount: b.ttc ?? Math.round((base + tax) * 100) / 100 },
        taxBasisTotalAmount: { amount: Math.round(base * 100) / 100 },
        taxTotalAmount: { amount: Math.round(tax * 100) / 100 },
        ...(b.accounting !== undefined
          ? { taxTotalAmountAccounting: { amount: b.accounting } }
          : {}),
      },
      taxDetails: b.lines.map(([categoryCode, percent, taxable, amount]) => ({
        categoryCode,
        percent,
        taxableAmount: { amount: taxable },
        taxAmount: { amount },
      })),
      seller: b.seller ?? (outbound ? FR : other),
      buyer: b.buyer ?? (outbound ? other : FR),
      ...(b.delivery ? { shipping: { deliveryDate: b.delivery } } : {}),
    },
  };
  return {
    invoiceId: id,
    state: b.state ?? 'DELIVERED',
    direction: b.direction ?? 'OUTBOUND',
    lastStatus: b.status === undefined ? { code: '205', date: `${date}T10:00:00Z` } : b.status,
    invoiceDate: date,
    detail: b.noDetail ? null : detail,
  };
}

const purchase = (b: Omit<Build, 'direction'>): OracleInvoice =>
  invoice({ ...b, direction: 'INBOUND' });
const DE = { name: 'Holzwerk GmbH', postalAddress: { country: 'DE' } };
const US = { name: 'Acme Tools Inc', postalAddress: { country: 'US' } };
const GB = { name: 'Print Ltd', postalAddress: { country: 'GB' } };
const SUBCONTRACTOR = { name: 'Plomberie Martin', postalAddress: { country: 'FR' } };

function only(invoices: OracleInvoice[], options = {}): OracleReturn {
  return oracleCa3(invoices, Q3, options);
}

/** The boxes that are not zero (the rest must be). */
function nonZero(r: OracleReturn): Record<string, number> {
  return Object.fromEntries(Object.entries(r.boxes).filter(([, v]) => v !== 0));
}

describe('the CA3 oracle, box by box', () => {
  it('French sales: A1 and the rate lines, 2.1 % on T6 (never the overseas lines)', () => {
    const r = only([
      invoice({
        lines: [
          ['S', 20, 1000, 200],
          ['S', 10, 300, 30],
          ['S', 5.5, 100, 5.5],
        ],
      }),
      invoice({ lines: [['S', 2.1, 400, 8.4]] }),
    ]);
    assert.deepEqual(nonZero(r), {
      A1: 180000,
      '08': 20000,
      '9B': 3000,
      '09': 550,
      T6: 840,
      // The form adds the boxes as rounded (200 + 30 + 6 + 8 €), not the exact 243,90 €.
      '16': 24400,
      TD: 24400,
      '28': 24400,
    });
    assert.deepEqual(r.rateBases, { '08': 100000, '9B': 30000, '09': 10000, T6: 40000 });
    assert.equal(r.contributions.T6?.[0]?.rule, 'sale_taxed');
  });

  it('a credit note reduces the boxes its invoice fills', () => {
    const r = only([
      invoice({ lines: [['S', 20, 1000, 200]] }),
      invoice({ type: '381', lines: [['S', 20, 250, 50]] }),
      purchase({ lines: [['S', 20, 500, 100]] }),
      purchase({ type: '381', lines: [['S', 20, 100, 20]] }),
    ]);
    assert.equal(r.boxes.A1, 75000);
    assert.equal(r.boxes['08'], 15000);
    assert.equal(r.rateBases['08'], 75000);
    assert.equal(r.boxes['20'], 8000);
    assert.equal(r.boxes.TD, 7000);
  });

  it('intra-EU deliveries in F2, exports in E1, exempt and reverse-charge sales in E2', () => {
    const r = only([
      invoice({ lines: [['K', 0, 1000, 0]], buyer: DE }),
      invoice({ lines: [['G', 0, 700, 0]], buyer: US }),
      invoice({ process: 'S1', lines: [['AE', 0, 300, 0]], buyer: DE }),
      invoice({ lines: [['E', 0, 50, 0]] }),
    ]);
    assert.deepEqual(nonZero(r), { F2: 100000, E1: 70000, E2: 35000 });
  });

  it('purchases: VAT to 20, a fixed asset (2xx account) to 19', () => {
    const r = only([
      purchase({ lines: [['S', 20, 500, 100]] }),
      purchase({ account: '215400', lines: [['S', 20, 10000, 2000]] }),
      purchase({ lines: [['E', 0, 80, 0]] }), // a franchise supplier: nothing to deduct
    ]);
    assert.deepEqual(nonZero(r), {
      '19': 200000,
      '20': 10000,
      '23': 210000,
      '25': 210000,
      '27': 210000,
    });
    // The accountant's own account for the party wins over the invoice's reference.
    const chosen = only([purchase({ account: '215400', lines: [['S', 20, 100, 20]] })], {
      supplierAccount: () => '606300',
    });
    assert.equal(chosen.boxes['19'], 0);
    assert.equal(chosen.boxes['20'], 2000);
  });

  it('reverse charge: self-assessed at the French rate on both sides, its base by supplier', () => {
    const r = only([
      purchase({ seller: DE, process: 'B1', lines: [['AE', 0, 1000, 0]] }), // EU goods: B2 + 17
      purchase({ seller: DE, process: 'S1', lines: [['AE', 0, 200, 0]] }), // services: A3
      purchase({ seller: US, process: 'B1', lines: [['AE', 0, 300, 0]] }), // non-EU goods: B4
      purchase({ seller: SUBCONTRACTOR, process: 'S5', lines: [['AE', 0, 400, 0]] }), // A2
      purchase({ seller: DE, process: 'B1', lines: [['AE', 10, 100, 0]] }), // its own rate: 9B
    ]);
    assert.deepEqual(nonZero(r), {
      B2: 110000,
      A3: 20000,
      B4: 30000,
      A2: 40000,
      '08': 38000,
      '9B': 1000,
      '16': 39000,
      '17': 21000,
      '20': 39000,
      '23': 39000,
    });
    assert.equal(r.selfAssessedCents, 39000);
    assert.equal(r.contributions.A2?.[0]?.rule, 'reverse_charge_in_france');
    // A fixed asset bought under reverse charge: deducted on 19; another rate from the settings.
    const asset = only([purchase({ seller: DE, account: '215400', lines: [['AE', 0, 1000, 0]] })], {
      reverseChargeRateBp: 550,
    });
    assert.deepEqual(nonZero(asset), {
      B2: 100000,
      '09': 5500,
      '16': 5500,
      '17': 5500,
      '19': 5500,
      '23': 5500,
    });
  });

  it('VAT on payment counts on the Paris day of its 212 status, not before', () => {
    const onPayment = { code: 72, iopCode: 'PAYMENT_DATE' };
    const paidIn = invoice({
      process: 'S1',
      option: onPayment,
      date: '2026-06-15',
      status: { code: '212', date: '2026-09-30T21:30:00Z' }, // 23:30 in Paris: 30 September
      lines: [['S', 20, 100, 20]],
    });
    const paidAfter = invoice({
      process: 'S1',
      option: onPayment,
      date: '2026-08-15',
      status: { code: '212', date: '2026-09-30T22:30:00Z' }, // 00:30 in Paris: 1 October
      lines: [['S', 20, 1000, 200]],
    });
    const unpaid = invoice({
      process: 'S1',
      option: { iopCode: 'PAYMENT_DATE' },
      status: { code: '211', date: '2026-09-01T10:00:00Z' },
      lines: [['S', 20, 5000, 1000]],
    });
    const paidPurchase = purchase({
      process: 'S1',
      option: { code: 432 },
      date: '2026-06-20',
      status: { code: '212', date: '2026-07-01T08:00:00Z' },
      lines: [['S', 20, 50, 10]],
    });
    const r = only([paidIn, paidAfter, unpaid, paidPurchase]);
    assert.deepEqual(nonZero(r), {
      A1: 10000,
      '08': 2000,
      '16': 2000,
      '20': 1000,
      '23': 1000,
      TD: 1000,
      '28': 1000,
    });
    assert.deepEqual(r.notDueYet, [unpaid.invoiceId]); // paidAfter is due, in October
    assert.equal(r.contributions.A1?.[0]?.dueDay, '2026-09-30');
    assert.equal(oracleCa3([paidAfter], { from: '2026-10-01', to: '2026-12-31' }).boxes.A1, 100000);
    assert.equal(parisCalendarDay('2026-03-31T22:30:00Z'), '2026-04-01'); // summer time (UTC+2)
    assert.equal(parisCalendarDay('2026-12-31T22:59:00Z'), '2026-12-31'); // winter time (UTC+1)
  });

  it('self-assessed VAT: never on payment from abroad, art. 69 for EU goods, BT-8 in France', () => {
    const paidLater = { code: '212', date: '2026-10-05T09:00:00Z' };
    // Services from Germany "on payment", invoiced in September, paid in October: due in
    // September all the same (directive art. 66 excludes the payment basis under art. 196).
    const services = purchase({
      seller: DE,
      process: 'S1',
      option: { code: 432 },
      date: '2026-09-10',
      status: paidLater,
      lines: [['AE', 0, 100, 0]],
    });
    // A French subcontractor on payment: due on the 212 day (October), not in Q3.
    const subcontracted = purchase({
      seller: SUBCONTRACTOR,
      process: 'S5',
      option: { code: 72 },
      date: '2026-09-10',
      status: paidLater,
      lines: [['AE', 0, 300, 0]],
    });
    // German goods delivered on 28 June, invoiced on 2 July: due on the invoice's date (before
    // 15 July), in Q3; delivered 10 May, invoiced 20 June: due 15 June, in Q2.
    const july = purchase({
      seller: DE,
      option: { code: 29 },
      date: '2026-07-02',
      delivery: '2026-06-28',
      lines: [['AE', 0, 1000, 0]],
    });
    const june = purchase({
      seller: DE,
      option: { code: 29 },
      date: '2026-06-20',
      delivery: '2026-05-10',
      lines: [['AE', 0, 7, 0]],
    });
    const r = only([services, subcontracted, july, june]);
    assert.deepEqual(nonZero(r), {
      A3: 10000,
      B2: 100000,
      '08': 22000,
      '16': 22000,
      '17': 20000,
      '20': 22000,
      '23': 22000,
    });
    assert.equal(r.contributions.B2?.[0]?.dueDay, '2026-07-02');
    assert.deepEqual(r.notDueYet, []);
    const q4 = oracleCa3([subcontracted], { from: '2026-10-01', to: '2026-12-31' });
    assert.equal(q4.boxes.A2, 30000);
    assert.equal(
      oracleCa3([june], { from: '2026-06-01', to: '2026-06-30' }).contributions.B2?.[0]?.dueDay,
      '2026-06-15',
    );
  });

  it('an intra-EU delivery is declared on its invoice date, or the 15th after the delivery', () => {
    // Delivered on 29 September, invoiced on 1 October: F2 of October (art. 67), even though
    // its BT-8 says delivery. Delivered on 10 August, invoiced on 20 September: 15 September.
    const early = invoice({
      buyer: DE,
      option: { code: 29 },
      date: '2026-10-01',
      delivery: '2026-09-29',
      lines: [['K', 0, 400, 0]],
    });
    const late = invoice({
      buyer: DE,
      option: { code: 29 },
      date: '2026-09-20',
      delivery: '2026-08-10',
      lines: [['K', 0, 100, 0]],
    });
    const r = only([early, late]);
    assert.deepEqual(nonZero(r), { F2: 10000 });
    assert.equal(r.contributions.F2?.[0]?.dueDay, '2026-09-15');
    assert.equal(oracleCa3([early], { from: '2026-10-01', to: '2026-10-31' }).boxes.F2, 40000);
  });

  it('VAT on delivery counts on the delivery day (the invoice date when none is given)', () => {
    const delivered = invoice({
      option: { code: 29 },
      date: '2026-07-02',
      delivery: '2026-06-28',
      lines: [['S', 20, 100, 20]],
    });
    const undated = invoice({
      option: { code: 35 },
      date: '2026-07-03',
      lines: [['S', 20, 10, 2]],
    });
    assert.equal(only([delivered, undated]).boxes.A1, 1000);
    assert.equal(oracleCa3([delivered], { from: '2026-04-01', to: '2026-06-30' }).boxes.A1, 10000);
  });

  it('refused, rejected and platform-rejected invoices count nowhere; held ones are listed', () => {
    const refused = invoice({ status: { code: '210', date: null }, lines: [['S', 20, 100, 20]] });
    const rejected = invoice({ status: { code: '213', date: null }, lines: [['S', 20, 100, 20]] });
    const invalid = invoice({ state: 'INVALID', status: null, lines: [['S', 20, 100, 20]] });
    const duplicated = invoice({ state: 'DUPLICATED', lines: [['S', 20, 100, 20]] });
    const disputed = invoice({ status: { code: '207', date: null }, lines: [['S', 20, 100, 20]] });
    const suspended = purchase({ status: { code: '208', date: null }, lines: [['S', 10, 60, 6]] });
    const pending = invoice({ state: 'PROCESSING', status: null, lines: [['S', 20, 10, 2]] });
    const r = only([refused, rejected, invalid, duplicated, disputed, suspended, pending]);
    assert.deepEqual(nonZero(r), { A1: 1000, '08': 200, '16': 200, TD: 200, '28': 200 });
    assert.deepEqual(
      r.leftOut.map((l) => l.reason),
      ['210', '213', 'INVALID', 'DUPLICATED'],
    );
    assert.deepEqual(
      r.aside.map((a) => [a.invoiceId, a.reason, a.wouldChange]),
      [
        [disputed.invoiceId, 'disputed', { A1: 10000, '08': 2000 }],
        [suspended.invoiceId, 'suspended', { '20': 600 }],
      ],
    );
  });

  it('lacking: no details, another currency with no euro VAT, totals that do not add up', () => {
    const noDetail = invoice({ noDetail: true, lines: [['S', 20, 100, 20]] });
    const pounds = purchase({ seller: GB, currency: 'GBP', lines: [['AE', 0, 900, 0]] });
    const mismatch = invoice({ ttc: 500, lines: [['S', 20, 100, 20]] });
    const outside = invoice({ noDetail: true, date: '2026-10-02', lines: [['S', 20, 1, 0.2]] });
    const r = only([noDetail, pounds, mismatch, outside]);
    assert.deepEqual(nonZero(r), {});
    assert.deepEqual(
      r.aside.map((a) => a.reason),
      ['no_details', 'foreign_currency', 'totals_mismatch'],
    );
    // With its own euro VAT (BT-111) a foreign-currency invoice is converted by that rate.
    const francs = purchase({
      seller: { name: 'Uhren AG', postalAddress: { country: 'FR' } },
      currency: 'CHF',
      accounting: 21.4,
      lines: [['S', 20, 100, 20]],
    });
    // 23, 25 and 27 add the rounded boxes, as the form does: 21,40 € is 21 €.
    assert.deepEqual(nonZero(only([francs])), { '20': 2140, '23': 2100, '25': 2100, '27': 2100 });
  });

  it('the result: 23 counts the carried credit (22); TD when 16 > 23, else 25 and 27', () => {
    const sale = invoice({ lines: [['S', 20, 1000, 200]] });
    const buy = purchase({ lines: [['S', 20, 400, 80]] });
    const due = only([sale, buy], { carriedCreditCents: 5000 });
    assert.deepEqual(
      [
        due.boxes['16'],
        due.boxes['22'],
        due.boxes['23'],
        due.boxes.TD,
        due.boxes['28'],
        due.boxes['25'],
      ],
      [20000, 5000, 13000, 7000, 7000, 0],
    );
    const credit = only([sale, buy], { carriedCreditCents: 15000 });
    assert.deepEqual(
      [
        credit.boxes['23'],
        credit.boxes.TD,
        credit.boxes['25'],
        credit.boxes['27'],
        credit.boxes['28'],
      ],
      [23000, 0, 3000, 3000, 0],
    );
  });
});

describe('comparing a return with the oracle', () => {
  const r = only([
    invoice({ lines: [['S', 20, 1000, 200]] }),
    purchase({ seller: DE, lines: [['AE', 0, 100, 0]] }),
  ]);

  it('finds nothing when every box and base agree', () => {
    assert.deepEqual(
      boxDifferences({ boxes: { ...r.boxes }, rateBases: { ...r.rateBases } }, r),
      [],
    );
  });

  it('names every box that differs, to the cent, and a rate line whose base differs', () => {
    const wrong = {
      boxes: { ...r.boxes, B2: 0, B4: 10000, '08': 22001 },
      rateBases: { ...r.rateBases, '08': 1 },
    };
    assert.deepEqual(
      boxDifferences(wrong, r).map((d) => d.box),
      ['B2', 'B4', '08', 'base 08'],
    );
    // A box the return does not give at all is a difference too.
    const { A1: _dropped, ...withoutA1 } = r.boxes;
    assert.deepEqual(boxDifferences({ boxes: withoutA1, rateBases: r.rateBases }, r), [
      { box: 'A1', app: null, oracle: 100000 },
    ]);
  });
});

describe("the entries' VAT of a period, against the return", () => {
  it('posts on the invoice date and moves VAT on payment on its 212 day; differences named', () => {
    // Delivered in June, invoiced in July: due in Q2, posted in Q3.
    const delivered = invoice({
      option: { code: 29 },
      date: '2026-07-02',
      delivery: '2026-06-28',
      lines: [['S', 20, 100, 20]],
    });
    // VAT on payment, invoiced in June, paid in July: moved in Q3, due in Q3.
    const paid = invoice({
      process: 'S1',
      option: { code: 72 },
      date: '2026-06-10',
      status: { code: '212', date: '2026-07-05T09:00:00Z' },
      lines: [['S', 20, 1000, 200]],
    });
    // Domestic reverse charge (BTP subcontracting) on payment, invoiced in September, paid in
    // October: self-assessed with the invoice's entry in Q3, due on its 212 day in Q4.
    const selfAssessed = purchase({
      seller: SUBCONTRACTOR,
      process: 'S5',
      option: { code: 72 },
      date: '2026-09-20',
      status: { code: '212', date: '2026-10-02T09:00:00Z' },
      lines: [['AE', 0, 500, 0]],
    });
    // Goods from Germany delivered in August, invoiced in October: due on 15 September (art.
    // 69), posted in October.
    const lateInvoice = purchase({
      seller: DE,
      option: { code: 35 },
      date: '2026-10-16',
      delivery: '2026-08-20',
      lines: [['AE', 0, 200, 0]],
    });
    const plain = purchase({ lines: [['S', 20, 300, 60]] });
    const held = purchase({ status: { code: '207', date: null }, lines: [['S', 20, 300, 60]] });
    const all = [delivered, paid, selfAssessed, lateInvoice, plain, held];
    const entries = oracleEntriesVat(all, Q3);
    assert.equal(entries.collectedCents, 2000 + 20000 + 10000);
    assert.equal(entries.deductibleCents, 10000 + 6000);
    assert.deepEqual(
      entries.differences.map((d) => [d.invoiceId, d.why, d.collectedCents, d.deductibleCents]),
      [
        [delivered.invoiceId, 'delivery_day', 2000, 0],
        [selfAssessed.invoiceId, 'self_assessed_on_payment', 10000, 10000],
        [lateInvoice.invoiceId, 'intra_eu_acquisition_day', -4000, -4000],
      ],
    );
    // The return plus the differences is the entries, to the cent.
    const r = only(all);
    const sumOf = (key: 'collectedCents' | 'deductibleCents') =>
      entries.differences.reduce((s, d) => s + d[key], 0);
    assert.equal(r.boxes['16'] + sumOf('collectedCents'), entries.collectedCents);
    assert.equal(r.boxes['23'] - r.boxes['22'] + sumOf('deductibleCents'), entries.deductibleCents);
  });
});
