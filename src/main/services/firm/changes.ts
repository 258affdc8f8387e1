// What another workstation changed shows on this one's screen within 2 s (issue 30, item 4):
// while this workstation is connected to the firm's archive, one session listens for the
// server's change notifications (postgres/changes.ts: `listenForChanges`, PostgreSQL's
// LISTEN/NOTIFY) and each becomes a 'firm:changed' event the renderer reloads the open screen
// on. After a lost session (changes may have been missed), the active client counts as changed.
import type { FirmChange } from '#shared/firm.ts';
import type { DatabaseOptions } from '../archive/postgres/database.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/** postgres/changes.ts's listenForChanges, as this module uses it. */
export type ListenForChanges = (
  options: DatabaseOptions,
  onChange: (change: FirmChange) => void,
  settings?: { log?: Pick<Console, 'warn'>; onReconnect?: () => void },
) => Promise<{ close(): Promise<void> }>;

export interface ChangeRelayOptions {
  listen: ListenForChanges;
  emit: (change: FirmChange) => void;
  /** The client on screen: told as changed after the listening session came back. */
  activeConnectionId: () => string | null;
  log: Logger;
}

export class FirmChangeRelay {
  readonly #options: ChangeRelayOptions;
  /** The server listened to (its URL and schema), and the session doing it. */
  #listening: { key: string; session: Promise<{ close(): Promise<void> } | null> } | null = null;

  constructor(options: ChangeRelayOptions) {
    this.#options = options;
  }

  /** Listens to this server (again only if it is another one). */
  follow(database: DatabaseOptions, ownSession?: (pid: number) => boolean): void {
    const key = `${database.url} ${database.schema ?? ''}`;
    if (this.#listening?.key === key) return;
    void this.stop();
    const { listen, emit, log } = this.#options;
    const session = listen(database, (change) => emit(change), {
      log,
      ...(ownSession ? { ownSession } : {}),
      onReconnect: () => {
        const id = this.#options.activeConnectionId();
        if (id) emit({ connectionId: id, what: 'archive' });
      },
    }).catch((error: unknown) => {
      log.warn(`[firm] not listening for changes: ${(error as Error).name}`);
      if (this.#listening?.key === key) this.#listening = null; // tried again at the next connect
      return null;
    });
    this.#listening = { key, session };
  }

  /** Stops listening (back to the embedded archive, the server out of reach, the app closing). */
  async stop(): Promise<void> {
    const listening = this.#listening;
    this.#listening = null;
    const session = await listening?.session;
    await session?.close().catch(() => undefined);
  }
}
