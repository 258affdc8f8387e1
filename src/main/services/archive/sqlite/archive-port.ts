// The embedded SQLite archive behind the async ports (../ports.ts): a thin adapter over the
// synchronous ArchiveStore, whose tuned SQL, group commit, FTS5 and trigram search, damage
// handling and checkpoints stay as they are. A promise costs a microtask, not a thread: the
// statements still run on the main thread, as before, and streams hand over BATCH_SIZE rows per
// await (an export of 100,000 invoices: 200 awaits, not 100,000).
import type {
  ArchivePort,
  ListPage,
  StatusPage,
  SavedResponseKind,
  SyncWrites,
  UpsertResult,
  VatWindow,
} from '../ports.ts';
import { ArchiveBusy, BATCH_SIZE, finishedBy } from '../ports.ts';
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import type { KeptPortfolioDetails } from '../ports.ts';
import type { ArchiveStore } from './archive-store.ts';
import { GroupCommit } from './group-commit.ts';
import { partitionState } from './sync-state.ts';

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

/** One connection's SQLite archive as the ports. */
export class SqliteArchive implements ArchivePort, SyncWrites {
  readonly connectionId: string;
  readonly #store: ArchiveStore;
  /** The sync's pages that arrive together share one transaction (group-commit.ts). */
  readonly #commits: GroupCommit;

  constructor(store: ArchiveStore) {
    this.connectionId = store.connectionId;
    this.#store = store;
    this.#commits = new GroupCommit(store);
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

  // The sync's writes: a page and its checkpoint in one transaction, the pages that arrive
  // together in the same one (group commit).
  duringSync<T>(work: () => Promise<T>): Promise<T> {
    return this.#store.duringSync(work);
  }
  async beginRun(startedAt: string, details: boolean) {
    return this.#store.transaction(() => this.#store.syncState.beginRun(startedAt, details));
  }
  async finishRun(runId: number, finishedAt: string) {
    this.#store.transaction(() => this.#store.syncState.finishRun(runId, finishedAt));
    this.#store.optimize(); // the archive may have grown much: fresh planner statistics
  }
  async partitions() {
    return this.#store.syncState.partitions().map(partitionState);
  }
  async unfilteredList() {
    return partitionState(this.#store.transaction(() => this.#store.syncState.unfilteredList()));
  }
  async dropUnfilteredList() {
    this.#store.transaction(() => this.#store.syncState.dropUnfilteredList());
  }
  async countStatusTodo(runId: number) {
    return this.#store.syncState.countStatusTodo(runId);
  }
  async countDetailTodo(runId: number) {
    return this.#store.syncState.countDetailTodo(runId);
  }
  commitListPage(page: ListPage): Promise<UpsertResult> {
    const { checkpoint } = page;
    const state = this.#store.syncState;
    const step = {
      runId: page.runId,
      operatorCount: checkpoint.operatorCount,
      oldest: checkpoint.oldest,
    };
    return this.#commits.run(() => {
      const result = this.#store.upsertSearchItems(page.items, page.fetchedAt, page.runId);
      const finished = finishedBy(checkpoint, result);
      if (finished) state.partitionFinished(checkpoint.partition, { ...step, ...finished });
      else if ('nextOffset' in checkpoint)
        state.partitionAt(checkpoint.partition, checkpoint.nextOffset, step);
      return result;
    });
  }
  async statusTodo(runId: number) {
    return this.#store.syncState.statusTodo(runId);
  }
  commitStatusPage(page: StatusPage) {
    return this.#commits.run(() => {
      const result = this.#store.upsertSearchItems(page.items, page.fetchedAt, page.runId);
      // Ids the operator no longer lists are marked too: asked once per run.
      this.#store.syncState.markStatusRead(page.asked, page.runId);
      return result;
    });
  }
  async detailTodo(runId: number) {
    return this.#store.syncState.detailTodo(runId);
  }
  commitDetail(invoice: Invoice, fetchedAt: string) {
    return this.#commits.run(() => this.#store.saveDetail(invoice, fetchedAt));
  }
  commitDetailFailed(invoiceId: string, kind: string, runId: number) {
    return this.#commits.run(() => this.#store.syncState.markDetailFailed(invoiceId, kind, runId));
  }
}
