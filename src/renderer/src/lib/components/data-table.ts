// Types and pure helpers of DataTable.svelte (kept apart so that node:test can check them).

export interface Column<T> {
  /** Stable id, used for sorting and by the `cell` snippet. */
  id: string;
  /** Header text (already translated). */
  label: string;
  /** CSS width of the column (the table uses a fixed layout so that rows keep one height). */
  width?: string;
  align?: 'start' | 'end' | 'center';
  /** Plain text of the cell; also its sort key unless sortValue is given. */
  text?: (row: T) => string;
  /** Makes the column sortable. Numbers sort numerically, strings with the locale's collation. */
  sortValue?: (row: T) => string | number | null | undefined;
  /** Render the cell with the table's `cell` snippet instead of `text`. */
  custom?: boolean;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** Next sort state when a header is clicked: ascending → descending → ascending. */
export function nextSort(current: SortState | null, column: string): SortState {
  if (current?.column === column && current.direction === 'ascending') {
    return { column, direction: 'descending' };
  }
  return { column, direction: 'ascending' };
}

/** A stable sort of a copy; empty values always last. */
export function sortRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  sort: SortState | null,
  locale = 'fr',
): readonly T[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.id === sort.column);
  const key = column?.sortValue ?? column?.text;
  if (!column || !key) return rows;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const factor = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: key(row) }));
  keyed.sort((a, b) => {
    const av = a.value;
    const bv = b.value;
    const aEmpty = av === null || av === undefined || av === '';
    const bEmpty = bv === null || bv === undefined || bv === '';
    if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
    const c =
      typeof av === 'number' && typeof bv === 'number'
        ? av - bv
        : collator.compare(String(av), String(bv));
    return c === 0 ? a.index - b.index : c * factor;
  });
  return keyed.map((k) => k.row);
}

/** The slice of rows to render for a scroll position (windowed rendering). */
export function visibleRange(
  total: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan = 10,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const count = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(total, first + count + overscan);
  return { start, end: Math.max(start, end) };
}
