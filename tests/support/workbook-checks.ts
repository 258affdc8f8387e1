// What every workbook the app writes must give a reader, checked on what openpyxl reads back:
// columns wide enough for what they show (no "###"), a page setup that prints whole columns
// (fit to the page's width, the first row on every page, landscape when wide), and text in the
// user's words (no ISO timestamp, no network code). The formatted lengths are worked out here
// from the cell's value and number format as Excel shows them in French, independently of the
// app's own width code.
import assert from 'node:assert/strict';
import type { XlsxCell, XlsxSheet } from './read-xlsx.ts';

const MONTHS = {
  fr: new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }),
};
const TWO_DECIMALS = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const WHOLE = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** Characters a cell takes once shown in its number format ("1 234,56 €", "mars 2026"). */
export function formattedLength(cell: XlsxCell): number {
  const { v, f } = cell;
  if (v === null) return 0;
  if (cell.t === 'd') {
    const date = new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
    if (/mmmm/.test(f)) {
      const year = String(date.getUTCFullYear()).length;
      return Math.max(MONTHS.fr.format(date).length, MONTHS.en.format(date).length) + 1 + year;
    }
    return /h/.test(f) ? 16 : 10;
  }
  if (typeof v === 'number') {
    const currency = /^#,##0\.00 "(.*)"$/.exec(f);
    if (currency) return TWO_DECIMALS.format(v).length + 1 + (currency[1] as string).length;
    if (f === '#,##0') return WHOLE.format(v).length;
    if (f.endsWith('%')) return `${Math.round(v * 10_000) / 100}%`.length;
    return String(v).length;
  }
  return Math.max(
    ...String(v)
      .split('\n')
      .map((line) => line.length),
  );
}

/** Column letter → width as written (Excel's default where none is). */
function widthOf(sheet: XlsxSheet, index: number): number {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return sheet.widths[letters] ?? 8.43;
}

/**
 * Every column is at least as wide as each value it shows: numbers and dates always (they show
 * "###" otherwise; bold ones need a character more), text within the 60-character bound. In a
 * document sheet (no autofilter) a line's last text and a line of one cell run over the empty
 * cells to their right, as a reader sees them; wrapped text (a header) needs its longest word.
 */
export function assertColumnsFit(sheet: XlsxSheet): void {
  const table = sheet.autoFilter !== null;
  sheet.rows.forEach((row, r) => {
    const filled = row.map((cell, i) => (cell.v === null || cell.v === '' ? -1 : i));
    const last = Math.max(...filled);
    const count = filled.filter((i) => i >= 0).length;
    row.forEach((cell, c) => {
      if (cell.v === null || cell.v === '') return;
      const text = cell.t === 's';
      if (!table && text && (count === 1 || c === last)) return;
      // Wrapped text (a table's header, a long note) needs its longest word only.
      const needed =
        (table && r === 0) || (text && cell.w)
          ? Math.max(
              ...String(cell.v)
                .split(/\s+/)
                .map((word) => word.length),
            )
          : Math.min(formattedLength(cell) + (cell.b && !text ? 1 : 0), 60);
      const width = widthOf(sheet, c);
      assert.ok(
        width >= needed,
        `${sheet.name}!${c + 1}:${r + 1} "${String(cell.v)}" (${cell.f}) needs ${needed}, column is ${width}`,
      );
    });
  });
}

/** Fit to one page's width, any number of pages down, the first row on each page; landscape
 * when the columns are wider than a portrait page. */
export function assertPrintsWhole(sheet: XlsxSheet): void {
  const { print } = sheet;
  assert.equal(print.fitToPage, true, `${sheet.name}: fit to page`);
  assert.equal(print.fitToWidth, 1, `${sheet.name}: one page wide`);
  assert.equal(print.fitToHeight, 0, `${sheet.name}: as many pages down as needed`);
  assert.equal(print.titleRows, '$1:$1', `${sheet.name}: first row repeated on each page`);
  const wide = Object.values(sheet.widths).reduce((s, w) => s + w, 0) > 110;
  if (wide) assert.equal(print.orientation, 'landscape', `${sheet.name}: landscape when wide`);
}

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
const NETWORK_CODE = /\b(DOMESTIC_FR|PEPPOL_INTERNATIONAL)\b/;

/** No text cell holds an ISO date or timestamp, or a network's code. */
export function assertWordsNotCodes(sheet: XlsxSheet): void {
  for (const row of sheet.rows)
    for (const cell of row) {
      if (cell.t !== 's' || typeof cell.v !== 'string') continue;
      assert.doesNotMatch(cell.v, ISO_DAY, `${sheet.name}: an ISO date in "${cell.v}"`);
      assert.doesNotMatch(cell.v, NETWORK_CODE, `${sheet.name}: a code in "${cell.v}"`);
    }
}

/** All three on every sheet of a workbook. */
export function assertReadable(book: { sheets: XlsxSheet[] }): void {
  for (const sheet of book.sheets) {
    assertColumnsFit(sheet);
    assertPrintsWhole(sheet);
    assertWordsNotCodes(sheet);
  }
}
