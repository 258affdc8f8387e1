// One sync round: every connection due (or all of them) synced through the app's own sync path
// (Archives.sync: its lock across processes, its damage check, its resumable runs), each at its
// own request budget, one at a time (or a few: then connections to the same operator share its
// budget, which a real operator counts per IP address, not per client). A connection already syncing elsewhere (the app's
// "Synchroniser", a `cli sync`) is skipped and said so, never waited on. A failure is noted with
// its reason and backed off (backoff.ts); cancelling stops the current sync, which keeps what it
// fetched (the next sync resumes), and the connections not reached yet.
import type { SyncProgress, SyncSummary } from '#shared/archive.ts';
import type { Settings } from '#shared/contract.ts';
import type { SyncRoundConnection, SyncRoundScope, SyncRoundStatus } from '#shared/sync-round.ts';
import { AppFailure } from '../app-failure.ts';
import { toAppError } from '../errors.ts';
import type { Archives, StartSyncOptions } from '../archive/archives.ts';
import type { ArchivesPort } from '../archive/ports.ts';
import type { SyncOperator } from '../archive/sync.ts';
import { Backoff } from './backoff.ts';
import { firmSync, type FirmSync } from './firm-sync.ts';
import { isDue, type SyncSchedules } from './schedule.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;
type Round = NonNullable<SyncRoundStatus['round']>;

const OWNERSHIP_LOST =
  'The sync ownership of this connection was lost (the firm’s server ended the session): another workstation goes on with its sync.';

export interface SyncRoundsOptions {
  archives: Pick<Archives, 'sync' | 'isSyncing'> & { ports: Pick<ArchivesPort, 'existing'> };
  connections: {
    references(): { id: string; name: string }[];
    get(id: string): Promise<{ requestsPerMinute: number; baseUrl: string }>;
    getSettings(): Settings;
  };
  operators: { forConnection(id: string): Promise<SyncOperator> };
  schedules: SyncSchedules;
  /** Every change of the status (a connection's progress, its end, the round's). */
  emit?: (status: SyncRoundStatus) => void;
  /** Each sync's own progress, as "Synchroniser" tells it (the archive screen follows it). */
  emitSync?: (connectionId: string, progress: SyncProgress) => void;
  /** How many connections sync at once (default 1). */
  concurrency?: number;
  /** Lists and statuses only, or with each invoice's details too (default). */
  details?: boolean;
  now?: () => number;
  log?: Logger;
  /** Where failing connections' waits are kept across processes and restarts (backoff.ts). */
  backoffFile?: string;
  /** The firm's store (issue 30, item 3): each connection is synced into it by its sync owner
   * only; a round of a workstation that is not the owner follows the owner's sync, and takes
   * it over if the owner dies (firm-sync.ts). Absent: the embedded archives (Archives.sync). */
  firm?: FirmSync;
  /** The same, asked at each use (the app's store can change while it runs: firm connect,
   * disconnect); null on the embedded store. */
  firmOf?: () => Promise<FirmSync | null>;
}

export interface RunRoundOptions {
  /** How many connections sync at once in this round (default: the rounds' option, else 1). */
  concurrency?: number;
  /** Lists and statuses only (false), or each invoice's details too (default: the rounds'). */
  details?: boolean;
  /** Every progress of each connection's sync (throttled by Archives). */
  onProgress?: (connectionId: string, progress: SyncProgress) => void;
  /** A connection's sync ended: done (its summary), failed, skipped or cancelled. */
  onConnectionEnd?: (entry: SyncRoundConnection, summary: SyncSummary | null) => void;
}

/** The round's status, without each partition's coverage (a firm's round lists many). */
function light(progress: SyncProgress): SyncProgress {
  const { coverage: _coverage, filterRefused: _refused, ...rest } = progress;
  return rest;
}

export class SyncRounds {
  readonly #options: SyncRoundsOptions;
  readonly #now: () => number;
  readonly #log: Logger;
  readonly backoff: Backoff;
  #round: Round | null = null;
  #running: Promise<Round> | null = null;
  #controller: AbortController | null = null;
  /** Resolves once the running round's connections are known (start answers with them). */
  #begun: Promise<void> = Promise.resolve();
  #nextId = 1;
  /** Set by the scheduler: when it looks next. */
  nextCheckAt: (() => string | null) | null = null;

  constructor(options: SyncRoundsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? console;
    this.backoff = new Backoff(options.backoffFile);
  }

  status(): SyncRoundStatus {
    return {
      running: this.#running !== null,
      round: this.#round ? structuredClone(this.#round) : null,
      failing: this.backoff.list(),
      nextCheckAt: this.nextCheckAt?.() ?? null,
    };
  }

  /** The firm's store when the app syncs into it, else null (the embedded archives). */
  async #firm(): Promise<FirmSync | null> {
    return this.#options.firm ?? (await this.#options.firmOf?.()) ?? null;
  }

  get running(): boolean {
    return this.#running !== null;
  }

  /** The connections a round of this scope takes now, in the settings' order. */
  async candidates(scope: SyncRoundScope): Promise<{ id: string; name: string }[]> {
    const all = this.#options.connections.references();
    if (scope === 'all') return all;
    const now = this.#now();
    const due: { id: string; name: string }[] = [];
    for (const connection of all) {
      if (!this.backoff.mayTry(connection.id, now)) continue;
      const everyHours = this.#options.schedules.everyHoursOf(connection.id);
      if (everyHours <= 0) continue;
      try {
        const ports = (await this.#firm())?.archives ?? this.#options.archives.ports;
        const archive = await ports.existing(connection.id);
        if (
          isDue(
            everyHours,
            (await archive?.lastSyncAt()) ?? null,
            (await archive?.hasUnfinishedSync()) ?? false,
            now,
          )
        )
          due.push(connection);
      } catch {
        due.push(connection); // a damaged archive: its sync says so, and it is shown failing
      }
    }
    return due;
  }

  /** Starts a round unless one runs; resolves once its connections are known, with the status
   * (progress follows as events). Refused while "Travailler hors ligne" is on (the app's
   * rounds; the CLI's `sync` ignores that setting of the app, as `sync --connection` does). */
  async start(scope: SyncRoundScope): Promise<SyncRoundStatus> {
    if (this.#options.connections.getSettings().workOffline)
      throw new AppFailure(
        'offline',
        'Work offline is on: the sync round is not sent to the operator.',
        undefined,
        'work_offline',
      );
    if (!this.#running) {
      void this.run(scope).catch((error: unknown) => {
        this.#log.warn(`[sync-round] ${(error as Error).message}`);
      });
      await this.#begun;
    }
    return this.status();
  }

  /** Runs a round to its end (the CLI awaits it); a conflict when one already runs here. */
  run(scope: SyncRoundScope, options: RunRoundOptions = {}): Promise<Round> {
    if (this.#running) throw new AppFailure('conflict', 'A sync round is already running.');
    const controller = new AbortController();
    this.#controller = controller;
    let round: Round | null = null;
    let begin!: () => void;
    this.#begun = new Promise<void>((resolve) => (begin = resolve));
    const running = this.candidates(scope)
      .then((candidates) => {
        round = {
          id: this.#nextId++,
          scope,
          startedAt: new Date(this.#now()).toISOString(),
          finishedAt: null,
          cancelled: false,
          total: candidates.length,
          done: 0,
          failed: 0,
          skipped: 0,
          current: [],
          connections: candidates.map((c) => ({
            connectionId: c.id,
            name: c.name,
            state: 'waiting',
            progress: null,
            error: null,
          })),
        };
        this.#round = round;
        this.#emit();
        begin();
        // The round begins once it is known to run (its first events say running).
        return this.#runRound(round, controller.signal, options);
      })
      .finally(() => {
        begin();
        if (round) {
          round.finishedAt = new Date(this.#now()).toISOString();
          round.current = [];
        }
        this.#running = null;
        this.#controller = null;
        this.#emit();
      });
    this.#running = running;
    return running;
  }

  /** Stops the round: the current sync keeps what it fetched; the rest are not started. */
  cancel(): boolean {
    if (!this.#controller) return false;
    this.#controller.abort();
    return true;
  }

  /** Waits for the running round, if any (closing). */
  async settled(): Promise<void> {
    await this.#running?.catch(() => undefined);
  }

  async #runRound(round: Round, signal: AbortSignal, options: RunRoundOptions): Promise<Round> {
    const queue = [...round.connections];
    const wanted = options.concurrency ?? this.#options.concurrency ?? 1;
    const lanes = Math.max(1, Math.min(wanted, queue.length));
    const sharers = lanes > 1 ? await this.#sharers(queue, lanes) : new Map<string, number>();
    const lane = async (): Promise<void> => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        if (signal.aborted) {
          entry.state = 'cancelled';
          continue;
        }
        await this.#syncOne(round, entry, signal, options, sharers.get(entry.connectionId) ?? 1);
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    round.cancelled = signal.aborted;
    for (const entry of round.connections) if (entry.state === 'waiting') entry.state = 'cancelled';
    return structuredClone(round);
  }

  /** How many syncs may run side by side against each connection's operator (its host): the
   * operator's limit is per IP address, and every lane of this round sends from this machine's,
   * so they split the budget rather than each spending all of it. */
  async #sharers(entries: SyncRoundConnection[], lanes: number): Promise<Map<string, number>> {
    const hostOf = new Map<string, string>();
    for (const { connectionId } of entries) {
      try {
        hostOf.set(
          connectionId,
          new URL((await this.#options.connections.get(connectionId)).baseUrl).host,
        );
      } catch {
        // A connection that cannot be read fails in its own turn, with its reason.
      }
    }
    const perHost = new Map<string, number>();
    for (const host of hostOf.values()) perHost.set(host, (perHost.get(host) ?? 0) + 1);
    return new Map([...hostOf].map(([id, host]) => [id, Math.min(lanes, perHost.get(host) ?? 1)]));
  }

  async #syncOne(
    round: Round,
    entry: SyncRoundConnection,
    signal: AbortSignal,
    options: RunRoundOptions,
    sharers: number,
  ): Promise<void> {
    const { archives, connections, operators } = this.#options;
    const id = entry.connectionId;
    let summary: SyncSummary | null = null;
    // The firm's store: the advisory lock tells who syncs, across workstations and here.
    let firm: FirmSync | null = null;
    let firmFailure: unknown = null; // out of reach: the turn fails below, as an operator's would
    try {
      firm = await this.#firm();
    } catch (error) {
      firmFailure = error;
    }
    if (!firm && !firmFailure && archives.isSyncing(id)) {
      this.#skip(round, entry);
    } else {
      entry.state = 'syncing';
      round.current.push(id);
      this.#emit();
      try {
        const { requestsPerMinute } = await connections.get(id);
        const client = await operators.forConnection(id);
        const sync: StartSyncOptions = {
          client,
          requestsPerMinute: Math.max(1, Math.floor(requestsPerMinute / sharers)),
          details: options.details ?? this.#options.details ?? true,
          signal,
          onProgress: (progress) => {
            entry.progress = light(progress);
            options.onProgress?.(id, progress);
            this.#options.emitSync?.(id, progress);
            this.#emit();
          },
        };
        // With the firm's store, null: followed to the end of the owner's sync.
        if (firmFailure) throw firmFailure;
        const end = firm
          ? await this.#firmSync(firm, entry, sync)
          : { summary: await archives.sync(id, sync), lost: false };
        summary = end.summary;
        if (summary) entry.progress = light(summary);
        if (end.lost) this.#skip(round, entry, OWNERSHIP_LOST);
        else if (summary ? summary.cancelled : signal.aborted) entry.state = 'cancelled';
        else {
          entry.state = 'done';
          round.done++;
          this.backoff.succeed(id);
        }
      } catch (error) {
        const failure = toAppError(error);
        if (failure.kind === 'conflict') this.#skip(round, entry, failure.message);
        else if (signal.aborted && failure.kind === 'cancelled') entry.state = 'cancelled';
        else {
          entry.state = 'failed';
          entry.error = pick(failure);
          round.failed++;
          this.backoff.fail(id, entry.name, entry.error, this.#now());
          this.#log.warn(`[sync-round] ${entry.name}: ${failure.kind}: ${failure.message}`);
        }
      } finally {
        round.current = round.current.filter((current) => current !== id);
      }
    }
    options.onConnectionEnd?.(structuredClone(entry), summary);
    this.#emit();
  }

  /** The connection's turn with the firm's store: synced here as its owner (the summary), or
   * followed while another workstation syncs it (null). */
  async #firmSync(
    firm: FirmSync,
    entry: SyncRoundConnection,
    sync: StartSyncOptions,
  ): Promise<{ summary: SyncSummary | null; lost: boolean }> {
    const end = await firmSync(firm, entry.connectionId, {
      client: sync.client,
      requestsPerMinute: sync.requestsPerMinute,
      details: sync.details ?? true,
      signal: sync.signal!,
      ...(sync.onProgress ? { onProgress: sync.onProgress } : {}),
      onFollow: (seen) => {
        entry.ownedElsewhere = seen;
        this.#emit();
      },
    });
    if (!end.owner) return { summary: null, lost: false };
    delete entry.ownedElsewhere;
    return { summary: end.summary, lost: end.lost };
  }

  #skip(round: Round, entry: SyncRoundConnection, message?: string): void {
    entry.state = 'skipped';
    entry.error = {
      kind: 'conflict',
      message:
        message ??
        'A sync of this connection is already running (in the app or another process): left to it.',
    };
    round.skipped++;
  }

  #emit(): void {
    try {
      this.#options.emit?.(this.status());
    } catch (error) {
      this.#log.warn(`[sync-round] a progress listener failed: ${(error as Error).message}`);
    }
  }
}

function pick(error: ReturnType<typeof toAppError>): SyncRoundConnection['error'] & object {
  return {
    kind: error.kind,
    message: error.message,
    ...(error.reason ? { reason: error.reason } : {}),
  };
}
