// Every connection's archive in the firm's PostgreSQL store (the second implementation of
// ArchivesPort, ../ports.ts, beside archives.ts's SQLite files): one pool, one schema, an
// archive per connection id (a row of `archives`, its rows keyed by it). Nothing to open or
// close per archive: a port is a connection id over the pool.
import type pg from 'pg';
import type { ArchivePort, ArchivesPort, SyncWrites } from '../ports.ts';
import { PostgresArchive } from './archive-port.ts';
import { portfolioEntries } from './portfolio.ts';
import { assertSchema } from './migrate.ts';
import { DEFAULT_SCHEMA, openPool, type DatabaseOptions } from './database.ts';

export class PostgresArchives {
  readonly #pool: pg.Pool;
  readonly schema: string;

  constructor(pool: pg.Pool, schema: string = DEFAULT_SCHEMA) {
    this.#pool = pool;
    this.schema = schema;
  }

  /** A store on the firm's server whose schema this app knows (else a clear error). */
  static async connect(options: DatabaseOptions): Promise<PostgresArchives> {
    const pool = openPool(options);
    try {
      const client = await pool.connect();
      try {
        await assertSchema(client, options.schema ?? DEFAULT_SCHEMA);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresArchives(pool, options.schema);
  }

  async #exists(connectionId: string): Promise<boolean> {
    const { rows } = await this.#pool.query('SELECT 1 FROM archives WHERE connection_id = $1', [
      connectionId,
    ]);
    return rows.length > 0;
  }

  async #create(connectionId: string): Promise<PostgresArchive> {
    await this.#pool.query(
      'INSERT INTO archives (connection_id) VALUES ($1) ON CONFLICT DO NOTHING',
      [connectionId],
    );
    return new PostgresArchive(this.#pool, connectionId);
  }

  readonly ports: ArchivesPort = {
    open: (connectionId): Promise<ArchivePort> => this.#create(connectionId),
    syncWrites: (connectionId): Promise<SyncWrites> => this.#create(connectionId),
    existing: async (connectionId) =>
      (await this.#exists(connectionId)) ? new PostgresArchive(this.#pool, connectionId) : null,
    read: async (connectionId, read) =>
      (await this.#exists(connectionId))
        ? read(new PostgresArchive(this.#pool, connectionId))
        : null,
    portfolio: async (connectionIds, asOf) => {
      // One set of queries for every connection (portfolio.ts); one that fails fails them all
      // (one server: there is no file of one connection that could be damaged alone).
      const found = await portfolioEntries(this.#pool, connectionIds, asOf);
      return new Map(connectionIds.map((id) => [id, found.get(id) ?? null]));
    },
  };

  /** Deletes a connection's archive (every table's rows go with its `archives` row). */
  async remove(connectionId: string): Promise<void> {
    await this.#pool.query('DELETE FROM archives WHERE connection_id = $1', [connectionId]);
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
