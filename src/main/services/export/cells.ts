// Typed cells of an export: what a column holds, and how each kind becomes an Excel value with
// its number format. Pure functions shared by the worker (which writes) and the layouts (which
// describe columns); nothing here touches exceljs or the disk.

/**
 * - text: free text, written as a string.
 * - id: an identifier (SIREN, SIRET, IBAN, VAT number, UUID, invoice number, postal code): always
 *   a string with the text format "@", so "012345678" keeps its leading zero.
 * - date: "YYYY-MM-DD", written as a real Excel date (no time, no timezone).
 * - month: "YYYY-MM", written as the month's first day with a month format ("mars 2026").
 * - datetime: an ISO date-time with offset, written as the local wall-clock time.
 * - amount: a number rounded to 2 decimals, with a currency format (the row's currency when the
 *   column names one, else euros).
 * - integer: a count.
 * - percent: a rate given in percent (20 for 20 %), written as 0.2 with a percent format.
 */
export const CELL_KINDS = [
  'text',
  'id',
  'date',
  'month',
  'datetime',
  'amount',
  'integer',
  'percent',
] as const;
export type CellKind = (typeof CELL_KINDS)[number];

export type CellValue = string | number | boolean | null | undefined;
/** One row of a table: one value per column, in column order. */
export type Row = readonly CellValue[];

export interface Column {
  header: string;
  kind: CellKind;
  /** For an amount column: the index of the column holding the row's ISO currency code. */
  currencyColumn?: number;
  /** An amount column summed in the table's totals rows (one per currency). */
  sum?: boolean;
  /** The totals rows are kept apart by this column's value (a direction: sales and purchases
   * are never added together), one per value and currency. */
  totalsBy?: boolean;
}

export type AnyIterable<T> = Iterable<T> | AsyncIterable<T>;

export const TEXT_FORMAT = '@';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';
/** The month in words and the year, in the reader's own language ("mars 2026", "March 2026"). */
export const MONTH_FORMAT = 'mmmm yyyy';
export const INTEGER_FORMAT = '#,##0';
export const PERCENT_FORMAT = '0.0#%';

const CURRENCY_SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF' };

/** The number format of an amount in that currency: `#,##0.00 "€"` for euros (the default). */
export function amountFormat(currency?: string | null): string {
  const code = (currency ?? '').trim().toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code || 'EUR'] ?? (/^[A-Z]{3}$/.test(code) ? code : '€');
  return `#,##0.00 "${symbol}"`;
}

/** The column's default number format (amounts: euros; the row's currency may override it). */
export function columnFormat(kind: CellKind): string | undefined {
  switch (kind) {
    case 'text':
    case 'id':
      return TEXT_FORMAT;
    case 'date':
      return DATE_FORMAT;
    case 'month':
      return MONTH_FORMAT;
    case 'datetime':
      return DATETIME_FORMAT;
    case 'amount':
      return amountFormat('EUR');
    case 'integer':
      return INTEGER_FORMAT;
    case 'percent':
      return PERCENT_FORMAT;
  }
}

/** Rounds to the cent, away from zero on a half cent, without binary noise (0.1 + 0.2 → 0.3). */
export function roundAmount(value: number): number {
  const cents = Math.round(Math.abs(value) * 100 + 1e-7);
  return (Math.sign(value) * cents) / 100 || 0;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** "2026-03" → 1 March 2026 at UTC midnight, shown as a month by MONTH_FORMAT. */
export function excelMonth(text: string): Date | undefined {
  const match = ISO_MONTH.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? new Date(Date.UTC(Number(match[1]), month - 1, 1)) : undefined;
}

/** "2026-03-31" → that day at UTC midnight, which exceljs writes as the whole serial 46112. */
export function excelDate(text: string): Date | undefined {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2026-02-30 rather than rolling it into March.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** An ISO date-time → the same instant as local wall-clock time, the way Excel shows times. */
export function excelDateTime(text: string | Date): Date | undefined {
  const instant = text instanceof Date ? text : new Date(text);
  if (Number.isNaN(instant.getTime())) return undefined;
  return new Date(
    Date.UTC(
      instant.getFullYear(),
      instant.getMonth(),
      instant.getDate(),
      instant.getHours(),
      instant.getMinutes(),
      instant.getSeconds(),
    ),
  );
}

// XML 1.0 forbids these; a stray one in operator data would make the whole workbook unreadable.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const MAX_CELL_TEXT = 32_767;

export function cleanText(value: string): string {
  const text = value.replace(FORBIDDEN_XML, '');
  return text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
}

export interface TypedCell {
  value: string | number | boolean | Date | null;
  /** Set only when the cell needs another format than its column's. */
  numFmt?: string;
}

function asNumber(value: CellValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/**
 * The Excel value of one cell. A value that does not fit its kind (a date the operator sent as
 * "31/03/2026", an amount "n/a") is kept as text with the text format rather than lost.
 */
export function typedCell(value: CellValue, kind: CellKind, currency?: CellValue): TypedCell {
  if (value === null || value === undefined || value === '') return { value: null };
  const asText = (): TypedCell => ({
    value: cleanText(String(value)),
    ...(kind === 'text' || kind === 'id' ? {} : { numFmt: TEXT_FORMAT }),
  });
  switch (kind) {
    case 'text':
    case 'id':
      return asText();
    case 'date': {
      const date = typeof value === 'string' ? excelDate(value) : undefined;
      return date ? { value: date } : asText();
    }
    case 'month': {
      const date = typeof value === 'string' ? excelMonth(value) : undefined;
      return date ? { value: date } : asText();
    }
    case 'datetime': {
      const date = typeof value === 'string' ? excelDateTime(value) : undefined;
      return date ? { value: date } : asText();
    }
    case 'amount': {
      const amount = asNumber(value);
      if (amount === undefined) return asText();
      const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
      return code && code !== 'EUR'
        ? { value: roundAmount(amount), numFmt: amountFormat(code) }
        : { value: roundAmount(amount) };
    }
    case 'integer': {
      const count = asNumber(value);
      return count !== undefined && Number.isInteger(count) ? { value: count } : asText();
    }
    case 'percent': {
      const percent = asNumber(value);
      return percent === undefined ? asText() : { value: percent / 100 };
    }
  }
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Room for the autofilter's arrow beside a header, and around every value. */
const FILTER_ARROW = 2;
const PADDING = 2;
/** Bold characters are wider than regular ones. */
const BOLD_FACTOR = 1.1;
/** "septembre 2026", the longest month shown by MONTH_FORMAT in French or English. */
const LONGEST_MONTH = 14;

/** Characters of an integer part with its thousands separators: 1234567 → "1 234 567" (9). */
function groupedDigits(value: number): number {
  const digits = Math.trunc(Math.abs(value)).toString().length;
  return digits + Math.floor((digits - 1) / 3);
}

/** Characters of an amount in its format: "-1 234 567,89 €" (15), "12,00 CHF" (9). */
export function amountLength(amount: number, currency?: CellValue): number {
  const symbol = amountFormat(typeof currency === 'string' ? currency : null).match(/"(.*)"/)?.[1];
  return groupedDigits(amount) + 3 + 1 + (symbol?.length ?? 1) + (amount < 0 ? 1 : 0);
}

/** How many characters a value takes once Excel shows it in its kind's format. */
export function shownLength(value: CellValue, kind: CellKind, currency?: CellValue): number {
  if (value === null || value === undefined || value === '') return 0;
  switch (kind) {
    case 'date':
      return excelDate(String(value)) ? 10 : String(value).length;
    case 'month':
      return excelMonth(String(value)) ? LONGEST_MONTH : String(value).length;
    case 'datetime':
      return 16;
    case 'amount': {
      const amount = asNumber(value);
      return amount === undefined ? String(value).length : amountLength(amount, currency);
    }
    case 'integer': {
      const count = asNumber(value);
      return count === undefined ? String(value).length : groupedDigits(count);
    }
    case 'percent':
      return 7;
    default:
      // The longest line of a multi-line text decides.
      return Math.max(
        ...String(value)
          .split('\n')
          .map((line) => line.length),
      );
  }
}

/** A column width for its longest shown value, bounded so that a long address cannot make a
 * column wider than the screen. */
export function widthFor(longest: number, bold = false): number {
  const room = Math.ceil(longest * (bold ? BOLD_FACTOR : 1)) + PADDING;
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, room));
}

export interface WidthOptions {
  /** Rows the table is expected to hold: a summed column needs room for its total. */
  expectedRows?: number;
  /** The totals rows' label (first column, bold), when the table has totals. */
  totalsLabel?: string;
}

/**
 * What a header needs across: it wraps (at most over three lines), so its longest word and a third
 * of it, plus the autofilter's arrow. The values, not a long header, decide a column's width.
 */
function headerRoom(header: string): number {
  return wrappedRoom(header) + FILTER_ARROW;
}

/** What a wrapped header needs across: its longest word, and a third of it (three lines). */
export function wrappedRoom(text: string): number {
  const longestWord = Math.max(0, ...text.split(/\s+/).map((word) => word.length));
  return Math.max(longestWord, Math.ceil(text.length / 3));
}

/** How many lines a header takes, wrapped in a column of that width (its row's height); a
 * table's header leaves room for the autofilter's arrow. */
export function headerLines(header: string, width: number, arrow = true): number {
  const room = Math.max(1, width - PADDING - (arrow ? FILTER_ARROW : 0));
  let lines = 1;
  let used = 0;
  for (const word of header.split(/\s+/)) {
    const length = Math.ceil(word.length * BOLD_FACTOR);
    if (used > 0 && used + 1 + length > room) {
      lines += 1;
      used = length;
    } else used += (used > 0 ? 1 : 0) + length;
  }
  return lines;
}

/** Points per line of text in the default font: a wrapped header's row is this times its lines. */
export const LINE_HEIGHT = 15;

/** When the count is unknown (a live search), totals get room for this many rows. */
const UNKNOWN_ROWS = 10_000;

/**
 * Column widths from the header and a sample of rows (the first batch: a streamed sheet fixes
 * its widths before its first row is written). An amount column fits ten times the sample's
 * largest; a summed one also its bold total, at most that largest times the rows expected.
 */
export function columnWidths(
  columns: readonly Column[],
  sample: readonly Row[],
  options: WidthOptions = {},
): number[] {
  const rows = Math.max(sample.length, options.expectedRows ?? UNKNOWN_ROWS, 1);
  return columns.map((column, index) => {
    let longest = 0;
    let bold = headerRoom(column.header);
    const totals = column.sum === true && options.totalsLabel !== undefined;
    for (const row of sample) {
      const currency = column.currencyColumn === undefined ? undefined : row[column.currencyColumn];
      longest = Math.max(longest, shownLength(row[index], column.kind, currency));
      const amount = column.kind === 'amount' ? asNumber(row[index]) : undefined;
      if (amount === undefined) continue;
      // Rows after the sample may be larger: room for ten times its largest, so that a later
      // amount does not show as ###.
      longest = Math.max(longest, amountLength(-Math.abs(amount) * 10, currency));
      // The worst its total can look: every row as large, negative.
      if (totals) bold = Math.max(bold, amountLength(-Math.abs(amount) * rows, currency));
    }
    if (index === 0 && options.totalsLabel !== undefined) {
      bold = Math.max(bold, options.totalsLabel.length);
    }
    return Math.max(widthFor(longest), widthFor(bold, true));
  });
}
