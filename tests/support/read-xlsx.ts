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
}

export interface XlsxSheet {
  name: string;
  freeze: string | null;
  autoFilter: string | null;
  widths: Record<string, number>;
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

/** The column of a header, as the row's cells: `column(sheet, 'SIREN')[0]` is the first data row. */
export function column(sheet: XlsxSheet, header: string): XlsxCell[] {
  const index = sheet.rows[0]?.findIndex((cell) => cell.v === header) ?? -1;
  if (index < 0) throw new Error(`no column "${header}" in sheet "${sheet.name}"`);
  return sheet.rows.slice(1).map((row) => row[index] as XlsxCell);
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
