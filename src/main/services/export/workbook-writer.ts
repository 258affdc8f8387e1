// Writes a workbook through the worker thread (workbook-worker.ts): rows are pulled from the
// caller's iterables one batch at a time and sent to the worker, and the next batch goes only
// once the worker has written the previous one, so neither side holds the rows in memory. The
// worker writes a temporary file beside the target and renames it into place at the end; on
// cancel or failure nothing is left behind.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { AnyIterable, Column, Row } from './cells.ts';
import { cancelledExport, ExportError, exportErrorFrom } from '../export-error.ts';
import type { DocLine, FromWorker, ToWorker } from './protocol.ts';
import { systemClock } from '../clock.ts';

/** A sheet of one row per item: bold frozen header, autofilter, typed columns. */
export interface TableSheet {
  kind: 'table';
  name: string;
  columns: readonly Column[];
  /** Pulled one batch at a time; never collected. */
  rows: AnyIterable<Row>;
  /** How many rows to expect, when the source knows (for the progress bar). */
  total?: number;
  /**
   * With a label ("Total {currency}"), the sheet ends with totals rows of its `sum` columns, one
   * per currency, summed by the worker as the rows stream through (never all held).
   */
  totalsLabel?: string;
}

/** Rows written so far, by sheet name: what an "About" sheet reports. */
export type WrittenCounts = ReadonlyMap<string, number>;

/** A small sheet laid out for reading (an invoice, the "About" sheet), sent in one piece. */
export interface DocumentSheet {
  kind: 'document';
  name: string;
  /** Column widths, in characters. */
  widths: readonly number[];
  /** The lines, or a function of the rows written before it (called when its turn comes). */
  lines: readonly DocLine[] | ((written: WrittenCounts) => readonly DocLine[]);
}

export type WorkbookSheet = TableSheet | DocumentSheet;

export interface WorkbookPlan {
  /** Written in this order; sheet names must be unique (31 characters at most, no []:*?/\). */
  sheets: readonly WorkbookSheet[];
}

/** How far the writer is in one sheet (an export's progress, said to the user, is ExportProgress
 * in #shared/exports.ts). */
export interface SheetProgress {
  sheet: string;
  sheetIndex: number;
  /** Rows written in this sheet so far. */
  rowsWritten: number;
  /** Rows this sheet will have, when known. */
  total?: number;
}

export interface WriteWorkbookOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SheetProgress) => void;
  /** Rows per message to the worker (default 1000). */
  batchSize?: number;
  /** The workbook's author property (default "Invoice Desk"). */
  creator?: string;
  /** When the workbook is made (default now). */
  now?: Date;
  /** The worker script: the .ts file beside this one by default; a bundle passes its own. */
  workerUrl?: URL | string;
}

export interface WrittenWorkbook {
  path: string;
  bytes: number;
  /** Rows written per sheet (tables: data rows without the header; documents: lines). */
  rows: WrittenCounts;
}

// Beside this module: its source when run from src/, the bundle's entry when built for the
// tests (scripts/build-cli.ts puts workbook-worker.mjs beside its chunks). The Electron shell
// passes its own (electron-vite's `?modulePath`).
const DEFAULT_WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './workbook-worker.ts' : './workbook-worker.mjs',
  import.meta.url,
);
/** The longest the main thread pulls rows without letting other work run. */
const SLICE_MS = 8;
const INVALID_SHEET_CHARS = /[[\]:*?/\\]/g;

/** Excel's rules for sheet names: 31 characters, none of []:*?/\. An ASCII apostrophe becomes
 * a typographic one: exceljs writes the print titles' range as '<name>'!$1:$1 without escaping. */
export function safeSheetName(name: string): string {
  return name.replace(INVALID_SHEET_CHARS, ' ').replace(/'/g, '’').trim().slice(0, 31) || 'Sheet';
}

/** Answers come back in the order of the requests: a queue of waiters is enough. */
class WorkerChannel {
  private readonly waiters: { resolve: (m: FromWorker) => void; reject: (e: Error) => void }[] = [];
  private dead: Error | null = null;
  private readonly worker: Worker;

  constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (message: FromWorker) => this.waiters.shift()?.resolve(message));
    worker.on('error', (error) => this.die(error));
    worker.on('exit', (code) =>
      this.die(new Error(`the export worker stopped (exit code ${code})`)),
    );
  }

  private die(error: Error): void {
    this.dead ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.dead);
  }

  request(message: ToWorker): Promise<FromWorker> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.worker.postMessage(message);
    });
  }
}

/**
 * Writes the plan's sheets to `targetPath` (.xlsx). Resolves once the file is complete and in
 * place. Rejects with an ExportError (kind "cancelled" on abort; permission, folder_missing,
 * disk_full, file_busy, write_failed for the file), or with the source's own error when a row
 * iterable throws. In every failure case neither the target nor a temporary file is left.
 */
export async function writeWorkbook(
  targetPath: string,
  plan: WorkbookPlan,
  options: WriteWorkbookOptions = {},
): Promise<WrittenWorkbook> {
  const { signal, onProgress } = options;
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  if (signal?.aborted) throw cancelledExport(targetPath);
  const names = plan.sheets.map((sheet) => safeSheetName(sheet.name));
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) {
    throw new Error(`sheet names must be unique: ${names.join(', ')}`);
  }

  const tempPath = join(
    dirname(targetPath),
    `.~${basename(targetPath)}.${randomUUID().slice(0, 8)}.part`,
  );
  // Bounded heaps make the worker collect its garbage early: its live data is one batch.
  const worker = new Worker(options.workerUrl ?? DEFAULT_WORKER_URL, {
    resourceLimits: { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16 },
  });
  const channel = new WorkerChannel(worker);
  const written = new Map<string, number>();

  // Every wait also ends at once on cancel, even one on a source that hangs. Not a race with
  // one pending "aborted" promise: each race would leave a reaction on it holding its result
  // (a row of an async source) until the end, the whole sheet in memory.
  const waiting = new Set<(error: Error) => void>();
  let cancelled: Error | null = null;
  const onAbort = (): void => {
    cancelled = cancelledExport(targetPath);
    for (const reject of waiting) reject(cancelled);
    waiting.clear();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const cancellable = <T>(step: Promise<T>): Promise<T> => {
    if (cancelled) {
      step.catch(() => undefined);
      return Promise.reject(cancelled);
    }
    if (!signal) return step;
    return new Promise<T>((resolve, reject) => {
      waiting.add(reject);
      step.then(
        (value) => {
          waiting.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          waiting.delete(reject);
          reject(error as Error); // the source's own error, as it threw it
        },
      );
    });
  };

  const ask = async (message: ToWorker): Promise<FromWorker> => {
    const answer = await cancellable(
      channel.request(message).catch((error: unknown) => {
        // The worker itself failed (it crashed or could not load): no file system code to word.
        throw new ExportError(
          'write_failed',
          `The export could not be written: ${error instanceof Error ? error.message : String(error)}.`,
          dirname(targetPath),
        );
      }),
    );
    if (answer.type === 'failed') throw exportErrorFrom(answer.failure, targetPath);
    return answer;
  };
  const rowsOf = (answer: FromWorker): number => (answer.type === 'ok' ? answer.rows : 0);

  async function writeTable(sheet: TableSheet, name: string, sheetIndex: number): Promise<void> {
    const expectedRows = sheet.total;
    await ask({
      type: 'table',
      name,
      columns: sheet.columns,
      ...(sheet.totalsLabel !== undefined ? { totalsLabel: sheet.totalsLabel } : {}),
      ...(expectedRows !== undefined ? { expectedRows } : {}),
    });
    const report = (rowsWritten: number): void =>
      onProgress?.({
        sheet: name,
        sheetIndex,
        rowsWritten,
        ...(sheet.total !== undefined ? { total: sheet.total } : {}),
      });
    report(0);
    const iterator =
      Symbol.asyncIterator in sheet.rows
        ? sheet.rows[Symbol.asyncIterator]()
        : sheet.rows[Symbol.iterator]();
    let batch: Row[] = [];
    let inFlight: Promise<void> | null = null;
    const send = (rows: Row[]): Promise<void> => {
      const sent = ask({ type: 'rows', rows }).then((answer) => report(rowsOf(answer)));
      sent.catch(() => undefined); // awaited below; this only keeps Node from calling it unhandled
      return sent;
    };
    let finished = false;
    let since = performance.now();
    try {
      for (;;) {
        const pulled = iterator.next();
        const next = pulled instanceof Promise ? await cancellable(pulled) : pulled;
        if (next.done) break;
        batch.push(next.value);
        // Gives the event loop a turn at least every few milliseconds: a source slower than the
        // worker would otherwise run from one answer to the next without it (Node hands a port's
        // waiting messages over in one go), and the UI's calls would wait for the whole sheet.
        if (performance.now() - since > SLICE_MS) {
          await cancellable(yieldToEventLoop());
          since = performance.now();
        }
        if (batch.length >= batchSize) {
          if (inFlight) await inFlight;
          if (signal?.aborted) throw cancelledExport(targetPath);
          inFlight = send(batch);
          batch = [];
        }
      }
      finished = true;
    } finally {
      // Lets an archive cursor or a paged fetch stop early; never waits on a source that hangs.
      if (!finished) void Promise.resolve(iterator.return?.()).catch(() => undefined);
    }
    if (inFlight) await inFlight;
    if (batch.length) await send(batch);
    const rows = rowsOf(await ask({ type: 'endTable' }));
    written.set(name, rows);
    report(rows);
  }

  try {
    await ask({
      type: 'open',
      tempPath,
      created: (options.now ?? systemClock.now()).getTime(),
      creator: options.creator ?? 'Invoice Desk',
    });
    for (const [sheetIndex, sheet] of plan.sheets.entries()) {
      const name = names[sheetIndex] as string;
      if (sheet.kind === 'table') await writeTable(sheet, name, sheetIndex);
      else {
        const lines = typeof sheet.lines === 'function' ? sheet.lines(written) : sheet.lines;
        written.set(
          name,
          rowsOf(await ask({ type: 'document', name, widths: sheet.widths, lines })),
        );
      }
    }
    const done = await ask({ type: 'finish', targetPath });
    return { path: targetPath, bytes: done.type === 'done' ? done.bytes : 0, rows: written };
  } catch (error) {
    // The worker removes its file on failure and on abort; the rm is for a worker that died.
    await Promise.race([
      channel.request({ type: 'abort' }).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
    await worker.terminate();
    await rm(tempPath, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}
