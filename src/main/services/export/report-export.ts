// A report to Excel, from the archive to the file: the writer's worker starts first and loads
// exceljs while this thread computes the report, so the two overlap (the worker's start-up is a
// good part of a small report's time). Shaped for the export service's "Exporter vers Excel"
// (a file name to offer before writing, then write(path)) and used as is by the CLI.
import type { Language } from '#shared/contract.ts';
import type { Report, ReportKind, ReportPeriod } from '#shared/reports.ts';
import type { FileOwner } from './output-name.ts';
import { writeWorkbook } from './workbook-writer.ts';
import { reportFileName, reportWorkbookLater } from './layouts/reports.ts';
import { systemClock } from '../clock.ts';

export interface ReportExportRequest {
  report: ReportKind;
  period: ReportPeriod;
  language: Language;
  /** Named in the "About" sheet; never a secret. */
  connectionName: string;
  /** Whose file it is: names the file (output-name.ts); default: the connection, no company. */
  owner?: FileOwner;
  appVersion: string;
  /** Dates the workbook and its "About" sheet (default now). */
  now?: Date;
  /** The writer's worker script, where a bundle moved it (Electron). */
  workerUrl?: URL | string;
}

export interface ReportWriteOptions {
  signal?: AbortSignal;
  /** Rows written in the detail sheet (the export's main table), and how many it will have. */
  onProgress?: (step: { phase: 'writing'; rows: number; total: number | null }) => void;
}

export interface ReportWritten {
  /** Rows of the detail sheet (the invoices behind the figures). */
  rows: number;
  bytes: number;
  /** Rows per sheet, by name. */
  sheets: ReadonlyMap<string, number>;
  report: Report;
}

export interface PreparedReportExport {
  /** The file name to offer, e.g. "TVA 2026-Q3.xlsx". */
  fileName: string;
  write(path: string, options?: ReportWriteOptions): Promise<ReportWritten>;
  close(): void;
}

/**
 * Prepares a report's export. `compute` computes the report (from an archive the caller holds
 * until close()); it runs inside write(), while the writer's worker starts.
 */
export function prepareReportExport(
  request: ReportExportRequest,
  compute: () => Promise<Report>,
  close: () => void = () => undefined,
): PreparedReportExport {
  const { language } = request;
  const now = request.now ?? systemClock.now();
  const fileName = reportFileName(
    { kind: request.report, period: request.period },
    language,
    request.owner ?? { connectionName: request.connectionName, company: null },
  );
  return {
    fileName,
    close,
    async write(path, options = {}) {
      let report: Report | undefined;
      const get = (): Report => {
        if (!report) throw new Error('the report is not computed yet');
        return report;
      };
      const plan = reportWorkbookLater(
        request.report,
        language,
        {
          connectionName: request.connectionName,
          ...(request.owner ? { company: request.owner.company } : {}),
          appVersion: request.appVersion,
          exportedAt: now,
        },
        get,
      );
      // The detail sheet (second) is the export's main table.
      const main = plan.sheets[1]?.name ?? '';
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      // Cancelled before writing began: no 'abort' event will come.
      if (options.signal?.aborted) stop.abort();
      const writing = writeWorkbook(path, plan, {
        signal: stop.signal,
        now,
        ...(request.workerUrl ? { workerUrl: request.workerUrl } : {}),
        onProgress: (progress) => {
          if (progress.sheet !== main) return;
          options.onProgress?.({
            phase: 'writing',
            rows: progress.rowsWritten,
            total: progress.total ?? null,
          });
        },
      });
      try {
        try {
          // The worker is starting in its thread meanwhile.
          report = await compute();
        } catch (error) {
          stop.abort();
          await writing.catch(() => undefined);
          throw error;
        }
        const written = await writing;
        return {
          rows: written.rows.get(main) ?? 0,
          bytes: written.bytes,
          sheets: written.rows,
          report,
        };
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
