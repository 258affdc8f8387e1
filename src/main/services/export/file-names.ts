// The file name an export offers: <words>-<YYYY-MM-DD>.xlsx in the UI's language.
import type { Language } from '#shared/contract.ts';
import type { ExportTarget } from '#shared/exports.ts';
import { entriesFileName } from './layouts/entries.ts';
import { exceptionsFileName } from './layouts/exceptions.ts';
import { wordsFor } from './words.ts';

/** The local calendar day, YYYY-MM-DD: what a user expects in a file name. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A piece of text safe in a file name on every system. */
function fileSafe(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'x'
  );
}

/** The file name of an export: <words>-<YYYY-MM-DD>.xlsx in the UI's language. */
export function exportFileName(
  target: ExportTarget,
  language: Language,
  now: Date,
  invoiceNumber?: string,
): string {
  const names = wordsFor(language).exports.fileNames;
  const day = localDay(now);
  switch (target.kind) {
    case 'invoices':
      return `${target.source === 'archive' ? names.archive : names.invoices}-${day}.xlsx`;
    case 'invoice':
      return `${names.invoice}-${fileSafe(invoiceNumber ?? target.invoiceId)}-${day}.xlsx`;
    case 'directory':
      return `${names.directory}-${day}.xlsx`;
    case 'participants':
      return `${names.participants}-${day}.xlsx`;
    case 'webhooks':
      return `${names.webhooks}-${day}.xlsx`;
    case 'report':
      return `${target.report}-${day}.xlsx`;
    case 'entries':
      return entriesFileName(target.period, language);
    case 'exceptions':
      return exceptionsFileName(target.period, language);
    case 'fec':
      // The exporter offers the legal name, <SIREN>FEC<AAAAMMJJ>.txt, once it knows the SIREN.
      return `FEC-${fileSafe(target.period.label)}.txt`;
  }
}
