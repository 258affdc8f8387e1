// The D441-6 table (issue 29, item 3) on a small year whose answer is computed by hand below:
// unpaid and past due on the closing day, by the legal bands, count, amount TTC, share of the
// year's purchases / turnover HT; disputed invoices apart, credit notes allocated first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeAgingReport } from '#main/services/reports/aging.ts';
import { computeD441, yearHt } from '#main/services/reports/d441.ts';
import { closedYear } from '#main/services/reports/d441-of.ts';
import type { ReportItem } from '#main/services/tax/invoice.ts';
import { NO_COVERAGE, reportItem, type ReportSpec } from '#support/report-fixtures.ts';

const CLOSING = '2026-12-31';
const YEAR = closedYear(CLOSING);
const context = { coverage: NO_COVERAGE, now: new Date('2027-01-15T00:00:00Z') };

// breakdown base/vat in euros: TTC = base + vat.
const specs: (ReportSpec & { credits?: string })[] = [
  // Issued (turnover HT of the year: 1 000 + 2 000 + 500 + 4 000 + 1 500 − 100 = 8 900 €).
  {
    n: 1,
    number: 'F-1',
    invoiceDate: '2026-11-01',
    dueDate: '2026-12-20',
    breakdown: [{ base: 1000, vat: 200 }],
  }, // 11 days late: 1 200
  {
    n: 2,
    number: 'F-2',
    invoiceDate: '2026-09-01',
    dueDate: '2026-10-15',
    breakdown: [{ base: 2000, vat: 400 }],
  }, // 77 days: 2 400 − 120 credit = 2 280
  {
    n: 3,
    number: 'F-3',
    invoiceDate: '2026-12-15',
    dueDate: '2027-01-14',
    breakdown: [{ base: 500, vat: 100 }],
  }, // not due
  {
    n: 4,
    number: 'F-4',
    invoiceDate: '2026-03-01',
    dueDate: '2026-04-01',
    breakdown: [{ base: 4000, vat: 800 }],
    code: '212',
    statusDate: '2026-05-01T10:00:00Z',
  }, // paid
  {
    n: 5,
    number: 'F-5',
    invoiceDate: '2026-06-01',
    dueDate: '2026-07-01',
    breakdown: [{ base: 1500, vat: 300 }],
    code: '207',
  }, // disputed, 183 days: 1 800
  {
    n: 6,
    number: 'A-1',
    type: '381',
    invoiceDate: '2026-11-10',
    breakdown: [{ base: 100, vat: 20 }],
    credits: 'F-2',
  },
  // Received (purchases HT: 3 000 + 1 000 = 4 000 €; the one of 2025 is out of the year).
  {
    n: 7,
    direction: 'INBOUND',
    number: 'S-1',
    counterparty: 'Fournisseur',
    siren: '222222222',
    invoiceDate: '2026-10-01',
    dueDate: '2026-11-30',
    breakdown: [{ base: 3000, vat: 600 }],
  }, // 31 days: 3 600
  {
    n: 8,
    direction: 'INBOUND',
    number: 'S-2',
    counterparty: 'Fournisseur',
    siren: '222222222',
    invoiceDate: '2026-12-01',
    dueDate: '2026-12-31',
    breakdown: [{ base: 1000, vat: 200 }],
  }, // 0 days: not due
  {
    n: 9,
    direction: 'INBOUND',
    number: 'S-0',
    counterparty: 'Fournisseur',
    siren: '222222222',
    invoiceDate: '2025-08-01',
    dueDate: '2025-09-30',
    breakdown: [{ base: 250, vat: 50 }],
  }, // 457 days: 300
];

function table() {
  const items: ReportItem[] = specs.map(({ credits, ...s }) => ({
    ...reportItem(s),
    ...(credits ? { credits } : {}),
  }));
  const aging = computeAgingReport(items, YEAR, CLOSING, context, { allocateCredits: true });
  return computeD441(
    aging,
    yearHt(
      items.map((i) => i.row),
      YEAR,
    ),
    YEAR,
    {
      name: 'Test',
      siren: '123456789',
    },
  );
}

test('the year a closing day closes: the twelve months ending on it', () => {
  assert.deepEqual(closedYear('2026-12-31'), {
    from: '2026-01-01',
    to: '2026-12-31',
    label: '2026-01-01..2026-12-31',
  });
  assert.equal(closedYear('2026-06-30').from, '2025-07-01');
  assert.equal(closedYear('2026-06-30', '2025-01-01').from, '2025-01-01');
  assert.throws(() => closedYear('2026-06-30', '2026-07-01'), RangeError);
});

test('received and issued, by band: counts, amounts TTC, shares of the year HT', () => {
  const t = table();
  const [received, issued] = t.sides;
  assert.equal(received.direction, 'INBOUND');
  assert.equal(received.yearHtCents, 400000);
  assert.deepEqual(
    received.bands.map((b) => [b.invoices, b.amountCents, b.shareBp]),
    [
      [0, 0, 0],
      [1, 360000, 9000], // 3 600 / 4 000 = 90 %
      [0, 0, 0],
      [1, 30000, 750], // 300 / 4 000 = 7.5 %
    ],
  );
  assert.deepEqual(received.total, { invoices: 2, amountCents: 390000, shareBp: 9750 });

  assert.equal(issued.yearHtCents, 890000);
  assert.deepEqual(
    issued.bands.map((b) => [b.invoices, b.amountCents, b.shareBp]),
    [
      [1, 120000, 1348], // 1 200 / 8 900 = 13.48 %
      [0, 0, 0],
      [1, 228000, 2562], // 2 280 / 8 900 = 25.62 %
      [0, 0, 0],
    ],
  );
  assert.deepEqual(issued.total, { invoices: 2, amountCents: 348000, shareBp: 3910 });
  // (B): the disputed invoice, apart.
  assert.deepEqual(issued.disputed, { invoices: 1, amountCents: 180000 });
  assert.deepEqual(received.disputed, { invoices: 0, amountCents: 0 });
  assert.equal(t.closing, CLOSING);
});
