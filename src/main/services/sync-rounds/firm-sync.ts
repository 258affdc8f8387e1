// One sync per firm (issue 30, item 3): with the firm's store, a round syncs a connection only
// as its sync owner (a PostgreSQL advisory lock, archive/postgres/sync-owner.ts). A workstation
// that is not the owner follows the owner's sync in the firm's store (its last sync, whether a
// run is under way, what is archived) and asks again every `followIntervalMs`: once the owner
// has finished a sync since it began to follow, it is done; if the owner dies, the lock is free
// at the next ask and this workstation becomes the owner and resumes the run at its last
// checkpoint (the ports' beginRun), one page on its way at a time so that at most that page is
// asked again. An owner that loses its lock (its session ended) stops writing at once: every
// later write is refused, and the run is cancelled.
import type { SyncProgress, SyncSummary } from '#shared/archive.ts';
import type { OwnedElsewhere } from '#shared/sync-round.ts';
import type { ArchivesPort, SyncWrites } from '../archive/ports.ts';
import type { SyncOwnership } from '../archive/postgres/sync-owner.ts';
import { runSync, type SyncOperator } from '../archive/sync.ts';

/** What a round needs to sync into the firm's store. */
export interface FirmSync {
  /** The firm's archives: the owner writes a connection's sync into them, the others read. */
  archives: Pick<ArchivesPort, 'syncWrites' | 'existing'>;
  /** Becomes the connection's sync owner, or null while another session is (claimSyncOwner
   * with the firm's DatabaseOptions). */
  syncOwner(connectionId: string): Promise<SyncOwnership | null>;
  /** How often a follower reads the owner's sync and asks for the lock again (default 5 s). */
  followIntervalMs?: number;
  /** Requests in flight at once (sync.ts; default its own): the details' lanes. */
  concurrency?: number;
  /** List and status pages asked and not yet kept at once, default 1: all that a killed
   * owner's next owner asks again (issue 30: at most one page read again). Each answer is kept
   * (SyncWrites.stagePage) before it is written, and the next page asked meanwhile, so the
   * write is off the pages' path (sync.ts). One page on its way keeps a firm's budget busy as
   * long as a page's round trip takes less than the budget's spacing (100 ms against 1 s at 60
   * requests a minute); a larger budget lists faster with more, at the price of as many pages
   * asked again after a takeover. */
  pagesInFlight?: number;
}

export interface FirmSyncOptions {
  client: SyncOperator;
  requestsPerMinute: number;
  details: boolean;
  signal: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** Each reading of the owner's sync while this workstation follows it. */
  onFollow?: (seen: OwnedElsewhere) => void;
  now?: () => Date;
}

/** The end of a connection's turn: synced here as its owner, or followed to the owner's end
 * (or until cancelled). */
export type FirmSyncEnd =
  | { owner: true; summary: SyncSummary; lost: boolean }
  | { owner: false; seen: OwnedElsewhere; cancelled: boolean };

/** The sync owner's sync as the firm's store shows it. */
export async function ownerSync(
  ports: FirmSync['archives'],
  connectionId: string,
): Promise<OwnedElsewhere> {
  const archive = await ports.existing(connectionId);
  if (!archive) return { lastSyncAt: null, unfinishedSync: false, invoices: 0, details: 0 };
  const [lastSyncAt, unfinishedSync, counts] = await Promise.all([
    archive.lastSyncAt(),
    archive.hasUnfinishedSync(),
    archive.counts(),
  ]);
  return { lastSyncAt, unfinishedSync, invoices: counts.invoices, details: counts.details };
}

export async function firmSync(
  firm: FirmSync,
  connectionId: string,
  options: FirmSyncOptions,
): Promise<FirmSyncEnd> {
  const now = options.now ?? (() => new Date());
  const since = now().toISOString();
  const interval = firm.followIntervalMs ?? 5_000;
  for (;;) {
    const ownership = await firm.syncOwner(connectionId);
    if (ownership)
      return {
        owner: true,
        ...(await syncOwned(ownership, await firm.archives.syncWrites(connectionId), {
          ...options,
          ...(firm.concurrency !== undefined ? { concurrency: firm.concurrency } : {}),
          pagesInFlight: firm.pagesInFlight,
        })),
      };
    const seen = await ownerSync(firm.archives, connectionId);
    options.onFollow?.(seen);
    // The owner finished a sync since this workstation began to follow (the owners' clocks are
    // the firm's: its workstations are expected to agree on the time).
    const ownerDone = !seen.unfinishedSync && seen.lastSyncAt !== null && seen.lastSyncAt >= since;
    if (ownerDone || options.signal.aborted) return { owner: false, seen, cancelled: !ownerDone };
    await pause(interval, options.signal);
  }
}

/** Runs the sync as the connection's owner; the lock is given back at its end. Whichever started
 * it (a round or a single client's Synchroniser), one page in flight unless the firm says more. */
export async function syncOwned(
  ownership: SyncOwnership,
  archive: SyncWrites,
  options: FirmSyncOptions & Pick<FirmSync, 'concurrency' | 'pagesInFlight'>,
): Promise<{ summary: SyncSummary; lost: boolean }> {
  let lost = false;
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  if (options.signal.aborted) stop();
  void ownership.lost.then(() => {
    lost = true;
    stop();
  });
  try {
    const summary = await runSync({
      client: options.client,
      archive: whileOwned(archive, () => !lost),
      requestsPerMinute: options.requestsPerMinute,
      details: options.details,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      pagesInFlight: options.pagesInFlight ?? 1,
      signal: controller.signal,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    return { summary, lost };
  } finally {
    options.signal.removeEventListener('abort', stop);
    await ownership.release();
  }
}

/** The sync's writes that start a run, write a page or end one. */
const WRITES = new Set<string | symbol>([
  'beginRun',
  'finishRun',
  'unfilteredList',
  'dropUnfilteredList',
  'commitListPage',
  'commitStatusPage',
  'commitDetail',
  'commitDetailFailed',
  'stagePage',
]);

/** `archive` whose writes are refused once `owned()` is false (the lock was lost: another
 * workstation may be the owner now); its reads go on. */
function whileOwned(archive: SyncWrites, owned: () => boolean): SyncWrites {
  return new Proxy(archive, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (WRITES.has(key) && !owned())
          return Promise.reject(
            Object.assign(new Error('The sync ownership was lost: nothing more is written.'), {
              kind: 'cancelled',
            }),
          );
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
