// Every connection's archive, and the syncs running on them. One ArchiveStore per connection,
// opened on first use under <dataDir>/archive/ and kept open (one writer per file in this
// process); closed when the app closes and before the archive is cleared. One sync per
// connection at a time, across processes too (the CLI's `sync` takes the same lock,
// sync-lock.ts): a second start while one runs is a conflict.
// An archive SQLite finds damaged (its quick check, run off the main thread after the archive
// opens, or any statement meeting a bad page) is noted, closed and set aside with its date
// (archive-damage.ts); until the user rebuilds it (a fresh archive and a sync), every use of it
// says so, and the status shows where the file went.
import { existsSync, rmSync, statSync } from 'node:fs';
import type { ArchiveDamage, ArchiveStatus, SyncProgress, SyncSummary } from '#shared/archive.ts';
import { AppFailure } from '../app-failure.ts';
import {
  damagedFailure,
  forgetDamage,
  isDamagedFailure,
  noteDamage,
  quickCheckInBackground,
  readDamage,
  setAside,
} from './sqlite/archive-damage.ts';
import {
  archivePath,
  clearArchive,
  openArchive,
  type ArchiveStore,
} from './sqlite/archive-store.ts';
import { RequestBudget } from './pace.ts';
import { SqliteArchive } from './sqlite/archive-port.ts';
import type { ArchivesPort, PortfolioEntry } from './ports.ts';

/** Where the archives' files live (the sync rounds keep their backoff beside them). */
export { archiveDir } from './sqlite/archive-store.ts';
import { completeByIds, type CompletionSummary } from './complete.ts';
import { acquireSyncLock, isSyncLocked, syncLockFiles } from './sqlite/sync-lock.ts';
import {
  deleteUserData,
  openUserData,
  userDataPath,
  type UserDataStore,
} from './user-data-store.ts';
import { emptyCoverage, runSync, type SyncOperator } from './sync.ts';
import { newsTotal, type NewsCounts } from '#shared/news.ts';
import { systemClock } from '../clock.ts';
import { traceStart } from '../start-trace.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

export interface ArchivesOptions {
  dataDir: string;
  log?: Logger;
  /** Progress events of a sync at most this often, ms (default 250: a few per second). */
  progressIntervalMs?: number;
  /** Told once a sync ends (done, cancelled or failed) if it recorded news (Nouveautés): the
   * counts per kind of what it found. Every sync goes through sync(): "Synchroniser", the
   * background rounds, a rebuild, the CLI. */
  onNewsFound?: (connectionId: string, counts: NewsCounts) => void;
  /** The clock a sync dates what it reads and finds with (services/clock.ts). */
  now?: () => Date;
  /** Which store answers `ports` (store-choice.ts: the firm's, else these embedded ones). */
  choosePorts?: (embedded: ArchivesPort) => ArchivesPort;
}

export interface StartSyncOptions {
  client: SyncOperator;
  requestsPerMinute: number;
  details?: boolean;
  concurrency?: number;
  /** Throttled: phase changes and the end at once, the rest at most every progressIntervalMs. */
  onProgress?: (progress: SyncProgress) => void;
  /** Stops the sync as cancelSync does, aborted before it starts too (the CLI's Ctrl+C). */
  signal?: AbortSignal;
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
  readonly #onNewsFound: ArchivesOptions['onNewsFound'];
  readonly #stores = new Map<string, ArchiveStore>();
  readonly #syncs = new Map<string, RunningSync>();
  /** SQLite's check of each archive opened, running in a worker. */
  readonly #checks = new Map<string, Promise<void>>();
  readonly #stopChecks = new AbortController();
  /** The file each open store was opened on (another process may set it aside, or rebuild it). */
  readonly #inodes = new WeakMap<ArchiveStore, number>();
  /** Damaged archives being closed and set aside. */
  readonly #settling = new Map<string, Promise<void>>();
  readonly #userData = new Map<string, UserDataStore>();
  #closed = false;
  readonly #now: () => Date;

  constructor(options: ArchivesOptions) {
    this.dataDir = options.dataDir;
    this.#log = options.log ?? console;
    this.#progressIntervalMs = options.progressIntervalMs ?? 250;
    this.#onNewsFound = options.onNewsFound;
    this.#now = options.now ?? systemClock.now;
    this.ports = options.choosePorts?.(this.embeddedPorts) ?? this.embeddedPorts;
  }

  /** The connection's archive, created on first use (write-through, sync); the "damaged"
   * failure while a damaged one waits to be rebuilt. */
  open(connectionId: string): ArchiveStore {
    if (this.#closed) throw new AppFailure('server', 'The archives are closed.');
    const path = archivePath(this.dataDir, connectionId);
    const damage = readDamage(path);
    let store = this.#stores.get(connectionId);
    if (
      store &&
      (damage || statSync(path, { throwIfNoEntry: false })?.ino !== this.#inodes.get(store))
    ) {
      // Another process (the CLI) found the file damaged and set it aside, or rebuilt it since:
      // this handle reads the old file. Closed once what uses it ends; the current file opened.
      this.#stores.delete(connectionId);
      void this.#retire(connectionId, store);
      store = undefined;
    }
    if (!store) {
      if (damage) {
        void this.#settle(connectionId, damage); // moved already, unless a process died first
        throw damagedFailure(connectionId, damage);
      }
      let opened: ArchiveStore | null = null; // null while it opens: closed already on failure
      traceStart('archive: opening');
      store = opened = openArchive(this.dataDir, connectionId, {
        onCorruption: () => this.#damaged(connectionId, opened),
      });
      traceStart('archive: opened');
      this.#stores.set(connectionId, store);
      this.#inodes.set(store, statSync(path).ino);
      this.#checks.set(connectionId, this.#check(connectionId, store));
    }
    return store;
  }

  /** Closes a handle on a file no longer the connection's archive, after its sync and
   * checkpoint end. */
  async #retire(connectionId: string, store: ArchiveStore): Promise<void> {
    await Promise.resolve();
    await this.#syncs.get(connectionId)?.done;
    await store.checkpointed();
    store.close();
  }

  /** What the user wrote about the connection's invoices (payment marks), in its own file:
   * clearing the archive leaves it; deleting the connection deletes it (deleteUserData). */
  userData(connectionId: string): UserDataStore {
    if (this.#closed) throw new AppFailure('server', 'The archives are closed.');
    let store = this.#userData.get(connectionId);
    if (!store) {
      store = openUserData(this.dataDir, connectionId);
      this.#userData.set(connectionId, store);
    }
    return store;
  }

  /** The connection's user data if the user ever wrote some; never creates a file (reads). */
  existingUserData(connectionId: string): UserDataStore | null {
    if (this.#userData.has(connectionId)) return this.#userData.get(connectionId)!;
    if (!existsSync(userDataPath(this.dataDir, connectionId))) return null;
    return this.userData(connectionId);
  }

  /** Runs `read` on the connection's user data (null if the user never wrote any) and closes it
   * again unless it was open before: a screen reading 200 connections keeps none open. */
  readUserData<T>(connectionId: string, read: (userData: UserDataStore | null) => T): T {
    const hadUserData = this.#userData.has(connectionId);
    try {
      return read(this.existingUserData(connectionId));
    } finally {
      if (!hadUserData) {
        this.#userData.get(connectionId)?.close();
        this.#userData.delete(connectionId);
      }
    }
  }

  /** Deletes the connection's user data: only when the connection itself is deleted. */
  deleteUserData(connectionId: string): void {
    this.#userData.get(connectionId)?.close();
    this.#userData.delete(connectionId);
    deleteUserData(this.dataDir, connectionId);
  }

  /** SQLite's own check of a freshly opened archive, off the main thread (0.5 s at 100,000
   * invoices: opening does not wait for it); damage it finds is handled like a statement's. */
  async #check(connectionId: string, store: ArchiveStore): Promise<void> {
    const found = await quickCheckInBackground(store.path, this.#stopChecks.signal);
    // What SQLite found stays out of the log and the screens (the user's words say it all);
    // the damaged file itself is kept for anyone who wants to look further.
    if (found !== null && !this.#closed && this.#stores.get(connectionId) === store)
      this.#damaged(connectionId, store);
  }

  /** Resolves once SQLite's check of the connection's archive ran (opening it if it exists). */
  async checked(connectionId: string): Promise<void> {
    try {
      this.existing(connectionId);
    } catch (error) {
      if (!isDamagedFailure(error)) throw error;
    }
    await this.#checks.get(connectionId);
    await this.#settling.get(connectionId);
  }

  /** The damage found in the connection's archive, waiting for a rebuild; null when sound. */
  damage(connectionId: string): ArchiveDamage | null {
    return readDamage(archivePath(this.dataDir, connectionId));
  }

  /** The "damaged" failure when the connection's archive waits to be rebuilt. */
  assertNotDamaged(connectionId: string): void {
    const damage = this.damage(connectionId);
    if (damage) throw damagedFailure(connectionId, damage);
  }

  /**
   * SQLite said the archive is damaged: noted at once (every process then refuses to open it),
   * its sync stopped, then the file closed and set aside. Returns the failure to throw. The
   * store (`null` when it failed to open) is closed after the call that met the damage ends.
   */
  #damaged(connectionId: string, store: ArchiveStore | null): AppFailure {
    const path = archivePath(this.dataDir, connectionId);
    const damage = noteDamage(path, this.#now());
    const failure = damagedFailure(connectionId, damage);
    store?.markDamaged(failure);
    if (store === null || this.#stores.get(connectionId) === store) {
      this.#stores.delete(connectionId);
      this.#syncs.get(connectionId)?.controller.abort(); // it ends with the failure (sync())
      void this.#settle(connectionId, damage, store);
    }
    return failure;
  }

  /** Closes a damaged archive (after its sync and checkpoint end) and moves its files aside.
   * Where the move fails (Windows: another process holds the file open), the next open tries
   * again. */
  #settle(connectionId: string, damage: ArchiveDamage, store: ArchiveStore | null = null) {
    const pending = this.#settling.get(connectionId);
    if (pending) return pending;
    const work = (async () => {
      await Promise.resolve(); // the call that met the damage ends first
      await this.#syncs.get(connectionId)?.done;
      await store?.checkpointed();
      store?.close();
      setAside(archivePath(this.dataDir, connectionId), damage);
    })()
      .catch((error: unknown) =>
        this.#log.error(`[archive] ${connectionId}: setting aside: ${(error as Error).message}`),
      )
      .finally(() => this.#settling.delete(connectionId));
    this.#settling.set(connectionId, work);
    return work;
  }

  /** The connection's archive if it has one; never creates a file (offline reading, status). */
  existing(connectionId: string): ArchiveStore | null {
    const path = archivePath(this.dataDir, connectionId);
    if (!this.#stores.has(connectionId) && !existsSync(path) && !readDamage(path)) return null;
    return this.open(connectionId); // a damaged one: its failure
  }

  /**
   * Reads the connection's archive and leaves nothing open: the registry's store when it holds
   * one, else a handle opened for this read and closed after it, without the quick check (the
   * archive's first real use runs it; a statement meeting damage is handled as always). While
   * `read` runs the registry answers with that handle (the accounting service asks by id), and
   * the user data opened meanwhile is closed after it. `read` must be synchronous. Null when
   * the connection has no archive (none is created). The portfolio reads its 200 archives so:
   * kept open, they held 1,400 file descriptors (db, -wal, -shm, user data; many systems allow
   * 1,024 a process, macOS 256) and started 200 quick checks at once.
   */
  read<T>(connectionId: string, read: (store: ArchiveStore) => T): T | null {
    const borrowed = this.#borrow(connectionId);
    if (!borrowed) return null;
    try {
      return read(borrowed.store);
    } finally {
      borrowed.release();
    }
  }

  /** The connection's store for one read, and what gives it back (read() says how). */
  #borrow(connectionId: string): { store: ArchiveStore; release: () => void } | null {
    if (this.#closed) throw new AppFailure('server', 'The archives are closed.');
    const path = archivePath(this.dataDir, connectionId);
    const hadUserData = this.#userData.has(connectionId);
    const closeUserData = (): void => {
      if (hadUserData) return;
      this.#userData.get(connectionId)?.close();
      this.#userData.delete(connectionId);
    };
    if (this.#stores.has(connectionId) || readDamage(path)) {
      let store: ArchiveStore | null;
      try {
        store = this.existing(connectionId);
      } catch (error) {
        closeUserData();
        throw error;
      }
      if (!store) {
        closeUserData();
        return null;
      }
      return { store, release: closeUserData };
    }
    if (!existsSync(path)) return null;
    let opened: ArchiveStore | null = null; // null while it opens: closed already on failure
    const store = (opened = openArchive(this.dataDir, connectionId, {
      onCorruption: () => this.#damaged(connectionId, opened),
    }));
    this.#stores.set(connectionId, store);
    this.#inodes.set(store, statSync(path).ino);
    return {
      store,
      release: () => {
        try {
          // Unless damage took it out of the registry meanwhile (then #settle closes it).
          if (this.#stores.get(connectionId) === store) {
            this.#stores.delete(connectionId);
            store.close({ optimize: false });
          }
        } finally {
          closeUserData();
        }
      },
    };
  }

  /** The ports of every connection's archive (ports.ts): what callers outside this folder hold;
   * the embedded ones unless the options chose another store. */
  readonly ports: ArchivesPort;

  /** The ports of the embedded SQLite archives (on the firm's store: the local copies). */
  readonly embeddedPorts: ArchivesPort = {
    open: async (connectionId) => this.#port(this.open(connectionId)),
    syncWrites: async (connectionId) => this.#port(this.open(connectionId)),
    existing: async (connectionId) => {
      const store = this.existing(connectionId);
      return store ? this.#port(store) : null;
    },
    read: async (connectionId, read) => {
      const borrowed = this.#borrow(connectionId);
      if (!borrowed) return null;
      try {
        return await read(this.#port(borrowed.store));
      } finally {
        borrowed.release();
      }
    },
    portfolio: async (connectionIds, asOf) => {
      const entries = new Map<string, PortfolioEntry | null | Error>();
      for (const id of connectionIds) {
        try {
          entries.set(
            id,
            this.read(id, (store) => ({
              figures: store.portfolioFigures(asOf),
              lastSyncAt: store.lastSyncAt(),
              everyPartitionComplete: store.everyPartitionComplete(),
              hasUnfinishedSync: store.hasUnfinishedSync(),
            })),
          );
        } catch (error) {
          // One archive that cannot be read (damaged, newer schema) leaves the others read.
          entries.set(id, error instanceof Error ? error : new Error(String(error)));
        }
      }
      return entries;
    },
  };

  /** One port per open store. */
  readonly #ports = new WeakMap<ArchiveStore, SqliteArchive>();
  #port(store: ArchiveStore): SqliteArchive {
    let port = this.#ports.get(store);
    if (!port) this.#ports.set(store, (port = new SqliteArchive(store)));
    return port;
  }

  /** Deletes every file kept for a connection that is gone (the CLI's `connections remove`):
   * its archive, its user data and its sync lock. Nothing may open them again: they would only
   * keep client data. */
  removeFiles(connectionId: string): void {
    this.#stores.get(connectionId)?.close();
    this.#stores.delete(connectionId);
    clearArchive(this.dataDir, connectionId);
    this.deleteUserData(connectionId);
    for (const file of syncLockFiles(this.dataDir, connectionId)) rmSync(file, { force: true });
  }

  /** What the settings and the invoices screen show of one connection's archive (a damaged
   * one: empty, with where its file went). */
  status(connectionId: string): ArchiveStatus {
    const syncing = this.#syncs.has(connectionId) || this.#lockedElsewhere(connectionId);
    const empty = (damage: ArchiveDamage | null): ArchiveStatus => ({
      connectionId,
      invoices: 0,
      details: 0,
      sizeBytes: 0,
      lastSyncAt: null,
      schemaVersion: 0,
      lastSavedAt: null,
      coverage: emptyCoverage(),
      syncing,
      damage,
    });
    try {
      const store = this.existing(connectionId);
      if (!store) return empty(null);
      const stats = store.stats();
      return {
        ...stats,
        lastSavedAt: later(stats.lastSyncAt, store.newestAnswerAt()),
        coverage: store.coverage(),
        filterRefused: store.filterRefused(),
        syncing,
        damage: null,
      };
    } catch (error) {
      if (!isDamagedFailure(error)) throw error;
      return empty(this.damage(connectionId));
    }
  }

  /** The date an archive search shows: the last sync, else the newest saved answer; null when
   * the connection has no archive. Cheap (no statistics). */
  archiveDate(connectionId: string): string | null {
    const store = this.existing(connectionId);
    if (!store) return null;
    return store.lastSyncAt() ?? store.newestAnswerAt();
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
      await this.checked(connectionId); // never a sync into a file SQLite finds damaged
      archive = this.open(connectionId);
    } catch (error) {
      lock.release();
      throw error;
    }
    const controller = new AbortController();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    const budget = new RequestBudget(options.requestsPerMinute);
    const throttle = this.#throttle(options.onProgress);
    const running: RunningSync = { controller, budget, done: Promise.resolve() };
    this.#syncs.set(connectionId, running);
    // What this sync records is what the syncs recorded from now on (one at a time here).
    const startedAt = this.#now().toISOString();
    const work = runSync({
      now: this.#now,
      client: options.client,
      archive: this.#port(archive),
      budget,
      signal: controller.signal,
      details: options.details ?? true,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      onProgress: throttle.push,
    });
    running.done = work.catch(() => undefined);
    try {
      const summary = await work;
      const damaged = archive.damaged; // found by SQLite's check meanwhile: stopped, and why
      if (damaged) throw damaged;
      throttle.end(summary);
      return summary;
    } finally {
      throttle.stop();
      this.#syncs.delete(connectionId);
      lock.release();
      this.#tellNews(connectionId, archive, startedAt);
    }
  }

  /** Fetches invoices by id into the connection's archive (complete.ts: the ones a partition
   * cut by the operator's window misses), at the connection's budget; a conflict while a sync of
   * this connection runs, here or in another process. */
  async complete(
    connectionId: string,
    options: {
      client: SyncOperator;
      requestsPerMinute: number;
      ids: readonly string[];
      signal?: AbortSignal;
    },
  ): Promise<CompletionSummary> {
    if (this.#syncs.has(connectionId))
      throw new AppFailure('conflict', 'A sync of this connection is already running.');
    const lock = acquireSyncLock(this.dataDir, connectionId);
    try {
      await this.checked(connectionId);
      return await completeByIds({
        client: options.client,
        archive: this.open(connectionId),
        budget: new RequestBudget(options.requestsPerMinute),
        ids: options.ids,
        now: this.#now,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } finally {
      lock.release();
    }
  }

  /** Tells what a sync that started at `startedAt` recorded as news, if anything. */
  #tellNews(connectionId: string, archive: ArchiveStore, startedAt: string): void {
    if (!this.#onNewsFound || archive.damaged) return;
    try {
      const counts = archive.newsFoundSince(startedAt);
      if (newsTotal(counts) > 0) this.#onNewsFound(connectionId, counts);
    } catch (error) {
      this.#log.warn(`[archive] ${connectionId}: reading the news: ${(error as Error).message}`);
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

  /** Deletes one connection's archive: its sync stopped, its file closed, then removed (a
   * damaged file set aside stays where it went; the archive starts afresh). */
  async clear(connectionId: string): Promise<void> {
    const running = this.#syncs.get(connectionId);
    if (running) {
      running.controller.abort();
      await running.done;
    } else this.assertNoOtherProcessSync(connectionId);
    await this.#settling.get(connectionId);
    const store = this.#stores.get(connectionId);
    await store?.checkpointed();
    store?.close();
    this.#stores.delete(connectionId);
    clearArchive(this.dataDir, connectionId);
    forgetDamage(archivePath(this.dataDir, connectionId));
  }

  /**
   * Makes a damaged archive again from the operator, on the user's word: the damaged file is
   * set aside already; a fresh archive is filled by a sync. Only the archive's own file is
   * made anew: files of what the user wrote are not touched. An archive not known damaged is
   * checked first (SQLite's quick check); a sound one is not rebuilt (a conflict: sync it).
   */
  async rebuild(connectionId: string, options: StartSyncOptions): Promise<SyncSummary> {
    if (this.#syncs.has(connectionId))
      throw new AppFailure('conflict', 'A sync of this connection is already running.');
    this.assertNoOtherProcessSync(connectionId);
    await this.checked(connectionId);
    const damage = this.damage(connectionId);
    if (!damage)
      throw new AppFailure(
        'conflict',
        'The archive of this connection is not damaged: there is nothing to rebuild (a sync brings it up to date).',
      );
    const path = archivePath(this.dataDir, connectionId);
    await this.#settle(connectionId, damage);
    if (existsSync(path))
      throw new AppFailure(
        'file',
        `The damaged archive could not be set aside as ${damage.setAsideAs} (another program holds it open?); close it, then rebuild again.`,
        damage,
        'file_busy',
      );
    forgetDamage(path);
    this.#log.info(`[archive] ${connectionId}: rebuilding from the operator`);
    return this.sync(connectionId, options);
  }

  /** Stops the syncs and closes every archive (app close). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stopChecks.abort();
    const running = [...this.#syncs.values()];
    for (const sync of running) sync.controller.abort();
    await Promise.all(running.map((sync) => sync.done));
    await Promise.all(this.#settling.values());
    await Promise.all([...this.#stores.values()].map((store) => store.checkpointed()));
    for (const store of this.#stores.values()) {
      try {
        store.close();
      } catch (error) {
        this.#log.warn(`[archive] closing ${store.connectionId}: ${(error as Error).message}`);
      }
    }
    this.#stores.clear();
    for (const store of this.#userData.values()) store.close();
    this.#userData.clear();
  }

  /** A few progress events per second: a phase change at once, else the latest after a pause
   * (real time: a pace, not a date). */
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
