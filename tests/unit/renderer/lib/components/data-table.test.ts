import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  columnLayout,
  nextKeyAfter,
  nextSort,
  sortRows,
  stickyEndOffsets,
  visibleRange,
  type Column,
} from '#renderer/components/data-table.ts';

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

test('whole columns are as wide as their widest text; shared ones count their minimum', () => {
  // 8 px a character in cells, 10 in headers and badges; 16 px a rem.
  const measure = {
    cell: (s: string) => s.length * 8,
    header: (s: string) => s.length * 10,
    badge: (s: string) => s.length * 10,
  };
  const cols: Column<Row>[] = [
    { id: 'n', label: 'N', whole: true, text: (r) => r.n },
    { id: 'name', label: 'Name', text: (r) => r.n },
    { id: 'fixed', label: 'F', width: '5rem' },
    { id: 'state', label: 'S', whole: true, badge: true, text: () => 'Rejetée' },
  ];
  const layout = columnLayout(cols, [{ n: 'F2026-000123' }, { n: 'F-1' }], measure, 16);
  // 12 characters × 8 × 1.04 slack + 16 padding, rounded up, + 2.
  assert.equal(layout.widths[0], Math.ceil(12 * 8 * 1.04 + 16) + 2);
  assert.equal(layout.widths[1], null);
  assert.equal(layout.widths[2], 80);
  assert.ok(layout.widths[3]! >= 70 + 16, 'a badge counts its mark and padding');
  assert.equal(
    layout.minWidth,
    Math.ceil(layout.widths[0]! + 8 * 16 + 80 + layout.widths[3]!),
    'the table is never narrower than its columns: it scrolls sideways',
  );
});

test('a header that may take two lines is measured by its widest word', () => {
  const measure = {
    cell: (s: string) => s.length * 8,
    header: (s: string) => s.length * 10,
    badge: (s: string) => s.length * 10,
  };
  const label = 'Tiers à affecter';
  const cols: Column<Row>[] = [
    { id: 'one', label, whole: true, text: (r) => r.n },
    { id: 'two', label, whole: true, wrapHeader: true, text: (r) => r.n },
  ];
  const layout = columnLayout(cols, [{ n: '12' }], measure, 16);
  // Header text + 2 rem for the padding and the sort arrow, rounded up, + 2.
  assert.equal(layout.widths[0], label.length * 10 + 32 + 2);
  assert.equal(layout.widths[1], 'affecter'.length * 10 + 32 + 2);
});

test('key columns at the end stack from the right edge (stickyEnd), once their widths are known', () => {
  const cols: Column<Row>[] = [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B', stickyEnd: true, width: '10rem' },
    { id: 'c', label: 'C', stickyEnd: true, width: '9rem' },
  ];
  assert.deepEqual(stickyEndOffsets(cols, [null, 160, 144]), [null, 144, 0]);
  assert.deepEqual(stickyEndOffsets(cols, undefined), [null, null, null]);
  assert.deepEqual(stickyEndOffsets(columns, [null, null]), [null, null]);
});

test('given the table’s width, the names take the free width first, up to their widest text', () => {
  const measure = {
    cell: (s: string) => s.length * 8,
    header: (s: string) => s.length * 10,
    badge: (s: string) => s.length * 10,
  };
  interface Party {
    seller: string;
    buyer: string;
    status: string;
  }
  const cols: Column<Party>[] = [
    { id: 'n', label: 'N', width: '10rem' },
    { id: 'seller', label: 'Vendeur', text: (r) => r.seller },
    { id: 'buyer', label: 'Acheteur', text: (r) => r.buyer },
    { id: 'status', label: 'Statut', givesWay: true, minWidth: '6rem', text: (r) => r.status },
  ];
  const parties: Party[] = [
    { seller: 'ATELIERS DUVAL AGENCEMENT SAS', buyer: 'CARON SOPHIE', status: '' },
    { seller: 'CARON', buyer: 'ENERGIES DU LYONNAIS SA', status: '203 Mise à disposition' },
  ];
  const whole = (s: string) => Math.ceil(s.length * 8 * 1.04 + 16) + 2;
  // Room for every name whole and the status at its minimum: the names whole first.
  const roomy = columnLayout(
    cols,
    parties,
    measure,
    16,
    160 + whole('ATELIERS DUVAL AGENCEMENT SAS') + whole('ENERGIES DU LYONNAIS SA') + 96 + 10,
  );
  assert.equal(roomy.widths[1], whole('ATELIERS DUVAL AGENCEMENT SAS'));
  assert.equal(roomy.widths[2], whole('ENERGIES DU LYONNAIS SA'));
  assert.equal(roomy.widths[3], 96 + 10, 'what the names leave goes to the column that gives way');
  // Less room: the names share it evenly (the shorter whole first), the status keeps its minimum.
  const tight = columnLayout(cols, parties, measure, 16, 160 + 2 * 200 + 96);
  assert.equal(tight.widths[1], 200);
  assert.equal(tight.widths[2], 200);
  assert.equal(tight.widths[3], 96);
  // Below the columns' minimums: each at its minimum, the table scrolls sideways.
  const narrow = columnLayout(cols, parties, measure, 16, 300);
  assert.deepEqual(narrow.widths, [160, 128, 128, 96]);
  assert.equal(narrow.minWidth, 160 + 128 + 128 + 96);
  // More room than every text needs: the rest goes to the names.
  const wide = columnLayout(cols, parties, measure, 16, 2000);
  assert.equal(wide.widths[3], whole('203 Mise à disposition'));
  assert.ok(wide.widths[1]! > whole('ATELIERS DUVAL AGENCEMENT SAS'));
  // Before the table's width is known, the sharing columns are left to the browser.
  assert.deepEqual(columnLayout(cols, parties, measure, 16).widths, [160, null, null, null]);
});

test('the keyboard goes on to the row after those done with, else the one before', () => {
  const order = ['a', 'b', 'c', 'd'];
  assert.equal(nextKeyAfter(order, 'b', new Set(['b'])), 'c');
  assert.equal(nextKeyAfter(order, 'b', new Set(['b', 'c'])), 'd');
  assert.equal(nextKeyAfter(order, 'a', new Set(['c'])), 'a', 'a row that stays keeps it');
  assert.equal(nextKeyAfter(order, 'd', new Set(['d', 'c'])), 'b', 'the last: the one before');
  assert.equal(nextKeyAfter(order, 'b', new Set(order)), null);
  assert.equal(nextKeyAfter(order, null, new Set(['a'])), 'b');
});
