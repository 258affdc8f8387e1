// The firm's archive's schema as numbered SQL files (migrations/NNN_name.sql), applied in order,
// each in its own transaction with its row in schema_migrations: a kill leaves whole steps. Two
// workstations starting at once apply them once (an advisory lock held while they run). Only
// the firm's administrator (`firm init`) creates the schema and the extensions; the app's own
// role reads the steps applied and refuses a schema older or newer than it knows.
import type pg from 'pg';
import { checkedSchema } from './database.ts';
import { EMBEDDED_MIGRATIONS } from './migrations/embedded.ts';

const STEP = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The steps in their order (numbers 1, 2, … without a gap). They are the SQL files of
 * migrations/, embedded in a module (scripts/embed-migrations.ts) so that the Electron build,
 * which bundles modules and not the files beside them, carries them too. */
export function migrations(): Migration[] {
  return EMBEDDED_MIGRATIONS.map(([name, sql], index) => {
    const version = Number(STEP.exec(name)?.[1]);
    if (version !== index + 1) throw new Error(`Migration ${name} is out of sequence.`);
    return { version, name, sql };
  });
}

export const SCHEMA_VERSION = migrations().length;

/** The lock key two migrating processes meet on (any fixed number of ours). */
const MIGRATION_LOCK = 0x1d_0030;

/** The steps applied to `schema`, 0 when it has none. */
export async function appliedVersion(client: pg.ClientBase, schema: string): Promise<number> {
  const table = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [
    `${checkedSchema(schema)}.schema_migrations`,
  ]);
  if (table.rows[0]?.found == null) return 0;
  const row = await client.query<{ v: number | null }>(
    `SELECT max(version) AS v FROM ${schema}.schema_migrations`,
  );
  return row.rows[0]?.v ?? 0;
}

/** Creates the schema and applies every step not applied yet (the administrator's role). */
export async function migrate(client: pg.ClientBase, schema: string): Promise<number> {
  checkedSchema(schema);
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await client.query('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
         version integer PRIMARY KEY, name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const steps = migrations();
    const current = await appliedVersion(client, schema);
    if (current > steps.length)
      throw new Error(
        `The firm's archive was set up by a newer Invoice Desk (schema ${current}, this one knows ${steps.length}).`,
      );
    for (const step of steps.slice(current)) {
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL search_path = ${schema}, public`);
        await client.query(step.sql);
        await client.query(
          `INSERT INTO ${schema}.schema_migrations (version, name) VALUES ($1, $2)`,
          [step.version, step.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return steps.length;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/** Refuses a schema the app cannot work with (not set up, older, newer): what to do, said. */
export async function assertSchema(client: pg.ClientBase, schema: string): Promise<void> {
  const version = await appliedVersion(client, schema);
  if (version === SCHEMA_VERSION) return;
  throw new Error(
    version === 0
      ? `The firm's archive has no schema "${schema}" yet: its administrator runs \`npm run cli -- firm init <admin URL>\` first.`
      : version < SCHEMA_VERSION
        ? `The firm's archive is at schema ${version}; this Invoice Desk needs ${SCHEMA_VERSION}: its administrator runs \`npm run cli -- firm init <admin URL>\` again.`
        : `The firm's archive was set up by a newer Invoice Desk (schema ${version}, this one knows ${SCHEMA_VERSION}).`,
  );
}
