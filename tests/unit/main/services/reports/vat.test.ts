// The TVA report's rules: which month each invoice counts in, credit notes, exclusions, pending
// invoices, invoices without details, and figures that are the exact sums of their lines.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { monthPeriod, parsePeriod, quarterPeriod } from '#shared/report-period.ts';
import { toCents } from '#main/services/archive/amounts.ts';
import { computeVatReport, vatOutcome } from '#main/services/reports/vat.ts';
import { NO_COVERAGE, reportItem, uuid, type ReportSpec } from '#support/report-fixtures.ts';

const MARCH = monthPeriod(2026, 3);
const context = { coverage: NO_COVERAGE, now: new Date('2026-05-01T00:00:00Z') };

function report(specs: ReportSpec[], period = MARCH) {
  return computeVatReport(specs.map(reportItem), period, context);
}

describe('the month an invoice counts in', () => {
  test('invoice date (codes 3 and 5, INVOICE_DATE): its invoice date', () => {
    const r = report([
      { n: 1, taxCode: 5, invoiceDate: '2026-03-31' },
      { n: 2, taxCode: 3, invoiceDate: '2026-04-01' },
      { n: 3, iop: 'INVOICE_DATE', invoiceDate: '2026-03-01' },
    ]);
    assert.deepEqual(
      r.lines.map((l) => [l.invoiceId, l.rule, l.taxPointDate]),
      [
        [uuid(3), 'invoice_date', '2026-03-01'],
        [uuid(1), 'invoice_date', '2026-03-31'],
      ],
    );
  });

  test('delivery date (codes 29 and 35): the delivery day, the invoice date when none is given', () => {
    const r = report([
      // Delivered in March, invoiced in April: March.
      { n: 1, taxCode: 29, invoiceDate: '2026-04-02', deliveryDate: '2026-03-28' },
      // Invoiced in March, delivered in February: not March.
      { n: 2, taxCode: 35, invoiceDate: '2026-03-02', deliveryDate: '2026-02-27' },
      { n: 3, taxCode: 29, invoiceDate: '2026-03-15' },
    ]);
    assert.deepEqual(
      r.lines.map((l) => [l.invoiceId, l.rule, l.taxPointDate]),
      [
        [uuid(3), 'delivery_unknown', '2026-03-15'],
        [uuid(1), 'delivery_date', '2026-03-28'],
      ],
    );
    const feb = report(
      [{ n: 2, taxCode: 35, invoiceDate: '2026-03-02', deliveryDate: '2026-02-27' }],
      monthPeriod(2026, 2),
    );
    assert.equal(feb.lines[0]?.month, '2026-02');
  });

  test('payment date (codes 72 and 432): the day of the 212 status, in Paris', () => {
    const r = report([
      // Invoiced in February, collected in March: counts in March.
      {
        n: 1,
        taxCode: 72,
        invoiceDate: '2026-02-10',
        code: '212',
        statusDate: '2026-03-05T10:00:00Z',
      },
      // 22:30 UTC on 31 March is 1 April in Paris: not March.
      {
        n: 2,
        taxCode: 432,
        invoiceDate: '2026-03-02',
        code: '212',
        statusDate: '2026-03-31T22:30:00Z',
      },
      // 22:30 UTC on 28 February is 28 February 23:30 in Paris: not March either.
      {
        n: 3,
        taxCode: 72,
        invoiceDate: '2026-02-02',
        code: '212',
        statusDate: '2026-02-28T22:30:00Z',
      },
    ]);
    assert.deepEqual(
      r.lines.map((l) => [l.invoiceId, l.rule, l.taxPointDate]),
      [[uuid(1), 'payment_date', '2026-03-05']],
    );
    const april = report(
      [
        {
          n: 2,
          taxCode: 432,
          invoiceDate: '2026-03-02',
          code: '212',
          statusDate: '2026-03-31T22:30:00Z',
        },
      ],
      monthPeriod(2026, 4),
    );
    assert.equal(april.lines[0]?.taxPointDate, '2026-04-01');
  });

  test('the code wins over iopCode; neither usable: the invoice date, named as such', () => {
    const r = report([
      { n: 1, taxCode: 72, iop: 'INVOICE_DATE', invoiceDate: '2026-03-03', code: '205' },
      { n: 2, iop: 'UNKNOWN', invoiceDate: '2026-03-04' },
      { n: 3, invoiceDate: '2026-03-05' },
      {
        n: 4,
        iop: 'PAYMENT_DATE',
        invoiceDate: '2026-01-05',
        code: '212',
        statusDate: '2026-03-06T08:00:00Z',
      },
    ]);
    assert.deepEqual(
      r.lines.map((l) => [l.invoiceId, l.rule]),
      [
        [uuid(2), 'unknown'],
        [uuid(3), 'unknown'],
        [uuid(4), 'payment_date'],
      ],
    );
    assert.deepEqual(
      r.pending.map((p) => p.invoiceId),
      [uuid(1)],
    );
  });
});

describe('invoices that do not count', () => {
  test('paid on receipt and not collected in the period: pending, with the day it was collected after', () => {
    const r = report([
      { n: 1, taxCode: 72, invoiceDate: '2026-03-10', code: '205' },
      { n: 2, taxCode: 72, invoiceDate: '2026-03-11', code: '211' },
      {
        n: 3,
        taxCode: 432,
        invoiceDate: '2026-03-12',
        code: '212',
        statusDate: '2026-04-03T09:00:00Z',
      },
      // Dated before the period and still not collected: another period's pending invoice.
      { n: 4, taxCode: 72, invoiceDate: '2026-02-12', code: '205' },
    ]);
    assert.equal(r.lines.length, 0);
    assert.deepEqual(
      r.pending.map((p) => [p.invoiceId, p.collectedOn]),
      [
        [uuid(1), null],
        [uuid(2), null],
        [uuid(3), '2026-04-03'],
      ],
    );
    assert.deepEqual(r.totals, []);
  });

  test('refused, rejected, invalid, duplicated…: listed apart with their reason, never counted', () => {
    const r = report([
      { n: 1, taxCode: 5, code: '210' },
      { n: 2, taxCode: 5, code: '213', state: 'NOT_DELIVERED' },
      { n: 3, taxCode: 5, state: 'INVALID' },
      { n: 4, taxCode: 5, state: 'DUPLICATED' },
      { n: 5, taxCode: 5, state: 'WRONG_ROUTING' },
      { n: 6, taxCode: 5, state: 'CONVERSION_FAILED' },
      { n: 7, taxCode: 5, code: '213' },
      // Refused but dated in another period: not this report's business.
      { n: 8, taxCode: 5, code: '210', invoiceDate: '2026-02-01' },
      { n: 9, taxCode: 5 },
    ]);
    assert.deepEqual(
      r.lines.map((l) => l.invoiceId),
      [uuid(9)],
    );
    assert.deepEqual(Object.fromEntries(r.excluded.map((e) => [e.invoiceId, e.reason])), {
      [uuid(1)]: '210',
      [uuid(2)]: 'NOT_DELIVERED',
      [uuid(3)]: 'INVALID',
      [uuid(4)]: 'DUPLICATED',
      [uuid(5)]: 'WRONG_ROUTING',
      [uuid(6)]: 'CONVERSION_FAILED',
      [uuid(7)]: '213',
    });
  });

  test('without details: counted at the invoice date from the search totals, named, rate unknown', () => {
    const r = report([
      { n: 1, details: false, breakdown: [{ base: 250, vat: 50 }] },
      { n: 2, details: false, type: '381', breakdown: [{ base: 10, vat: 2 }] },
      { n: 3, details: false, invoiceDate: '2026-04-01' },
    ]);
    assert.equal(r.withoutDetails, 2);
    assert.deepEqual(
      r.lines.map((l) => [l.invoiceId, l.rule, l.category, l.percent, l.baseCents, l.vatCents]),
      [
        [uuid(1), 'no_details', null, null, 25000, 5000],
        [uuid(2), 'no_details', null, null, -1000, -200],
      ],
    );
    assert.deepEqual(
      r.figures.map((f) => [f.category, f.percent, f.baseCents, f.vatCents, f.invoices]),
      [[null, null, 24000, 4800, 2]],
    );
  });
});

describe('figures', () => {
  test('credit notes (381 and the other credit-note codes) count negative', () => {
    const r = report([
      { n: 1, taxCode: 5, breakdown: [{ percent: 20, base: 1000, vat: 200 }] },
      { n: 2, taxCode: 5, type: '381', breakdown: [{ percent: 20, base: 100, vat: 20 }] },
      { n: 3, taxCode: 5, type: '261', breakdown: [{ percent: 20, base: 10, vat: 2 }] },
      { n: 4, taxCode: 5, type: '396', breakdown: [{ percent: 20, base: 1, vat: 0.2 }] },
    ]);
    assert.deepEqual(
      r.lines.map((l) => [l.creditNote, l.vatCents]),
      [
        [false, 20000],
        [true, -2000],
        [true, -200],
        [true, -20],
      ],
    );
    assert.equal(r.totals[0]?.vatCents, 20000 - 2000 - 200 - 20);
    assert.equal(r.totals[0]?.baseCents, 100000 - 10000 - 1000 - 100);
  });

  test('per direction, month, rate and currency; invoices counted once per figure', () => {
    const r = report(
      [
        {
          n: 1,
          taxCode: 5,
          invoiceDate: '2026-01-10',
          breakdown: [
            { percent: 20, base: 100, vat: 20 },
            { percent: 5.5, base: 100, vat: 5.5 },
          ],
        },
        {
          n: 2,
          taxCode: 5,
          invoiceDate: '2026-01-20',
          breakdown: [{ percent: 20, base: 50, vat: 10 }],
        },
        {
          n: 3,
          taxCode: 5,
          invoiceDate: '2026-02-01',
          direction: 'INBOUND',
          breakdown: [{ percent: 20, base: 10, vat: 2 }],
        },
        {
          n: 4,
          taxCode: 5,
          invoiceDate: '2026-02-02',
          direction: 'INBOUND',
          currency: 'GBP',
          breakdown: [{ category: 'AE', percent: 0, base: 300, vat: 0 }],
        },
      ],
      quarterPeriod(2026, 1),
    );
    assert.deepEqual(r.months, ['2026-01', '2026-02', '2026-03']);
    assert.deepEqual(
      r.figures.map((f) => [
        f.direction,
        f.month,
        f.category,
        f.percent,
        f.currency,
        f.baseCents,
        f.vatCents,
        f.invoices,
      ]),
      [
        ['OUTBOUND', '2026-01', 'S', 20, 'EUR', 15000, 3000, 2],
        ['OUTBOUND', '2026-01', 'S', 5.5, 'EUR', 10000, 550, 1],
        // The reverse charge's VAT self-assessed at 20 % (issue 18), on both sides.
        ['OUTBOUND', '2026-02', 'AE', 20, 'GBP', 30000, 6000, 1],
        ['INBOUND', '2026-02', 'S', 20, 'EUR', 1000, 200, 1],
        ['INBOUND', '2026-02', 'AE', 20, 'GBP', 30000, 6000, 1],
      ],
    );
    assert.deepEqual(
      r.totals.map((t) => [t.direction, t.currency, t.baseCents, t.vatCents, t.invoices]),
      [
        ['OUTBOUND', 'EUR', 25000, 3550, 2],
        ['OUTBOUND', 'GBP', 30000, 6000, 1],
        ['INBOUND', 'EUR', 1000, 200, 1],
        ['INBOUND', 'GBP', 30000, 6000, 1],
      ],
    );
  });

  test('reconciles to the cent with the invoices’ own breakdowns', () => {
    // Awkward amounts (half cents in binary, many rates, credit notes, both directions) over a
    // year: the lines are each invoice's breakdown in cents, and every figure is their sum.
    const specs: ReportSpec[] = [];
    const rates = [20, 10, 5.5, 2.1, 0];
    for (let n = 1; n <= 400; n++) {
      const lines = (n % 3) + 1;
      specs.push({
        n,
        direction: n % 2 ? 'OUTBOUND' : 'INBOUND',
        type: n % 11 === 0 ? '381' : '380',
        taxCode: ([5, 29, 72] as const)[n % 3],
        invoiceDate: `2026-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
        deliveryDate: `2026-${String((n % 12) + 1).padStart(2, '0')}-01`,
        code: n % 3 === 2 ? '212' : '205',
        statusDate: `2026-${String((n % 12) + 1).padStart(2, '0')}-28T10:00:00Z`,
        breakdown: Array.from({ length: lines }, (_, i) => {
          const base = Number(((n * 37.13 + i * 0.285) % 9000).toFixed(2));
          const percent = rates[(n + i) % rates.length]!;
          return { percent, base, vat: Number(((base * percent) / 100).toFixed(2)) };
        }),
      });
    }
    const items = specs.map(reportItem);
    const r = computeVatReport(items, parsePeriod('2026'), context);
    assert.equal(r.pending.length + new Set(r.lines.map((l) => l.invoiceId)).size, 400);
    // Each counted invoice: its lines are its breakdown entries, in cents, signed.
    const byInvoice = new Map<string, { base: number; vat: number }>();
    for (const l of r.lines) {
      assert.ok(Number.isInteger(l.baseCents) && Number.isInteger(l.vatCents));
      const sum = byInvoice.get(l.invoiceId) ?? { base: 0, vat: 0 };
      sum.base += l.baseCents;
      sum.vat += l.vatCents;
      byInvoice.set(l.invoiceId, sum);
    }
    for (const item of items) {
      const sum = byInvoice.get(item.row.invoiceId);
      if (!sum) continue;
      const sign = item.row.typeCode === '381' ? -1 : 1;
      const own = item.detail!.businessData.taxDetails;
      const base = own.reduce((s, t) => s + toCents(t.taxableAmount.amount)!, 0);
      const vat = own.reduce((s, t) => s + toCents(t.taxAmount.amount)!, 0);
      assert.equal(sum.base, sign * base || 0);
      assert.equal(sum.vat, sign * vat || 0);
    }
    // Figures = sums of lines; totals = sums of figures.
    for (const f of r.figures) {
      const mine = r.lines.filter(
        (l) =>
          l.direction === f.direction &&
          l.month === f.month &&
          l.category === f.category &&
          l.percent === f.percent &&
          l.currency === f.currency,
      );
      assert.equal(
        f.baseCents,
        mine.reduce((s, l) => s + l.baseCents, 0),
      );
      assert.equal(
        f.vatCents,
        mine.reduce((s, l) => s + l.vatCents, 0),
      );
      assert.equal(f.invoices, new Set(mine.map((l) => l.invoiceId)).size);
    }
    for (const t of r.totals) {
      const mine = r.figures.filter(
        (f) => f.direction === t.direction && f.currency === t.currency,
      );
      assert.equal(
        t.vatCents,
        mine.reduce((s, f) => s + f.vatCents, 0),
      );
      assert.equal(
        t.baseCents,
        mine.reduce((s, f) => s + f.baseCents, 0),
      );
    }
  });

  test('half cents are read as the operator wrote them (0.285 → 29 cents)', () => {
    const r = report([{ n: 1, taxCode: 5, breakdown: [{ percent: 5.5, base: 5.18, vat: 0.285 }] }]);
    assert.equal(r.lines[0]?.vatCents, 29);
  });
});

test('vatOutcome says what one invoice does to a period', () => {
  const outcome = vatOutcome(reportItem({ n: 1, taxCode: 5, invoiceDate: '2026-05-01' }), MARCH);
  assert.equal(outcome.kind, 'outside');
});

test('the VAT per month and the period’s balance in euros: collected, deductible, net', () => {
  const r = report(
    [
      {
        n: 1,
        invoiceDate: '2026-01-10',
        breakdown: [{ category: 'S', percent: 20, base: 100, vat: 20 }],
      },
      {
        n: 2,
        invoiceDate: '2026-01-20',
        direction: 'INBOUND',
        breakdown: [{ category: 'S', percent: 20, base: 30, vat: 6 }],
      },
      {
        n: 3,
        invoiceDate: '2026-03-05',
        breakdown: [{ category: 'S', percent: 10, base: 50, vat: 5 }],
      },
      // A credit note counts negative; another currency is not converted, so not in euros.
      {
        n: 4,
        invoiceDate: '2026-03-06',
        type: '381',
        breakdown: [{ category: 'S', percent: 20, base: 10, vat: 2 }],
      },
      {
        n: 5,
        invoiceDate: '2026-03-07',
        currency: 'USD',
        breakdown: [{ category: 'S', percent: 20, base: 500, vat: 100 }],
      },
    ],
    parsePeriod('2026-Q1'),
  );
  assert.deepEqual(r.byMonth, [
    { month: '2026-01', collectedCents: 2000, deductibleCents: 600, netCents: 1400 },
    { month: '2026-02', collectedCents: 0, deductibleCents: 0, netCents: 0 },
    { month: '2026-03', collectedCents: 300, deductibleCents: 0, netCents: 300 },
  ]);
  assert.deepEqual(r.balance, { collectedCents: 2300, deductibleCents: 600, netCents: 1700 });
});

describe('reverse charge and cross-border sales (issue 18, item 2)', () => {
  test('a reverse-charge purchase: VAT self-assessed at the French rate, on both sides', () => {
    const specs: ReportSpec[] = [
      // Services from Germany, no rate given: the settings' rate (10 % here).
      {
        n: 1,
        direction: 'INBOUND',
        taxCode: 5,
        sellerCountry: 'DE',
        breakdown: [{ category: 'AE', percent: 0, base: 1000, vat: 0 }],
      },
      // Goods from Italy (K), 20 % given on the line.
      {
        n: 2,
        direction: 'INBOUND',
        taxCode: 5,
        sellerCountry: 'IT',
        breakdown: [{ category: 'K', percent: 20, base: 333.33, vat: 0 }],
      },
      // A French supplier's exempt training: nothing to self-assess.
      {
        n: 3,
        direction: 'INBOUND',
        taxCode: 5,
        breakdown: [{ category: 'E', percent: 0, base: 50, vat: 0 }],
      },
    ];
    const r = computeVatReport(specs.map(reportItem), MARCH, {
      ...context,
      reverseChargeRateBp: 1000,
    });
    assert.deepEqual(
      r.figures.map((f) => [
        f.direction,
        f.category,
        f.percent,
        f.selfAssessed,
        f.baseCents,
        f.vatCents,
      ]),
      [
        ['OUTBOUND', 'K', 20, true, 33333, 6667],
        ['OUTBOUND', 'AE', 10, true, 100000, 10000],
        ['INBOUND', 'E', 0, false, 5000, 0],
        ['INBOUND', 'K', 20, true, 33333, 6667],
        ['INBOUND', 'AE', 10, true, 100000, 10000],
      ],
    );
    // Collected and deductible both carry it: the net is unchanged.
    assert.deepEqual(r.balance, { collectedCents: 16667, deductibleCents: 16667, netCents: 0 });
    assert.deepEqual(
      r.lines.filter((l) => l.invoiceId === uuid(1)).map((l) => [l.direction, l.selfAssessed]),
      [
        ['OUTBOUND', true],
        ['INBOUND', true],
      ],
    );
  });

  test('goods between member states on the intra-EU day; self-assessed VAT from abroad never on payment', () => {
    const r = report([
      // Our delivery to Germany on 20 February, invoiced 20 March: due 15 March.
      {
        n: 1,
        taxCode: 29,
        invoiceDate: '2026-03-20',
        deliveryDate: '2026-02-20',
        breakdown: [{ category: 'K', percent: 0, base: 500, vat: 0 }],
      },
      // Delivered 25 February, invoiced 2 March (before the 15th): the invoice date.
      {
        n: 2,
        taxCode: 29,
        invoiceDate: '2026-03-02',
        deliveryDate: '2026-02-25',
        breakdown: [{ category: 'K', percent: 0, base: 100, vat: 0 }],
      },
      // Services from Belgium on payment, not paid: due on the invoice date all the same.
      {
        n: 3,
        direction: 'INBOUND',
        taxCode: 72,
        processType: 'S1',
        sellerCountry: 'BE',
        invoiceDate: '2026-03-05',
        breakdown: [{ category: 'AE', percent: 20, base: 100, vat: 0 }],
      },
    ]);
    assert.deepEqual(
      r.lines.map((l) => [l.invoiceId, l.direction, l.rule, l.taxPointDate]),
      [
        [uuid(2), 'OUTBOUND', 'intra_eu', '2026-03-02'],
        [uuid(3), 'OUTBOUND', 'invoice_date', '2026-03-05'],
        [uuid(1), 'OUTBOUND', 'intra_eu', '2026-03-15'],
        [uuid(3), 'INBOUND', 'invoice_date', '2026-03-05'],
      ],
    );
    assert.deepEqual(r.pending, []);
  });

  test('intra-EU deliveries, exports and exempt sales each on their own line', () => {
    const r = report([
      { n: 1, taxCode: 5, breakdown: [{ category: 'K', percent: 0, base: 500, vat: 0 }] },
      { n: 2, taxCode: 5, breakdown: [{ category: 'G', percent: 0, base: 300, vat: 0 }] },
      { n: 3, taxCode: 5, breakdown: [{ category: 'E', percent: 0, base: 100, vat: 0 }] },
      { n: 4, taxCode: 5, breakdown: [{ category: 'S', percent: 20, base: 100, vat: 20 }] },
    ]);
    assert.deepEqual(
      r.figures.map((f) => [f.category, f.percent, f.selfAssessed, f.baseCents, f.vatCents]),
      [
        ['S', 20, false, 10000, 2000],
        ['E', 0, false, 10000, 0],
        ['G', 0, false, 30000, 0],
        ['K', 0, false, 50000, 0],
      ],
    );
  });
});

describe('one VAT truth with the CA3 and the entries (issue 26)', () => {
  test('disputed (207) and suspended (208) are held apart, with what they would change', () => {
    const r = report([
      { n: 1, invoiceDate: '2026-03-10', code: '207', statusDate: '2026-03-12T09:00:00Z' },
      {
        n: 2,
        direction: 'INBOUND',
        invoiceDate: '2026-03-11',
        code: '208',
        statusDate: '2026-03-12T09:00:00Z',
      },
      { n: 3, invoiceDate: '2026-03-12' },
    ]);
    assert.deepEqual(
      r.lines.map((l) => l.invoiceId),
      [uuid(3)],
      'only the invoice that counts',
    );
    assert.equal(r.balance.collectedCents, 2_000);
    assert.deepEqual(
      r.held.map((h) => [h.invoiceId, h.reason, h.wouldChange]),
      [
        [uuid(1), 'disputed', { collectedCents: 2_000, deductibleCents: 0 }],
        [uuid(2), 'suspended', { collectedCents: 0, deductibleCents: 2_000 }],
      ],
    );
  });

  test('a paid mark makes VAT on payment due on its day; where it and the 212 disagree, the mark counts', () => {
    const mark = (n: number, paidOn: string) => ({
      invoiceId: uuid(n),
      paidOn,
      note: 'virement',
      markedAt: '2026-03-21T08:00:00.000Z',
    });
    const items = [
      // Marked paid in March, no 212: due in March, by the mark.
      {
        ...reportItem({ n: 1, taxCode: 72, invoiceDate: '2026-01-10' }),
        mark: mark(1, '2026-03-20'),
      },
      // 212 in March, marked paid in April: the mark's day counts, the 212's is kept.
      {
        ...reportItem({
          n: 2,
          taxCode: 72,
          invoiceDate: '2026-02-10',
          code: '212',
          statusDate: '2026-03-05T10:00:00Z',
        }),
        mark: mark(2, '2026-04-02'),
      },
    ];
    const march = computeVatReport(items, MARCH, context);
    assert.deepEqual(
      march.lines.map((l) => [l.invoiceId, l.taxPointDate, l.payment?.source]),
      [[uuid(1), '2026-03-20', 'marked']],
    );
    const april = computeVatReport(items, monthPeriod(2026, 4), context);
    const moved = april.lines.find((l) => l.invoiceId === uuid(2));
    assert.equal(moved?.taxPointDate, '2026-04-02');
    assert.equal(moved?.payment?.statusDay, '2026-03-05', 'the operator’s day is shown');
    assert.equal(moved?.payment?.markedAt, '2026-03-21T08:00:00.000Z');
  });
});
