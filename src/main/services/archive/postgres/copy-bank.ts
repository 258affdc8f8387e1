// One connection's bank file moved into the firm's bank tables (migrations/003_bank.sql), in the
// transaction its archive and user data are copied in (migrate-connection.ts). Merged as the
// user data is: the accountant's words (accounts' 512, settings, decisions) replace the firm's
// (kept in the history), the bank's lines are added when new (their keys are the bank's), an
// import the firm already has (same file, format, day and lines) is not recorded twice, and
// a proposal is copied only where the firm has none. Run again, nothing changes.
import type pg from 'pg';
import { readBankTables, type UserDataRow } from '../user-data-rows.ts';
import type { UserDataCopy, UserDataCounts } from './copy-user-data.ts';

const TABLES = [
  'bank_accounts',
  'bank_imports',
  'bank_lines',
  'bank_proposals',
  'bank_decisions',
  'bank_settings',
] as const;

const BATCH = 500;

/** Rows of `table` (the firm's row type reads them) written by `insert`, a batch at a time. */
async function inBatches(
  client: pg.ClientBase,
  connectionId: string,
  rows: readonly UserDataRow[],
  insert: string,
): Promise<void> {
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
    await client.query("SELECT set_config('invoice_desk.who', $1, true)", [who]);
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
    await inBatches(
      client,
      connectionId,
      rowsOf('bank_accounts'),
      `INSERT INTO bank_accounts (connection_id, account, name, ledger_account, currency, added_at)
       SELECT $1, r.account, r.name, r.ledger_account, r.currency, r.added_at
       FROM json_populate_recordset(NULL::bank_accounts, $2::json) r
       ON CONFLICT (connection_id, account) DO UPDATE SET name = excluded.name,
         ledger_account = excluded.ledger_account, currency = excluded.currency`,
    );
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
    await inBatches(
      client,
      connectionId,
      rowsOf('bank_lines').map((r) => ({
        ...r,
        import_id: importIds.get(Number(r['import_id'])) ?? null,
      })),
      `INSERT INTO bank_lines (connection_id, id, account, import_id, booking_day, value_day,
         cents, label, remittance, counterparty_name, counterparty_iban, end_to_end_id, bank_ref)
       SELECT $1, r.id, r.account, r.import_id, r.booking_day, r.value_day, r.cents, r.label,
         r.remittance, r.counterparty_name, r.counterparty_iban, r.end_to_end_id, r.bank_ref
       FROM json_populate_recordset(NULL::bank_lines, $2::json) r
       ON CONFLICT (connection_id, id) DO NOTHING`,
    );
    await inBatches(
      client,
      connectionId,
      rowsOf('bank_proposals'),
      `INSERT INTO bank_proposals (connection_id, line_id, state, rule, allocations, candidates)
       SELECT $1, r.line_id, r.state, r.rule, r.allocations, r.candidates
       FROM json_populate_recordset(NULL::bank_proposals, $2::json) r
       ON CONFLICT (connection_id, line_id) DO NOTHING`,
    );
    await inBatches(
      client,
      connectionId,
      rowsOf('bank_decisions'),
      `INSERT INTO bank_decisions (connection_id, line_id, allocations, rule, decided_at)
       SELECT $1, r.line_id, r.allocations, r.rule, r.decided_at
       FROM json_populate_recordset(NULL::bank_decisions, $2::json) r
       ON CONFLICT (connection_id, line_id) DO UPDATE SET allocations = excluded.allocations,
         rule = excluded.rule, decided_at = excluded.decided_at`,
    );
    await inBatches(
      client,
      connectionId,
      rowsOf('bank_settings'),
      `INSERT INTO bank_settings (connection_id, window_days, tolerance_cents)
       SELECT $1, r.window_days, r.tolerance_cents
       FROM json_populate_recordset(NULL::bank_settings, $2::json) r
       ON CONFLICT (connection_id) DO UPDATE SET window_days = excluded.window_days,
         tolerance_cents = excluded.tolerance_cents`,
    );
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
