// What the renderer and the CLI can export (to Excel, and the FEC as text), and how an export reports back. The
// workbook layouts and the writer are in src/main/services/export/.
import type { FecEncoding, FecSeparator } from './accounting.ts';
import type { ArchiveFilter, ArchiveSort } from './archive.ts';
import type { ReportKind, ReportPeriod } from './reports.ts';
import type { ExceptionShow } from './exceptions.ts';

/** Every result set of the app, named by what produced it on screen. */
export type ExportTarget =
  | { kind: 'invoices'; source: 'live'; q?: string }
  | { kind: 'invoices'; source: 'archive'; filter?: ArchiveFilter; sort?: ArchiveSort }
  | { kind: 'invoice'; invoiceId: string }
  | { kind: 'directory'; q: string }
  | { kind: 'participants'; value: string }
  | { kind: 'webhooks' }
  // The D441-6 table of overdue invoices on a closing day (issue 29); from: the year's first day
  // (default: the twelve months ending on the closing day).
  | { kind: 'd441'; closing: string; from?: string }
  // asOf: the échéancier's day (issue 29), default the period's end or today.
  | { kind: 'report'; report: ReportKind; period: ReportPeriod; asOf?: string }
  // The accounting's entries of a period (issue 17): the FEC (a .txt under its legal name,
  // <SIREN>FEC<AAAAMMJJ>.txt) and the same entries in Excel.
  | { kind: 'fec'; period: ReportPeriod; separator: FecSeparator; encoding: FecEncoding }
  | { kind: 'entries'; period: ReportPeriod }
  // The exceptions list of a period (issue 19, item 4): reasons, marks, notes, who and when.
  | { kind: 'exceptions'; period: ReportPeriod; show: ExceptionShow }
  // A simplified client's CA12 of a calendar year (issue 26, item 4): the workbook
  // `report ca12 --period YYYY` writes.
  | { kind: 'ca12'; year: number };

export interface ExportArgs {
  /** Chosen by the caller (a random UUID) so that it can cancel before the export answers. */
  exportId: string;
  target: ExportTarget;
}

export interface ExportResult {
  exportId: string;
  fileName: string;
  /** Rows written in the main sheet. */
  rows: number;
  /** Electron: where the user chose to save it. */
  savedTo?: string;
  /** Browser host: a one-time address that downloads the file (it carries the host's token). */
  downloadUrl?: string;
}

export interface ExportProgress {
  exportId: string;
  phase: 'fetching' | 'writing' | 'done';
  rows: number;
  /** Known when the source says how many rows will come. */
  total: number | null;
}
