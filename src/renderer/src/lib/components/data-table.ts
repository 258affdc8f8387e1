// Types and pure helpers of DataTable.svelte (kept apart so that node:test can check them).

export interface Column<T> {
  /** Stable id, used for sorting and by the `cell` snippet. */
  id: string;
  /** Header text (already translated). */
  label: string;
  /** CSS width of the column in rem (the table uses a fixed layout so that rows keep one
   * height). A column without width nor `whole` shares the room left (names): it takes the free
   * width up to its widest text, and gives way first, down to `minWidth`, its text ending with
   * an ellipsis (whole in its title). */
  width?: string;
  /** A sharing column that yields the free width to the names first (a long label often
   * empty, such as the last status): it grows only once the names are whole (issue 27). */
  givesWay?: boolean;
  /** Never cut (invoice numbers, amounts, dates, states): as wide as its widest cell or header,
   * measured from `text`. */
  whole?: boolean;
  /** The header may take two lines: the column is measured by the header's widest word, not
   * its whole label (a table of many short figures, such as the portfolio's). */
  wrapHeader?: boolean;
  /** The cell shows `text` as a Badge (state), measured in the badge's font with its mark. */
  badge?: boolean;
  /** Stays in view when the table scrolls sideways (the first column only: the invoice number,
   * so that a row is still told apart). */
  sticky?: boolean;
  /** Stays in view at the right edge when the table scrolls sideways: a key column at the end
   * (a decision, a note, the actions), which a 1024-px window would scroll away (issue 27). Give
   * such a column a `width` or `whole`; several at the end stack from the right. */
  stickyEnd?: boolean;
  /** The narrowest a sharing column gets, in rem (default 8rem); below the sum of every
   * column's width the table scrolls sideways instead. */
  minWidth?: string;
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

/** Rows drawn beyond each edge of the view, so that a scroll finds them ready. */
export const OVERSCAN_ROWS = 10;

/** The slice of rows to render for a scroll position (windowed rendering). */
export function visibleRange(
  total: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan = OVERSCAN_ROWS,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const count = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(total, first + count + overscan);
  return { start, end: Math.max(start, end) };
}

/** Default narrowest width of a column that shares the room left (a name), in rem. */
export const SHARED_MIN_REM = 8;

/** Text widths in px: `cell` in the cells' font, `header` in the headers' bold font, `badge`
 * in a Badge's font. The component measures with a canvas; tests pass a stub. */
export interface TextMeasure {
  cell(text: string): number;
  header(text: string): number;
  badge(text: string): number;
}

/** Px around a cell's text (padding 0.5rem each side) and a header's (its sort arrow and gap),
 * and a badge's mark, gap, padding and border; a little slack for tabular digits, which a
 * canvas measures proportionally. */
export const CELL_CHROME_REM = 1;
export const HEADER_CHROME_REM = 1 + 1;
export const BADGE_CHROME_REM = 0.8 + 0.25 + 0.75 + 0.125;
const SLACK = 1.04;

function rems(css: string | undefined, fallback: number): number {
  if (!css) return fallback;
  const n = Number.parseFloat(css);
  return Number.isFinite(n) ? n : fallback;
}

function widestWord(label: string, measure: TextMeasure): string {
  let widest = '';
  for (const word of label.split(/\s+/)) {
    if (measure.header(word) > measure.header(widest)) widest = word;
  }
  return widest;
}

export interface ColumnLayout {
  /** Px width of each column; null for the columns that share the room left while the table's
   * width is not known. */
  widths: (number | null)[];
  /** The table's narrowest width, px: below it the table scrolls sideways. */
  minWidth: number;
}

/** Px a column needs to show `text` whole. */
function textWidth<T>(
  column: Column<T>,
  text: string,
  measure: TextMeasure,
  remPx: number,
): number {
  return column.badge
    ? measure.badge(text) + (BADGE_CHROME_REM + CELL_CHROME_REM) * remPx
    : measure.cell(text) * SLACK + CELL_CHROME_REM * remPx;
}

/** Px of the column's widest text over every row, header included. */
function widestText<T>(
  column: Column<T>,
  rows: readonly T[],
  measure: TextMeasure,
  remPx: number,
): number {
  const sortable = Boolean(column.sortValue || column.text);
  const header = column.wrapHeader ? widestWord(column.label, measure) : column.label;
  let widest = header
    ? (sortable ? measure.header(header) : measure.cell(header)) +
      (sortable ? HEADER_CHROME_REM : CELL_CHROME_REM) * remPx
    : 0;
  const seen = new Set<string>();
  for (const row of rows) {
    const text = column.text?.(row) ?? '';
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    const px = textWidth(column, text, measure, remPx);
    if (px > widest) widest = px;
  }
  return widest;
}

/** Raises `widths[i]` of the `members` towards their `wanted` width, evenly (the narrowest
 * reach theirs first), with at most `room` px; what is left of `room`. */
function fill(widths: number[], wanted: number[], members: number[], room: number): number {
  let left = room;
  let open = members.filter((i) => widths[i]! < wanted[i]!);
  while (left > 0.5 && open.length > 0) {
    const share = left / open.length;
    for (const i of open) {
      const step = Math.min(share, wanted[i]! - widths[i]!);
      widths[i] = widths[i]! + step;
      left -= step;
    }
    open = open.filter((i) => widths[i]! < wanted[i]! - 0.5);
  }
  return left;
}

/**
 * The columns' widths: fixed ones as given, whole ones as wide as their widest text over every
 * row (not only the rendered ones, so widths do not move while scrolling), sharing ones their
 * minimum towards the table's min-width. Given the table's `available` width, the sharing ones
 * get the room left: the names first, up to their widest text (so that a name is not cut while
 * another column stays wide and empty), then those that give way, then any rest to the names.
 */
export function columnLayout<T>(
  columns: readonly Column<T>[],
  rows: readonly T[],
  measure: TextMeasure,
  remPx: number,
  available?: number,
): ColumnLayout {
  let minWidth = 0;
  const sharing: number[] = [];
  const widths: (number | null)[] = columns.map((column, index) => {
    if (column.whole) {
      const widest = widestText(column, rows, measure, remPx);
      const px = Math.ceil(Math.max(widest, rems(column.width, 0) * remPx)) + 2;
      minWidth += px;
      return px;
    }
    if (column.width) {
      const px = rems(column.width, SHARED_MIN_REM) * remPx;
      minWidth += px;
      return px;
    }
    minWidth += rems(column.minWidth, SHARED_MIN_REM) * remPx;
    sharing.push(index);
    return null;
  });
  minWidth = Math.ceil(minWidth);
  if (available === undefined || sharing.length === 0) return { widths, minWidth };

  const least = columns.map((column) => rems(column.minWidth, SHARED_MIN_REM) * remPx);
  const shared = widths.map((px, i) => px ?? least[i]!);
  const wanted = columns.map((column, i) =>
    sharing.includes(i)
      ? Math.max(least[i]!, Math.ceil(widestText(column, rows, measure, remPx)) + 2)
      : 0,
  );
  const names = sharing.filter((i) => !columns[i]!.givesWay);
  const yielding = sharing.filter((i) => columns[i]!.givesWay);
  let room = Math.max(0, available - minWidth);
  room = fill(shared, wanted, names, room);
  room = fill(shared, wanted, yielding, room);
  const takers = names.length > 0 ? names : yielding;
  for (const i of takers) shared[i] = shared[i]! + room / takers.length;
  return {
    widths: shared.map((px, i) => (sharing.includes(i) ? Math.floor(px) : widths[i]!)),
    minWidth,
  };
}

/** The right offset, px, of each column that stays at the right edge (stickyEnd): the widths of
 * the stickyEnd columns after it; null for the others (and before the widths are known). */
export function stickyEndOffsets<T>(
  columns: readonly Column<T>[],
  widths: readonly (number | null)[] | undefined,
): (number | null)[] {
  let right = 0;
  const offsets: (number | null)[] = columns.map(() => null);
  for (let c = columns.length - 1; c >= 0; c--) {
    if (!columns[c]?.stickyEnd) continue;
    const width = widths?.[c];
    if (width === null || width === undefined) return columns.map(() => null);
    offsets[c] = right;
    right += width;
  }
  return offsets;
}

/** The row the keyboard goes on to when `leaving` rows are done with (marked handled): the
 * `anchor` if it stays, else the first row after it that stays, else the last one before it;
 * null when none stays. `order` is the rows' keys as shown. */
export function nextKeyAfter(
  order: readonly string[],
  anchor: string | null,
  leaving: ReadonlySet<string>,
): string | null {
  if (anchor !== null && !leaving.has(anchor)) return anchor;
  const at = anchor === null ? -1 : order.indexOf(anchor);
  const after = order.slice(at + 1).find((key) => !leaving.has(key));
  if (after !== undefined) return after;
  return (
    order
      .slice(0, Math.max(0, at))
      .reverse()
      .find((key) => !leaving.has(key)) ?? null
  );
}
