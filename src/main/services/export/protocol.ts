// Messages between the workbook writer (main thread) and its worker. One request at a time: the
// main side waits for each answer before sending the next, which is the backpressure.
import type { WorkerFailure } from '../export-error.ts';
import type { CellKind, CellValue, Column, Row } from './cells.ts';

/** A cell of a document sheet (label/value layout), typed when it is not plain text. */
export interface DocCell {
  value: CellValue;
  kind?: CellKind;
  /** ISO currency of an amount. */
  currency?: string;
}

/** One line of a document sheet: a title, a section heading, a table header, or plain cells. */
export interface DocLine {
  style?: 'title' | 'section' | 'header' | 'strong';
  cells: readonly (CellValue | DocCell)[];
}

export type ToWorker =
  | { type: 'open'; tempPath: string; created: number; creator: string }
  | {
      type: 'table';
      name: string;
      columns: readonly Column[];
      /** Totals rows after the data, one per currency, labelled so ("Total {currency}"). */
      totalsLabel?: string;
      /** Rows to expect, when known: the totals' columns are sized for them. */
      expectedRows?: number;
    }
  | { type: 'rows'; rows: readonly Row[] }
  | { type: 'endTable' }
  | { type: 'document'; name: string; widths: readonly number[]; lines: readonly DocLine[] }
  | { type: 'finish'; targetPath: string }
  | { type: 'abort' };

/** What the worker reports of a failed file operation: enough to word it, never a stack. */
export type { WorkerFailure };

export type FromWorker =
  | { type: 'ok'; rows: number }
  | { type: 'done'; bytes: number }
  | { type: 'aborted' }
  | { type: 'failed'; failure: WorkerFailure };
