import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextSort, sortRows, visibleRange, type Column } from '#renderer/components/data-table.ts';

interface Row {
  n: string;
  amount?: number;
}
const columns: Column<Row>[] = [
  { id: 'n', label: 'N', text: (r) => r.n },
  { id: 'amount', label: 'A', sortValue: (r) => r.amount },
];
const rows: Row[] = [
  { n: 'F-10', amount: 5 },
  { n: 'F-2', amount: 100 },
  { n: 'F-3' },
  { n: 'f-1', amount: 5 },
];

test('sorts numbers numerically, text naturally, empties last, stable', () => {
  assert.deepEqual(
    sortRows(rows, columns, { column: 'amount', direction: 'ascending' }).map((r) => r.n),
    ['F-10', 'f-1', 'F-2', 'F-3'],
  );
  assert.deepEqual(
    sortRows(rows, columns, { column: 'amount', direction: 'descending' }).map((r) => r.n),
    ['F-2', 'F-10', 'f-1', 'F-3'],
  );
  assert.deepEqual(
    sortRows(rows, columns, { column: 'n', direction: 'ascending' }).map((r) => r.n),
    ['f-1', 'F-2', 'F-3', 'F-10'],
  );
  assert.equal(sortRows(rows, columns, null), rows);
});

test('header clicks toggle ascending and descending', () => {
  assert.deepEqual(nextSort(null, 'a'), { column: 'a', direction: 'ascending' });
  assert.deepEqual(nextSort({ column: 'a', direction: 'ascending' }, 'a'), {
    column: 'a',
    direction: 'descending',
  });
  assert.deepEqual(nextSort({ column: 'a', direction: 'descending' }, 'b'), {
    column: 'b',
    direction: 'ascending',
  });
});

test('windowed rendering keeps a small slice of 10,000 rows', () => {
  assert.deepEqual(visibleRange(10_000, 0, 600, 30, 10), { start: 0, end: 30 });
  const mid = visibleRange(10_000, 150_000, 600, 30, 10);
  assert.deepEqual(mid, { start: 4990, end: 5030 });
  assert.deepEqual(visibleRange(10_000, 10_000 * 30, 600, 30, 10), { start: 9990, end: 10_000 });
  assert.deepEqual(visibleRange(0, 0, 600, 30), { start: 0, end: 0 });
});
