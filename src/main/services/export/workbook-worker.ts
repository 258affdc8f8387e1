// The worker thread that writes a workbook with exceljs's streaming WorkbookWriter, so that the
// main process never spends its event loop on XML and zip. It answers each request from
// workbook-writer.ts once the work is done (the main side's backpressure), writes to a temporary
// file, and renames it into place only when the whole workbook is on disk. On failure or abort it
// removes the temporary file. A table's data rows are rendered by sheet-xml.ts (the bytes
// exceljs's row writer gives, without its per-cell objects) into exceljs's sheet stream; exceljs
// writes the rest. What exceljs does not document is reached only through exceljs-internals.ts.
// Loads as .ts under Node 24's type stripping.
import { once } from 'node:events';
import { createWriteStream, openSync, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import {
  amountFormat,
  columnFormat,
  columnWidths,
  headerLines,
  LINE_HEIGHT,
  shownLength,
  typedCell,
  widthFor,
  wrappedRoom,
  type CellKind,
  type Column,
  type Row,
} from './cells.ts';
import {
  setRowStyle,
  sheetBacklog,
  streamingWorkbook,
  styleId,
  writeSheetXml,
  zipOf,
  type CellStyle,
  type SheetRow,
  type StreamingSheet,
  type StreamingWorkbook,
} from './exceljs-internals.ts';
import { printSetup } from './page-setup.ts';
import type { DocCell, DocLine, FromWorker, ToWorker, WorkerFailure } from './protocol.ts';
import { columnLetters, rowXml, type XmlCell } from './sheet-xml.ts';

if (!parentPort) throw new Error('workbook-worker.ts must run in a worker thread');
const port = parentPort;

interface OpenFile {
  tempPath: string;
  file: WriteStream;
  workbook: StreamingWorkbook;
  /** Rejects on the first write error of the file (disk full, I/O error). */
  failed: Promise<never>;
  error?: Error;
}

interface OpenTable {
  sheet: StreamingSheet;
  columns: readonly Column[];
  /** The columns' letters, for the cells' references. */
  letters: readonly string[];
  started: boolean;
  rows: number;
  /** "Total {currency}" when the table ends with totals rows. */
  totalsLabel?: string;
  expectedRows?: number;
  /** Per currency (and per group, see below), the sums of the `sum` columns in cents (integers:
   * no binary drift). */
  totals: Map<string, { currency: string; group: string; sums: Map<number, number> }>;
  /** The column holding the summed amounts' currency, if any. */
  sumCurrency: number | undefined;
  /** The column whose values are never summed together (a direction: sales and purchases), if
   * any: one totals row per value and currency. */
  sumGroup: number | undefined;
}

let current: OpenFile | null = null;
let table: OpenTable | null = null;
/** Once a request failed, every later one fails the same way until the main side aborts. */
let broken: WorkerFailure | null = null;

const HEADER_FONT = { bold: true };
const TITLE_FONT = { bold: true, size: 14 };
const SECTION_FONT = { bold: true, size: 12 };
const HEADER_BORDER = { bottom: { style: 'thin' as const } };
const WRAP = { wrapText: true, vertical: 'top' as const };
/** A label's value (a date, an amount) beside it, not at the far end of a wide column. */
const LEFT = { horizontal: 'left' as const };

type Look = DocLine['style'];

/**
 * One style object per distinct style. exceljs keeps the id of a style object it has seen (a
 * WeakMap), but gives every new cell its own copy of the column's style, which it then renders
 * to XML and looks up again (a third of the writing time of a large table, before its rows were
 * rendered here). Cells given the same object are looked up once. Every non-empty cell has a
 * number format, so exceljs's fallback on the cell's type (which the WeakMap ignores) never
 * applies to a shared style.
 */
const sharedStyles = new Map<string, CellStyle>();
/** A row's own style: none, the same object for every row (exceljs looks it up per row too). */
const NO_STYLE: CellStyle = {};

function unstyled(row: SheetRow): void {
  setRowStyle(row, NO_STYLE);
}

function sharedStyle(
  numFmt: string | undefined,
  look?: Look,
  wrap = false,
  left = false,
): CellStyle {
  const key = `${numFmt ?? ''}\u0000${look ?? ''}\u0000${wrap ? 'w' : ''}${left ? 'l' : ''}`;
  let style = sharedStyles.get(key);
  if (!style) {
    style = {
      ...(numFmt ? { numFmt } : {}),
      ...(look === 'title' ? { font: TITLE_FONT } : {}),
      ...(look === 'section' ? { font: SECTION_FONT } : {}),
      ...(look === 'header' ? { font: HEADER_FONT, border: HEADER_BORDER } : {}),
      ...(look === 'strong' ? { font: HEADER_FONT } : {}),
      ...(wrap || left ? { alignment: { ...(wrap ? WRAP : {}), ...(left ? LEFT : {}) } } : {}),
    };
    sharedStyles.set(key, style);
  }
  return style;
}

function describe(error: unknown): WorkerFailure {
  const e = error as NodeJS.ErrnoException;
  return {
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.syscall === 'string' ? { syscall: e.syscall } : {}),
    message: e instanceof Error ? e.message : String(error),
  };
}

/** Waits for a step, or fails at once if the file failed meanwhile (exceljs would wait forever). */
function guarded<T>(open: OpenFile, step: Promise<T>): Promise<T> {
  return Promise.race([step, open.failed]);
}

function open(tempPath: string, created: number, creator: string): void {
  // 'wx': never write over a file that exists; fails here, before any work, on a bad folder.
  const fd = openSync(tempPath, 'wx', 0o644);
  const file = createWriteStream(tempPath, { fd, flush: true });
  const workbook = streamingWorkbook(file, new Date(created), creator);
  const opened: OpenFile = { tempPath, file, workbook, failed: Promise.resolve() as never };
  opened.failed = new Promise<never>((_, reject) => {
    const fail = (error: Error): void => {
      opened.error ??= error;
      reject(opened.error);
    };
    file.on('error', fail);
    zipOf(workbook).on('error', fail);
  });
  opened.failed.catch(() => undefined);
  current = opened;
}

function requireOpen(): OpenFile {
  if (!current) throw new Error('no workbook is open');
  if (current.error) throw current.error;
  return current;
}

function beginTable(
  name: string,
  columns: readonly Column[],
  totalsLabel: string | undefined,
  expectedRows: number | undefined,
): void {
  const { workbook } = requireOpen();
  // exceljs writes the sheet's head (its views, "fit to page") here: the orientation waits for
  // the widths, at the first row.
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    pageSetup: printSetup([]),
  }) as StreamingSheet;
  table = {
    sheet,
    columns,
    letters: columns.map((_, i) => columnLetters(i + 1)),
    started: false,
    rows: 0,
    ...(totalsLabel !== undefined ? { totalsLabel } : {}),
    ...(expectedRows !== undefined ? { expectedRows } : {}),
    totals: new Map(),
    sumCurrency: columns.find((column) => column.sum)?.currencyColumn,
    sumGroup: ((index) => (index < 0 ? undefined : index))(
      columns.findIndex((column) => column.totalsBy),
    ),
  };
}

/** The totals label of a currency: "Total EUR". */
function totalsLabelOf(template: string, currency: string): string {
  return template.replace('{currency}', currency).trim();
}

/** What a direction adds to the totals' label when it is the first column: " – " and the
 * longest of the first batch's (the widths are fixed before the first row). */
function widestGroup(open: OpenTable, sample: readonly Row[]): string {
  if (open.sumGroup !== 0) return '';
  const values = sample.map((row) => String(row[0] ?? ''));
  const widest = values.reduce((a, b) => (b.length > a.length ? b : a), '');
  return widest ? ` – ${widest}` : '';
}

/** Widths and formats go out with the first row: decided from the header and the first batch. */
function startTable(open: OpenTable, sample: readonly Row[]): void {
  const widths = columnWidths(open.columns, sample, {
    ...(open.expectedRows !== undefined ? { expectedRows: open.expectedRows } : {}),
    ...(open.totalsLabel !== undefined
      ? { totalsLabel: totalsLabelOf(open.totalsLabel, 'XXX') + widestGroup(open, sample) }
      : {}),
  });
  Object.assign(open.sheet.pageSetup, printSetup(widths));
  open.sheet.columns = open.columns.map((column, index) => {
    const numFmt = columnFormat(column.kind);
    return { width: widths[index], ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const header = open.sheet.addRow(open.columns.map((column) => column.header));
  unstyled(header);
  header.eachCell((cell) => {
    cell.style = sharedStyle(undefined, 'header', true);
  });
  // Headers wrap: the row is as high as the tallest one.
  const lines = Math.max(
    ...open.columns.map((column, index) => headerLines(column.header, widths[index] ?? 0)),
  );
  if (lines > 1) header.height = lines * LINE_HEIGHT;
  header.commit();
  open.started = true;
}

/** Characters of row XML handed to the sheet stream at a time (one big string per batch kept
 * the garbage collector busy). */
const XML_CHUNK = 2 ** 16;

async function writeRows(rows: readonly Row[]): Promise<number> {
  const opened = requireOpen();
  if (!table) throw new Error('no table sheet is open');
  if (!table.started) startTable(table, rows);
  const { columns, sheet, letters } = table;
  const columnStyles = columns.map((column) =>
    styleId(opened.workbook, sharedStyle(columnFormat(column.kind))),
  );
  const summing = table.totalsLabel !== undefined && columns.some((column) => column.sum);
  let xml = '';
  for (const source of rows) {
    // Row 1 is the header.
    table.rows += 1;
    const sums = summing ? sumsOf(table, source) : undefined;
    const cells = columns.map((column, index): XmlCell => {
      const cell = typedCell(
        source[index],
        column.kind,
        column.currencyColumn === undefined ? undefined : source[column.currencyColumn],
      );
      if (sums && column.sum && typeof cell.value === 'number') {
        sums.set(index, (sums.get(index) ?? 0) + Math.round(cell.value * 100));
      }
      return {
        value: cell.value,
        styleId: cell.numFmt
          ? styleId(opened.workbook, sharedStyle(cell.numFmt))
          : (columnStyles[index] as number),
      };
    });
    xml += rowXml(table.rows + 1, cells, letters);
    if (xml.length >= XML_CHUNK) {
      writeSheetXml(sheet, xml);
      xml = '';
    }
  }
  if (xml) writeSheetXml(sheet, xml);
  await catchUp(opened, sheet);
  return table.rows;
}

/** The running sums of a row's currency (its amounts' format: no currency column is euros). */
function sumsOf(open: OpenTable, source: Row): Map<number, number> {
  const code = open.sumCurrency === undefined ? '' : source[open.sumCurrency];
  const currency = (typeof code === 'string' ? code.trim().toUpperCase() : '') || 'EUR';
  const value = open.sumGroup === undefined ? '' : source[open.sumGroup];
  const group = typeof value === 'string' ? value.trim() : '';
  const key = `${group}\u0000${currency}`;
  let totals = open.totals.get(key);
  if (!totals) {
    totals = { currency, group, sums: new Map() };
    open.totals.set(key, totals);
  }
  return totals.sums;
}

/**
 * The totals rows, one per currency (and direction), after an empty row: outside the autofilter's range, so that
 * sorting or filtering the rows never moves them.
 */
function writeTotals(opened: OpenFile, open: OpenTable): number {
  if (open.totalsLabel === undefined || open.totals.size === 0) return 0;
  const strong = (numFmt: string | undefined): number =>
    styleId(opened.workbook, sharedStyle(numFmt, 'strong'));
  const plain = styleId(opened.workbook, sharedStyle('@'));
  const currencyColumn = open.sumCurrency;
  let rowNumber = open.rows + 2;
  let xml = '';
  // One row per direction (and currency), which its own column says: sales and purchases are
  // never added together.
  for (const { currency, group, sums } of open.totals.values()) {
    rowNumber += 1;
    const cells = open.columns.map((column, index): XmlCell => {
      if (index === 0) {
        const label = totalsLabelOf(open.totalsLabel ?? '', currency);
        // A direction in the first column goes after the label ("Total EUR – Émises").
        return { value: open.sumGroup === 0 ? `${label} – ${group}` : label, styleId: strong('@') };
      }
      if (index === open.sumGroup) return { value: group, styleId: plain };
      if (index === currencyColumn) return { value: currency, styleId: strong('@') };
      if (column.sum) {
        return { value: (sums.get(index) ?? 0) / 100, styleId: strong(amountFormat(currency)) };
      }
      return { value: null, styleId: 0 };
    });
    xml += rowXml(rowNumber, cells, open.letters);
  }
  writeSheetXml(open.sheet, xml);
  return open.totals.size;
}

/** Bytes of sheet XML allowed to wait for compression before the next batch is asked for. */
const ZIP_BACKLOG = 4 * 2 ** 20;

/**
 * Lets the zip and the file catch up before asking for more rows: exceljs's sheet stream writes
 * into the deflate stream without backpressure, so without this wait a fast producer would pile
 * the whole sheet's XML up in memory.
 */
async function catchUp(opened: OpenFile, sheet: StreamingSheet): Promise<void> {
  while (sheetBacklog(sheet) > ZIP_BACKLOG) await guarded(opened, delay(2));
  if (opened.file.writableNeedDrain) await guarded(opened, once(opened.file, 'drain'));
}

function endTable(): number {
  requireOpen();
  if (!table) throw new Error('no table sheet is open');
  if (!table.started) startTable(table, []);
  const { sheet, columns, rows } = table;
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows + 1, column: columns.length } };
  writeTotals(current as OpenFile, table);
  sheet.commit();
  table = null;
  return rows;
}

function isDocCell(cell: unknown): cell is DocCell {
  return typeof cell === 'object' && cell !== null && 'value' in cell;
}

/**
 * A document's column widths: at least the given ones, and wide enough for every value of a
 * line of several cells (a label and its value, a table's row) as its format shows it: an amount
 * never shows as ###. A line of one cell (a title, a section, a note), and the last text of a
 * line, run over the empty cells to their right and size nothing.
 */
function documentWidths(widths: readonly number[], lines: readonly DocLine[]): number[] {
  const result = [...widths];
  for (const line of lines) {
    if (line.cells.length < 2 || line.style === 'title' || line.style === 'section') continue;
    const bold = line.style === 'header' || line.style === 'strong';
    const cells = line.cells.map((cell) =>
      isDocCell(cell)
        ? { value: cell.value, kind: cell.kind ?? 'text', currency: cell.currency }
        : { value: cell, kind: 'text' as CellKind, currency: undefined },
    );
    const last = cells.findLastIndex((cell) => shownLength(cell.value, cell.kind) > 0);
    cells.forEach(({ value, kind, currency }, index) => {
      // The last text of a line runs over the empty cells to its right (unless it wraps).
      const runsOver =
        index === last && (kind === 'text' || kind === 'id') && !String(value).includes('\n');
      if (runsOver && index > 0) return;
      // A table's headers wrap: the values below them decide the width.
      const length =
        line.style === 'header' && typeof value === 'string'
          ? wrappedRoom(value)
          : shownLength(value, kind, currency);
      if (length > 0) result[index] = Math.max(result[index] ?? 0, widthFor(length, bold));
    });
  }
  return result;
}

/**
 * The last text of a line when it is longer than the columns from it to the sheet's last: it is
 * merged across them and wrapped, so that it prints whole. Titles stay on one line.
 */
function longText(
  cells: readonly { value: unknown }[],
  widths: readonly number[],
  style: DocLine['style'],
): { index: number; lines: number } | undefined {
  if (style === 'title') return undefined;
  const index = cells.findLastIndex((cell) => cell.value !== null && cell.value !== '');
  const value = cells[index]?.value;
  if (typeof value !== 'string' || value.includes('\n')) return undefined;
  const room = widths.slice(index).reduce((sum, width) => sum + width, 0) - 1;
  // Words do not break mid-word: a tenth more lines than the bare ratio.
  return value.length > room
    ? { index, lines: Math.ceil((value.length * 1.1) / Math.max(room, 1)) }
    : undefined;
}

function writeDocument(name: string, widths: readonly number[], lines: readonly DocLine[]): number {
  const { workbook } = requireOpen();
  const sized = documentWidths(widths, lines);
  const sheet = workbook.addWorksheet(name, { pageSetup: printSetup(sized) }) as StreamingSheet;
  sheet.columns = sized.map((width) => ({ width }));
  for (const line of lines) {
    const cells = line.cells.map((cell) =>
      isDocCell(cell)
        ? typedCell(cell.value, cell.kind ?? 'text', cell.currency)
        : typedCell(cell, 'text'),
    );
    const row = sheet.addRow(cells.map((cell) => cell.value));
    unstyled(row);
    const long = longText(cells, sized, line.style);
    // A label and its value: the value starts beside its label, whatever its type.
    const labelled = line.cells.length === 2 && line.style !== 'header';
    // A streamed sheet's rows keep the height they are given: one line unless told.
    const lines = Math.max(
      long?.lines ?? 1,
      ...cells.map((cell, index) =>
        typeof cell.value !== 'string'
          ? 1
          : line.style === 'header'
            ? headerLines(cell.value, sized[index] ?? 0, false)
            : cell.value.split('\n').length,
      ),
    );
    line.cells.forEach((source, index) => {
      const kind = isDocCell(source) ? (source.kind ?? 'text') : 'text';
      const value = cells[index]?.value;
      const numFmt = value === null ? undefined : (cells[index]?.numFmt ?? columnFormat(kind));
      // Every cell of a taller row wraps (and so sits at its top, beside the others).
      const wrap = lines > 1 || line.style === 'header';
      const left = labelled && index === 1 && typeof value !== 'string' && value !== null;
      row.getCell(index + 1).style = sharedStyle(numFmt, line.style, wrap, left);
    });
    // Across the rest of the row, wrapped: a print would cut it at the last column.
    if (long && long.index < sized.length - 1) {
      sheet.mergeCells(row.number, long.index + 1, row.number, sized.length);
    }
    if (lines > 1) row.height = lines * LINE_HEIGHT;
    row.commit();
  }
  sheet.commit();
  return lines.length;
}

async function finish(targetPath: string): Promise<number> {
  const opened = requireOpen();
  await guarded(opened, opened.workbook.commit());
  if (!opened.file.closed) await guarded(opened, once(opened.file, 'close'));
  if (opened.error) throw opened.error;
  await rename(opened.tempPath, targetPath);
  current = null;
  return (await stat(targetPath)).size;
}

/** Closes the file and removes the temporary file, whatever state the writing was in. */
async function discard(): Promise<void> {
  const opened = current;
  current = null;
  table = null;
  if (!opened) return;
  if (!opened.file.closed) {
    const closed = once(opened.file, 'close').catch(() => undefined);
    opened.file.destroy();
    await closed;
  }
  await rm(opened.tempPath, { force: true });
}

async function handle(message: ToWorker): Promise<FromWorker> {
  if (message.type === 'abort') {
    await discard().catch(() => undefined);
    return { type: 'aborted' };
  }
  if (broken) return { type: 'failed', failure: broken };
  try {
    switch (message.type) {
      case 'open':
        open(message.tempPath, message.created, message.creator);
        return { type: 'ok', rows: 0 };
      case 'table':
        beginTable(message.name, message.columns, message.totalsLabel, message.expectedRows);
        return { type: 'ok', rows: 0 };
      case 'rows':
        return { type: 'ok', rows: await writeRows(message.rows) };
      case 'endTable':
        return { type: 'ok', rows: endTable() };
      case 'document':
        return { type: 'ok', rows: writeDocument(message.name, message.widths, message.lines) };
      case 'finish':
        return { type: 'done', bytes: await finish(message.targetPath) };
    }
  } catch (error) {
    broken = describe(error);
    await discard().catch(() => undefined);
    return { type: 'failed', failure: broken };
  }
}

let queue = Promise.resolve();
port.on('message', (message: ToWorker) => {
  queue = queue.then(async () => port.postMessage(await handle(message)));
});
