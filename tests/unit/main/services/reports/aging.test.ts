// The échéancier: what is unpaid on a day, by days late, per counterparty, both sides apart.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { monthPeriod } from '#shared/report-period.ts';
import { AGING_BUCKETS } from '#shared/reports.ts';
import { agingBucket, agingLine, computeAgingReport } from '#main/services/reports/aging.ts';
import { NO_COVERAGE, reportItem, uuid, type ReportSpec } from '#support/report-fixtures.ts';

const AS_OF = '2026-06-30';
const context = { coverage: NO_COVERAGE, now: new Date('2026-07-01T00:00:00Z') };

function aging(specs: ReportSpec[], asOf = AS_OF) {
  return computeAgingReport(specs.map(reportItem), monthPeriod(2026, 6), asOf, context);
}

test('buckets: not due, 1–30, 31–60, 61–90, over 90 days late', () => {
  assert.deepEqual([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(agingBucket), [
    'not_due',
    'not_due',
    'days_1_30',
    'days_1_30',
    'days_31_60',
    'days_31_60',
    'days_61_90',
    'days_61_90',
    'over_90',
    'over_90',
  ]);
});

describe('what is unpaid on the day', () => {
  test('days late counted from the due date, else from the invoice date', () => {
    const r = aging([
      { n: 1, dueDate: '2026-06-30' },
      { n: 2, dueDate: '2026-06-29' },
      { n: 3, dueDate: '2026-05-31' },
      { n: 4, dueDate: null, invoiceDate: '2026-03-01' },
    ]);
    assert.deepEqual(
      Object.fromEntries(r.lines.map((l) => [l.invoiceId, [l.dueOn, l.daysLate, l.bucket]])),
      {
        [uuid(1)]: ['2026-06-30', 0, 'not_due'],
        [uuid(2)]: ['2026-06-29', 1, 'days_1_30'],
        [uuid(3)]: ['2026-05-31', 30, 'days_1_30'],
        [uuid(4)]: ['2026-03-01', 121, 'over_90'],
      },
    );
  });

  test('paid (211 or 212) by the day is out; paid after it is still unpaid on the day', () => {
    const r = aging([
      { n: 1, dueDate: '2026-06-01', code: '211', statusDate: '2026-06-10T10:00:00Z' },
      { n: 2, dueDate: '2026-06-01', code: '212', statusDate: '2026-06-30T20:00:00Z' },
      { n: 3, dueDate: '2026-06-01', code: '212', statusDate: '2026-06-30T22:30:00Z' },
      { n: 4, dueDate: '2026-06-01', code: '212', statusDate: '2026-07-15T10:00:00Z' },
      { n: 5, dueDate: '2026-06-01', code: '205' },
    ]);
    // 22:30 UTC on 30 June is 1 July in Paris: collected after the day.
    assert.deepEqual(r.lines.map((l) => l.invoiceId).sort(), [uuid(3), uuid(4), uuid(5)]);
  });

  test('refused, rejected, dated after the day, or with nothing left to pay: not listed', () => {
    const r = aging([
      { n: 1, code: '210' },
      { n: 2, code: '213' },
      { n: 3, state: 'INVALID' },
      { n: 4, invoiceDate: '2026-07-01' },
      { n: 5, payableCents: 0 },
      { n: 6, payableCents: 4200 },
    ]);
    assert.deepEqual(
      r.lines.map((l) => [l.invoiceId, l.amountCents]),
      [[uuid(6), 4200]],
    );
  });

  test('what is left to pay (BT-115) when known, else the total; credit notes negative', () => {
    const r = aging([
      { n: 1, payableCents: 8400, breakdown: [{ base: 100, vat: 20 }] },
      { n: 2, payableCents: null, breakdown: [{ base: 100, vat: 20 }] },
      { n: 3, type: '381', payableCents: 1200 },
    ]);
    assert.deepEqual(Object.fromEntries(r.lines.map((l) => [l.invoiceId, l.amountCents])), {
      [uuid(1)]: 8400,
      [uuid(2)]: 12000,
      [uuid(3)]: -1200,
    });
  });

  test('agingLine of an invoice dated after the day is null', () => {
    assert.equal(agingLine(reportItem({ n: 1, invoiceDate: '2026-07-02' }), AS_OF), null);
  });
});

test('per counterparty, issued and received apart, totals = sums of the lines', () => {
  const r = aging([
    {
      n: 1,
      counterparty: 'Client A',
      siren: '100000001',
      dueDate: '2026-06-30',
      payableCents: 1000,
    },
    {
      n: 2,
      counterparty: 'Client A',
      siren: '100000001',
      dueDate: '2026-05-15',
      payableCents: 2000,
    },
    {
      n: 3,
      counterparty: 'Client B',
      siren: '100000002',
      dueDate: '2026-01-15',
      payableCents: 5000,
    },
    {
      n: 4,
      direction: 'INBOUND',
      counterparty: 'Fournisseur C',
      siren: null,
      vat: 'DE123456789',
      dueDate: '2026-04-20',
      payableCents: 700,
    },
    {
      n: 5,
      direction: 'INBOUND',
      counterparty: 'Fournisseur C',
      siren: null,
      vat: 'DE123456789',
      dueDate: '2026-04-25',
      payableCents: 300,
    },
  ]);
  const [issued, received] = r.sides;
  assert.equal(issued?.direction, 'OUTBOUND');
  assert.equal(received?.direction, 'INBOUND');
  assert.deepEqual(
    issued?.counterparties.map((p) => [p.name, p.buckets, p.totalCents, p.invoices]),
    [
      ['Client B', [0, 0, 0, 0, 5000], 5000, 1],
      ['Client A', [1000, 0, 2000, 0, 0], 3000, 2],
    ],
  );
  assert.deepEqual(
    received?.counterparties.map((p) => [p.name, p.vatNumber, p.buckets, p.totalCents]),
    [['Fournisseur C', 'DE123456789', [0, 0, 0, 1000, 0], 1000]],
  );
  for (const side of r.sides) {
    const mine = r.lines.filter((l) => l.direction === side.direction);
    const total = side.totals[0]!;
    assert.equal(
      total.totalCents,
      mine.reduce((s, l) => s + l.amountCents, 0),
    );
    assert.deepEqual(
      total.buckets,
      AGING_BUCKETS.map((b) =>
        mine.filter((l) => l.bucket === b).reduce((s, l) => s + l.amountCents, 0),
      ),
    );
    assert.equal(total.invoices, mine.length);
  }
  assert.equal(r.asOf, AS_OF);
});

describe('paid by the operator’s word or by the user’s mark', () => {
  const mark = (n: number, paidOn: string, note: string | null = null) => ({
    invoiceId: uuid(n),
    paidOn,
    note,
    markedAt: '2026-06-20T09:00:00.000Z',
  });
  const marked = (spec: ReportSpec, paidOn: string, note: string | null = null) => ({
    ...reportItem(spec),
    mark: mark(spec.n, paidOn, note),
  });
  const run = (items: ReturnType<typeof reportItem>[], asOf = AS_OF) =>
    computeAgingReport(items, monthPeriod(2026, 6), asOf, context);

  test('a mark on or before the day takes the invoice out of the figures', () => {
    const r = run([
      marked({ n: 1, dueDate: '2026-01-31' }, '2026-06-30', 'virement'),
      marked({ n: 2, dueDate: '2026-01-31' }, '2026-07-01'),
      reportItem({ n: 3, dueDate: '2026-01-31' }),
    ]);
    assert.deepEqual(r.lines.map((l) => l.invoiceId).sort(), [uuid(2), uuid(3)]);
    const total = r.sides[0]!.totals[0]!;
    assert.equal(total.totalCents, 2 * 12000);
    assert.equal(total.buckets[AGING_BUCKETS.indexOf('over_90')], 2 * 12000);
    // Marked paid after the day: still in the figures, with the day it was paid and why.
    const later = r.lines.find((l) => l.invoiceId === uuid(2))!;
    assert.deepEqual([later.paidOn, later.paidSource], ['2026-07-01', 'marked']);
    assert.equal(r.paidByMark, 1);
    assert.deepEqual(
      r.paid.map((p) => [p.invoiceId, p.paidOn, p.paidSource, p.note, p.amountCents]),
      [[uuid(1), '2026-06-30', 'marked', 'virement', 12000]],
    );
  });

  test('a 212 is the operator’s word: its source, and the period’s payments listed', () => {
    const r = run([
      reportItem({ n: 1, code: '212', statusDate: '2026-06-10T10:00:00Z' }),
      reportItem({ n: 2, code: '211', statusDate: '2026-05-10T10:00:00Z' }),
      marked({ n: 3, code: '212', statusDate: '2026-06-12T10:00:00Z' }, '2026-06-01'),
    ]);
    assert.equal(r.lines.length, 0);
    assert.equal(r.paidByStatus, 2);
    assert.equal(r.paidByMark, 1);
    // Paid by a status before the period: counted, not listed; a mark earlier than its 212
    // tells the earlier payment, and it stays listed (the user's own mark).
    assert.deepEqual(
      r.paid.map((p) => [p.invoiceId, p.paidOn, p.paidSource]),
      [
        [uuid(1), '2026-06-10', 'status_212'],
        [uuid(3), '2026-06-01', 'marked'],
      ],
    );
  });

  test('a mark of a refused invoice changes nothing: refused invoices are left out', () => {
    const r = run([marked({ n: 1, code: '210' }, '2026-06-01')]);
    assert.deepEqual([r.lines.length, r.paid.length, r.paidByMark], [0, 0, 0]);
  });
});
