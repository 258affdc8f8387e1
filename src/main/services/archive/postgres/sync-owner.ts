// One sync per firm (issue 30, item 3): the workstation (or the server's scheduled `sync --all`)
// that holds a connection's PostgreSQL advisory lock is its sync owner; the others read. The
// lock belongs to the owner's session, so it ends with it: a process that dies (killed, its
// machine off) loses it as soon as the server sees the session gone, at once for a closed
// socket, within tcp_keepalives (about 25 s) for a machine that vanished. Another workstation
// asking again takes it over and resumes the run where the last checkpoint left it (the ports'
// beginRun: at most the page that was being written is read again).
import pg from 'pg';
import type { DatabaseOptions } from './database.ts';
import { checkedSchema, connectionConfig, DEFAULT_SCHEMA, SESSION_KEEPALIVES } from './database.ts';

export interface SyncOwnership {
  readonly connectionId: string;
  /** Resolves if the session holding the lock ends without release() (the server went away):
   * the sync must stop writing as owner. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

/** Becomes the sync owner of `connectionId` if no one is; null while another session is. */
export async function claimSyncOwner(
  options: DatabaseOptions,
  connectionId: string,
): Promise<SyncOwnership | null> {
  const schema = checkedSchema(options.schema ?? DEFAULT_SCHEMA);
  const client = new pg.Client({
    ...connectionConfig(options),
    options: SESSION_KEEPALIVES,
    keepAlive: true,
    application_name: 'invoice-desk sync owner',
  });
  let released = false;
  const lost = new Promise<void>((resolve) => {
    client.on('error', () => resolve());
    client.on('end', () => {
      if (!released) resolve();
    });
  });
  await client.connect();
  const key = `sync-owner:${schema}:${connectionId}`;
  const { rows } = await client.query<{ owner: boolean }>(
    'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS owner',
    [key],
  );
  if (!rows[0]!.owner) {
    released = true;
    await client.end();
    return null;
  }
  return {
    connectionId,
    lost,
    async release() {
      if (released) return;
      released = true;
      await client
        .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key])
        .catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** Asks every `intervalMs` until this process becomes the owner (a follower waiting to take
 * over), or `signal` stops it (then null). */
export async function awaitSyncOwner(
  options: DatabaseOptions,
  connectionId: string,
  { intervalMs = 5_000, signal }: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<SyncOwnership | null> {
  for (;;) {
    if (signal?.aborted) return null;
    const owned = await claimSyncOwner(options, connectionId);
    if (owned) return owned;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}
