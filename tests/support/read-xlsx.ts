// Reads a workbook back with openpyxl (Debian's python3-openpyxl), an independent reader, so that
// export tests check what Excel-compatible software sees rather than what exceljs believes.
// /usr/bin/python3 explicitly: a python3 earlier on PATH may be another interpreter without it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./dump-xlsx.py', import.meta.url));

export interface XlsxCell {
  /** Value; dates as "YYYY-MM-DD" (or with "THH:MM:SS"). */
  v: string | number | boolean | null;
  /** openpyxl's data type: "s" string, "n" number, "d" date, "b" boolean. */
  t: string;
  /** Number format. */
  f: string;
  /** Bold. */
  b: boolean;
  /** Wraps its text within the column. */
  w: boolean;
}

export interface XlsxSheet {
  name: string;
  freeze: string | null;
  autoFilter: string | null;
  widths: Record<string, number>;
  /** The page setup as openpyxl reads it (fitToWidth/fitToHeight as written, or null). */
  print: {
    orientation: string | null;
    fitToPage: boolean;
    fitToWidth: number | null;
    fitToHeight: number | null;
    /** Rows repeated on each printed page, e.g. "1:1", or null. */
    titleRows: string | null;
  };
  maxRow: number;
  maxColumn: number;
  rows: XlsxCell[][];
}

export function readXlsx(path: string): { sheets: XlsxSheet[] } {
  const out = execFileSync('/usr/bin/python3', [SCRIPT, path], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  return JSON.parse(out) as { sheets: XlsxSheet[] };
}

/** A sheet by name, or a failure naming the sheets there are. */
export function sheetNamed(book: { sheets: XlsxSheet[] }, name: string): XlsxSheet {
  const sheet = book.sheets.find((s) => s.name === name);
  if (!sheet)
    throw new Error(`no sheet "${name}" (sheets: ${book.sheets.map((s) => s.name).join(', ')})`);
  return sheet;
}

/** The data rows of a table sheet: those under its autofilter (not the totals rows below). */
export function dataRows(sheet: XlsxSheet): XlsxCell[][] {
  const last = /:[A-Z]+(\d+)$/.exec(sheet.autoFilter ?? '')?.[1];
  return sheet.rows.slice(1, last ? Number(last) : undefined);
}

/** The rows after a table's data (its autofilter's range) that hold something: its totals. */
export function totalsRows(sheet: XlsxSheet): XlsxCell[][] {
  const last = /:[A-Z]+(\d+)$/.exec(sheet.autoFilter ?? '')?.[1];
  if (!last) throw new Error(`sheet "${sheet.name}" has no autofilter`);
  return sheet.rows.slice(Number(last)).filter((row) => row.some((cell) => cell.v !== null));
}

/** The index of a header in the first row. */
export function columnIndex(sheet: XlsxSheet, header: string): number {
  const index = sheet.rows[0]?.findIndex((cell) => cell.v === header) ?? -1;
  if (index < 0) throw new Error(`no column "${header}" in sheet "${sheet.name}"`);
  return index;
}

/** The column of a header, as the data rows' cells: `column(sheet, 'SIREN')[0]` is the first
 * data row (a table's totals rows, below its autofilter, are not in it). */
export function column(sheet: XlsxSheet, header: string): XlsxCell[] {
  const index = columnIndex(sheet, header);
  return dataRows(sheet).map((row) => row[index] as XlsxCell);
}

/** One part of the workbook's zip as text, e.g. "xl/worksheets/sheet1.xml": the raw bytes a
 * reader gets, for comparing two writers' output. */
export function readXlsxPart(path: string, part: string): string {
  return execFileSync(
    '/usr/bin/python3',
    [
      '-c',
      'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode("utf-8"))',
      path,
      part,
    ],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
}
