// The firm's PostgreSQL server as this folder uses it: one `pg` Pool per store, its tables in
// one schema (first on the search_path, public after it for the extensions' functions), 64-bit
// integers read as numbers (counts, ids and cents stay far below 2^53), and a transaction
// helper. Every statement is parameterised: no caller text is ever spliced into SQL (the
// schema's name is checked as an identifier before it is).
import pg from 'pg';

export type Sql = pg.PoolClient | pg.Pool;

/** A schema name as written into SQL: lower-case letters, digits and '_'. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkedSchema(schema: string): string {
  if (!IDENTIFIER.test(schema))
    throw new RangeError(`Not a schema name (a-z, 0-9, _): ${JSON.stringify(schema)}`);
  return schema;
}

/** The schema the firm's archive lives in unless told otherwise. */
export const DEFAULT_SCHEMA = 'invoice_desk';

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export interface DatabaseOptions {
  /** postgres://user:password@host:port/database (the password may come apart: `password`). */
  url: string;
  password?: string;
  schema?: string;
  /** TLS: verify the server's certificate against `ca` (PEM) or the system's authorities. */
  tls?: { ca?: string; verify: boolean } | null;
  max?: number;
}

/** A postgres:// URL as pg's fields (pg lets a connection string's fields win over the
 * options given beside it: a password given apart would be lost). */
export function addressOf(url: string): pg.ClientConfig {
  const parsed = new URL(url);
  const socket = parsed.searchParams.get('host'); // a unix socket's folder
  return {
    host: socket ?? decodeURIComponent(parsed.hostname),
    ...(parsed.port ? { port: Number(parsed.port) } : {}),
    user: decodeURIComponent(parsed.username),
    database: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres',
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}

/** For a long-lived session (a listener, the sync owner's lock): the server ends a silent one
 * after about idle + interval × count seconds, so a vanished machine lets go within ~25 s. */
export const SESSION_KEEPALIVES =
  '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3';

/** Where and how a session reaches the server: its address, the password given apart, TLS. The
 * pool and the sync owner's own session connect alike. */
export function connectionConfig(options: DatabaseOptions): pg.ClientConfig {
  return {
    ...addressOf(options.url),
    ...(options.password !== undefined ? { password: options.password } : {}),
    ...(options.tls
      ? {
          ssl: {
            rejectUnauthorized: options.tls.verify,
            ...(options.tls.ca ? { ca: options.tls.ca } : {}),
          },
        }
      : {}),
  };
}

export function openPool(options: DatabaseOptions): pg.Pool {
  const schema = checkedSchema(options.schema ?? DEFAULT_SCHEMA);
  const pool = new pg.Pool({
    ...connectionConfig(options),
    max: options.max ?? 8,
    options: `-c search_path=${schema},public`,
    types,
    application_name: 'invoice-desk',
  });
  // An idle session the server ended (restarted, a network cut) is dropped and replaced at the
  // next use; the query that meets it fails on its own.
  pool.on('error', () => undefined);
  const sessions = new Set<number>();
  poolSessions.set(pool, sessions);
  pool.on('connect', (client) => {
    const pid = (client as { processID?: number }).processID;
    if (pid !== undefined) sessions.add(pid);
  });
  pool.on('remove', (client) => {
    const pid = (client as { processID?: number }).processID;
    if (pid !== undefined) sessions.delete(pid);
  });
  return pool;
}

const poolSessions = new WeakMap<pg.Pool, Set<number>>();

/** Whether the server's process `pid` is one of this pool's sessions: a change this workstation
 * wrote is heard back from it (NOTIFY names its sender), and is not another workstation's. */
export function isSessionOf(pool: pg.Pool, pid: number): boolean {
  return poolSessions.get(pool)?.has(pid) ?? false;
}

/** Runs `work` in one transaction on a client of the pool. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A session lost between two statements is said by the next one's failure, not as an event.
  const lost = (error: Error): void => {
    broken = error;
  };
  client.on('error', lost);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A session that cannot roll back is gone (the server ended it): not given back to the pool.
    await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
    throw error;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}

/** Numbered parameters ($1, $2, …) collected as a statement is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
