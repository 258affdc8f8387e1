// Every use the workbook worker makes of what exceljs does not document: its streaming writer's
// document properties, zip and style registry, a streamed sheet's raw stream and commit(), a row's
// own style, and the state of archiver's readable-stream 2 PassThrough. Checked against exceljs
// EXCELJS_VERSION, which package.json pins exactly (no caret): a new version is a new check here,
// and sheet-xml.ts writes the bytes this version's row writer writes (a test compares them).
// Only the worker thread loads this module.
import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The exceljs version these internals were read in (tests check the installed one). */
export const EXCELJS_VERSION = '4.4.0';

export type CellStyle = Partial<ExcelJS.Style>;

/** A sheet of the streaming writer: its rows are committed, its XML goes through `stream`. */
export type StreamingSheet = ExcelJS.Worksheet & { commit(): void; stream: Writable };

export type StreamingWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;

export type SheetRow = ExcelJS.Row;

/** A streaming workbook over `file`, styles kept, strings inline, with its document properties. */
export function streamingWorkbook(
  file: Writable,
  created: Date,
  creator: string,
): StreamingWorkbook {
  // exceljs's types omit the document properties its constructor reads.
  return new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: file,
    useStyles: true,
    useSharedStrings: false,
    ...{ created, creator, lastModifiedBy: creator },
  });
}

/** The workbook's zip (archiver): it reports the write errors exceljs does not pass on. */
export function zipOf(workbook: StreamingWorkbook): EventEmitter {
  return (workbook as unknown as { zip: EventEmitter }).zip;
}

/** The id exceljs's style registry gives a style object (remembered per object). */
export function styleId(workbook: StreamingWorkbook, style: CellStyle): number {
  return (
    workbook as unknown as { styles: { addStyleModel(style: CellStyle): number } }
  ).styles.addStyleModel(style);
}

/** Sets a row's own style (exceljs's types omit it). */
export function setRowStyle(row: SheetRow, style: CellStyle): void {
  (row as ExcelJS.Row & { style: CellStyle }).style = style;
}

/** Writes XML straight into a sheet's stream, as exceljs's row writer would. */
export function writeSheetXml(sheet: StreamingSheet, xml: string): void {
  sheet.stream.write(xml);
}

/**
 * Bytes of a sheet's XML written and not yet compressed. archiver wraps exceljs's sheet stream in
 * a readable-stream 2 PassThrough (its `pipes`), which has no `writableLength`: its state says it.
 */
export function sheetBacklog(sheet: StreamingSheet): number {
  const pipes = (sheet.stream as Writable & { pipes?: Writable[] }).pipes ?? [];
  let most = 0;
  for (const stream of pipes) {
    const state = stream as Writable & {
      _writableState?: { length?: number };
      _readableState?: { length?: number };
    };
    const length =
      (stream.writableLength ?? state._writableState?.length ?? 0) +
      (state._readableState?.length ?? 0);
    most = Math.max(most, length);
  }
  return most;
}
