// The file name an export offers: `<company> <SIREN> <what> <period>.xlsx` (output-name.ts) in
// the UI's language; an export without a period (a search, the archive, one invoice) is dated
// by the local day.
import type { Language } from '#shared/contract.ts';
import type { ExportTarget } from '#shared/exports.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { ca12FileName } from './layouts/ca12.ts';
import { d441FileName } from './layouts/d441.ts';
import { entriesFileName } from './layouts/entries.ts';
import { exceptionsFileName } from './layouts/exceptions.ts';
import { reportFileName } from './layouts/reports.ts';
import { ownedFileName, type FileOwner } from './output-name.ts';
import { wordsFor } from './words.ts';

/** The local calendar day, YYYY-MM-DD: what a user expects in a file name. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A report's period as its file and its header name it: an échéancier asked on a day is
 * named by that day (issue 29). */
export function namedPeriod(target: Extract<ExportTarget, { kind: 'report' }>): ReportPeriod {
  return target.asOf ? { ...target.period, label: target.asOf } : target.period;
}

/** The file name of an export, e.g. "ATELIERS DUVAL AGENCEMENT 123456789 Factures 2026-11-26.xlsx". */
export function exportFileName(
  target: ExportTarget,
  language: Language,
  now: Date,
  owner: FileOwner,
  invoiceNumber?: string,
): string {
  const names = wordsFor(language).exports.fileNames;
  const day = localDay(now);
  const dated = (what: string) => ownedFileName(owner, what, day, 'xlsx');
  switch (target.kind) {
    case 'invoices':
      return dated(target.source === 'archive' ? names.archive : names.invoices);
    case 'invoice':
      return dated(`${names.invoice} ${invoiceNumber ?? target.invoiceId}`);
    case 'directory':
      return dated(names.directory);
    case 'participants':
      return dated(names.participants);
    case 'webhooks':
      return dated(names.webhooks);
    case 'report':
      return reportFileName({ kind: target.report, period: namedPeriod(target) }, language, owner);
    case 'entries':
      return entriesFileName(target.period, language, owner);
    case 'exceptions':
      return exceptionsFileName(target.period, language, owner);
    case 'd441':
      return d441FileName(target.closing, language, owner);
    case 'ca12':
      return ca12FileName(target.year, language, owner);
    case 'fec':
      // The exporter offers the legal name, <SIREN>FEC<AAAAMMJJ>.txt, once it knows the SIREN.
      return ownedFileName(owner, 'FEC', target.period.label, 'txt');
  }
}
