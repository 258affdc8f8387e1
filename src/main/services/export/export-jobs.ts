// The exports under way: one AbortController per exportId (chosen by the caller, so that it can
// cancel before the export answers), progress as 'export:progress' events, the file's place
// asked of the shell (Electron: the save dialog in main; the browser host: a temporary folder
// and a one-time download; the CLI: --out), and failures worded as the contract's errors.
import { extname } from 'node:path';
import type { Language } from '#shared/contract.ts';
import type { ExportArgs, ExportProgress, ExportResult } from '#shared/exports.ts';
import { AppFailure } from '../app-failure.ts';
import { isExportError } from '../export-error.ts';
import { prepareExport, type ExporterDeps, type ExportStep } from './exporter.ts';

/** Asks the user where to save (Electron's dialog, run in main): null when they close it. */
export type ChooseExportPath = (defaultName: string, language: Language) => Promise<string | null>;

/** Where a finished export goes, and how its caller is told. */
export interface ExportDestination {
  /** A path to write the workbook to; null when the user declined. */
  choose(fileName: string, language: Language): Promise<string | null>;
  /** The file is complete at `path`: what the caller gets back (where it is, or how to get it). */
  deliver(path: string, fileName: string): Promise<Pick<ExportResult, 'savedTo' | 'downloadUrl'>>;
  /** The export failed or was cancelled after choose(): drop what choose() made. */
  discard?(path: string): Promise<void>;
}

/** Saves where the user (or the command line) says. */
export function savingDestination(choose: ChooseExportPath): ExportDestination {
  return {
    async choose(fileName, language) {
      const path = await choose(fileName, language);
      if (path === null) return null;
      // A dialog may give the name without the extension the user did not type: the offered
      // file's (.xlsx, or .txt for a FEC).
      const wanted = extname(fileName).toLowerCase() || '.xlsx';
      return extname(path).toLowerCase() === wanted ? path : `${path}${wanted}`;
    },
    async deliver(path) {
      return { savedTo: path };
    },
  };
}

/** A shell with no way to save (a test that did not say where): every export says so. */
export const noDestination: ExportDestination = {
  async choose() {
    throw new AppFailure('server', 'This shell has no place to save exports.');
  },
  async deliver() {
    return {};
  },
};

/** The writer's errors onto the contract's: permission, folder_missing, disk_full, file_busy
 * are kind 'file' with that reason; any other write failure is 'file' alone. */
export function exportFailureOf(error: unknown, signal?: AbortSignal): unknown {
  if (isExportError(error)) {
    if (error.kind === 'cancelled') return new AppFailure('cancelled', error.message);
    const details = { folder: error.folder, ...(error.code ? { code: error.code } : {}) };
    return error.kind === 'write_failed'
      ? new AppFailure('file', error.message, details)
      : new AppFailure('file', error.message, details, error.kind);
  }
  if (signal?.aborted) return new AppFailure('cancelled', 'The export was cancelled.');
  return error;
}

export interface ExportJobsOptions {
  exporter: ExporterDeps;
  /** The connection's name, for the "About" sheet. */
  connectionName(connectionId: string): Promise<string>;
  destination: ExportDestination;
  /** Where progress goes (the event hub). */
  emit(progress: ExportProgress): void;
}

export interface StartOptions {
  connectionId: string;
  language: Language;
  /** Progress of this export only (the CLI), besides the events. */
  onProgress?: (progress: ExportProgress) => void;
  now?: Date;
}

export class ExportJobs {
  readonly #options: ExportJobsOptions;
  readonly #running = new Map<string, AbortController>();

  constructor(options: ExportJobsOptions) {
    this.#options = options;
  }

  /** Runs one export to its end. Null when the user closed the save dialog. Rejects with an
   * AppFailure (file with its reason, cancelled, …) or the operator's error. */
  async start(args: ExportArgs, options: StartOptions): Promise<ExportResult | null> {
    const { exportId } = args;
    if (this.#running.has(exportId)) {
      throw new AppFailure('invalid_input', `The export ${exportId} is already running.`);
    }
    const controller = new AbortController();
    const { signal } = controller;
    this.#running.set(exportId, controller);
    const emit = (step: ExportStep | { phase: 'done'; rows: number; total: number | null }) => {
      const progress: ExportProgress = { exportId, ...step };
      this.#options.emit(progress);
      options.onProgress?.(progress);
    };
    try {
      const name = await this.#options.connectionName(options.connectionId);
      const prepared = await prepareExport(
        this.#options.exporter,
        {
          target: args.target,
          connection: { id: options.connectionId, name },
          language: options.language,
          ...(options.now ? { now: options.now } : {}),
        },
        signal,
      );
      try {
        const path = await this.#options.destination.choose(prepared.fileName, options.language);
        if (path === null) return null;
        if (signal.aborted) throw new AppFailure('cancelled', 'The export was cancelled.');
        emit({ phase: 'fetching', rows: 0, total: null });
        let written: { rows: number; bytes: number };
        try {
          written = await prepared.write(path, { signal, onProgress: emit });
        } catch (error) {
          await this.#options.destination.discard?.(path).catch(() => undefined);
          throw error;
        }
        emit({ phase: 'done', rows: written.rows, total: written.rows });
        const fileName = path.split(/[\\/]/).pop() ?? prepared.fileName;
        return {
          exportId,
          fileName,
          rows: written.rows,
          ...(await this.#options.destination.deliver(path, fileName)),
        };
      } finally {
        prepared.close();
      }
    } catch (error) {
      throw exportFailureOf(error, signal);
    } finally {
      this.#running.delete(exportId);
    }
  }

  /** Stops an export: its partial file is removed, its start() rejects with 'cancelled'. An
   * unknown or finished export: nothing to do. */
  cancel(exportId: string): void {
    this.#running.get(exportId)?.abort();
  }

  /** Stops every export (the app is closing). */
  cancelAll(): void {
    for (const controller of this.#running.values()) controller.abort();
  }
}
