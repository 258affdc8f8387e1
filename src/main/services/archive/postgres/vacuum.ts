// The firm's tables vacuumed after a bulk load (a migration's COPY, issue 30). ANALYZE alone
// (refresh_statistics, migrations/001) leaves the visibility map empty until a VACUUM: an
// index-only count then reads every row's page, and the planner takes a sequential scan
// instead (a count of 39,112 matches: 72–80 ms, 8–11 ms once vacuumed). Autovacuum gets there
// within a minute or so; until then the archive screen is the slow one.
// VACUUM cannot run in a function or a transaction, and PostgreSQL before 17 (no MAINTAIN
// privilege) lets only a table's owner, a superuser or the database's owner run it: the app's
// role is none of them by design (it cannot change the schema). So the administrator's
// `firm init` vacuums, a migration run by a role that may vacuum does it itself, and any other
// migration prints the exact command for the administrator.
import type pg from 'pg';
import { checkedSchema } from './database.ts';
import type { FirmSettings } from './firm-settings.ts';

/** Whether this session's role may VACUUM every table of `schema` (PostgreSQL 15 and 16:
 * their owner, a superuser, or the database's owner). */
export async function mayVacuum(client: pg.ClientBase, schema: string): Promise<boolean> {
  const { rows } = await client.query<{ may: boolean }>(
    `SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
       OR (SELECT pg_has_role(current_user, datdba, 'USAGE') FROM pg_database
           WHERE datname = current_database())
       OR coalesce((SELECT bool_and(pg_has_role(current_user, c.relowner, 'USAGE'))
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')), false) AS may`,
    [checkedSchema(schema)],
  );
  return rows[0]?.may === true;
}

/** VACUUM (ANALYZE) of every table of `schema`, in one statement: the visibility map set and
 * the planner's statistics fresh. The tables vacuumed, by name. */
export async function vacuumTables(client: pg.ClientBase, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; qualified: string }>(
    `SELECT c.relname AS name, format('%I.%I', n.nspname, c.relname) AS qualified
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY c.relname`,
    [checkedSchema(schema)],
  );
  if (rows.length > 0)
    await client.query(`VACUUM (ANALYZE) ${rows.map((r) => r.qualified).join(', ')}`);
  return rows.map((r) => r.name);
}

/** What the administrator runs to vacuum the firm's tables after a migration: `firm init`
 * again (it applies no step twice and ends with the VACUUM), on the server and with the TLS
 * this workstation uses, the administrator's name left to fill in (the password on stdin). */
export function vacuumCommand(settings: Pick<FirmSettings, 'url' | 'schema' | 'tls' | 'caFile'>) {
  const { host, pathname, search } = new URL(settings.url);
  return [
    `npm run cli -- firm init postgres://<administrator>@${host}${pathname}${search}`,
    `--schema ${checkedSchema(settings.schema)}`,
    ...(settings.tls !== 'verify' ? [`--tls ${settings.tls}`] : []),
    ...(settings.caFile ? [`--ca ${shellWord(settings.caFile)}`] : []),
  ].join(' ');
}

/** A word as a POSIX shell reads it back unchanged. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
