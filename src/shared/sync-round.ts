// A sync round (issue 19, background sync): every connection due synced one after the other,
// each through the same sync and lock as "Synchroniser" and `cli sync`. These shapes cross to the
// renderer ('syncRound:*' channels and the 'syncRound:progress' event) and to the CLI's --json.
import type { AppError } from './contract.ts';
import type { SyncProgress } from './archive.ts';

/** How often a connection is synced in the background: every N hours, or never (0). */
export const SYNC_EVERY_HOURS_MAX = 24 * 31;
/** The firm-wide default when the firm set none. */
export const DEFAULT_SYNC_EVERY_HOURS = 4;

/** The firm's schedule: a default, and each connection's own where it differs (0 = never). */
export interface SyncSchedule {
  everyHours: number;
  connections: Record<string, number>;
}

/** Which connections a round takes: those due (the scheduler), or all of them (the user, the CLI). */
export type SyncRoundScope = 'due' | 'all';

export type SyncRoundConnectionState =
  | 'waiting'
  | 'syncing'
  | 'done'
  | 'failed'
  /** Already syncing elsewhere (the app's "Synchroniser", the CLI): left to that sync. */
  | 'skipped'
  | 'cancelled';

export interface SyncRoundConnection {
  connectionId: string;
  name: string;
  state: SyncRoundConnectionState;
  /** The latest progress of its sync (and where it stopped once over). */
  progress: SyncProgress | null;
  /** Why it failed or was skipped. */
  error: Pick<AppError, 'kind' | 'message' | 'reason'> | null;
  /** With the firm's store (issue 30): another workstation is the connection's sync owner, and
   * this is what the firm's store says of its sync while this round follows it. */
  ownedElsewhere?: OwnedElsewhere;
}

/** The sync owner's sync as the firm's store shows it to the workstations that follow it. */
export interface OwnedElsewhere {
  /** When its last complete sync finished, null if none did. */
  lastSyncAt: string | null;
  /** A run is under way (or stopped, to be resumed by the next owner). */
  unfinishedSync: boolean;
  invoices: number;
  details: number;
}

/** A connection that failed: not tried again by the scheduler before nextAttemptAt. */
export interface FailingConnection {
  connectionId: string;
  name: string;
  failures: number;
  lastFailedAt: string;
  nextAttemptAt: string;
  error: Pick<AppError, 'kind' | 'message' | 'reason'>;
}

export interface SyncRoundStatus {
  /** A round is under way. */
  running: boolean;
  /** The latest round (running or over), null before the first. */
  round: {
    id: number;
    scope: SyncRoundScope;
    startedAt: string;
    finishedAt: string | null;
    cancelled: boolean;
    total: number;
    done: number;
    failed: number;
    skipped: number;
    /** The connection(s) syncing now. */
    current: string[];
    connections: SyncRoundConnection[];
  } | null;
  /** Connections failing, with their backoff (kept across rounds while the app runs). */
  failing: FailingConnection[];
  /** When the scheduler looks next for connections due; null when it does not run. */
  nextCheckAt: string | null;
}
