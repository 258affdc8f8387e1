// One connection's sync on demand ("Synchroniser", `cli sync --connection`), firm-aware as the
// rounds are (issue 30, item 4): on the embedded store the archive's own sync; on the firm's
// store only as the connection's sync owner (the advisory lock of postgres/sync-owner.ts), written
// into the firm's archive. A workstation that is not the owner asks the operator nothing: it
// says that another workstation syncs this client, and when that one last synced.
import type { SyncSummary } from '#shared/archive.ts';
import { AppFailure } from '../app-failure.ts';
import type { Archives, StartSyncOptions } from '../archive/archives.ts';
import { ownerSync, syncOwned, type FirmSync } from './firm-sync.ts';

export interface SingleSyncOptions {
  archives: Pick<Archives, 'sync' | 'cancelSync'>;
  /** The firm's store to sync into, null on the embedded store (services' firmOf). */
  firmOf: () => Promise<FirmSync | null>;
}

/** The refusal a workstation that is not the sync owner gives (details: the owner's sync). */
export function syncedElsewhere(seen: Awaited<ReturnType<typeof ownerSync>>): AppFailure {
  return new AppFailure(
    'conflict',
    `Another workstation of the firm syncs this client (last sync: ${seen.lastSyncAt ?? 'none yet'}${seen.unfinishedSync ? ', one under way' : ''}): nothing was asked of the operator from here.`,
    seen,
    'synced_elsewhere',
  );
}

export class SingleSync {
  readonly #options: SingleSyncOptions;
  /** The firm's syncs run here, to cancel them as the archive's own are. */
  readonly #running = new Map<string, AbortController>();

  constructor(options: SingleSyncOptions) {
    this.#options = options;
  }

  async sync(connectionId: string, options: StartSyncOptions): Promise<SyncSummary> {
    const firm = await this.#options.firmOf();
    if (!firm) return this.#options.archives.sync(connectionId, options);
    if (this.#running.has(connectionId))
      throw new AppFailure('conflict', 'A sync of this connection is already running.');
    const ownership = await firm.syncOwner(connectionId);
    if (!ownership) throw syncedElsewhere(await ownerSync(firm.archives, connectionId));
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    if (options.signal?.aborted) stop();
    this.#running.set(connectionId, controller);
    try {
      const { summary, lost } = await syncOwned(
        ownership,
        await firm.archives.syncWrites(connectionId),
        {
          client: options.client,
          requestsPerMinute: options.requestsPerMinute,
          details: options.details ?? true,
          signal: controller.signal,
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
          ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
          // The firm's setting, as a round's owner has it (syncOwned's default: one page).
          pagesInFlight: firm.pagesInFlight,
        },
      );
      if (lost)
        throw new AppFailure(
          'conflict',
          'The sync ownership of this client was lost (its session with the firm’s server ended): another workstation may sync it now.',
        );
      return summary;
    } finally {
      this.#running.delete(connectionId);
      options.signal?.removeEventListener('abort', stop);
    }
  }

  /** Cancels the firm's syncs run here (the services close). */
  cancelAll(): void {
    for (const controller of this.#running.values()) controller.abort();
  }

  /** Cancels the connection's sync, on either store; false when none runs here. */
  cancel(connectionId: string): boolean {
    const controller = this.#running.get(connectionId);
    if (controller) {
      controller.abort();
      return true;
    }
    return this.#options.archives.cancelSync(connectionId);
  }
}
