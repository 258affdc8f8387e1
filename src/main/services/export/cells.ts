// Typed cells of an export: what a column holds, and how each kind becomes an Excel value with
// its number format. Pure functions shared by the worker (which writes) and the layouts (which
// describe columns); nothing here touches exceljs or the disk.

/**
 * - text: free text, written as a string.
 * - id: an identifier (SIREN, SIRET, IBAN, VAT number, UUID, invoice number, postal code): always
 *   a string with the text format "@", so "012345678" keeps its leading zero.
 * - date: "YYYY-MM-DD", written as a real Excel date (no time, no timezone).
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
}

export type AnyIterable<T> = Iterable<T> | AsyncIterable<T>;

export const TEXT_FORMAT = '@';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';
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

/** How many characters a value takes once Excel shows it in its format. */
function shownLength(value: CellValue, kind: CellKind): number {
  if (value === null || value === undefined) return 0;
  switch (kind) {
    case 'date':
      return 10;
    case 'datetime':
      return 16;
    case 'amount': {
      const amount = asNumber(value);
      if (amount === undefined) return String(value).length;
      const digits = Math.trunc(Math.abs(amount)).toString().length;
      return digits + Math.floor((digits - 1) / 3) + 3 + 2 + (amount < 0 ? 1 : 0) + 1;
    }
    case 'integer':
      return String(value).length + Math.floor((String(value).length - 1) / 3);
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

/**
 * Column widths from the header and a sample of rows (the first batch: a streamed sheet fixes
 * its widths before its first row is written), bounded so that a long address cannot make a
 * column wider than the screen.
 */
export function columnWidths(columns: readonly Column[], sample: readonly Row[]): number[] {
  return columns.map((column, index) => {
    let longest = column.header.length + 2; // room for the autofilter's arrow
    for (const row of sample) longest = Math.max(longest, shownLength(row[index], column.kind));
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
  });
}
