// The statuts report: counts per month, direction, state and lifecycle code; the refused and
// rejected invoices with their last status.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import { computeStatusReport, statusMatrix } from '#main/services/reports/status.ts';
import { NO_COVERAGE, reportItem, uuid, type ReportSpec } from '#support/report-fixtures.ts';

const context = { coverage: NO_COVERAGE, now: new Date('2026-07-01T00:00:00Z') };

test('counts per month of the invoice date, by state and by last lifecycle code', () => {
  const r = computeStatusReport(
    [
      { n: 1, invoiceDate: '2026-01-05', code: '205' },
      { n: 2, invoiceDate: '2026-01-06', code: '205' },
      {
        n: 3,
        invoiceDate: '2026-01-07',
        state: 'INVALID',
        code: '213',
        statusDate: '2026-01-07T11:00:00Z',
      },
      { n: 4, invoiceDate: '2026-02-07', direction: 'INBOUND', state: 'PROCESSING' },
      { n: 5, invoiceDate: '2026-02-08', code: '210', statusDate: '2026-02-20T10:00:00Z' },
      // Undated: its deposit day decides (in Paris).
      { n: 6, invoiceDate: null, createDate: '2026-03-31T22:30:00Z', code: '212' },
      { n: 7, invoiceDate: '2026-04-01' },
    ]
      .map((spec) => spec as ReportSpec)
      .map(reportItem),
    parsePeriod('2026-Q1'),
    context,
  );
  assert.equal(r.invoices, 5);
  assert.deepEqual(
    r.byState.map((c) => [c.month, c.direction, c.key, c.count]),
    [
      ['2026-01', 'OUTBOUND', 'DELIVERED', 2],
      ['2026-01', 'OUTBOUND', 'INVALID', 1],
      ['2026-02', 'OUTBOUND', 'DELIVERED', 1],
      ['2026-02', 'INBOUND', 'PROCESSING', 1],
    ],
  );
  assert.deepEqual(
    r.byLifecycle.map((c) => [c.month, c.direction, c.key, c.count]),
    [
      ['2026-01', 'OUTBOUND', '205', 2],
      ['2026-01', 'OUTBOUND', '213', 1],
      ['2026-02', 'OUTBOUND', '210', 1],
      ['2026-02', 'INBOUND', null, 1],
    ],
  );
  assert.deepEqual(
    r.rejected.map((i) => [i.invoiceId, i.lifecycleCode]),
    [
      [uuid(5), '210'],
      [uuid(3), '213'],
    ],
  );
  assert.deepEqual(r.months, ['2026-01', '2026-02', '2026-03']);
});

test('the matrix carries its row and column totals, per direction and both together', () => {
  const months = ['2026-01', '2026-02'];
  const m = statusMatrix(
    [
      { month: '2026-01', direction: 'OUTBOUND', key: 'DELIVERED', count: 3 },
      { month: '2026-01', direction: 'INBOUND', key: 'DELIVERED', count: 2 },
      { month: '2026-01', direction: 'OUTBOUND', key: 'INVALID', count: 1 },
      { month: '2026-02', direction: 'INBOUND', key: null, count: 4 },
      // Outside the months: in no row and in no total.
      { month: '2026-03', direction: 'OUTBOUND', key: 'DELIVERED', count: 7 },
    ],
    months,
  );
  // States in the interface's order, "no status" last.
  assert.deepEqual(m.keys, ['INVALID', 'DELIVERED', null]);
  assert.deepEqual(
    m.rows.map((r) => [r.month, r.total]),
    [
      ['2026-01', { all: 6, OUTBOUND: 4, INBOUND: 2 }],
      ['2026-02', { all: 4, OUTBOUND: 0, INBOUND: 4 }],
    ],
  );
  assert.deepEqual(m.totals, {
    counts: { all: [1, 5, 4], OUTBOUND: [1, 3, 0], INBOUND: [0, 2, 4] },
    total: { all: 10, OUTBOUND: 4, INBOUND: 6 },
  });
});

test('the report’s matrices total the invoices it counts', () => {
  const r = computeStatusReport(
    [
      { n: 1, invoiceDate: '2026-01-05', code: '205' },
      { n: 2, invoiceDate: '2026-02-07', direction: 'INBOUND', state: 'PROCESSING' },
      { n: 3, invoiceDate: '2026-03-07', code: '210' },
    ]
      .map((spec) => spec as ReportSpec)
      .map(reportItem),
    parsePeriod('2026-Q1'),
    context,
  );
  for (const matrix of [r.stateMatrix, r.lifecycleMatrix]) {
    assert.equal(matrix.totals.total.all, r.invoices);
    assert.deepEqual(matrix.totals.total, { all: 3, OUTBOUND: 2, INBOUND: 1 });
  }
});
