// How the firm's PostgreSQL store finds a connection's user data or bank (user-data.ts,
// bank.ts): a row per connection in the kind's own table marks that it exists. `of` creates
// it (and the rows it hangs under, listed first), `existing` answers null without creating.
import type pg from 'pg';

/** The tables keyed by connection alone that say a port's data exists. */
type ConnectionTable = 'user_data' | 'bank_data';

export interface ConnectionDirectory<T> {
  of(connectionId: string): Promise<T>;
  existing(connectionId: string): Promise<T | null>;
}

/** `tables` parents first; the last one is the port's own. */
export function connectionDirectory<T>(
  db: pg.Pool,
  tables: readonly [...ConnectionTable[], ConnectionTable],
  open: (connectionId: string) => T,
): ConnectionDirectory<T> {
  const own = tables[tables.length - 1];
  return {
    of: async (connectionId) => {
      for (const table of tables)
        await db.query(`INSERT INTO ${table} (connection_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
          connectionId,
        ]);
      return open(connectionId);
    },
    existing: async (connectionId) => {
      const { rows } = await db.query(`SELECT 1 FROM ${own} WHERE connection_id = $1`, [
        connectionId,
      ]);
      return rows.length > 0 ? open(connectionId) : null;
    },
  };
}
