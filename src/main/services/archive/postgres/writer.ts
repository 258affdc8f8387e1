// Who writes: the schema's triggers (migrations 002 and 003) stamp each row they keep, and its
// history, with the writer the transaction names in the setting invoice_desk.who. Named here
// only, so the stores and the migration of a connection cannot spell it differently; and the
// ports over one connection's rows (user-data.ts, bank.ts) write through one ConnectionWriter.
import type pg from 'pg';
import { inTransaction } from './database.ts';

/** Names `who` as the writer of `client`'s current transaction (until it ends). */
export async function nameWriter(client: pg.ClientBase, who: string): Promise<void> {
  await client.query("SELECT set_config('invoice_desk.who', $1, true)", [who]);
}

/** A port over one connection's rows on the firm's server: its pool, and its writes. */
export class ConnectionWriter {
  readonly connectionId: string;
  protected readonly pool: pg.Pool;
  readonly #who: () => string;
  readonly #lock: string | null;

  /** `lock`: the writes of this kind to one connection take turns (a transaction advisory
   * lock on `<lock>:<connection id>`), so that two workstations do not overwrite each other's
   * work with stale copies. */
  constructor(pool: pg.Pool, connectionId: string, who: () => string, lock: string | null = null) {
    this.pool = pool;
    this.connectionId = connectionId;
    this.#who = who;
    this.#lock = lock;
  }

  /** One transaction on the connection, its writer named for the triggers (who, history). */
  protected write<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      if (this.#lock !== null)
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1 || ':' || $2, 0))", [
          this.#lock,
          this.connectionId,
        ]);
      await nameWriter(client, this.#who());
      return work(client);
    });
  }
}
