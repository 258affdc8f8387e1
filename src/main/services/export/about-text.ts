// The words of an export's "À propos" sheet: what was asked (the archive's filters as a user
// reads them) and what the file holds of it (the coverage: cut by the operator's window, whole,
// or what the archive's syncs reached). about.ts lays the sheet out.
import type { ArchiveFilter, ArchiveSort, ArchiveSortKey } from '#shared/archive.ts';
import type { Language } from '#shared/contract.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { codeLabel } from '#shared/invoices/labels.ts';
import type { ArchiveReads } from '../archive/ports.ts';
import { countText } from '#shared/i18n/plural.ts';
import { localDate } from './local-dates.ts';
import type { Tally } from './tally.ts';
import { labelOf, type ExportWords } from './words.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';

/** Counts as the "À propos" sheet writes them. */
export function countFormat(language: Language): Intl.NumberFormat {
  return new Intl.NumberFormat(LOCALES[language]);
}

/** A live paged source's coverage once read: cut by the operator's window (with how many it says
 * match) or whole. */
export function liveCoverage(
  tally: Tally,
  cut: string,
  whole: string,
  number: Intl.NumberFormat,
): string {
  const matching = tally.matching ?? tally.rows;
  return matching > tally.rows
    ? interpolate(cut, { count: number.format(matching), shown: number.format(tally.rows) })
    : interpolate(whole, { count: number.format(tally.rows) });
}

/** What the archive holds for these filters, and what its syncs could not reach. */
export async function archiveCoverage(
  archive: Pick<ArchiveReads, 'coverage' | 'queryInvoices'> | null,
  filter: ArchiveFilter,
  rows: number,
  words: ExportWords,
  language: Language,
): Promise<string> {
  const number = countFormat(language);
  const w = words.exports.about;
  if (!archive) return w.archiveEmpty;
  const partitions = await archive.coverage();
  if (partitions.every((p) => !p.finished) && rows === 0) return w.archiveEmpty;
  const complete = partitions.filter((p) => p.finished && p.complete).length;
  const parts = [
    countText(w.archivePartitions, complete, language, {
      complete: number.format(complete),
      total: number.format(partitions.length),
    }),
  ];
  const cut = partitions.filter((p) => p.finished && !p.complete);
  if (cut.length > 0) {
    parts.push(
      interpolate(w.archiveCut, {
        list: cut
          .map((p) =>
            interpolate(w.archiveCutEntry, {
              direction: labelOf(words.invoices.direction, p.direction) ?? p.direction,
              state: labelOf(words.common.states, p.state) ?? p.state,
              archived: number.format(p.archived),
              operator: number.format(p.operatorCount ?? p.archived),
            }),
          )
          .join(', '),
      }),
    );
  }
  const never = partitions.filter((p) => !p.finished).length;
  if (never > 0) parts.push(countText(w.archiveNeverSynced, never, language));
  const details = await archive.queryInvoices({
    filter: { ...filter, detailFetched: true },
    limit: 1,
  });
  parts.push(
    countText(w.archiveDetails, details.total, language, {
      details: number.format(details.total),
      rows: number.format(rows),
    }),
  );
  return parts.join(' ');
}

/** The archive filters as a user reads them, in the archive screen's words, e.g. "Date de
 * facture : du 01/01/2026 au 31/03/2026 ; Tiers : Boulangerie · Tri : TTC (décroissant)". */
export function describeFilter(
  filter: ArchiveFilter | undefined,
  sort: ArchiveSort | undefined,
  words: ExportWords,
  language: Language,
): string {
  const w = words.exports.about.filters;
  const screen = words.archive.filters;
  const money = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' });
  const parts: string[] = [];
  // French sets a space before the colon and the semicolon.
  const [colon, semicolon] = language === 'fr' ? [' : ', ' ; '] : [': ', '; '];
  const range = (label: string, isoFrom?: string, isoTo?: string): void => {
    const [from, to] = [isoFrom, isoTo].map((day) => (day ? localDate(day, language) : day));
    if (from && to) parts.push(`${label}${colon}${interpolate(w.between, { from, to })}`);
    else if (from) parts.push(`${label}${colon}${interpolate(w.from, { date: from })}`);
    else if (to) parts.push(`${label}${colon}${interpolate(w.to, { date: to })}`);
  };
  const f = filter ?? {};
  range(screen.invoiceDate, f.invoiceDateFrom, f.invoiceDateTo);
  range(screen.dueDate, f.dueDateFrom, f.dueDateTo);
  if (f.counterparty?.trim()) parts.push(`${screen.counterparty}${colon}${f.counterparty.trim()}`);
  if (f.text?.trim()) parts.push(`${screen.search}${colon}${f.text.trim()}`);
  const ttc = [
    f.ttcMinCents !== undefined
      ? interpolate(w.min, { amount: money.format(f.ttcMinCents / 100) })
      : '',
    f.ttcMaxCents !== undefined
      ? interpolate(w.max, { amount: money.format(f.ttcMaxCents / 100) })
      : '',
  ].filter(Boolean);
  if (ttc.length) parts.push(`${words.archive.columns.ttc}${colon}${ttc.join(', ')}`);
  if (f.kind)
    parts.push(
      `${screen.kind}${colon}${f.kind === 'credit_note' ? screen.kindCreditNote : screen.kindInvoice}`,
    );
  if (f.direction)
    parts.push(
      `${words.invoices.filters.direction}${colon}${labelOf(words.invoices.direction, f.direction) ?? f.direction}`,
    );
  if (f.states?.length)
    parts.push(
      `${words.invoices.filters.states}${colon}${f.states.map((s) => labelOf(words.common.states, s) ?? s).join(', ')}`,
    );
  if (f.lifecycleCodes?.length)
    parts.push(
      // "210 · Refusée", as the screens show a status.
      `${screen.lifecycle}${colon}${f.lifecycleCodes.map((code) => codeLabel(code, words.invoices.lifecycle)).join(', ')}`,
    );
  if (f.detailFetched !== undefined)
    parts.push(`${w.detailFetched}${colon}${f.detailFetched ? w.detailYes : w.detailNo}`);
  const text = parts.length ? parts.join(semicolon) : words.exports.about.allArchived;
  return sort
    ? `${text} · ${w.sort}${colon}${sortColumnName(sort.key, words)} (${sort.descending ? w.descending : w.ascending})`
    : text;
}

/** A sort key as the archive table names its column (the workbook's for keys it has not). */
function sortColumnName(key: ArchiveSortKey, words: ExportWords): string {
  const table = words.archive.columns;
  const book = words.export.columns;
  const detail = words.invoices.detail;
  const names: Record<ArchiveSortKey, string> = {
    invoiceId: detail.platformInvoiceId,
    direction: table.direction,
    state: table.state,
    invoiceNumber: table.number,
    typeCode: table.type,
    invoiceDate: table.invoiceDate,
    dueDate: table.dueDate,
    createDate: detail.platformDate,
    sellerName: book.sellerName,
    buyerName: book.buyerName,
    counterpartyName: table.counterparty,
    counterpartySiren: `${table.counterparty} (SIREN)`,
    counterpartySiret: `${table.counterparty} (SIRET)`,
    counterpartyVat: `${table.counterparty} (${words.exports.about.filters.vatNumber})`,
    htCents: table.ht,
    tvaCents: table.tva,
    ttcCents: table.ttc,
    currency: detail.currency,
    lifecycleCode: table.lifecycle,
    lifecycleDate: book.lifecycleDate,
    detailFetchedAt: table.detail,
  };
  return names[key];
}
