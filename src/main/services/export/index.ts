// Excel exports: the streaming workbook writer (worker thread) and every workbook's layout,
// the reports' included.
export type { AnyIterable, CellKind, CellValue, Column, Row } from './cells.ts';
export { aboutSheet, type AboutInfo } from './about.ts';
export {
  ExportError,
  EXPORT_ERROR_KINDS,
  isExportError,
  type ExportErrorKind,
} from '../export-error.ts';
export type { DocCell, DocLine } from './protocol.ts';
export {
  safeSheetName,
  writeWorkbook,
  type DocumentSheet,
  type SheetProgress,
  type TableSheet,
  type WorkbookPlan,
  type WorkbookSheet,
  type WriteWorkbookOptions,
  type WrittenCounts,
  type WrittenWorkbook,
} from './workbook-writer.ts';
export { invoicesWorkbook, type InvoicesExport } from './layouts/invoices.ts';
export { rowOfArchive, rowOfSearchItem, type InvoiceRow } from './invoice-row.ts';
export { invoiceDetailWorkbook, type InvoiceDetailExport } from './layouts/invoice-detail.ts';
export { directoryWorkbook, type DirectoryExport } from './layouts/directory.ts';
export { participantsWorkbook, type ParticipantsExport } from './layouts/participants.ts';
export { webhooksWorkbook, redactCallbackUrl, type WebhooksExport } from './layouts/webhooks.ts';
export { reportWorkbook, reportWorkbookLater, reportFileName } from './layouts/reports.ts';
export type { ReportAbout } from './layouts/archive-about.ts';
export {
  prepareReportExport,
  type PreparedReportExport,
  type ReportExportRequest,
  type ReportWriteOptions,
  type ReportWritten,
} from './report-export.ts';
