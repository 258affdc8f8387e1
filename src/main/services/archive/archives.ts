// Every connection's archive, and the syncs running on them. One ArchiveStore per connection,
// opened on first use under <dataDir>/archive/ and kept open (one writer per file in this
// process); closed when the app closes and before the archive is cleared. One sync per
// connection at a time, across processes too (the CLI's `sync` takes the same lock,
// sync-lock.ts): a second start while one runs is a conflict.
import { existsSync } from 'node:fs';
import type { ArchiveStatus, SyncProgress, SyncSummary } from '#shared/archive.ts';
import { AppFailure } from '../app-failure.ts';
import { archivePath, clearArchive, openArchive, type ArchiveStore } from './archive-store.ts';
import { RequestBudget } from './pace.ts';
import { acquireSyncLock, isSyncLocked } from './sync-lock.ts';
import {
  emptyCoverage,
  readCoverage,
  readFilterRefused,
  runSync,
  type SyncOperator,
} from './sync.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

export interface ArchivesOptions {
  dataDir: string;
  log?: Logger;
  /** Progress events of a sync at most this often, ms (default 250: a few per second). */
  progressIntervalMs?: number;
}

export interface StartSyncOptions {
  client: SyncOperator;
  requestsPerMinute: number;
  details?: boolean;
  concurrency?: number;
  /** Throttled: phase changes and the end at once, the rest at most every progressIntervalMs. */
  onProgress?: (progress: SyncProgress) => void;
}

interface RunningSync {
  controller: AbortController;
  budget: RequestBudget;
  done: Promise<unknown>;
}

/** Coverage before any sync: every partition unread. */
function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

export class Archives {
  readonly dataDir: string;
  readonly #log: Logger;
  readonly #progressIntervalMs: number;
  readonly #stores = new Map<string, ArchiveStore>();
  readonly #syncs = new Map<string, RunningSync>();
  #closed = false;

  constructor(options: ArchivesOptions) {
    this.dataDir = options.dataDir;
    this.#log = options.log ?? console;
    this.#progressIntervalMs = options.progressIntervalMs ?? 250;
  }

  /** The connection's archive, created on first use (write-through, sync). */
  open(connectionId: string): ArchiveStore {
    if (this.#closed) throw new AppFailure('server', 'The archives are closed.');
    let store = this.#stores.get(connectionId);
    if (!store) {
      store = openArchive(this.dataDir, connectionId);
      this.#stores.set(connectionId, store);
    }
    return store;
  }

  /** The connection's archive if it has one; never creates a file (offline reading, status). */
  existing(connectionId: string): ArchiveStore | null {
    if (this.#stores.has(connectionId)) return this.#stores.get(connectionId)!;
    if (!existsSync(archivePath(this.dataDir, connectionId))) return null;
    return this.open(connectionId);
  }

  /** What the settings and the invoices screen show of one connection's archive. */
  status(connectionId: string): ArchiveStatus {
    const syncing = this.#syncs.has(connectionId) || this.#lockedElsewhere(connectionId);
    const store = this.existing(connectionId);
    if (!store) {
      return {
        connectionId,
        invoices: 0,
        details: 0,
        sizeBytes: 0,
        lastSyncAt: null,
        schemaVersion: 0,
        lastSavedAt: null,
        coverage: emptyCoverage(),
        syncing,
      };
    }
    const stats = store.stats();
    return {
      ...stats,
      lastSavedAt: later(stats.lastSyncAt, this.#newestAnswer(store)),
      coverage: readCoverage(store),
      filterRefused: readFilterRefused(store),
      syncing,
    };
  }

  /** The newest saved answer, from small tables only (cheap on 100,000 invoices): a live
   * response written through, a partition or a run a sync finished. */
  #newestAnswer(store: ArchiveStore): string | null {
    const row = store.db
      .prepare(
        `SELECT max(at) AS at FROM (SELECT max(fetched_at) AS at FROM cached_responses
         UNION ALL SELECT max(finished_at) FROM sync_partitions
         UNION ALL SELECT max(finished_at) FROM sync_runs)`,
      )
      .get() as { at: string | null };
    return row.at;
  }

  /** The date an archive search shows: the last sync, else the newest saved answer; null when
   * the connection has no archive. Cheap (no statistics). */
  archiveDate(connectionId: string): string | null {
    const store = this.existing(connectionId);
    if (!store) return null;
    const last = store.db.prepare('SELECT max(finished_at) AS at FROM sync_runs').get() as {
      at: string | null;
    };
    return last.at ?? this.#newestAnswer(store);
  }

  /** A sync of this connection runs, here or in another process (the CLI). */
  isSyncing(connectionId: string): boolean {
    return this.#syncs.has(connectionId) || this.#lockedElsewhere(connectionId);
  }

  /** Runs a sync of one connection's archive; conflict when one is already running. */
  async sync(connectionId: string, options: StartSyncOptions): Promise<SyncSummary> {
    if (this.#syncs.has(connectionId))
      throw new AppFailure('conflict', 'A sync of this connection is already running.');
    const lock = acquireSyncLock(this.dataDir, connectionId); // conflict if the CLI syncs it
    let archive: ArchiveStore;
    try {
      archive = this.open(connectionId);
    } catch (error) {
      lock.release();
      throw error;
    }
    const controller = new AbortController();
    const budget = new RequestBudget(options.requestsPerMinute);
    const throttle = this.#throttle(options.onProgress);
    const running: RunningSync = { controller, budget, done: Promise.resolve() };
    this.#syncs.set(connectionId, running);
    const work = runSync({
      client: options.client,
      archive,
      budget,
      signal: controller.signal,
      details: options.details ?? true,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      onProgress: throttle.push,
    });
    running.done = work.catch(() => undefined);
    try {
      const summary = await work;
      throttle.end(summary);
      return summary;
    } finally {
      throttle.stop();
      this.#syncs.delete(connectionId);
      lock.release();
    }
  }

  /** A conflict when another process (the CLI) syncs this connection: its files are in use. */
  assertNoOtherProcessSync(connectionId: string): void {
    if (!this.#syncs.has(connectionId) && this.#lockedElsewhere(connectionId))
      throw new AppFailure(
        'conflict',
        'A sync of this connection is running in another process; wait for it to end, or stop it there.',
      );
  }

  /** True while another process holds the connection's sync lock (false for an id that cannot
   * name an archive: it has none). */
  #lockedElsewhere(connectionId: string): boolean {
    try {
      return isSyncLocked(this.dataDir, connectionId);
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
  }

  /** Stops the connection's sync (it returns with `cancelled`); false when none runs here (a
   * sync of another process is a conflict: it can only be stopped there). */
  cancelSync(connectionId: string): boolean {
    const running = this.#syncs.get(connectionId);
    this.assertNoOtherProcessSync(connectionId);
    if (!running) return false;
    running.controller.abort();
    return true;
  }

  /** Stops every running sync ("Travailler hors ligne" was switched on). */
  cancelAll(): void {
    for (const running of this.#syncs.values()) running.controller.abort();
  }

  /** The request budget of a running sync follows the connection's (edited while it runs). */
  setRequestsPerMinute(connectionId: string, perMinute: number): void {
    this.#syncs.get(connectionId)?.budget.setRequestsPerMinute(perMinute);
  }

  /** Deletes one connection's archive: its sync stopped, its file closed, then removed. */
  async clear(connectionId: string): Promise<void> {
    const running = this.#syncs.get(connectionId);
    if (running) {
      running.controller.abort();
      await running.done;
    } else this.assertNoOtherProcessSync(connectionId);
    const store = this.#stores.get(connectionId);
    await store?.checkpointed();
    store?.close();
    this.#stores.delete(connectionId);
    clearArchive(this.dataDir, connectionId);
  }

  /** Stops the syncs and closes every archive (app close). */
  async close(): Promise<void> {
    this.#closed = true;
    const running = [...this.#syncs.values()];
    for (const sync of running) sync.controller.abort();
    await Promise.all(running.map((sync) => sync.done));
    await Promise.all([...this.#stores.values()].map((store) => store.checkpointed()));
    for (const store of this.#stores.values()) {
      try {
        store.close();
      } catch (error) {
        this.#log.warn(`[archive] closing ${store.connectionId}: ${(error as Error).message}`);
      }
    }
    this.#stores.clear();
  }

  /** A few progress events per second: a phase change at once, else the latest after a pause. */
  #throttle(listener: ((progress: SyncProgress) => void) | undefined) {
    const interval = this.#progressIntervalMs;
    let lastAt = 0;
    let lastPhase: SyncProgress['phase'] | null = null;
    let pending: SyncProgress | null = null;
    let timer: NodeJS.Timeout | undefined;
    const send = (progress: SyncProgress): void => {
      pending = null;
      lastAt = Date.now();
      lastPhase = progress.phase;
      try {
        listener?.(progress);
      } catch (error) {
        this.#log.warn(`[archive] a progress listener failed: ${(error as Error).message}`);
      }
    };
    const stop = (): void => {
      clearTimeout(timer);
      timer = undefined;
    };
    return {
      push: (progress: SyncProgress): void => {
        if (!listener) return;
        const wait = lastAt + interval - Date.now();
        if (progress.phase !== lastPhase || wait <= 0) {
          stop();
          send(progress);
          return;
        }
        pending = progress;
        timer ??= setTimeout(() => {
          timer = undefined;
          if (pending) send(pending);
        }, wait);
      },
      /** The last word: where the sync stopped (also when cancelled). */
      end: (summary: SyncSummary): void => {
        stop();
        if (!listener) return;
        const {
          resumed: _resumed,
          cancelled: _cancelled,
          detailsFailed: _failed,
          ...progress
        } = summary;
        send(progress);
      },
      stop,
    };
  }
}
