// The aged balance as of any date (issue 29, item 3): parts paid by the bank taken off on their
// day, credit notes allocated to the invoice they cite, else to the party's oldest open invoice.
// Figures computed by hand in the comments.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { monthPeriod } from '#shared/report-period.ts';
import { computeAgingReport, PastDueCounter } from '#main/services/reports/aging.ts';
import { allocateCredits, paidBy, type OpenItem } from '#main/services/reports/open-items.ts';
import type { ReportItem } from '#main/services/tax/invoice.ts';
import { NO_COVERAGE, reportItem, uuid, type ReportSpec } from '#support/report-fixtures.ts';

const context = { coverage: NO_COVERAGE, now: new Date('2026-07-01T00:00:00Z') };

type Spec = ReportSpec & {
  parts?: { day: string; cents: number }[];
  credits?: string;
};

function items(specs: Spec[]): ReportItem[] {
  return specs.map(({ parts, credits, ...spec }) => ({
    ...reportItem(spec),
    ...(parts ? { partsPaid: parts } : {}),
    ...(credits ? { credits } : {}),
  }));
}

function aged(specs: Spec[], asOf: string) {
  return computeAgingReport(items(specs), monthPeriod(2026, 6), asOf, context, {
    allocateCredits: true,
  });
}

const amounts = (r: ReturnType<typeof aged>) =>
  Object.fromEntries(r.lines.map((l) => [l.invoiceId, l.amountCents]));

describe('parts paid by the bank', () => {
  const specs: Spec[] = [
    {
      n: 1,
      payableCents: 100000,
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-31',
      parts: [
        { day: '2026-04-10', cents: 30000 },
        { day: '2026-05-20', cents: 70000 },
      ],
    },
  ];

  test('before any part: the whole amount', () => {
    assert.deepEqual(amounts(aged(specs, '2026-04-09')), { [uuid(1)]: 100000 });
  });

  test('after the first part: the rest, which says what was paid', () => {
    const r = aged(specs, '2026-04-30');
    assert.deepEqual(amounts(r), { [uuid(1)]: 70000 });
    assert.equal(r.lines[0]!.paidPartCents, 30000);
    // The bands move with the rest: 30 days late on 30 April.
    assert.equal(r.sides[0]!.totals[0]!.buckets[1], 70000);
  });

  test('once every part is paid: paid by the bank, on the last part’s day', () => {
    const r = aged(specs, '2026-06-30');
    assert.deepEqual(r.lines, []);
    assert.equal(r.paidByBank, 1);
    // In the paid list when paid within the period.
    const june = aged(
      [{ ...specs[0]!, parts: [{ day: '2026-06-05', cents: 100000 }] }],
      '2026-06-30',
    );
    assert.equal(june.paid[0]!.paidOn, '2026-06-05');
    assert.equal(june.paid[0]!.paidSource, 'bank');
  });

  test('paidBy counts the parts on or before the day', () => {
    assert.equal(paidBy(specs[0]!.parts, '2026-05-20'), 100000);
    assert.equal(paidBy(specs[0]!.parts, '2026-05-19'), 30000);
    assert.equal(paidBy(undefined, '2026-05-19'), 0);
  });
});

describe('credit notes allocated per invoice', () => {
  // Client A owes F-1 (1 000 €, March), F-2 (500 €, April), F-3 (300 €, May); it has a credit
  // note of 200 € citing F-2 and one of 1 100 € citing nothing. Client B has a credit note of
  // 50 € and no invoice.
  const specs: Spec[] = [
    { n: 1, number: 'F-1', invoiceDate: '2026-03-01', dueDate: '2026-03-31', payableCents: 100000 },
    { n: 2, number: 'F-2', invoiceDate: '2026-04-01', dueDate: '2026-04-30', payableCents: 50000 },
    { n: 3, number: 'F-3', invoiceDate: '2026-05-01', dueDate: '2026-05-31', payableCents: 30000 },
    {
      n: 4,
      number: 'A-1',
      type: '381',
      invoiceDate: '2026-05-10',
      payableCents: 20000,
      credits: 'F-2',
    },
    { n: 5, number: 'A-2', type: '381', invoiceDate: '2026-05-15', payableCents: 110000 },
    {
      n: 6,
      number: 'A-3',
      type: '381',
      invoiceDate: '2026-05-20',
      payableCents: 5000,
      counterparty: 'Client B',
      siren: '222222222',
    },
  ];

  test('the cited invoice first, then the oldest open ones; what is left stays a credit', () => {
    const r = aged(specs, '2026-06-30');
    // A-1 (200): F-2 500 → 300. A-2 (1 100): F-1 1 000 → 0, then F-2 300 → 200.
    // F-3 untouched; A-3 of Client B has nothing to go to: −50 stays.
    assert.deepEqual(amounts(r), { [uuid(2)]: 30000 - 10000, [uuid(3)]: 30000, [uuid(6)]: -5000 });
    const f2 = r.lines.find((l) => l.invoiceId === uuid(2))!;
    assert.equal(f2.creditedCents, 30000);
    // Client A's total is what it owes once its credits are used: 1 800 − 1 300 = 500.
    const receivables = r.sides.find((s) => s.direction === 'OUTBOUND')!;
    assert.equal(receivables.totals[0]!.totalCents, 50000 - 5000);
    assert.equal(receivables.counterparties.find((c) => c.name === 'Client Un')!.totalCents, 50000);
  });

  test('a credit note dated after the day is not allocated yet', () => {
    const r = aged(specs, '2026-05-12');
    // Only A-1 exists on 12 May: F-2 500 → 300; F-1 and F-3 whole.
    assert.deepEqual(amounts(r), { [uuid(1)]: 100000, [uuid(2)]: 30000, [uuid(3)]: 30000 });
  });

  test('never across parties, directions or currencies', () => {
    const open: OpenItem[] = [
      {
        id: 'i',
        group: 'OUTBOUND|EUR|A',
        number: 'F',
        dated: '2026-01-01',
        dueOn: '2026-01-01',
        amountCents: 100,
      },
      {
        id: 'c1',
        group: 'INBOUND|EUR|A',
        number: 'X',
        dated: '2026-01-02',
        dueOn: '2026-01-02',
        amountCents: -100,
        credits: 'F',
      },
      {
        id: 'c2',
        group: 'OUTBOUND|USD|A',
        number: 'Y',
        dated: '2026-01-02',
        dueOn: '2026-01-02',
        amountCents: -100,
      },
    ];
    assert.deepEqual(allocateCredits(open), []);
    assert.deepEqual(
      open.map((i) => i.amountCents),
      [100, -100, -100],
    );
  });

  test('the portfolio’s past due counts by the same allocation', () => {
    const counter = new PastDueCounter('2026-06-30');
    // Added in two batches, as the portfolio reads them.
    const all = items(specs);
    counter.add(all.slice(0, 2));
    counter.add(all.slice(2));
    const report = aged(specs, '2026-06-30');
    assert.equal(counter.count(), report.pastDue);
    // F-2 (200 left, 61 days late), F-3 (30 days) and A-3 (−50, 41 days): F-1 settled.
    assert.equal(report.pastDue, 3);
  });
});
