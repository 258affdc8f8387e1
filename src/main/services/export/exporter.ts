// What each "Exporter vers Excel" writes: the workbook plan of every export target, fed page by
// page from the operator or row by row from the archive (never all in memory), and its "About"
// sheet (connection name, query or filters, source with the dates of the data, coverage). The
// file's place is chosen by the caller (export-jobs.ts): this module only writes where it is told.
import type { ArchiveFilter, ArchiveRow, ArchiveSort, ArchiveSortKey } from '#shared/archive.ts';
import type { Language } from '#shared/contract.ts';
import type { ExportTarget } from '#shared/exports.ts';
import { codeLabel } from '#shared/invoices/labels.ts';
import { EXPAND_VALUES, INVOICE_SEARCH_LIMITS } from '#shared/operator/enums.ts';
import type { DirectoryEntry, Participant, Webhook } from '#shared/operator/schemas.ts';
import { computeReport } from '../reports/index.ts';
import { prepareReportExport } from '../reports/export.ts';
import { AppFailure } from '../app-failure.ts';
import { centsToDecimal } from '../archive/amounts.ts';
import type { ArchiveStore } from '../archive/archive-store.ts';
import { readPaymentMarks } from '../archive/user-data-store.ts';
import type { OperatorClient } from '../operator/operator-client.ts';
import type { AboutInfo } from './about.ts';
import { localDate } from './local-dates.ts';
import { directoryWorkbook } from './layouts/directory.ts';
import { invoiceDetailWorkbook } from './layouts/invoice-detail.ts';
import { invoicesWorkbook, type InvoiceListEntry, type VatDetails } from './layouts/invoices.ts';
import { participantsWorkbook } from './layouts/participants.ts';
import { webhooksWorkbook } from './layouts/webhooks.ts';
import { writeWorkbook, type WorkbookPlan } from './workbook-writer.ts';
import { fill, labelOf, wordsFor, type ExportWords } from './words.ts';

/** What an export needs of the operator client. */
export type ExportOperator = Pick<
  OperatorClient,
  'searchInvoices' | 'getInvoice' | 'searchDirectory' | 'searchParticipants' | 'listWebhooks'
>;

/** A connection's archive, lent for one export and given back with release(). */
export interface ArchiveLoan {
  store: ArchiveStore;
  release(): void;
}

export interface ExporterDeps {
  /** The operator client of a connection. */
  operator(connectionId: string): Promise<ExportOperator>;
  /** The connection's archive, or null when it has none yet (never synced). */
  borrowArchive(connectionId: string): Promise<ArchiveLoan | null>;
  /** Written in the "About" sheet. */
  version: string;
  /** The worker script of the writer, where a bundle moved it (Electron). */
  workerUrl?: URL | string;
}

export interface ExportRequest {
  target: ExportTarget;
  /** Its name goes into the "About" sheet; nothing else of it (never a secret). */
  connection: { id: string; name: string };
  language: Language;
  /** Default: now. Names the file and dates the "About" sheet. */
  now?: Date;
}

export interface ExportStep {
  phase: 'fetching' | 'writing';
  /** Rows read from the source (fetching) or written to the main sheet (writing). */
  rows: number;
  /** Rows the main sheet will have, once the source has said. */
  total: number | null;
}

export interface WriteOptions {
  signal?: AbortSignal;
  onProgress?: (step: ExportStep) => void;
}

export interface PreparedExport {
  /** The file name to offer, e.g. factures-2026-11-22.xlsx. */
  fileName: string;
  /** Writes the workbook to `path`; resolves with the rows of the main sheet. */
  write(path: string, options?: WriteOptions): Promise<{ rows: number; bytes: number }>;
  /** Gives back what the export holds (an archive); call once, written or not. */
  close(): void;
}

// The operator's invoice search shows at most offset 1000 + limit 200 rows of one query.
const INVOICE_PAGE = INVOICE_SEARCH_LIMITS.limitMax;
const INVOICE_WINDOW = INVOICE_SEARCH_LIMITS.offsetMax + INVOICE_SEARCH_LIMITS.limitMax;
// The directory and participant searches give no bounds: the page sizes the screens use, and a
// ceiling so that a broad search cannot run for ever.
const DIRECTORY_PAGE = 100;
const PARTICIPANT_PAGE = 50;
const MAX_ROWS_PER_SEARCH = 10_000;
/** Rows per message to the writer's worker for an archive export (the first batch sets the widths). */
export const ARCHIVE_BATCH = 500;

const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

/** What a source has read so far: progress, and the dates and counts of the "About" sheet. */
class Tally {
  /** Rows read from the source. */
  rows = 0;
  /** Rows the main sheet will have, once known. */
  total: number | null;
  /** What the operator says matches, when it says (may exceed what it lets us read). */
  matching: number | null = null;
  /** Oldest and newest fetch (live) or sync (archive) time of the rows, ISO. */
  from?: string;
  to?: string;
  readonly #report: (step: ExportStep) => void;

  constructor(total: number | null, report: (step: ExportStep) => void) {
    this.total = total;
    this.#report = report;
  }

  /** `rows` more were read; said to the progress bar unless `quiet`. */
  add(rows: number, quiet = false): void {
    this.rows += rows;
    if (!quiet) this.#report({ phase: 'fetching', rows: this.rows, total: this.total });
  }

  seen(at: string | null | undefined): void {
    if (!at) return;
    if (this.from === undefined || at < this.from) this.from = at;
    if (this.to === undefined || at > this.to) this.to = at;
  }
}

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
  }
}

/**
 * Everything an export needs before it asks where to save: the file name, and for one invoice
 * the invoice itself (a missing invoice fails here, before any dialog). Throws AppFailure or the
 * operator's errors.
 */
export async function prepareExport(
  deps: ExporterDeps,
  request: ExportRequest,
  signal?: AbortSignal,
): Promise<PreparedExport> {
  const { target, language } = request;
  const now = request.now ?? new Date();
  const words = wordsFor(language);
  const number = new Intl.NumberFormat(LOCALES[language]);
  const about: AboutInfo = {
    connectionName: request.connection.name,
    query: '',
    source: 'live',
    coverage: '',
    appVersion: deps.version,
    exportedAt: now,
  };
  const writeOptions = (signal?: AbortSignal) => ({
    ...(signal ? { signal } : {}),
    ...(deps.workerUrl ? { workerUrl: deps.workerUrl } : {}),
    now,
  });
  /** An export of one table (plus the "About" sheet), fed by a source that counts in a Tally. */
  const prepared = (
    plan: (tally: Tally, signal?: AbortSignal) => WorkbookPlan,
    options: { batchSize: number; total?: number; close?: () => void },
  ): PreparedExport => ({
    fileName: exportFileName(target, language, now),
    async write(path, { signal, onProgress } = {}) {
      const report = onProgress ?? (() => undefined);
      const tally = new Tally(options.total ?? null, report);
      const workbook = plan(tally, signal);
      const mainSheet = workbook.sheets[0]?.name ?? '';
      let lastWritten = 0;
      const written = await writeWorkbook(path, workbook, {
        ...writeOptions(signal),
        batchSize: options.batchSize,
        onProgress: (progress) => {
          if (progress.sheetIndex !== 0 || progress.rowsWritten === lastWritten) return;
          lastWritten = progress.rowsWritten;
          report({ phase: 'writing', rows: lastWritten, total: tally.total });
        },
      });
      return { rows: written.rows.get(mainSheet) ?? 0, bytes: written.bytes };
    },
    close: options.close ?? (() => undefined),
  });

  /** Once a live paged source is read: its coverage (cut by the operator's window, with how
   * many it says match, or whole) and the dates of its data, for the "About" sheet. */
  const whenRead = (tally: Tally, cut: string, whole: string) => (): void => {
    const matching = tally.matching ?? tally.rows;
    about.coverage =
      matching > tally.rows
        ? fill(cut, { count: number.format(matching), shown: number.format(tally.rows) })
        : fill(whole, { count: number.format(tally.rows) });
    setDates(about, tally);
  };

  switch (target.kind) {
    case 'invoices': {
      if (target.source === 'live') {
        const q = target.q?.trim() ?? '';
        about.query = q || words.exports.about.allInvoices;
        const client = await deps.operator(request.connection.id);
        return prepared(
          (tally, signal) =>
            invoicesWorkbook({
              language,
              invoices: liveInvoices(
                client,
                q,
                tally,
                signal,
                whenRead(tally, words.exports.about.liveCut, words.exports.about.liveAll),
              ),
              about,
            }),
          { batchSize: INVOICE_PAGE },
        );
      }
      about.source = 'archive';
      about.query = describeFilter(target.filter, target.sort, words, language);
      const loan = await deps.borrowArchive(request.connection.id);
      const filter = target.filter ?? {};
      const sort = target.sort;
      try {
        const total = loan ? loan.store.queryInvoices({ filter, limit: 1 }).total : 0;
        about.coverage = archiveCoverage(loan?.store ?? null, filter, total, words, number);
        return prepared(
          (tally) =>
            invoicesWorkbook({
              language,
              invoices: loan
                ? archivedInvoices(loan.store, filter, sort, tally, () => setDates(about, tally))
                : [],
              total,
              details: loan ? archivedDetails(loan.store, filter, sort) : [],
              about,
            }),
          // Smaller batches than the writer's default: fewer rows live across the wait for the
          // worker, so fewer reach the old generation (peak RSS at 100,000 invoices: 289 → 232 MB).
          { batchSize: ARCHIVE_BATCH, total, close: () => loan?.release() },
        );
      } catch (error) {
        loan?.release();
        throw error;
      }
    }
    case 'invoice': {
      const client = await deps.operator(request.connection.id);
      const invoice = await client.getInvoice(target.invoiceId, signal);
      const fetchedAt = new Date().toISOString();
      about.query = fill(words.exports.about.invoice, {
        number: invoice.businessData.invoiceId || invoice.invoiceId,
        id: invoice.invoiceId,
      });
      about.coverage = words.exports.about.invoiceCoverage;
      about.dataFrom = fetchedAt;
      about.dataTo = fetchedAt;
      return {
        fileName: exportFileName(target, language, now, invoice.businessData.invoiceId),
        async write(path, options = {}) {
          const plan = invoiceDetailWorkbook({ language, invoice, about });
          const written = await writeWorkbook(path, plan, writeOptions(options.signal));
          options.onProgress?.({ phase: 'writing', rows: 1, total: 1 });
          // A document sheet counts lines; this export is of one invoice.
          return { rows: 1, bytes: written.bytes };
        },
        close: () => undefined,
      };
    }
    case 'directory': {
      const q = target.q.trim();
      about.query = q;
      const client = await deps.operator(request.connection.id);
      return prepared(
        (tally, signal) =>
          directoryWorkbook({
            language,
            entries: directoryEntries(
              client,
              q,
              tally,
              signal,
              whenRead(tally, words.exports.about.directoryCut, words.exports.about.directoryAll),
            ),
            about,
          }),
        { batchSize: DIRECTORY_PAGE },
      );
    }
    case 'participants': {
      const value = target.value.trim();
      about.query = fill(words.exports.about.participants, { value });
      const client = await deps.operator(request.connection.id);
      return prepared(
        (tally, signal) =>
          participantsWorkbook({
            language,
            participants: participants(client, value, tally, signal, (cut) => {
              about.coverage = fill(
                cut ? words.exports.about.participantsCut : words.exports.about.participantsAll,
                { count: number.format(tally.rows), shown: number.format(tally.rows) },
              );
              setDates(about, tally);
            }),
            about,
          }),
        { batchSize: PARTICIPANT_PAGE },
      );
    }
    case 'webhooks': {
      about.query = words.exports.about.allWebhooks;
      const client = await deps.operator(request.connection.id);
      return prepared(
        (tally, signal) =>
          webhooksWorkbook({
            language,
            webhooks: webhooks(client, tally, signal, () => {
              about.coverage = fill(words.exports.about.webhooksAll, {
                count: number.format(tally.rows),
              });
              setDates(about, tally);
            }),
            about,
          }),
        { batchSize: 200 },
      );
    }
    case 'report': {
      // Computed from the connection's archive when written; the worker starts meanwhile.
      const loan = await deps.borrowArchive(request.connection.id);
      const exporting = prepareReportExport(
        {
          report: target.report,
          period: target.period,
          language,
          connectionName: request.connection.name,
          appVersion: deps.version,
          now,
          ...(deps.workerUrl ? { workerUrl: deps.workerUrl } : {}),
        },
        () => {
          if (!loan) {
            throw new AppFailure(
              'invalid_input',
              'This connection has no archive yet: sync it first.',
            );
          }
          return computeReport(loan.store, target.report, target.period, { now });
        },
        () => loan?.release(),
      );
      return {
        fileName: exporting.fileName,
        close: exporting.close,
        async write(path, { signal, onProgress } = {}) {
          const { rows, bytes } = await exporting.write(path, {
            ...(signal ? { signal } : {}),
            ...(onProgress ? { onProgress } : {}),
          });
          return { rows, bytes };
        },
      };
    }
  }
}

function setDates(about: AboutInfo, tally: Tally): void {
  if (tally.from) about.dataFrom = tally.from;
  if (tally.to) about.dataTo = tally.to;
}

/**
 * Every page the operator gives for the query, newest first, at most 1,200 invoices. An invoice
 * deposited between two pages shifts the next page by one: the repeat is skipped.
 */
async function* liveInvoices(
  client: ExportOperator,
  q: string,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: () => void,
): AsyncGenerator<InvoiceListEntry> {
  const ids = new Set<string>();
  for (let offset = 0; offset < INVOICE_WINDOW; offset += INVOICE_PAGE) {
    const page = await client.searchInvoices(
      { ...(q ? { q } : {}), expand: [...EXPAND_VALUES], offset, limit: INVOICE_PAGE },
      signal,
    );
    tally.seen(new Date().toISOString());
    tally.matching = page.meta.count;
    tally.total = Math.min(page.meta.count, INVOICE_WINDOW);
    const fresh = page.data.filter((item) => !ids.has(item.metadata.invoiceId));
    for (const item of fresh) ids.add(item.metadata.invoiceId);
    tally.add(fresh.length);
    yield* fresh;
    if (page.data.length < INVOICE_PAGE || offset + INVOICE_PAGE >= page.meta.count) break;
  }
  finished();
}

async function* directoryEntries(
  client: ExportOperator,
  q: string,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: () => void,
): AsyncGenerator<DirectoryEntry> {
  for (let offset = 0; offset < MAX_ROWS_PER_SEARCH; offset += DIRECTORY_PAGE) {
    const page = await client.searchDirectory({ q, offset, limit: DIRECTORY_PAGE }, signal);
    tally.seen(new Date().toISOString());
    tally.matching = page.meta.count;
    tally.total = Math.min(page.meta.count, MAX_ROWS_PER_SEARCH);
    tally.add(page.data.length);
    yield* page.data;
    if (page.data.length < DIRECTORY_PAGE || offset + DIRECTORY_PAGE >= page.meta.count) break;
  }
  finished();
}

/** Participants come as a bare array without a total: pages until one is short. An operator
 * that ignores the offset would send the same page again: that ends the export too. */
async function* participants(
  client: ExportOperator,
  value: string,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: (cut: boolean) => void,
): AsyncGenerator<Participant> {
  let previousFirst: string | undefined;
  let offset = 0;
  for (; offset < MAX_ROWS_PER_SEARCH; offset += PARTICIPANT_PAGE) {
    const page = await client.searchParticipants(
      { value, offset, limit: PARTICIPANT_PAGE },
      signal,
    );
    tally.seen(new Date().toISOString());
    const first = page[0]?.participantId;
    if (first !== undefined && first === previousFirst) break;
    previousFirst = first;
    tally.add(page.length);
    yield* page;
    if (page.length < PARTICIPANT_PAGE) break;
  }
  finished(offset >= MAX_ROWS_PER_SEARCH);
}

async function* webhooks(
  client: ExportOperator,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: () => void,
): AsyncGenerator<Webhook> {
  const list = await client.listWebhooks(signal);
  tally.seen(new Date().toISOString());
  tally.total = list.length;
  tally.add(list.length);
  yield* list;
  finished();
}

/** An archived row as the invoices layout reads a search result (amounts back from cents). */
export function entryOfRow(row: ArchiveRow): InvoiceListEntry {
  const amount = (cents: number | null) =>
    cents === null ? undefined : { amount: Number(centsToDecimal(cents)) };
  const party = (
    name: string | null,
    siren: string | null,
    siret: string | null,
    vat: string | null,
  ) => ({
    ...(name !== null ? { name } : {}),
    ...(siren !== null ? { siren } : {}),
    ...(siret !== null ? { siret } : {}),
    ...(vat !== null ? { vatNumber: vat } : {}),
  });
  const invoiceAmount = amount(row.ttcCents);
  return {
    // The archive stores what the operator sent, within its enums.
    metadata: {
      invoiceId: row.invoiceId,
      state: row.state as InvoiceListEntry['metadata']['state'],
      direction: row.direction as InvoiceListEntry['metadata']['direction'],
      createDate: row.createDate,
    },
    ...(row.lifecycleCode !== null
      ? {
          lastStatusData: {
            code: row.lifecycleCode,
            date: row.lifecycleDate,
          } as NonNullable<InvoiceListEntry['lastStatusData']>,
        }
      : {}),
    businessData: {
      ...(row.invoiceNumber !== null ? { invoiceId: row.invoiceNumber } : {}),
      ...(row.invoiceDate !== null ? { invoiceDate: row.invoiceDate } : {}),
      ...(row.dueDate !== null ? { invoiceDueDate: row.dueDate } : {}),
      ...(row.typeCode !== null ? { type: row.typeCode } : {}),
      seller: party(row.sellerName, row.sellerSiren, row.sellerSiret, row.sellerVat),
      buyer: party(row.buyerName, row.buyerSiren, row.buyerSiret, row.buyerVat),
      ...(invoiceAmount
        ? {
            monetary: {
              ...(row.currency !== null ? { invoiceCurrency: row.currency } : {}),
              invoiceAmount,
              ...(row.htCents !== null ? { taxBasisTotalAmount: amount(row.htCents) } : {}),
              ...(row.tvaCents !== null ? { taxTotalAmount: amount(row.tvaCents) } : {}),
            },
          }
        : {}),
    },
  };
}

/** Every archived row matching the filters, one at a time from SQLite. */
function* archivedInvoices(
  store: ArchiveStore,
  filter: ArchiveFilter,
  sort: ArchiveSort | undefined,
  tally: Tally,
  finished: () => void,
): Generator<InvoiceListEntry> {
  // The user's "paid" marks (kept beside the archive): few, read once.
  const marks = readPaymentMarks(store);
  for (const row of store.iterateInvoices({ filter, ...(sort ? { sort } : {}) })) {
    tally.seen(row.searchFetchedAt);
    tally.seen(row.detailFetchedAt);
    // The writer reports the rows it wrote; reading SQLite is not worth a progress step.
    tally.add(1, true);
    yield { ...entryOfRow(row), paidMark: marks.get(row.invoiceId) ?? null };
  }
  finished();
}

/** What the VAT lines sheet needs of the archived details of those rows, in the same order:
 * five values the store reads from each detail's JSON in SQL (not the whole invoice). */
export function* archivedDetails(
  store: ArchiveStore,
  filter: ArchiveFilter,
  sort: ArchiveSort | undefined,
): Generator<VatDetails> {
  for (const facts of store.detailVatFacts(filter, sort))
    yield {
      invoiceId: facts.invoiceId,
      businessData: {
        invoiceId: facts.number,
        monetary: { invoiceCurrency: facts.currency },
        type: facts.type,
        taxDetails: facts.taxDetails as VatDetails['businessData']['taxDetails'],
      },
    };
}

/** What the archive holds for these filters, and what its syncs could not reach. */
function archiveCoverage(
  store: ArchiveStore | null,
  filter: ArchiveFilter,
  rows: number,
  words: ExportWords,
  number: Intl.NumberFormat,
): string {
  const w = words.exports.about;
  if (!store) return w.archiveEmpty;
  const partitions = store.coverage();
  if (partitions.every((p) => !p.finished) && rows === 0) return w.archiveEmpty;
  const parts = [
    fill(w.archivePartitions, {
      complete: number.format(partitions.filter((p) => p.finished && p.complete).length),
      total: number.format(partitions.length),
    }),
  ];
  const cut = partitions.filter((p) => p.finished && !p.complete);
  if (cut.length > 0) {
    parts.push(
      fill(w.archiveCut, {
        list: cut
          .map((p) =>
            fill(w.archiveCutEntry, {
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
  if (never > 0) parts.push(fill(w.archiveNeverSynced, { count: number.format(never) }));
  const details = store.queryInvoices({ filter: { ...filter, detailFetched: true }, limit: 1 });
  parts.push(
    fill(w.archiveDetails, {
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
    if (from && to) parts.push(`${label}${colon}${fill(w.between, { from, to })}`);
    else if (from) parts.push(`${label}${colon}${fill(w.from, { date: from })}`);
    else if (to) parts.push(`${label}${colon}${fill(w.to, { date: to })}`);
  };
  const f = filter ?? {};
  range(screen.invoiceDate, f.invoiceDateFrom, f.invoiceDateTo);
  range(screen.dueDate, f.dueDateFrom, f.dueDateTo);
  if (f.counterparty?.trim()) parts.push(`${screen.counterparty}${colon}${f.counterparty.trim()}`);
  if (f.text?.trim()) parts.push(`${screen.search}${colon}${f.text.trim()}`);
  const ttc = [
    f.ttcMinCents !== undefined ? fill(w.min, { amount: money.format(f.ttcMinCents / 100) }) : '',
    f.ttcMaxCents !== undefined ? fill(w.max, { amount: money.format(f.ttcMaxCents / 100) }) : '',
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
