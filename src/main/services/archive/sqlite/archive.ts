// The SQLite store's own synchronous shape (ArchiveStore, archive-store.ts): what the adapter
// (archive-port.ts) wraps into the async ports callers use (../ports.ts). Nothing outside
// services/archive/ names these (tests/unit/main/archive-boundary.test.ts fails if one does).
import type {
  ArchiveRow,
  ArchiveStats,
  ArchiveTotals,
  PartitionCoverage,
  SeenStatus,
  UnfilteredListCoverage,
} from '#shared/archive.ts';
import type { PortfolioFigures } from '#shared/portfolio.ts';
import type { NewsCounts, NewsList } from '#shared/news.ts';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import type { ArchiveFilter, ArchiveSort } from './archive-query.ts';
import type {
  AccountingRow,
  ArchivedInvoice,
  DetailVatFacts,
  KeptPortfolioDetails,
  PayableRow,
  RowWithFacts,
  SavedResponseKind,
  UpsertResult,
  VatWindow,
} from '../ports.ts';
import type { PayableInvoice } from '#shared/payable.ts';
import type { PartitionRow, PartitionStep } from './sync-state.ts';

/** The reads: the screens, the reports, the exports and the CLI ask these by name. Iterators
 * stream (an export of 100,000 invoices never holds them all). */
export interface ArchiveReader {
  readonly connectionId: string;
  getResponse<T = unknown>(
    kind: SavedResponseKind,
    key: string,
  ): { response: T; fetchedAt: string } | null;
  getInvoice(invoiceId: string): ArchivedInvoice | null;
  statusHistory(invoiceId: string): SeenStatus[];
  statusesSeenSince(since: string): (SeenStatus & { invoiceId: string })[];
  queryInvoices(options?: {
    filter?: ArchiveFilter;
    sort?: ArchiveSort;
    offset?: number;
    limit?: number;
  }): { rows: ArchiveRow[]; total: number };
  totals(filter?: ArchiveFilter): ArchiveTotals;
  iterateInvoices(options?: { filter?: ArchiveFilter; sort?: ArchiveSort }): Iterable<ArchiveRow>;
  iterateDetails(options?: {
    filter?: ArchiveFilter;
    sort?: ArchiveSort;
  }): Iterable<ArchivedInvoice>;
  /** The VAT facts of the archived details matching `filter` (an export's VAT sheet). */
  detailVatFacts(filter: ArchiveFilter, sort?: ArchiveSort): Iterable<DetailVatFacts>;
  /** The reports' candidates (report-rows.ts says which rows and facts). */
  vatRows(window: VatWindow): Iterable<RowWithFacts>;
  payableRows(asOf: string): Iterable<PayableRow>;
  /** The same facts for the invoices dated in [from, to] (the exceptions list of a period). */
  payableRowsBetween(from: string, to: string): Iterable<PayableRow>;
  datedRows(from: string, to: string): Iterable<ArchiveRow>;
  /** The journal entries' invoices: dated in [from, to], or whose last status 212 is dated
   * around it (their VAT on payment moves that day), with the facts of their details. */
  accountingRows(from: string, to: string, alsoIds?: readonly string[]): Iterable<AccountingRow>;
  /** Every invoice bank matching may pay (issue 29), with its payment facts. */
  bankInvoices(): Iterable<PayableInvoice>;
  /** The company's SIREN (most frequent seller of issued invoices, else buyer of received
   * ones) and name, or null when no invoice names one. */
  companySiren(): { siren: string; name: string | null } | null;
  /** The portfolio's figures on `asOf` (YYYY-MM-DD), from the counts the sync keeps
   * current (schema step 9): never a scan of the invoices. */
  portfolioFigures(asOf: string): PortfolioFigures;
  /** How many writes changed what the ledger and the CA3 draft read (schema step 11). */
  archiveVersion(): number | null;
  /** The portfolio's details kept for a month (YYYY-MM) and what they rest on. */
  keptPortfolioDetails(month: string): KeptPortfolioDetails | null;
  /** Every partition read to its end (the coverage's `complete` of all, without counts). */
  everyPartitionComplete(): boolean;
  /** Invoices archived, and how many with their full business data. */
  counts(): { invoices: number; details: number };
  stats(): ArchiveStats;
  lastSyncAt(): string | null;
  /** How far each partition (direction × state) reaches, as the syncs left it. */
  coverage(): PartitionCoverage[];
  /** The unfiltered list's coverage when the operator refused the state/direction filter. */
  filterRefused(): UnfilteredListCoverage | null;
  /** A sync stopped before its end: the next one resumes it. */
  hasUnfinishedSync(): boolean;
  /** The newest answer saved by a sync or written through from a live call. */
  newestAnswerAt(): string | null;
  /** The unread news (Nouveautés, schema step 10), newest first, at most `limit`, grouped by
   * the sync that found them. */
  news(limit: number): Omit<NewsList, 'connectionId'>;
  /** What the syncs recorded since `since` (ISO), per kind. */
  newsFoundSince(since: string): NewsCounts;
}

/** The writes: the sync's, and the live calls' write-through. */
export interface ArchiveWriter {
  /** Runs `fn` in one write transaction (nested calls join the outer one). */
  transaction<T>(fn: () => T): T;
  /** Keeps the portfolio's details of a month; the archive's version stays as it was. */
  keepPortfolioDetails(kept: KeptPortfolioDetails): void;
  upsertSearchItems(
    items: readonly InvoiceSearchItem[],
    fetchedAt: string,
    statusRunId?: number,
  ): UpsertResult;
  saveInvoiceSearchPage(
    params: { q?: string; offset?: number; limit?: number },
    response: { data: InvoiceSearchItem[]; meta: unknown },
    fetchedAt?: string,
  ): UpsertResult;
  saveDetail(invoice: Invoice, fetchedAt?: string): boolean;
  saveResponse(kind: SavedResponseKind, key: string, response: unknown, fetchedAt?: string): void;
  /** Marks news read (those ids, or every one up to `upToId`): the accountant's reading. */
  markNewsRead(which: { ids: readonly number[] } | { upToId: number }, at?: string): number;
}

/** The sync's runs, partitions and checkpoints (sync-state.ts): written in the same
 * transaction as the invoices they describe. */
export interface SyncStateRepository {
  lastSyncAt(): string | null;
  hasUnfinishedRun(): boolean;
  beginRun(startedAt: string, details: boolean): { runId: number; resumed: boolean };
  finishRun(runId: number, finishedAt: string): void;
  partitions(): PartitionRow[];
  unfilteredList(): PartitionRow;
  dropUnfilteredList(): void;
  partitionAt(p: PartitionRow, nextOffset: number, step: PartitionStep): void;
  partitionFinished(
    p: PartitionRow,
    step: PartitionStep & { complete: boolean; finishedAt: string },
  ): void;
  countStatusTodo(runId: number): number;
  statusTodo(runId: number): string[];
  markStatusRead(ids: readonly string[], runId: number): void;
  countDetailTodo(runId: number): number;
  detailTodo(runId: number): string[];
  markDetailFailed(invoiceId: string, kind: string, runId: number): void;
  coverage(): PartitionCoverage[];
  filterRefused(): UnfilteredListCoverage | null;
}
