// One connection's bank file moved into the firm's bank tables (migrations/003_bank.sql), in the
// transaction its archive and user data are copied in (migrate-connection.ts). Merged as the
// user data is: the accountant's words (accounts' 512, settings, decisions) replace the firm's
// (kept in the history), the bank's lines are added when new (their keys are the bank's), an
// import the firm already has (same file, format, day and lines) is not recorded twice, and
// a proposal is copied only where the firm has none. Run again, nothing changes.
import type pg from 'pg';
import { readBankTables, type UserDataRow } from '../user-data-rows.ts';
import type { UserDataCopy, UserDataCounts } from './copy-user-data.ts';
import { nameWriter } from './writer.ts';

const TABLES = [
  'bank_accounts',
  'bank_imports',
  'bank_lines',
  'bank_proposals',
  'bank_decisions',
  'bank_settings',
] as const;

const BATCH = 500;

/** How a table's rows are merged into the firm's: the columns copied, the key a row of the
 * file meets the firm's on (after connection_id), and the columns the file's row replaces there
 * (none: the firm's row is kept). */
interface Merge {
  columns: readonly string[];
  key: readonly string[];
  replace: readonly string[];
}

const MERGES = {
  bank_accounts: {
    columns: ['account', 'name', 'ledger_account', 'currency', 'added_at'],
    key: ['account'],
    replace: ['name', 'ledger_account', 'currency'],
  },
  bank_lines: {
    columns: [
      'id',
      'account',
      'import_id',
      'booking_day',
      'value_day',
      'cents',
      'label',
      'remittance',
      'counterparty_name',
      'counterparty_iban',
      'end_to_end_id',
      'bank_ref',
    ],
    key: ['id'],
    replace: [],
  },
  bank_proposals: {
    columns: ['line_id', 'state', 'rule', 'allocations', 'candidates'],
    key: ['line_id'],
    replace: [],
  },
  bank_decisions: {
    columns: ['line_id', 'allocations', 'rule', 'decided_at'],
    key: ['line_id'],
    replace: ['allocations', 'rule', 'decided_at'],
  },
  bank_settings: {
    columns: ['window_days', 'tolerance_cents'],
    key: [],
    replace: ['window_days', 'tolerance_cents'],
  },
} as const satisfies Record<string, Merge>;

/** `rows` merged into `table` as MERGES says (the firm's row type reads them), a batch at a time. */
async function merge(
  client: pg.ClientBase,
  connectionId: string,
  table: keyof typeof MERGES,
  rows: readonly UserDataRow[],
): Promise<void> {
  const { columns, key, replace }: Merge = MERGES[table];
  const onConflict = `ON CONFLICT (${['connection_id', ...key].join(', ')}) ${
    replace.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET ${replace.map((c) => `${c} = excluded.${c}`).join(', ')}`
  }`;
  const insert = `INSERT INTO ${table} (connection_id, ${columns.join(', ')})
    SELECT $1, ${columns.map((c) => `r.${c}`).join(', ')}
    FROM json_populate_recordset(NULL::${table}, $2::json) r ${onConflict}`;
  for (let at = 0; at < rows.length; at += BATCH)
    await client.query(insert, [connectionId, JSON.stringify(rows.slice(at, at + BATCH))]);
}

/** Copies the connection's bank file with `client`'s transaction; null when it has none.
 * `who` is the user migrating (the writer the history names). */
export async function copyBank(
  client: pg.ClientBase,
  dataDir: string,
  connectionId: string,
  who: string,
): Promise<UserDataCopy | null> {
  const tables = readBankTables(dataDir, connectionId);
  if (!tables) return null;
  try {
    await nameWriter(client, who);
    const from: UserDataCounts = {};
    const rowsOf = (table: (typeof TABLES)[number]) => {
      const rows = tables.rows(table);
      from[table] = rows.length;
      return rows;
    };
    for (const parent of ['user_data', 'bank_data'])
      await client.query(
        `INSERT INTO ${parent} (connection_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [connectionId],
      );
    await merge(client, connectionId, 'bank_accounts', rowsOf('bank_accounts'));
    // The file's import ids become the firm's (an import already there keeps its own).
    const importIds = new Map<number, number>();
    for (const r of rowsOf('bank_imports')) {
      const same = await client.query<{ id: number }>(
        `SELECT id FROM bank_imports WHERE connection_id = $1 AND file_name = $2 AND format = $3
         AND imported_at = $4 AND lines = $5 ORDER BY id LIMIT 1`,
        [connectionId, r['file_name'], r['format'], r['imported_at'], r['lines']],
      );
      const id =
        same.rows[0]?.id ??
        (
          await client.query<{ id: number }>(
            `INSERT INTO bank_imports (connection_id, file_name, format, imported_at, lines, added)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [connectionId, r['file_name'], r['format'], r['imported_at'], r['lines'], r['added']],
          )
        ).rows[0]!.id;
      importIds.set(Number(r['id']), id);
    }
    await merge(
      client,
      connectionId,
      'bank_lines',
      rowsOf('bank_lines').map((r) => ({
        ...r,
        import_id: importIds.get(Number(r['import_id'])) ?? null,
      })),
    );
    await merge(client, connectionId, 'bank_proposals', rowsOf('bank_proposals'));
    await merge(client, connectionId, 'bank_decisions', rowsOf('bank_decisions'));
    await merge(client, connectionId, 'bank_settings', rowsOf('bank_settings'));
    const to: UserDataCounts = {};
    for (const table of TABLES) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE connection_id = $1`,
        [connectionId],
      );
      to[table] = rows[0]!.n;
    }
    return { from, to };
  } finally {
    tables.close();
  }
}
