// What each "Exporter vers Excel" writes: the workbook plan of every export target, fed by its
// source (live-sources.ts: the operator's pages; archive-sources.ts: the archive's rows; never all
// in memory), with its "À propos" sheet (about-text.ts: connection, query or filters, source
// with the dates of the data, coverage). The file's place is chosen by the caller
// (export-jobs.ts): this module only writes where it is told.
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { Language } from '#shared/contract.ts';
import type { Ledger } from '#shared/accounting.ts';
import type { ExportTarget } from '#shared/exports.ts';
import type { ExceptionList, ExceptionShow } from '#shared/exceptions.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { fecFileName, writeFec } from '../accounting/fec.ts';
import { computeReport, type BesideTheArchive } from '../reports/index.ts';
import type { ArchivePort, ArchiveReads, DetailVatFacts } from '../archive/ports.ts';
import { ca12Of } from '../returns/ca12-of.ts';
import { AppFailure } from '../app-failure.ts';
import type { AboutInfo } from './about.ts';
import { archiveCoverage, countFormat, describeFilter, liveCoverage } from './about-text.ts';
import { ARCHIVE_BATCH, archivedInvoices } from './archive-sources.ts';
import { exportFileName, localDay, namedPeriod } from './file-names.ts';
import { mainSheetIndex, withHead, type WorkbookHead } from './layouts/head-sheet.ts';
import type { FileOwner } from './output-name.ts';
import { ca12FileName, ca12Workbook } from './layouts/ca12.ts';
import { d441FileName, d441Workbook } from './layouts/d441.ts';
import { d441Of } from '../reports/d441-of.ts';
import { directoryWorkbook } from './layouts/directory.ts';
import { entriesFileName, entriesWorkbook, ledgerWords } from './layouts/entries.ts';
import { exceptionsFileName, exceptionsTitle, exceptionsWorkbook } from './layouts/exceptions.ts';
import { invoiceDetailWorkbook } from './layouts/invoice-detail.ts';
import { invoicesWorkbook, type VatDetails } from './layouts/invoices.ts';
import { participantsWorkbook } from './layouts/participants.ts';
import { webhooksWorkbook } from './layouts/webhooks.ts';
import {
  DIRECTORY_PAGE,
  directoryEntries,
  INVOICE_PAGE,
  liveInvoices,
  PARTICIPANT_PAGE,
  participants,
  webhooks,
  type ExportOperator,
} from './live-sources.ts';
import { prepareReportExport } from './report-export.ts';
import { Tally, type ExportStep } from './tally.ts';
import { writeWorkbook, type WorkbookPlan } from './workbook-writer.ts';
import { wordsFor } from './words.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { systemClock } from '../clock.ts';

/** A connection's archive, lent for one export; release() says the export is done with it (the
 * app's shared store has nothing to close). */
export interface ArchiveLoan {
  /** The connection's archive, through its port (archive/ports.ts). */
  archive: ArchivePort;
  release(): void;
}

export interface ExporterDeps {
  /** The operator client of a connection. */
  operator(connectionId: string): Promise<ExportOperator>;
  /** The connection's archive, or null when it has none yet (never synced); reading creates none. */
  borrowArchive(connectionId: string): Promise<ArchiveLoan | null>;
  /** What a report reads beside the archive (user data, the bank's matches, the ECB rates). */
  beside: BesideTheArchive;
  /** A period's entries of a connection (the accounting service, issue 17); absent: the FEC and
   * entries exports say this shell cannot make them. */
  ledger?: (connectionId: string, period: ReportPeriod) => Promise<Ledger>;
  /** A period's exceptions list of a connection (issue 19, item 4); absent: this shell cannot. */
  exceptions?: (
    connectionId: string,
    period: ReportPeriod,
    show: ExceptionShow,
  ) => Promise<ExceptionList>;
  /** The connection's client company as its archive knows it (names every file, heads every
   * workbook); absent or null: the connection's name stands for it. */
  company?: (connectionId: string) => FileOwner['company'] | Promise<FileOwner['company']>;
  /** Written in the "About" sheet. */
  version: string;
  /** The worker script of the writer, where a bundle moved it (Electron). */
  workerUrl?: URL | string;
  /** The clock (services/clock.ts): dates the file's name and the "About" sheet. */
  now?: () => Date;
}

export interface ExportRequest {
  target: ExportTarget;
  /** Its name goes into the "About" sheet; nothing else of it (never a secret). */
  connection: { id: string; name: string };
  language: Language;
  /** Default: now. Names the file and dates the "About" sheet. */
  now?: Date;
}

export type { ExportStep };

export interface WriteOptions {
  signal?: AbortSignal;
  onProgress?: (step: ExportStep) => void;
}

export interface PreparedExport {
  /** The file name to offer, e.g. factures-2026-11-22.xlsx (a FEC: its legal name). */
  fileName: string;
  /** Writes the workbook to `path`; resolves with the rows of the main sheet. */
  write(path: string, options?: WriteOptions): Promise<{ rows: number; bytes: number }>;
  /** Gives back what the export holds (an archive); call once, written or not. */
  close(): void;
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
  const clock = deps.now ?? systemClock.now;
  const now = request.now ?? clock();
  const words = wordsFor(language);
  const number = countFormat(language);
  const owner: FileOwner = {
    connectionName: request.connection.name,
    company: (await deps.company?.(request.connection.id)) ?? null,
  };
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
  /** Every workbook's first sheet says whose it is and of when (issue 27, item 1): the title,
   * the company, its SIREN, the connection, then the period (a search's: its day). */
  const names = words.exports.fileNames;
  const head =
    (title: string, period: WorkbookHead['period'] = { day: localDay(now) }) =>
    (): WorkbookHead => ({ owner, title, period });
  const headTitle = (): string => {
    switch (target.kind) {
      case 'invoices':
        return target.source === 'archive' ? names.archive : names.invoices;
      case 'directory':
        return names.directory;
      case 'participants':
        return names.participants;
      case 'webhooks':
        return names.webhooks;
      default:
        return names.invoice;
    }
  };
  /** An export of one table (plus the "About" sheet), fed by a source that counts in a Tally. */
  const prepared = (
    plan: (tally: Tally, signal?: AbortSignal) => WorkbookPlan,
    options: { batchSize: number; total?: number; close?: () => void },
  ): PreparedExport => ({
    fileName: exportFileName(target, language, now, owner),
    async write(path, { signal, onProgress } = {}) {
      const report = onProgress ?? (() => undefined);
      const tally = new Tally(options.total ?? null, report);
      const workbook = withHead(plan(tally, signal), language, head(headTitle()));
      const main = mainSheetIndex(workbook);
      const mainSheet = workbook.sheets[main]?.name ?? '';
      let lastWritten = 0;
      const written = await writeWorkbook(path, workbook, {
        ...writeOptions(signal),
        batchSize: options.batchSize,
        onProgress: (progress) => {
          if (progress.sheetIndex !== main || progress.rowsWritten === lastWritten) return;
          lastWritten = progress.rowsWritten;
          report({ phase: 'writing', rows: lastWritten, total: tally.total });
        },
      });
      return { rows: written.rows.get(mainSheet) ?? 0, bytes: written.bytes };
    },
    close: options.close ?? (() => undefined),
  });

  /** A workbook whose rows are computed when it is written (while the writer's worker starts),
   * its first sheet's rows told as progress: the entries and the exceptions list. */
  const computedMeta = {
    connectionName: request.connection.name,
    appVersion: deps.version,
    exportedAt: now,
  };
  const computedWorkbook = (
    fileName: string,
    title: string,
    period: ReportPeriod,
    plan: () => Promise<WorkbookPlan>,
  ): PreparedExport => ({
    fileName,
    async write(path, { signal, onProgress } = {}) {
      const workbook = withHead(await plan(), language, head(title, period));
      const index = mainSheetIndex(workbook);
      const main = workbook.sheets[index]?.name ?? '';
      const written = await writeWorkbook(path, workbook, {
        ...writeOptions(signal),
        onProgress: (progress) => {
          if (progress.sheetIndex !== index) return;
          onProgress?.({
            phase: 'writing',
            rows: progress.rowsWritten,
            total: progress.total ?? null,
          });
        },
      });
      return { rows: written.rows.get(main) ?? 0, bytes: written.bytes };
    },
    close: () => undefined,
  });

  /** Once a live paged source is read: its coverage (cut by the operator's window, with how
   * many it says match, or whole) and the dates of its data, for the "About" sheet. */
  const whenRead = (tally: Tally, cut: string, whole: string) => (): void => {
    about.coverage = liveCoverage(tally, cut, whole, number);
    tally.datesInto(about);
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
        const total = loan ? (await loan.archive.queryInvoices({ filter, limit: 1 })).total : 0;
        about.coverage = await archiveCoverage(
          loan?.archive ?? null,
          filter,
          total,
          words,
          language,
        );
        return prepared(
          (tally) =>
            invoicesWorkbook({
              language,
              invoices: loan
                ? archivedInvoices(loan.archive, deps.beside, filter, sort, tally, () =>
                    tally.datesInto(about),
                  )
                : [],
              total,
              details: loan ? archivedDetails(loan.archive, filter, sort) : [],
              about,
            }),
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
      const fetchedAt = clock().toISOString();
      about.query = interpolate(words.exports.about.invoice, {
        number: invoice.businessData.invoiceId || invoice.invoiceId,
        id: invoice.invoiceId,
      });
      about.coverage = words.exports.about.invoiceCoverage;
      about.dataFrom = fetchedAt;
      about.dataTo = fetchedAt;
      return {
        fileName: exportFileName(target, language, now, owner, invoice.businessData.invoiceId),
        async write(path, options = {}) {
          const plan = withHead(
            invoiceDetailWorkbook({ language, invoice, about }),
            language,
            head(names.invoice),
          );
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
      about.query = interpolate(words.exports.about.participants, { value });
      const client = await deps.operator(request.connection.id);
      return prepared(
        (tally, signal) =>
          participantsWorkbook({
            language,
            participants: participants(client, value, tally, signal, (cut) => {
              about.coverage = interpolate(
                cut ? words.exports.about.participantsCut : words.exports.about.participantsAll,
                { count: number.format(tally.rows), shown: number.format(tally.rows) },
              );
              tally.datesInto(about);
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
              about.coverage = interpolate(words.exports.about.webhooksAll, {
                count: number.format(tally.rows),
              });
              tally.datesInto(about);
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
          period: namedPeriod(target),
          language,
          connectionName: request.connection.name,
          owner,
          appVersion: deps.version,
          now,
          ...(deps.workerUrl ? { workerUrl: deps.workerUrl } : {}),
        },
        async () => {
          if (!loan) {
            throw new AppFailure(
              'invalid_input',
              'This connection has no archive yet: sync it first.',
            );
          }
          const source = { archive: loan.archive, ...deps.beside };
          return computeReport(source, target.report, target.period, {
            now,
            ...(target.asOf ? { asOf: target.asOf } : {}),
          });
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
    case 'ca12': {
      // The workbook `report ca12` writes (the same layout, the same computation), computed from
      // the archive through its ports when written; its progress is the year's invoices sheet
      // (the CA3's detail, second), as a CA3's export counts.
      const loan = await deps.borrowArchive(request.connection.id);
      return {
        fileName: ca12FileName(target.year, language, owner),
        async write(path, { signal, onProgress } = {}) {
          if (!loan)
            throw new AppFailure(
              'invalid_input',
              'This connection has no archive yet: sync it first.',
            );
          const report = await ca12Of({ archive: loan.archive, ...deps.beside }, target.year, {
            now,
          });
          const workbook = ca12Workbook(() => report, language, {
            ...computedMeta,
            company: owner.company,
          });
          const main = workbook.sheets[1]?.name ?? '';
          const stop = new AbortController();
          const onAbort = () => stop.abort();
          signal?.addEventListener('abort', onAbort, { once: true });
          // Cancelled before writing began: no 'abort' event will come.
          if (signal?.aborted) stop.abort();
          try {
            const written = await writeWorkbook(path, workbook, {
              ...writeOptions(stop.signal),
              onProgress: (progress) => {
                if (progress.sheet !== main) return;
                onProgress?.({
                  phase: 'writing',
                  rows: progress.rowsWritten,
                  total: progress.total ?? null,
                });
              },
            });
            return { rows: written.rows.get(main) ?? 0, bytes: written.bytes };
          } finally {
            signal?.removeEventListener('abort', onAbort);
          }
        },
        close: () => loan?.release(),
      };
    }
    case 'd441': {
      // The workbook `report d441` writes, computed from the archive through its ports when
      // written (one sheet: no rows to count as progress).
      const loan = await deps.borrowArchive(request.connection.id);
      return {
        fileName: d441FileName(target.closing, language, owner),
        async write(path, { signal } = {}) {
          if (!loan)
            throw new AppFailure(
              'invalid_input',
              'This connection has no archive yet: sync it first.',
            );
          const source = { archive: loan.archive, ...deps.beside };
          const table = await d441Of(source, target.closing, {
            ...(target.from ? { from: target.from } : {}),
            now,
          });
          const workbook = d441Workbook(() => table, language, {
            ...computedMeta,
            company: owner.company,
          });
          const written = await writeWorkbook(path, workbook, writeOptions(signal));
          return { rows: 0, bytes: written.bytes };
        },
        close: () => loan?.release(),
      };
    }
    case 'fec': {
      // Computed before the save dialog: the file's legal name needs the company's SIREN, and a
      // company without one is told so before choosing a place.
      const ledger = await ledgerOf(deps, request.connection.id, target.period);
      const total = ledger.entries.reduce((n, entry) => n + entry.lines.length, 0);
      return {
        fileName: fecFileName(ledger.company.siren, target.period.to),
        async write(path, { signal, onProgress } = {}) {
          const written = await writeFec(path, ledger, {
            separator: target.separator,
            encoding: target.encoding,
            ...(signal ? { signal } : {}),
            onProgress: ({ lines }) => onProgress?.({ phase: 'writing', rows: lines, total }),
          });
          return { rows: written.lines, bytes: written.bytes };
        },
        close: () => undefined,
      };
    }
    case 'entries': {
      // Computed when written (read through the ports, then laid out).
      return computedWorkbook(
        entriesFileName(target.period, language, owner),
        ledgerWords(language).fileName,
        target.period,
        async () => {
          const ledger = await ledgerOf(deps, request.connection.id, target.period);
          return entriesWorkbook(language, computedMeta, () => ledger);
        },
      );
    }
    case 'exceptions': {
      const compute = deps.exceptions;
      if (!compute)
        throw new AppFailure('invalid_input', 'This shell cannot compute the exceptions list.');
      return computedWorkbook(
        exceptionsFileName(target.period, language, owner),
        exceptionsTitle(language),
        target.period,
        async () => {
          const list = await compute(request.connection.id, target.period, target.show);
          return exceptionsWorkbook(language, computedMeta, () => list);
        },
      );
    }
  }
}

/** The ledger of a period, or why there is none here. */
async function ledgerOf(
  deps: ExporterDeps,
  connectionId: string,
  period: ReportPeriod,
): Promise<Ledger> {
  if (!deps.ledger)
    throw new AppFailure('invalid_input', 'This shell cannot compute accounting entries.');
  return deps.ledger(connectionId, period);
}

/** What the VAT lines sheet needs of the archived details of those rows, in the same order:
 * five facts the store keeps in columns (not the whole invoice). */
export async function* archivedDetails(
  archive: Pick<ArchiveReads, 'detailVatFacts'>,
  filter: ArchiveFilter,
  sort: ArchiveSort | undefined,
): AsyncGenerator<VatDetails> {
  for await (const batch of archive.detailVatFacts(filter, sort))
    for (const facts of batch) yield vatDetailsOf(facts);
}

/** A detail's VAT facts in the operator's shape, which the sheet's columns read. */
export function vatDetailsOf(facts: DetailVatFacts): VatDetails {
  return {
    invoiceId: facts.invoiceId,
    businessData: {
      invoiceId: facts.number,
      monetary: { invoiceCurrency: facts.currency },
      type: facts.type,
      // The operator's shape of a line (BG-23).
      taxDetails: facts.taxDetails.map((line) => ({
        categoryCode: line.categoryCode as string,
        ...(line.percent !== null ? { percent: line.percent } : {}),
        taxableAmount: { amount: line.taxableAmount as number },
        taxAmount: { amount: line.taxAmount as number },
      })),
    },
  };
}
