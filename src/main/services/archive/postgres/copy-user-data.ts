// One connection's user-data file moved into the firm's shared user data (issue 30, item 6),
// inside the transaction its archive is copied in (copy-archive.ts), so that an interrupted
// migration leaves both or neither. Batched INSERTs (a few hundred rows each, as JSON) that
// merge: a row the firm already holds is replaced by this workstation's (the last write wins,
// user_data_history keeps the firm's version, and who is the user migrating), never deleted; run
// again, nothing changes (a write that changes nothing is skipped by the schema's trigger).
import type pg from 'pg';
import { AppFailure } from '../../app-failure.ts';
import { readUserDataTables, type UserDataRow } from '../user-data-rows.ts';
import { nameWriter } from './writer.ts';

interface TableCopy {
  table: string;
  /** The columns of the SQLite file copied, the key's first. */
  key: readonly string[];
  columns: readonly string[];
  /** A row as the firm's table reads it (SQLite's 0/1 as booleans). */
  map?: (row: UserDataRow) => Record<string, unknown>;
}

const TABLES: readonly TableCopy[] = [
  { table: 'payment_marks', key: ['invoice_id'], columns: ['paid_on', 'note', 'marked_at'] },
  {
    table: 'exception_marks',
    key: ['invoice_id'],
    columns: ['reasons', 'note', 'handled_by', 'handled_at'],
  },
  { table: 'accounting_settings', key: [], columns: ['settings', 'updated_at'] },
  {
    table: 'third_parties',
    key: ['key', 'role'],
    columns: ['name', 'auxiliary', 'account', 'label', 'confirmed', 'updated_at'],
    map: (row) => ({ ...row, confirmed: row['confirmed'] === 1 }),
  },
  {
    table: 'carried_credits',
    key: ['period_from', 'period_to'],
    columns: ['cents', 'updated_at'],
  },
  {
    table: 'declared_returns',
    key: ['period_from', 'period_to'],
    columns: ['label', 'declared_on', 'amount_cents', 'figures', 'declared_by', 'declared_at'],
  },
  { table: 'invoice_rates', key: ['invoice_id'], columns: ['currency', 'rate', 'typed_at'] },
];

/** The user-data tables of a connection, counted per table. */
export type UserDataCounts = Record<string, number>;

export interface UserDataCopy {
  /** Rows in the workstation's file. */
  from: UserDataCounts;
  /** Rows the firm holds for the connection after the copy (more when others wrote too). */
  to: UserDataCounts;
}

const BATCH = 500;

/** Copies the connection's user-data file with `client`'s transaction; null when it has none. */
export async function copyUserData(
  client: pg.ClientBase,
  dataDir: string,
  connectionId: string,
  who: string,
): Promise<UserDataCopy | null> {
  const tables = readUserDataTables(dataDir, connectionId);
  if (!tables) return null;
  try {
    await nameWriter(client, who);
    await client.query('INSERT INTO user_data (connection_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      connectionId,
    ]);
    const from: UserDataCounts = {};
    for (const copy of TABLES) {
      const rows = tables.rows(copy.table).map((row) => copy.map?.(row) ?? row);
      from[copy.table] = rows.length;
      const names = [...copy.key, ...copy.columns];
      for (let at = 0; at < rows.length; at += BATCH) {
        const batch = rows
          .slice(at, at + BATCH)
          .map((row) => Object.fromEntries(names.map((n) => [n, row[n] ?? null])));
        await upsert(client, copy, connectionId, batch);
      }
    }
    return { from, to: await firmCounts(client, connectionId) };
  } finally {
    tables.close();
  }
}

async function upsert(
  client: pg.ClientBase,
  copy: TableCopy,
  connectionId: string,
  batch: Record<string, unknown>[],
): Promise<void> {
  const names = [...copy.key, ...copy.columns];
  // The table's own row type reads the JSON (its types, its columns); who and when are the
  // trigger's.
  try {
    await client.query(
      `INSERT INTO ${copy.table} (connection_id, ${names.join(', ')})
       SELECT $1, ${names.map((n) => `r.${n}`).join(', ')}
       FROM json_populate_recordset(NULL::${copy.table}, $2::json) r
       ON CONFLICT (connection_id${copy.key.map((k) => `, ${k}`).join('')}) DO UPDATE SET
         ${copy.columns.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      [connectionId, JSON.stringify(batch)],
    );
  } catch (error) {
    const e = error as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'third_parties_auxiliary')
      throw new AppFailure(
        'conflict',
        `An auxiliary account code of this workstation's third parties is held by another third party in the firm's data (connection ${connectionId}): nothing of it was moved`,
      );
    throw error;
  }
}

/** Rows the firm holds for the connection, per table. */
export async function firmCounts(
  client: pg.ClientBase,
  connectionId: string,
): Promise<UserDataCounts> {
  const counts: UserDataCounts = {};
  for (const { table } of TABLES) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE connection_id = $1`,
      [connectionId],
    );
    counts[table] = rows[0]!.n;
  }
  return counts;
}
