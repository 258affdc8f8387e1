// The archive's boundary (issue 28): what every caller outside this folder asks of a
// connection's archive, and what the sync writes to it. Async, so that a store answering over a
// network (the firm's shared archive on PostgreSQL, a later issue) implements the same
// interfaces as the embedded SQLite one (sqlite/); streams come as batches (AsyncIterable of
// arrays: one await per batch, never one per row). Typed in the domain's words: booleans,
// camelCase, dates as ISO text, amounts in cents. No SQL type, database handle or file path
// crosses them. The contract suite (tests/integration/main/services/archive/contract/) runs the
// same tests on every implementation.
import type {
  ArchiveFilter,
  ArchiveRow,
  ArchiveSort,
  ArchiveStats,
  ArchiveTotals,
  PartitionCoverage,
  SeenStatus,
  UnfilteredListCoverage,
} from '#shared/archive.ts';
import type { Direction, InvoiceState } from '#shared/operator/enums.ts';
import type { NewsCounts, NewsList } from '#shared/news.ts';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import type { PortfolioFigures } from '#shared/portfolio.ts';
import type { PayableInvoice } from '#shared/payable.ts';
import type { VatPayment } from '#shared/reports.ts';
import type { InvoiceFacts, VatLine } from './invoice-facts.ts';

// The shared archive shapes the ports speak in: their implementations name them from here.
export type * from '#shared/archive.ts';

/** Rows a stream hands over at once: few awaits, and never the whole archive in memory. */
export const BATCH_SIZE = 500;

/** A page of the archive screen (queryInvoices): 100 rows from the first by default, checked
 * alike on every store. */
export function pageBounds(options: { offset?: number; limit?: number }): {
  offset: number;
  limit: number;
} {
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 100;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new RangeError('offset must be an integer >= 0');
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 10_000)
    throw new RangeError('limit must be an integer from 1 to 10000');
  return { offset, limit };
}

/** What a saved live answer was (the table is still named cached_responses, from schema step 1:
 * a table is not renamed for a word). */
export type SavedResponseKind = 'invoice_search' | 'directory' | 'participants' | 'webhooks';

export interface ArchivedInvoice {
  row: ArchiveRow;
  /** The operator's search item as last read (with business data when it was expanded). */
  searchItem: InvoiceSearchItem;
  /** The full invoice (GET /v1/invoice/{id}) when fetched, else null. */
  detail: Invoice | null;
}

export interface UpsertResult {
  added: number;
  updated: number;
  unchanged: number;
  /** Ids already archived with the same state and lifecycle before this write. */
  unchangedIds: string[];
}

/** A row and the one extra value its read carries (the VAT facts of its detail, a payment
 * fact). */
export interface RowWith<T> {
  row: ArchiveRow;
  extra: T;
}

/** A row and its facts (invoice-facts.ts, extracted when written): null when its details are
 * not archived. */
export interface RowWithFacts {
  row: ArchiveRow;
  facts: InvoiceFacts | null;
}

/** A row and what is left to pay on it (BT-115: the details' when archived, else the
 * search's), as the operator wrote it. */
export interface PayableRow {
  row: ArchiveRow;
  payableAmount: number | null;
  /** The number of the invoice it credits (BT-25; invoice-facts.ts creditedNumber), when it
   * names one: what the aged balance reads of a credit note. */
  creditedNumber: string | null;
}

/** What the VAT lines sheet of an export needs of a detail. */
export interface DetailVatFacts {
  invoiceId: string;
  /** BT-1 */
  number: string;
  currency: string;
  taxDetails: VatLine[];
  type: string | null;
}

/** One VAT breakdown line (BG-23) as the operator wrote it. */
export interface AccountingBreakdown {
  categoryCode?: string | null;
  percent?: number | null;
  taxableAmount?: { amount?: unknown } | null;
  taxAmount?: { amount?: unknown } | null;
}

/** What the entries read of an invoice's details, besides its archive row (names, SIRENs and
 * VAT numbers of both parties are columns of the row already). Amounts as the operator wrote
 * them (numbers with up to 2 decimals): toCents turns them into cents. */
export interface AccountingFacts {
  processType: string | null;
  /** BT-8: taxPaymentOption.code and .iopCode. */
  taxPaymentCode: number | null;
  taxPaymentIop: string | null;
  currency: string | null;
  /** BT-112 TTC, BT-109 HT, BT-110 TVA, BT-111 TVA in the accounting currency (euros). */
  invoiceAmount: number | null;
  taxBasisTotal: number | null;
  taxTotal: number | null;
  taxTotalAccounting: number | null | undefined;
  taxDetails: readonly AccountingBreakdown[];
  sellerCountry: string | null;
  buyerCountry: string | null;
  /** BT-19, the buyer's accounting reference. */
  accountingCostId: string | null;
}

export interface AccountingRow {
  row: ArchiveRow;
  /** Null when the invoice's details are not archived. */
  facts: AccountingFacts | null;
  /** The day it was paid for VAT on payment, resolved with the accountant's marks
   * (tax/vat-due.ts paymentDay); absent: the row's 212 status alone. */
  payment?: VatPayment | null;
}

/** A CA3 candidate: its entries' facts, and its delivery date (BT-72: VAT due on delivery). */
export interface Ca3Row extends AccountingRow {
  deliveryDate: string | null;
}

/** The month's portfolio details as kept, with what they were computed from. */
export interface KeptPortfolioDetails {
  month: string;
  archiveVersion: number;
  userStamp: string;
  toMap: number;
  vatCents: number;
  /** The échéancier's past due on the day the user stamp names (schema step 13). */
  pastDue: number;
}

/** The company an archive belongs to: the most frequent seller of its issued invoices, else
 * buyer of its received ones. */
export interface ArchiveCompany {
  siren: string;
  name: string | null;
}

/** The window of a VAT report's candidates (reports/source.ts says why each bound). */
export interface VatWindow {
  from: string;
  to: string;
  collectedSince: string;
  datedFrom: string;
  datedTo: string;
  /** The delivery days looked for start here (default `from`). */
  deliveredFrom?: string;
  /** Invoices read whatever their dates (marked paid in the period: VAT on payment). */
  alsoIds?: readonly string[];
}

/** The reads: the screens, the reports, the ledger, the exports, the bank, the portfolio and
 * the CLI ask these by name. */
export interface ArchiveReads {
  readonly connectionId: string;
  /** A live answer saved by write-through (offline reading), or null. */
  savedResponse<T = unknown>(
    kind: SavedResponseKind,
    key: string,
  ): Promise<{ response: T; fetchedAt: string } | null>;
  invoice(invoiceId: string): Promise<ArchivedInvoice | null>;
  statusHistory(invoiceId: string): Promise<SeenStatus[]>;
  statusesSeenSince(since: string): Promise<(SeenStatus & { invoiceId: string })[]>;
  /** One page of the archive screen, and how many rows match. */
  queryInvoices(options?: {
    filter?: ArchiveFilter;
    sort?: ArchiveSort;
    offset?: number;
    limit?: number;
  }): Promise<{ rows: ArchiveRow[]; total: number }>;
  totals(filter?: ArchiveFilter): Promise<ArchiveTotals>;
  /** Every matching row, in `sort` order (an export of 100,000 invoices never holds them all). */
  invoiceBatches(options?: {
    filter?: ArchiveFilter;
    sort?: ArchiveSort;
  }): AsyncIterable<ArchiveRow[]>;
  /** The same rows with their search item and detail. */
  detailBatches(options?: {
    filter?: ArchiveFilter;
    sort?: ArchiveSort;
  }): AsyncIterable<ArchivedInvoice[]>;
  /** The VAT facts of the archived details matching `filter` (an export's VAT sheet). */
  detailVatFacts(filter: ArchiveFilter, sort?: ArchiveSort): AsyncIterable<DetailVatFacts[]>;
  /** The VAT report's candidates, each with the facts of its detail (null without one). */
  vatRows(window: VatWindow): AsyncIterable<RowWithFacts[]>;
  /** The invoices unpaid on `asOf`, with their payment facts. */
  payableRows(asOf: string): AsyncIterable<PayableRow[]>;
  /** The same facts for the invoices dated in [from, to] (the exceptions list of a period). */
  payableRowsBetween(from: string, to: string): AsyncIterable<PayableRow[]>;
  /** The invoices dated in [from, to], and the undated ones. */
  datedRows(from: string, to: string): AsyncIterable<ArchiveRow[]>;
  /** The journal entries' invoices: dated in [from, to], or whose last status 212 is dated
   * around it, with the facts of their details. */
  accountingRows(
    from: string,
    to: string,
    alsoIds?: readonly string[],
  ): AsyncIterable<AccountingRow[]>;
  /** A period's VAT return's invoices (accountingRows, and those delivered in it). */
  ca3Rows(
    from: string,
    to: string,
    deliveryWindowDays: number,
    alsoIds?: readonly string[],
  ): AsyncIterable<Ca3Row[]>;
  /** Every invoice bank matching may pay, with its payment facts. */
  bankInvoices(): AsyncIterable<PayableInvoice[]>;
  /** The company the archive belongs to, or null when no invoice names one. */
  company(): Promise<ArchiveCompany | null>;
  /** The portfolio's figures on `asOf` (YYYY-MM-DD), from the counts the sync keeps. */
  portfolioFigures(asOf: string): Promise<PortfolioFigures>;
  /** How many writes changed what the ledger and the CA3 draft read; null for an archive kept
   * at an older schema. */
  archiveVersion(): Promise<number | null>;
  keptPortfolioDetails(month: string): Promise<KeptPortfolioDetails | null>;
  /** Every partition read to its end. */
  everyPartitionComplete(): Promise<boolean>;
  /** Invoices archived, and how many with their full business data. */
  counts(): Promise<{ invoices: number; details: number }>;
  stats(): Promise<ArchiveStats>;
  lastSyncAt(): Promise<string | null>;
  /** How far each partition (direction × state) reaches, as the syncs left it. */
  coverage(): Promise<PartitionCoverage[]>;
  /** The unfiltered list's coverage when the operator refused the state/direction filter. */
  filterRefused(): Promise<UnfilteredListCoverage | null>;
  /** A sync stopped before its end: the next one resumes it. */
  hasUnfinishedSync(): Promise<boolean>;
  /** The newest answer saved by a sync or written through from a live call. */
  newestAnswerAt(): Promise<string | null>;
  /** The unread news, newest first, at most `limit`, grouped by the sync that found them. */
  news(limit: number): Promise<Omit<NewsList, 'connectionId'>>;
  /** What the syncs recorded since `since` (ISO), per kind. */
  newsFoundSince(since: string): Promise<NewsCounts>;
}

/** A write found the archive held by another writer (another process's sync) past the wait:
 * nothing was written, and the same write may succeed later. Each implementation turns its own
 * codes into it (SQLite: SQLITE_BUSY, SQLITE_LOCKED), so that no caller decodes a database's. */
export class ArchiveBusy extends Error {
  readonly connectionId: string;

  constructor(connectionId: string, options?: { cause?: unknown }) {
    super(`The archive of ${connectionId} is busy with another writer.`, options);
    this.name = 'ArchiveBusy';
    this.connectionId = connectionId;
  }
}

/** The writes outside the sync: the live calls' write-through, the reading of news, the
 * portfolio's kept details. Each is one transaction. */
export interface ArchiveWrites {
  saveSearchPage(
    params: { q?: string; offset?: number; limit?: number },
    response: { data: InvoiceSearchItem[]; meta: unknown },
    fetchedAt: string,
  ): Promise<UpsertResult>;
  /** True when the detail changed what was archived. */
  saveDetail(invoice: Invoice, fetchedAt: string): Promise<boolean>;
  saveResponse(
    kind: SavedResponseKind,
    key: string,
    response: unknown,
    fetchedAt: string,
  ): Promise<void>;
  /** Marks news read (those ids, or every one up to `upToId`); how many were marked. */
  markNewsRead(which: { ids: readonly number[] } | { upToId: number }, at: string): Promise<number>;
  /** Keeps the portfolio's details of a month; the archive's version stays as it was. Rejects
   * with ArchiveBusy when another writer holds the archive past the wait. */
  keepPortfolioDetails(kept: KeptPortfolioDetails): Promise<void>;
}

/** One connection's archive, as callers hold it. */
export interface ArchivePort extends ArchiveReads, ArchiveWrites {}

/** Where one partition's list (direction × state; '*' both for the unfiltered list) stands. */
export interface PartitionState {
  direction: Direction | '*';
  state: InvoiceState | '*';
  /** The run that last wrote a page of it, and the offset it goes on from. */
  runId: number | null;
  nextOffset: number | null;
  finishedRunId: number | null;
  everFinished: boolean;
  complete: boolean;
  operatorCount: number | null;
  oldest: string | null;
  finishedAt: string | null;
}

/** How a partition's list ends: read to its end (complete) or cut (the window, or known
 * invoices), and when. */
export interface PartitionEnd {
  complete: boolean;
  finishedAt: string;
}

/** Where a partition's list stands once a page is written: at `nextOffset`, or finished. With
 * `caughtUp` (a partition read through by an earlier run), the page finishes it instead when it
 * holds an invoice archived before and unchanged: what follows was read before. The store
 * decides so in the page's own transaction, from its upsert (finishedBy). */
export type PartitionCheckpoint =
  | {
      partition: PartitionState;
      nextOffset: number;
      operatorCount: number;
      oldest: string | null;
      caughtUp?: PartitionEnd;
    }
  | {
      partition: PartitionState;
      finished: { complete: boolean; finishedAt: string };
      operatorCount: number;
      oldest: string | null;
    };

/** A list page of a run, and where its partition stands after it. */
export interface ListPage {
  runId: number;
  items: readonly InvoiceSearchItem[];
  fetchedAt: string;
  checkpoint: PartitionCheckpoint;
  /** The page as SyncWrites.stagePage kept it: its write takes it out of the staged pages. */
  staged?: number;
}

/** A status page of a run, and the ids it asked (listed by the operator or not). */
export interface StatusPage {
  runId: number;
  items: readonly InvoiceSearchItem[];
  asked: readonly string[];
  fetchedAt: string;
  /** As ListPage's. */
  staged?: number;
}

/** An answered page kept before its write (SyncWrites.stagePage). */
export type StagedPage = { kind: 'list'; page: ListPage } | { kind: 'status'; page: StatusPage };

/** How a list page's checkpoint ends its partition once the page's upsert is known, or null
 * when the partition goes on at its `nextOffset`. */
export function finishedBy(
  checkpoint: PartitionCheckpoint,
  result: UpsertResult,
): PartitionEnd | null {
  if ('finished' in checkpoint) return checkpoint.finished;
  return checkpoint.caughtUp !== undefined && result.unchanged > 0 ? checkpoint.caughtUp : null;
}

/** What the sync writes: each page together with its checkpoint, in one call (after a kill
 * the next sync goes on from the last page written, never past one lost). A store may gather
 * the pages that arrive together into one transaction (SQLite's group commit): a call resolves
 * once its page is committed. */
export interface SyncWrites extends Pick<
  ArchiveReads,
  'connectionId' | 'coverage' | 'filterRefused'
> {
  /** Runs a sync's series of writes; a store may tune itself for them meanwhile (SQLite defers
   * its WAL checkpoint to the end). */
  duringSync<T>(work: () => Promise<T>): Promise<T>;
  /** Goes on with an unfinished run, else starts one. */
  beginRun(startedAt: string, details: boolean): Promise<{ runId: number; resumed: boolean }>;
  finishRun(runId: number, finishedAt: string): Promise<void>;
  partitions(): Promise<PartitionState[]>;
  /** The unfiltered list's partition, made if absent (the operator refused the filter). */
  unfilteredList(): Promise<PartitionState>;
  /** The operator filters again: the partitions tell the coverage. */
  dropUnfilteredList(): Promise<void>;
  /** How many invoices this run still has to read the status of (an estimate's count). */
  countStatusTodo(runId: number): Promise<number>;
  /** How many invoices this run still has to fetch the detail of. */
  countDetailTodo(runId: number): Promise<number>;
  /** A list page and where its partition stands after it. */
  commitListPage(page: ListPage): Promise<UpsertResult>;
  /** The invoices whose status this run still has to read. */
  statusTodo(runId: number): Promise<string[]>;
  /** A status page, the ids asked marked read in this run (listed or not). */
  commitStatusPage(page: StatusPage): Promise<UpsertResult>;
  /** The invoices whose detail this run still has to fetch. */
  detailTodo(runId: number): Promise<string[]>;
  commitDetail(invoice: Invoice, fetchedAt: string): Promise<boolean>;
  /** A detail the operator refused (per invoice): not asked again in this run. */
  commitDetailFailed(invoiceId: string, kind: string, runId: number): Promise<void>;
  /** Keeps an answered page, as it is, in one quick write before its own (the firm's store):
   * its id for the commit that takes it out. A sync that stages its pages may ask the next
   * one while the previous one's write is under way, and still leave a killed run no more to
   * ask again than the pages it had asked and not staged: the run's next beginRun writes the
   * staged ones first. Absent: the store has no such pages (SQLite's writes are quick). */
  stagePage?(staged: StagedPage): Promise<number>;
}

/** One connection's row of the portfolio, as the archive knows it. */
export interface PortfolioEntry {
  figures: PortfolioFigures;
  lastSyncAt: string | null;
  everyPartitionComplete: boolean;
  hasUnfinishedSync: boolean;
}

/** The archives of every connection: the app's registry hands out ports, never a store. */
export interface ArchivesPort {
  /** The connection's archive, created on first use (write-through, sync). */
  open(connectionId: string): Promise<ArchivePort>;
  /** What the sync writes to the connection's archive (created on first use). */
  syncWrites(connectionId: string): Promise<SyncWrites>;
  /** The connection's archive if it has one; never creates one (reads). */
  existing(connectionId: string): Promise<ArchivePort | null>;
  /** Runs `read` on the connection's archive and leaves nothing open after it; null when the
   * connection has no archive. */
  read<T>(connectionId: string, read: (archive: ArchivePort) => Promise<T>): Promise<T | null>;
  /** The portfolio's figures of many connections in one call (a store may answer them in one
   * query): per connection, its entry, null without an archive, or what went wrong. */
  portfolio(
    connectionIds: readonly string[],
    asOf: string,
  ): Promise<Map<string, PortfolioEntry | null | Error>>;
}
