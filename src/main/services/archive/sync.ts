// The sync: fills one connection's archive from the operator in three phases, each resumable.
//
// 1. Lists. The operator's search has no sort parameter; it answers in creation date descending
//    order, then invoice id (the demo operator sorts its records so, see
//    src/main/demo-operator/data/records.ts), i.e. newest first. It shows at most offset 1000 + limit
//    200 = 1,200 rows of one query, so the lists are read per partition, direction × state
//    (22 queries, q built by buildInvoiceQuery), each page by page. A partition that finished an
//    earlier run stops at the first page holding an invoice already archived and unchanged (same
//    state and lifecycle): what follows was read before. Coverage per partition: complete (the
//    operator listed no more) or cut by the window, and the oldest creation date reached.
//    An operator that refuses `invoice.state` / `invoice.direction` in q (some deployments answer
//    400) gets one unfiltered list instead, newest first: it shows the newest 1,200 invoices,
//    and the coverage says so (UnfilteredListCoverage).
// 2. Status. Invoices whose lifecycle is not final are re-read STATUS_BATCH_SIZE at a time, in
//    one search whose q is an OR of their ids.
// 3. Details. GET /v1/invoice/{id} for every archived invoice without its full business data,
//    newest first.
// Checkpoints (a partition's next page, an invoice's status-run mark, its stored detail) are
// written in the same transaction as the data they describe: after a kill the next sync goes on
// with the same run and asks nothing again that was committed.
import { buildInvoiceQuery, quoteValue } from '#shared/query/invoice-query.ts';
import {
  DIRECTIONS,
  INVOICE_STATES,
  type Direction,
  type InvoiceState,
} from '#shared/operator/enums.ts';
import type {
  PartitionCoverage,
  SyncPhase,
  SyncProgress,
  SyncSummary,
  UnfilteredListCoverage,
} from '#shared/archive.ts';
import type { Invoice, InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import type {
  ListPage,
  PartitionCheckpoint,
  PartitionState,
  StatusPage,
  SyncWrites,
  UpsertResult,
} from './ports.ts';
import { finishedBy } from './ports.ts';
import {
  OFFSET_MAX,
  PAGE_LIMIT,
  WINDOW,
  isUnfiltered,
  unfilteredCoverage,
} from './sqlite/sync-state.ts';
import type { RequestPacer } from '../operator/operator-client.ts';
import { RequestBudget, Slots, runPool } from './pace.ts';
import { systemClock } from '../clock.ts';

/** What the sync needs of OperatorClient (src/main/services/operator/operator-client.ts). Each
 * call gets the sync's pacer: the client waits for it before every attempt (retries too) and
 * tells it of a 429, instead of pausing every other call of the client. */
export interface SyncOperator {
  searchInvoices(
    params: {
      q?: string;
      expand?: ('businessData' | 'lastStatusData')[];
      offset?: number;
      limit?: number;
    },
    signal?: AbortSignal,
    pacer?: RequestPacer,
  ): Promise<InvoiceSearchResponse>;
  getInvoice(invoiceId: string, signal?: AbortSignal, pacer?: RequestPacer): Promise<Invoice>;
}

export { OFFSET_MAX, PAGE_LIMIT, WINDOW };
export { emptyCoverage } from './sqlite/sync-state.ts';

/**
 * Ids per status batch. The spec bounds neither q's length nor its terms; the demo operator
 * refuses a q longer than 4,000 characters (MAX_QUERY_LENGTH in src/main/demo-operator/query.ts; OR
 * chains are not nested, so its depth limit of 32 does not apply). One term,
 * `invoice.invoiceId:"<uuid>"`, is 56 characters, joined by " OR " (4): 66 terms make 3,956
 * characters, 67 make 4,016. 66 also stays under the page limit (200), so one page answers a
 * batch, and the URL (about 4,700 characters encoded) under the usual 8 KB limit.
 */
export const STATUS_BATCH_SIZE = 66;

/** Details asked at once at most, whatever the latency. */
export const MAX_DETAIL_LANES = 32;

export function statusBatchQuery(invoiceIds: readonly string[]): string {
  return invoiceIds.map((id) => `invoice.invoiceId:${quoteValue(id)}`).join(' OR ');
}

export function partitionQuery(direction: Direction, state: InvoiceState): string {
  return buildInvoiceQuery({ direction, states: [state] });
}

/** The operator refused a partition's q: a 400 to a query the spec allows (state, direction). */
function isFilterRefused(error: unknown): boolean {
  const e = error as { kind?: unknown; status?: unknown } | null;
  return e?.kind === 'invalid_input' && e.status === 400;
}

export type { PartitionCoverage, SyncPhase, SyncProgress, SyncSummary, UnfilteredListCoverage };

export interface SyncOptions {
  client: SyncOperator;
  /** The connection's archive as the sync writes it (ArchivesPort.syncWrites): each page with
   * its checkpoint in one call, whichever store keeps it. */
  archive: SyncWrites;
  /** Shared budget (editable while it runs); default a new one of `requestsPerMinute`. */
  budget?: RequestBudget;
  /** Default 3,600 (the real operator's documented limit). */
  requestsPerMinute?: number;
  /** Requests in flight at once (list pages: fetched and not yet committed), default 8. The
   * details, without it, get as many as keep the budget busy at the latency seen (at most
   * MAX_DETAIL_LANES): at 100 ms a round trip, 60 requests a second need about 8 on their way. */
  concurrency?: number;
  /** List and status pages asked and not yet written at once, default `concurrency`. They are
   * all that a sync killed mid-run leaves the next one to ask again: the firm's sync owner keeps
   * one (firm-sync.ts), so that a workstation taking over reads at most one page again. */
  pagesInFlight?: number;
  /** Fetch full invoices (phase 3), default true. */
  details?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  now?: () => Date;
}

interface AskedPage {
  page: Promise<InvoiceSearchResponse>;
  release: () => void;
}

function isCancelled(error: unknown, signal: AbortSignal | undefined): boolean {
  return (
    signal?.aborted === true ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { kind?: unknown }).kind === 'cancelled')
  );
}

/** Errors of one invoice's details that must not stop the sync (recorded on the invoice). */
function isPerInvoiceError(error: unknown): boolean {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return (
    kind === 'not_found' ||
    kind === 'invalid_response' ||
    kind === 'invalid_input' ||
    kind === 'server'
  );
}

function minDate(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

export async function runSync(options: SyncOptions): Promise<SyncSummary> {
  return options.archive.duringSync(() => runPhases(options));
}

async function runPhases(options: SyncOptions): Promise<SyncSummary> {
  const { client, archive, signal } = options;
  const now = options.now ?? systemClock.now;
  const budget = options.budget ?? new RequestBudget(options.requestsPerMinute);
  const concurrency = Math.max(1, Math.min(16, Math.floor(options.concurrency ?? 8)));
  const wantDetails = options.details ?? true;
  const startedMs = Date.now(); // Date.now() here measures the pace, real time; dates use now()
  const pagesInFlight = Math.max(1, Math.min(concurrency, options.pagesInFlight ?? concurrency));
  const listSlots = new Slots(pagesInFlight);
  // Fewer pages in flight than requests (the firm's owner): each answer is kept first (one
  // quick write, SyncWrites.stagePage) and the next page asked while its own write runs. A
  // page is then "asked and not written" only from its request to its staging, so a kill
  // still leaves at most `pagesInFlight` to ask again; the staged ones are written by the
  // next beginRun. Pages are still written in order, at most one behind.
  const stage = pagesInFlight < concurrency ? archive.stagePage?.bind(archive) : undefined;
  // Round-trip time of the requests (smoothed), to size the details' lanes.
  let roundTripMs: number | null = null;
  // A page's write (smoothed): a detail's lane writes it before its next request, so a slower
  // store (a firm's server, a loaded machine) needs more lanes to keep the budget busy.
  let writeMs = 0;
  const timed = async <T>(write: Promise<T>): Promise<T> => {
    const startedAt = performance.now();
    try {
      return await write;
    } finally {
      writeMs = writeMs * 0.8 + (performance.now() - startedAt) * 0.2;
    }
  };
  const detailLanes = (): number => {
    if (options.concurrency !== undefined || roundTripMs === null) return concurrency;
    // Half again as many as the budget keeps busy at that round trip and write: room for a
    // slower answer.
    const cycleMs = roundTripMs + writeMs;
    const needed = Math.ceil((budget.currentPerMinute / 60) * (cycleMs / 1000) * 1.5) + 2;
    return Math.max(concurrency, Math.min(MAX_DETAIL_LANES, needed));
  };

  // The run: go on with an unfinished one, else start a new one.
  const { runId, resumed } = await archive.beginRun(now().toISOString(), wantDetails);

  // The coverage as the screen shows it while the sync runs: partitions change as they finish.
  const liveCoverage = await archive.coverage();
  const liveOf = (p: PartitionState): PartitionCoverage | undefined =>
    liveCoverage.find((c) => c.direction === p.direction && c.state === p.state);
  const keyOf = (p: PartitionState): string => `${p.direction}/${p.state}`;
  /** List pages a partition still needs, from the operator's last count. */
  const pagesExpected = (p: PartitionState): number => {
    const resumeAt = p.runId === runId ? (p.nextOffset ?? 0) : 0;
    if (p.everFinished && resumeAt === 0) return 1;
    return p.operatorCount === null
      ? 1
      : Math.max(1, Math.ceil((Math.min(p.operatorCount, WINDOW) - resumeAt) / PAGE_LIMIT));
  };

  const progress: SyncProgress = {
    phase: 'lists',
    runId,
    requests: 0,
    invoicesSeen: 0,
    invoicesNew: 0,
    invoicesUpdated: 0,
    statusChecked: 0,
    detailsFetched: 0,
    detailsRemaining: 0,
    partitionsDone: 0,
    partitionsTotal: DIRECTIONS.length * INVOICE_STATES.length,
    requestsRemaining: 0,
    etaSeconds: null,
  };
  let detailsFailed = 0;
  // Requests still expected per partition (from the operator's counts) and for later phases.
  const listsLeft = new Map<string, number>();
  let statusLeft = 0;

  // During the lists, the status requests still to come are counted in the archive (a scan of
  // every invoice): at most once a second, not on every page. The count is asked in the
  // background (the archive answers asynchronously); a report uses the last one answered.
  const statusEstimate = { batches: 0, countedAt: -Infinity, counting: false };
  const countStatus = async (): Promise<void> => {
    statusEstimate.counting = true;
    statusEstimate.countedAt = Date.now();
    try {
      statusEstimate.batches = Math.ceil(
        (await archive.countStatusTodo(runId)) / STATUS_BATCH_SIZE,
      );
    } finally {
      statusEstimate.counting = false;
    }
  };
  const statusBatchesExpected = (): number => {
    if (!statusEstimate.counting && Date.now() - statusEstimate.countedAt >= 1000)
      countStatus().catch(() => {}); // a failing archive fails the page's write too
    return statusEstimate.batches;
  };

  const report = (): void => {
    let lists = 0;
    for (const n of listsLeft.values()) lists += n;
    const remaining =
      lists +
      (progress.phase === 'lists' ? statusBatchesExpected() : statusLeft) +
      (wantDetails ? progress.detailsRemaining : 0);
    progress.requestsRemaining = remaining;
    const elapsed = (Date.now() - startedMs) / 1000;
    const observed = elapsed > 0 && progress.requests >= 5 ? progress.requests / elapsed : 0;
    const rate = Math.min(observed || Infinity, budget.currentPerMinute / 60);
    progress.etaSeconds =
      progress.requests >= 5 && Number.isFinite(rate) ? Math.round(remaining / rate) : null;
    options.onProgress?.({
      ...progress,
      coverage: liveCoverage.map((c) => ({ ...c })),
      ...(progress.filterRefused ? { filterRefused: { ...progress.filterRefused } } : {}),
    });
  };

  /** One request at the budget's pace: its first turn is taken here (so a client that ignores
   * the pacer is paced too), every retry the client makes takes another. */
  const request = async <T>(call: (pacer: RequestPacer) => Promise<T>): Promise<T> => {
    await budget.take(signal);
    progress.requests++;
    let firstTurn = true;
    const sentAt = performance.now();
    const answer = call({
      take: async (turnSignal) => {
        if (firstTurn) {
          firstTurn = false;
          return;
        }
        await budget.take(turnSignal);
        progress.requests++;
      },
      rateLimited: (retryAfterMs, at) => budget.rateLimited(retryAfterMs, at),
    });
    const result = await answer;
    const took = performance.now() - sentAt;
    roundTripMs = roundTripMs === null ? took : roundTripMs * 0.8 + took * 0.2;
    return result;
  };

  /** The last staged status page's write (its failure is said by the next await). */
  let statusWriting: Promise<void> = Promise.resolve();

  let cancelled = false;
  try {
    progress.detailsRemaining = wantDetails ? await archive.countDetailTodo(runId) : 0;
    // ---- 1. lists ----
    const rows = await archive.partitions();
    const partitions = rows.filter((p) => !isUnfiltered(p));
    let unfiltered = rows.find(isUnfiltered);
    // This run already met the refusal (it resumes): on with the unfiltered list.
    let refused =
      unfiltered !== undefined &&
      (unfiltered.runId === runId || unfiltered.finishedRunId === runId);
    const todo = refused ? [] : partitions.filter((p) => p.finishedRunId !== runId);
    await countStatus(); // the first report's estimate
    progress.partitionsDone = partitions.length - todo.length;
    for (const p of todo) listsLeft.set(keyOf(p), pagesExpected(p));
    report();
    await runPool(
      concurrency,
      () => (refused ? undefined : todo.shift()),
      async (p) => {
        try {
          await syncPartition(p);
        } catch (error) {
          if (isCancelled(error, signal) || !isFilterRefused(error)) throw error;
          refused = true; // the other partitions would be refused as well
        }
      },
    );
    if (refused) {
      unfiltered ??= await archive.unfilteredList();
      listsLeft.clear();
      progress.partitionsTotal = 1;
      progress.partitionsDone = 0;
      progress.filterRefused = unfilteredCoverage(unfiltered);
      if (unfiltered.finishedRunId === runId) progress.partitionsDone = 1;
      else {
        listsLeft.set(keyOf(unfiltered), pagesExpected(unfiltered));
        report();
        await syncPartition(unfiltered);
      }
    } else if (unfiltered) {
      // The operator filters again: the partitions tell the coverage.
      await archive.dropUnfilteredList();
      progress.filterRefused = null;
    }

    // ---- 2. status ----
    progress.phase = 'status';
    const statusIds = await archive.statusTodo(runId);
    const batches: string[][] = [];
    for (let i = 0; i < statusIds.length; i += STATUS_BATCH_SIZE)
      batches.push(statusIds.slice(i, i + STATUS_BATCH_SIZE));
    statusLeft = batches.length;
    report();
    try {
      await runPool(
        pagesInFlight,
        () => batches.shift(),
        (ids) => refreshStatus(ids),
      );
    } finally {
      await statusWriting.catch(() => {}); // a page's write still under way ends first
    }
    await statusWriting;

    // ---- 3. details ----
    if (wantDetails) {
      progress.phase = 'details';
      const ids = await archive.detailTodo(runId);
      progress.detailsRemaining = ids.length;
      report();
      await runPool(
        detailLanes(),
        () => ids.shift(),
        (id) => fetchDetail(id),
      );
    }

    await archive.finishRun(runId, now().toISOString());
    progress.phase = 'done';
    report();
  } catch (error) {
    if (!isCancelled(error, signal)) throw error;
    cancelled = true;
  }
  return {
    ...progress,
    resumed,
    cancelled,
    detailsFailed,
    coverage: await archive.coverage(),
    filterRefused: await archive.filterRefused(),
  };

  /** One list page asked: it holds a slot from before its request until it is committed or
   * dropped, so that at most `pagesInFlight` pages are ever fetched and not yet committed (all
   * that a kill can make the next sync ask again). */
  function askPage(q: string | undefined, offset: number): AskedPage {
    const slot = listSlots.take();
    const page = slot.then(() =>
      request((pacer) =>
        client.searchInvoices(
          { q, expand: ['businessData', 'lastStatusData'], offset, limit: PAGE_LIMIT },
          signal,
          pacer,
        ),
      ),
    );
    page.catch(() => {}); // its reader handles a failure; a page dropped unread must not crash
    return { page, release: () => void slot.then((giveBack) => giveBack()) };
  }

  async function syncPartition(p: PartitionState): Promise<void> {
    const key = keyOf(p);
    const q = isUnfiltered(p)
      ? undefined
      : partitionQuery(p.direction as Direction, p.state as InvoiceState);
    const live = liveOf(p);
    const resuming = p.runId === runId && p.nextOffset !== null;
    let offset = resuming ? p.nextOffset! : 0;
    // Stopping at known invoices is only sound once a run has read the partition through.
    const mayStopEarly = p.everFinished && !resuming;
    let oldest = p.oldest;
    /** The last staged page's write (its failure is said by the next await). */
    let writing: Promise<void> = Promise.resolve();
    // Pages asked ahead of the one being written, by offset. Once a page has told how many
    // invoices the partition has, the pages up to the window are asked at once instead of one
    // round trip after another; they are still written in order, each with its checkpoint. A
    // partition that may stop early asks one page at a time: the page written decides.
    const ahead = new Map<number, AskedPage>();
    const ask = (at: number): AskedPage => {
      let asked = ahead.get(at);
      if (!asked) ahead.set(at, (asked = askPage(q, at)));
      return asked;
    };
    try {
      for (;;) {
        const asked = ask(offset);
        const page = await asked.page;
        ahead.delete(offset);
        const fetchedAt = now().toISOString();
        const count = page.meta.count;
        const pageOffset = offset;
        if (!mayStopEarly)
          for (let at = pageOffset + PAGE_LIMIT; at < Math.min(count, WINDOW); at += PAGE_LIMIT)
            ask(at);
        for (const item of page.data) oldest = minDate(oldest, item.metadata.createDate);
        const reachedEnd = page.data.length < PAGE_LIMIT || pageOffset + page.data.length >= count;
        const reachedWindow = !reachedEnd && pageOffset + PAGE_LIMIT > OFFSET_MAX;
        // A partition read through before finishes at the first page holding an invoice known
        // and unchanged: the store decides it with the page's write (finishedBy).
        const checkpoint: PartitionCheckpoint =
          reachedEnd || reachedWindow
            ? {
                partition: p,
                finished: { complete: reachedEnd, finishedAt: fetchedAt },
                operatorCount: count,
                oldest,
              }
            : {
                partition: p,
                nextOffset: pageOffset + PAGE_LIMIT,
                operatorCount: count,
                oldest,
                ...(mayStopEarly
                  ? { caughtUp: { complete: count <= WINDOW && p.complete, finishedAt: fetchedAt } }
                  : {}),
              };
        const listPage: ListPage = { runId, items: page.data, fetchedAt, checkpoint };
        if (stage && !mayStopEarly) {
          // Kept, then its slot goes to the next page while it is written (`stage`, above). A
          // partition that may stop early cannot: the page written decides whether to go on.
          let staged: number;
          try {
            staged = await stage({ kind: 'list', page: listPage });
          } finally {
            asked.release();
          }
          await writing;
          writing = timed(archive.commitListPage({ ...listPage, staged })).then((result) => {
            written(result, listPage);
          });
          writing.catch(() => {}); // said by the next await
          if ('finished' in checkpoint) return await writing;
          offset = pageOffset + PAGE_LIMIT;
          continue;
        }
        let result: UpsertResult;
        try {
          result = await timed(archive.commitListPage(listPage));
        } finally {
          asked.release();
        }
        if (written(result, listPage)) return;
        offset = pageOffset + PAGE_LIMIT;
      }
    } finally {
      await writing.catch(() => {}); // a page's write still under way ends first
      // Pages asked but not written (the partition ended sooner, failed or was cancelled) give
      // their slot back once their request has settled.
      for (const asked of ahead.values()) void asked.page.then(asked.release, asked.release);
    }

    /** A page of this partition written: the progress and coverage say so; true when it ended
     * the partition. */
    function written(result: UpsertResult, { items, checkpoint }: ListPage): boolean {
      const { oldest, operatorCount: count } = checkpoint;
      if (live) live.archived += result.added;
      progress.invoicesSeen += items.length;
      progress.invoicesNew += result.added;
      progress.invoicesUpdated += result.updated;
      const finished = finishedBy(checkpoint, result);
      /** What the coverage shows of this partition now (committed). */
      const shown = {
        oldest,
        operatorCount: count,
        ...(finished ? { ...finished, finished: true } : {}),
      };
      if (live) Object.assign(live, shown);
      else if (isUnfiltered(p) && progress.filterRefused)
        Object.assign(progress.filterRefused, shown);
      if (finished) {
        listsLeft.delete(key);
        progress.partitionsDone++;
        report();
        return true;
      }
      const next = 'nextOffset' in checkpoint ? checkpoint.nextOffset : WINDOW;
      listsLeft.set(key, Math.max(1, Math.ceil((Math.min(count, WINDOW) - next) / PAGE_LIMIT)));
      report();
      return false;
    }
  }

  async function refreshStatus(ids: string[]): Promise<void> {
    const page = await request((pacer) =>
      client.searchInvoices(
        { q: statusBatchQuery(ids), expand: ['lastStatusData'], limit: PAGE_LIMIT },
        signal,
        pacer,
      ),
    );
    const fetchedAt = now().toISOString();
    // Ids the operator no longer lists are marked too: asked once per run.
    const statusPage: StatusPage = { runId, items: page.data, asked: ids, fetchedAt };
    const written = (result: UpsertResult): void => {
      progress.invoicesUpdated += result.updated;
      progress.statusChecked += ids.length;
      statusLeft--;
      report();
    };
    if (stage) {
      // Kept, then the lane asks the next batch while this one is written (`stage`, above).
      const staged = await stage({ kind: 'status', page: statusPage });
      await statusWriting;
      statusWriting = timed(archive.commitStatusPage({ ...statusPage, staged })).then(written);
      statusWriting.catch(() => {}); // said by the next await
      return;
    }
    written(await timed(archive.commitStatusPage(statusPage)));
  }

  async function fetchDetail(id: string): Promise<void> {
    let invoice: Invoice;
    try {
      invoice = await request((pacer) => client.getInvoice(id, signal, pacer));
    } catch (error) {
      if (isCancelled(error, signal) || !isPerInvoiceError(error)) throw error;
      const kind = String((error as { kind?: unknown }).kind);
      await archive.commitDetailFailed(id, kind, runId);
      detailsFailed++;
      progress.detailsRemaining--;
      report();
      return;
    }
    const fetchedAt = now().toISOString();
    await archive.commitDetail(invoice, fetchedAt);
    progress.detailsFetched++;
    progress.detailsRemaining--;
    report();
  }
}
