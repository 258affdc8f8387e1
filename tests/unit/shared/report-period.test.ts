// Report periods as users write them: month, quarter, year, custom range.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addDays,
  parsePeriod,
  periodKind,
  periodMonths,
  periodOf,
  shiftPeriod,
} from '#shared/report-period.ts';

test('a month, a quarter, a year, a custom range', () => {
  assert.deepEqual(parsePeriod('2026-10'), {
    from: '2026-10-01',
    to: '2026-10-31',
    label: '2026-10',
  });
  assert.deepEqual(parsePeriod('2028-02'), {
    from: '2028-02-01',
    to: '2028-02-29',
    label: '2028-02',
  });
  assert.deepEqual(parsePeriod('2026-Q3'), {
    from: '2026-07-01',
    to: '2026-09-30',
    label: '2026-Q3',
  });
  assert.deepEqual(parsePeriod('2026-q1'), {
    from: '2026-01-01',
    to: '2026-03-31',
    label: '2026-Q1',
  });
  assert.deepEqual(parsePeriod(' 2026 '), { from: '2026-01-01', to: '2026-12-31', label: '2026' });
  assert.deepEqual(parsePeriod('2026-01-15..2026-02-14'), {
    from: '2026-01-15',
    to: '2026-02-14',
    label: '2026-01-15..2026-02-14',
  });
  assert.deepEqual(
    ['2026-10', '2026-Q3', '2026', '2026-01-15..2026-02-14'].map((p) => periodKind(parsePeriod(p))),
    ['month', 'quarter', 'year', 'custom'],
  );
});

test('anything else is a clear error', () => {
  for (const bad of [
    '',
    '2026-13',
    '2026-Q5',
    '26',
    '2026-02-30..2026-03-01',
    '2026-03-02..2026-03-01',
    'octobre',
  ])
    assert.throws(() => parsePeriod(bad), RangeError, bad);
  assert.throws(() => parsePeriod('2026-13'), /month \(2026-10\), a quarter \(2026-Q3\)/);
  assert.throws(() => parsePeriod('2010-01-01..2026-01-01'), /at most ten years/);
});

test('the months a period touches, and day arithmetic', () => {
  assert.deepEqual(periodMonths(parsePeriod('2026-11-15..2027-01-02')), [
    '2026-11',
    '2026-12',
    '2027-01',
  ]);
  assert.deepEqual(periodMonths(parsePeriod('2026-10')), ['2026-10']);
  assert.equal(addDays('2026-03-01', -1), '2026-02-28');
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
});

test('the period before and after, and the period of a day', () => {
  const labels = (p: ReturnType<typeof parsePeriod>) => [
    shiftPeriod(p, -1).label,
    shiftPeriod(p, 1).label,
  ];
  assert.deepEqual(labels(parsePeriod('2026-01')), ['2025-12', '2026-02']);
  assert.deepEqual(labels(parsePeriod('2026-Q1')), ['2025-Q4', '2026-Q2']);
  assert.deepEqual(labels(parsePeriod('2026')), ['2025', '2027']);
  assert.deepEqual(labels(parsePeriod('2026-01-10..2026-01-19')), [
    '2025-12-31..2026-01-09',
    '2026-01-20..2026-01-29',
  ]);
  assert.deepEqual(periodOf('quarter', '2026-11-22'), parsePeriod('2026-Q4'));
  assert.deepEqual(periodOf('month', '2026-02-03'), parsePeriod('2026-02'));
  assert.deepEqual(periodOf('custom', '2026-02-03'), parsePeriod('2026-02-01..2026-02-28'));
});
