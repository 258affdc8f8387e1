// The embedded SQLite archive behind the async ports (../ports.ts): a thin adapter over the
// synchronous ArchiveStore, whose tuned SQL, group commit, FTS5 and trigram search, damage
// handling and checkpoints stay as they are. A promise costs a microtask, not a thread: the
// statements still run on the main thread, as before, and streams hand over BATCH_SIZE rows per
// await (an export of 100,000 invoices: 200 awaits, not 100,000).
import type {
  ArchivePort,
  PartitionCheckpoint,
  PartitionState,
  SavedResponseKind,
  SyncWrites,
  UpsertResult,
  VatWindow,
} from '../ports.ts';
import { ArchiveBusy, BATCH_SIZE } from '../ports.ts';
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import type { KeptPortfolioDetails } from '../ports.ts';
import type { ArchiveStore } from './archive-store.ts';
import type { PartitionRow } from './sync-state.ts';

/** A synchronous iterable handed over in arrays of `size`. */
export async function* inBatches<T>(
  rows: () => Iterable<T>,
  size: number = BATCH_SIZE,
): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for (const row of rows()) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** SQLITE_BUSY or SQLITE_LOCKED (extended codes too): another connection holds the file. */
function isBusy(error: unknown): boolean {
  const code = ((error as { errcode?: number } | null)?.errcode ?? 0) & 0xff;
  return code === 5 || code === 6;
}

/** A partition as the sync state stores it (0/1, snake_case) in the port's words. */
export function partitionState(row: PartitionRow): PartitionState {
  return {
    direction: row.direction,
    state: row.state,
    runId: row.run_id,
    nextOffset: row.next_offset,
    finishedRunId: row.finished_run_id,
    everFinished: row.ever_finished === 1,
    complete: row.complete === 1,
    operatorCount: row.operator_count,
    oldest: row.oldest_date,
    finishedAt: row.finished_at,
  };
}

/** The port's partition as the sync state keys and reads it. */
function partitionRow(p: PartitionState): PartitionRow {
  return {
    direction: p.direction as PartitionRow['direction'],
    state: p.state as PartitionRow['state'],
    run_id: p.runId,
    next_offset: p.nextOffset,
    finished_run_id: p.finishedRunId,
    ever_finished: p.everFinished ? 1 : 0,
    complete: p.complete ? 1 : 0,
    operator_count: p.operatorCount,
    oldest_date: p.oldest,
    finished_at: p.finishedAt,
  };
}

/** One connection's SQLite archive as the ports. */
export class SqliteArchive implements ArchivePort, SyncWrites {
  readonly connectionId: string;
  readonly #store: ArchiveStore;

  constructor(store: ArchiveStore) {
    this.connectionId = store.connectionId;
    this.#store = store;
  }

  // The reads.
  async savedResponse<T = unknown>(kind: SavedResponseKind, key: string) {
    return this.#store.getResponse<T>(kind, key);
  }
  async invoice(invoiceId: string) {
    return this.#store.getInvoice(invoiceId);
  }
  async statusHistory(invoiceId: string) {
    return this.#store.statusHistory(invoiceId);
  }
  async statusesSeenSince(since: string) {
    return this.#store.statusesSeenSince(since);
  }
  async queryInvoices(
    options: { filter?: ArchiveFilter; sort?: ArchiveSort; offset?: number; limit?: number } = {},
  ) {
    return this.#store.queryInvoices(options);
  }
  async totals(filter?: ArchiveFilter) {
    return this.#store.totals(filter);
  }
  invoiceBatches(options: { filter?: ArchiveFilter; sort?: ArchiveSort } = {}) {
    return inBatches(() => this.#store.iterateInvoices(options));
  }
  detailBatches(options: { filter?: ArchiveFilter; sort?: ArchiveSort } = {}) {
    return inBatches(() => this.#store.iterateDetails(options));
  }
  detailVatFacts(filter: ArchiveFilter, sort?: ArchiveSort) {
    return inBatches(() => this.#store.detailVatFacts(filter, sort));
  }
  vatRows(window: VatWindow) {
    return inBatches(() => this.#store.vatRows(window));
  }
  payableRows(asOf: string) {
    return inBatches(() => this.#store.payableRows(asOf));
  }
  payableRowsBetween(from: string, to: string) {
    return inBatches(() => this.#store.payableRowsBetween(from, to));
  }
  datedRows(from: string, to: string) {
    return inBatches(() => this.#store.datedRows(from, to));
  }
  accountingRows(from: string, to: string, alsoIds?: readonly string[]) {
    return inBatches(() => this.#store.accountingRows(from, to, alsoIds));
  }
  ca3Rows(from: string, to: string, deliveryWindowDays: number, alsoIds?: readonly string[]) {
    return inBatches(() => this.#store.ca3Rows(from, to, deliveryWindowDays, alsoIds));
  }
  bankInvoices() {
    return inBatches(() => this.#store.bankInvoices());
  }
  async company() {
    return this.#store.companySiren();
  }
  async portfolioFigures(asOf: string) {
    return this.#store.portfolioFigures(asOf);
  }
  async archiveVersion() {
    return this.#store.archiveVersion();
  }
  async keptPortfolioDetails(month: string) {
    return this.#store.keptPortfolioDetails(month);
  }
  async everyPartitionComplete() {
    return this.#store.everyPartitionComplete();
  }
  async counts() {
    return this.#store.counts();
  }
  async stats() {
    return this.#store.stats();
  }
  async lastSyncAt() {
    return this.#store.lastSyncAt();
  }
  async coverage() {
    return this.#store.coverage();
  }
  async filterRefused() {
    return this.#store.filterRefused();
  }
  async hasUnfinishedSync() {
    return this.#store.hasUnfinishedSync();
  }
  async newestAnswerAt() {
    return this.#store.newestAnswerAt();
  }
  async news(limit: number) {
    return this.#store.news(limit);
  }
  async newsFoundSince(since: string) {
    return this.#store.newsFoundSince(since);
  }

  // The writes outside the sync: each one transaction of the store.
  async saveSearchPage(
    params: { q?: string; offset?: number; limit?: number },
    response: { data: InvoiceSearchItem[]; meta: unknown },
    fetchedAt: string,
  ) {
    return this.#store.saveInvoiceSearchPage(params, response, fetchedAt);
  }
  async saveDetail(invoice: Invoice, fetchedAt: string) {
    return this.#store.saveDetail(invoice, fetchedAt);
  }
  async saveResponse(kind: SavedResponseKind, key: string, response: unknown, fetchedAt: string) {
    this.#store.saveResponse(kind, key, response, fetchedAt);
  }
  async markNewsRead(which: { ids: readonly number[] } | { upToId: number }, at: string) {
    return this.#store.markNewsRead(which, at);
  }
  async keepPortfolioDetails(kept: KeptPortfolioDetails) {
    try {
      this.#store.keepPortfolioDetails(kept);
    } catch (error) {
      throw isBusy(error) ? new ArchiveBusy(this.connectionId, { cause: error }) : error;
    }
  }

  // The sync's writes: a page and its checkpoint in one transaction.
  async beginRun(startedAt: string, details: boolean) {
    return this.#store.transaction(() => this.#store.syncState.beginRun(startedAt, details));
  }
  async finishRun(runId: number, finishedAt: string) {
    this.#store.transaction(() => this.#store.syncState.finishRun(runId, finishedAt));
  }
  async partitions() {
    return this.#store.syncState.partitions().map(partitionState);
  }
  async commitListPage(page: {
    runId: number;
    items: readonly InvoiceSearchItem[];
    fetchedAt: string;
    checkpoint: PartitionCheckpoint;
  }): Promise<UpsertResult> {
    const { checkpoint } = page;
    const state = this.#store.syncState;
    const row = partitionRow(checkpoint.partition);
    const step = {
      runId: page.runId,
      operatorCount: checkpoint.operatorCount,
      oldest: checkpoint.oldest,
    };
    return this.#store.transaction(() => {
      const result = this.#store.upsertSearchItems(page.items, page.fetchedAt, page.runId);
      if ('finished' in checkpoint)
        state.partitionFinished(row, { ...step, ...checkpoint.finished });
      else state.partitionAt(row, checkpoint.nextOffset, step);
      return result;
    });
  }
  async statusTodo(runId: number) {
    return this.#store.syncState.statusTodo(runId);
  }
  async commitStatusPage(page: {
    runId: number;
    items: readonly InvoiceSearchItem[];
    asked: readonly string[];
    fetchedAt: string;
  }) {
    return this.#store.transaction(() => {
      const result = this.#store.upsertSearchItems(page.items, page.fetchedAt, page.runId);
      this.#store.syncState.markStatusRead(page.asked, page.runId);
      return result;
    });
  }
  async detailTodo(runId: number) {
    return this.#store.syncState.detailTodo(runId);
  }
  async commitDetail(invoice: Invoice, fetchedAt: string) {
    return this.#store.saveDetail(invoice, fetchedAt);
  }
  async commitDetailFailed(invoiceId: string, kind: string, runId: number) {
    this.#store.transaction(() => this.#store.syncState.markDetailFailed(invoiceId, kind, runId));
  }
}
