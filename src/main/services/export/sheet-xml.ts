// The XML of a table sheet's data rows, written by the worker straight into exceljs's sheet
// stream: the same bytes exceljs's own row writer gives (RowXform, CellXform, XmlStream), without
// its per-cell objects (a Row, a Cell and a style merge each, an attribute array per node), which
// were most of the time of a large export. exceljs still writes everything else: the sheet's
// head and columns, the header row, the autofilter, the styles and the zip. A test compares these
// bytes with exceljs's own (tests/integration/main/services/export/workbook-writer.test.ts).
// Written from exceljs 4.4.0 (EXCELJS_VERSION in exceljs-internals.ts, pinned in package.json).

/** A cell as the worker has typed it, with the id exceljs gave its style (0: none). */
export interface XmlCell {
  value: string | number | boolean | Date | null;
  styleId: number;
}

/** "A", "B", … "Z", "AA", …: the letters of a 1-based column number. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

// What exceljs's xmlEncode escapes, and the control characters (and DEL) it drops.
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;
const XML_SPECIALS = new RegExp(XML_SPECIAL.source, 'g');
const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

/** Text as exceljs writes it in XML: the five entities escaped, control characters dropped. */
export function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIALS, (c) => ESCAPES[c] ?? '') : text;
}

/** A date as Excel's serial number (1900 system), computed as exceljs computes it. */
export function excelSerial(date: Date): number {
  return 25569 + date.getTime() / (24 * 3600 * 1000);
}

/**
 * One row: `<row r="2" spans="1:3" x14ac:dyDescent="0.25"><c r="A2" s="1" t="str"><v>…</v></c>…
 * </row>`. `letters` are the columns' letters (columnLetters), computed once per sheet. A row
 * whose cells are all empty is not written, as exceljs does not write it (its number is used).
 */
export function rowXml(rowNumber: number, cells: readonly XmlCell[], letters: readonly string[]) {
  let body = '';
  let hasValue = false;
  for (let index = 0; index < cells.length; index += 1) {
    const { value, styleId } = cells[index] as XmlCell;
    const style = styleId ? ` s="${styleId}"` : '';
    const ref = `${letters[index]}${rowNumber}`;
    if (value === null) {
      if (styleId) body += `<c r="${ref}"${style}/>`;
      continue;
    }
    hasValue = true;
    if (typeof value === 'string')
      body += `<c r="${ref}"${style} t="str"><v>${xmlText(value)}</v></c>`;
    else if (typeof value === 'number') body += `<c r="${ref}"${style}><v>${value}</v></c>`;
    else if (typeof value === 'boolean')
      body += `<c r="${ref}"${style} t="b"><v>${value ? '1' : '0'}</v></c>`;
    else body += `<c r="${ref}"${style}><v>${excelSerial(value)}</v></c>`;
  }
  if (!hasValue) return '';
  return `<row r="${rowNumber}" spans="1:${cells.length}" x14ac:dyDescent="0.25">${body}</row>`;
}
