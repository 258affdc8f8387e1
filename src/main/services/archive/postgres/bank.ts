// The bank port (../bank-port.ts) on the firm's PostgreSQL server: the tables of
// migrations/003_bank.sql, keyed by connection. A composite call (an import, a decision, an
// undo) is one transaction holding the connection's bank lock, so that two workstations
// proposing again take turns rather than overwrite each other's proposals with stale ones.
// Each write names its writer (`who`); the schema's triggers keep who and when, the history and
// the NOTIFY of what the accountant decided. Same answers as the SQLite file (the bank contract
// suite runs on both).
import type pg from 'pg';
import type { Proposal } from '#shared/bank.ts';
import type {
  BankAccount,
  BankDirectory,
  BankMatchRow,
  BankPort,
  BankSettings,
  BankSnapshot,
  BankToDecide,
  Choose,
  NewLine,
  Propose,
} from '../bank-port.ts';
import { ConnectionWriter } from './writer.ts';
import { connectionDirectory } from './directory.ts';
import {
  allocationsOf,
  toLine,
  toMatch,
  type LineRecord,
  type MatchRecord,
} from '../bank-records.ts';

class PostgresBank extends ConnectionWriter implements BankPort {
  constructor(pool: pg.Pool, connectionId: string, who: () => string) {
    // Two workstations proposing again take turns rather than overwrite each other's proposals.
    super(pool, connectionId, who, 'bank');
  }

  async #accounts(sql: pg.ClientBase | pg.Pool): Promise<BankAccount[]> {
    const { rows } = await sql.query<{
      account: string;
      name: string;
      ledger_account: string;
      currency: string;
    }>(
      `SELECT account, name, ledger_account, currency FROM bank_accounts
       WHERE connection_id = $1 ORDER BY account`,
      [this.connectionId],
    );
    return rows.map((r) => ({
      account: r.account,
      name: r.name,
      ledgerAccount: r.ledger_account,
      currency: r.currency,
    }));
  }

  async #settings(sql: pg.ClientBase | pg.Pool): Promise<BankSettings | null> {
    const { rows } = await sql.query<{ window_days: number; tolerance_cents: number }>(
      'SELECT window_days, tolerance_cents FROM bank_settings WHERE connection_id = $1',
      [this.connectionId],
    );
    const row = rows[0];
    return row
      ? { windowDays: Number(row.window_days), toleranceCents: Number(row.tolerance_cents) }
      : null;
  }

  async #matches(sql: pg.ClientBase | pg.Pool, ids?: ReadonlySet<string>) {
    const { rows } = await sql.query<MatchRecord>(
      `SELECT l.id, l.account, l.booking_day, l.cents, l.label, l.remittance, l.counterparty_name,
         d.allocations AS decided, d.rule AS decided_rule,
         p.state, p.rule, p.allocations, p.candidates
       FROM bank_lines l
       LEFT JOIN bank_decisions d ON d.connection_id = l.connection_id AND d.line_id = l.id
       LEFT JOIN bank_proposals p ON p.connection_id = l.connection_id AND p.line_id = l.id
       WHERE l.connection_id = $1 ${ids ? 'AND l.id = ANY($2)' : ''}
       ORDER BY l.booking_day, l.id`,
      ids ? [this.connectionId, [...ids]] : [this.connectionId],
    );
    return rows.map(toMatch);
  }

  async #snapshot(client: pg.ClientBase): Promise<BankSnapshot> {
    const lines = await client.query<LineRecord>(
      `SELECT * FROM bank_lines l WHERE connection_id = $1 AND NOT EXISTS (
         SELECT 1 FROM bank_decisions d WHERE d.connection_id = l.connection_id AND d.line_id = l.id)
       ORDER BY booking_day, id`,
      [this.connectionId],
    );
    return {
      accounts: await this.#accounts(client),
      settings: await this.#settings(client),
      undecided: lines.rows.map(toLine),
      settled: await this.#settled(client),
    };
  }

  async #settled(client: pg.ClientBase): Promise<Map<string, number>> {
    const { rows } = await client.query<{ allocations: string }>(
      'SELECT allocations FROM bank_decisions WHERE connection_id = $1',
      [this.connectionId],
    );
    const settled = new Map<string, number>();
    for (const r of rows)
      for (const a of allocationsOf(r.allocations))
        settled.set(a.invoiceId, (settled.get(a.invoiceId) ?? 0) + a.cents);
    return settled;
  }

  async #rematch(client: pg.ClientBase, propose: Propose): Promise<void> {
    const proposals: Proposal[] = propose(await this.#snapshot(client));
    await client.query(
      `DELETE FROM bank_proposals p WHERE connection_id = $1 AND NOT EXISTS (
         SELECT 1 FROM bank_decisions d WHERE d.connection_id = p.connection_id
           AND d.line_id = p.line_id)`,
      [this.connectionId],
    );
    if (proposals.length === 0) return;
    await client.query(
      `INSERT INTO bank_proposals (connection_id, line_id, state, rule, allocations, candidates)
       SELECT $1, p.line_id, p.state, p.rule, p.allocations, p.candidates
       FROM json_to_recordset($2::json)
         AS p(line_id text, state text, rule text, allocations text, candidates text)
       ON CONFLICT (connection_id, line_id) DO UPDATE SET state = excluded.state,
         rule = excluded.rule, allocations = excluded.allocations,
         candidates = excluded.candidates`,
      [
        this.connectionId,
        JSON.stringify(
          [...new Map(proposals.map((p) => [p.lineId, p])).values()].map((p) => ({
            line_id: p.lineId,
            state: p.state,
            rule: p.state === 'unmatched' ? null : p.rule,
            allocations: JSON.stringify(p.state === 'auto' ? p.allocations : []),
            candidates: JSON.stringify(p.state === 'suggested' ? p.candidates : []),
          })),
        ),
      ],
    );
  }

  accounts(): Promise<BankAccount[]> {
    return this.#accounts(this.pool);
  }

  async updateAccount(account: string, change: { ledgerAccount?: string; name?: string }) {
    return this.write(async (client) => {
      const done = await client.query(
        `UPDATE bank_accounts SET ledger_account = coalesce($3, ledger_account),
           name = coalesce($4, name) WHERE connection_id = $1 AND account = $2`,
        [this.connectionId, account, change.ledgerAccount ?? null, change.name ?? null],
      );
      return (done.rowCount ?? 0) > 0;
    });
  }

  settings(): Promise<BankSettings | null> {
    return this.#settings(this.pool);
  }

  async saveSettings(settings: BankSettings): Promise<void> {
    await this.write((client) =>
      client.query(
        `INSERT INTO bank_settings (connection_id, window_days, tolerance_cents) VALUES ($1, $2, $3)
         ON CONFLICT (connection_id) DO UPDATE SET window_days = excluded.window_days,
           tolerance_cents = excluded.tolerance_cents`,
        [this.connectionId, settings.windowDays, settings.toleranceCents],
      ),
    );
  }

  matches(ids?: ReadonlySet<string>): Promise<BankMatchRow[]> {
    return this.#matches(this.pool, ids);
  }

  /** Who last decided each line (the firm's record of its writer) and when, by line id. */
  async decisionWriters(): Promise<Map<string, { by: string; at: string }>> {
    const { rows } = await this.pool.query<{ line_id: string; written_by: string; at: string }>(
      `SELECT line_id, written_by, decided_at AS at FROM bank_decisions
       WHERE connection_id = $1`,
      [this.connectionId],
    );
    return new Map(rows.map((r) => [r.line_id, { by: r.written_by, at: r.at }]));
  }

  async hasLine(lineId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      'SELECT 1 FROM bank_lines WHERE connection_id = $1 AND id = $2',
      [this.connectionId, lineId],
    );
    return rows.length > 0;
  }

  async toDecide(): Promise<BankToDecide> {
    const found = await toDecideOf(this.pool, [this.connectionId]);
    return found.get(this.connectionId) ?? { unmatched: 0, suggested: 0 };
  }

  async journalFacts(): Promise<unknown[]> {
    const { rows } = await this.pool.query(
      `SELECT (SELECT json_build_array(count(*), max(import_id)) FROM bank_lines
                WHERE connection_id = $1) AS lines,
         (SELECT max(id) FROM bank_imports WHERE connection_id = $1) AS imports,
         (SELECT json_build_array(count(*), max(decided_at), sum(length(allocations)))
            FROM bank_decisions WHERE connection_id = $1) AS decisions,
         (SELECT string_agg(account || '=' || ledger_account, ',' ORDER BY account)
            FROM bank_accounts WHERE connection_id = $1) AS accounts`,
      [this.connectionId],
    );
    const r = rows[0] as Record<string, unknown>;
    return [r['lines'], r['imports'], r['decisions'], r['accounts']];
  }

  async importLines(
    file: { name: string; format: string },
    newAccounts: (known: BankAccount[]) => BankAccount[],
    lines: readonly NewLine[],
    at: Date,
    propose: Propose,
  ): Promise<{ added: number; accountsAdded: BankAccount[] }> {
    return this.write(async (client) => {
      const accountsAdded = newAccounts(await this.#accounts(client));
      for (const a of accountsAdded)
        await client.query(
          `INSERT INTO bank_accounts (connection_id, account, name, ledger_account, currency,
             added_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [this.connectionId, a.account, a.name, a.ledgerAccount, a.currency, at.toISOString()],
        );
      const made = await client.query<{ id: number }>(
        `INSERT INTO bank_imports (connection_id, file_name, format, imported_at, lines, added)
         VALUES ($1, $2, $3, $4, $5, 0) RETURNING id`,
        [this.connectionId, file.name, file.format, at.toISOString(), lines.length],
      );
      const importId = made.rows[0]!.id;
      const inserted = await client.query(
        `INSERT INTO bank_lines (connection_id, id, account, import_id, booking_day, value_day,
           cents, label, remittance, counterparty_name, counterparty_iban, end_to_end_id,
           bank_ref)
         SELECT $1, l.id, l.account, $2, l.booking_day, l.value_day, l.cents, l.label,
           l.remittance, l.counterparty_name, l.counterparty_iban, l.end_to_end_id, l.bank_ref
         FROM json_to_recordset($3::json) AS l(id text, account text, booking_day text,
           value_day text, cents bigint, label text, remittance text, counterparty_name text,
           counterparty_iban text, end_to_end_id text, bank_ref text)
         ON CONFLICT (connection_id, id) DO NOTHING`,
        [
          this.connectionId,
          importId,
          JSON.stringify(
            // A line named twice in one file is stored once, as SQLite's loop does.
            [...new Map(lines.map((l) => [l.id, l])).values()].map(({ id, account, line }) => ({
              id,
              account,
              booking_day: line.bookingDay,
              value_day: line.valueDay ?? null,
              cents: line.cents,
              label: line.label,
              remittance: line.remittance ?? null,
              counterparty_name: line.counterpartyName ?? null,
              counterparty_iban: line.counterpartyIban ?? null,
              end_to_end_id: line.endToEndId ?? null,
              bank_ref: line.bankRef ?? null,
            })),
          ),
        ],
      );
      const added = inserted.rowCount ?? 0;
      await client.query('UPDATE bank_imports SET added = $2 WHERE id = $1', [importId, added]);
      await this.#rematch(client, propose);
      return { added, accountsAdded };
    });
  }

  async decide(
    lineId: string,
    choose: Choose,
    at: Date,
    propose: Propose,
  ): Promise<BankMatchRow | null> {
    return this.write(async (client) => {
      const [row] = await this.#matches(client, new Set([lineId]));
      if (!row) return null;
      const { allocations, rule } = choose(row, await this.#settled(client));
      await client.query(
        `INSERT INTO bank_decisions (connection_id, line_id, allocations, rule, decided_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (connection_id, line_id) DO UPDATE SET allocations = excluded.allocations,
           rule = excluded.rule, decided_at = excluded.decided_at`,
        [this.connectionId, lineId, JSON.stringify(allocations), rule, at.toISOString()],
      );
      await this.#rematch(client, propose);
      return (await this.#matches(client, new Set([lineId])))[0] ?? null;
    });
  }

  async undecide(lineId: string, propose: Propose): Promise<BankMatchRow | null> {
    return this.write(async (client) => {
      const [row] = await this.#matches(client, new Set([lineId]));
      if (!row) return null;
      await client.query('DELETE FROM bank_decisions WHERE connection_id = $1 AND line_id = $2', [
        this.connectionId,
        lineId,
      ]);
      await this.#rematch(client, propose);
      return (await this.#matches(client, new Set([lineId])))[0] ?? null;
    });
  }

  async rematch(propose: Propose): Promise<void> {
    await this.write((client) => this.#rematch(client, propose));
  }
}

/** What waits for the accountant in each of these connections' banks, one query for all: the
 * lines no decision covers, unmatched or suggested, grouped by connection (a connection with a
 * bank and no such line counts zeros; one without a bank is absent, as its missing file). */
async function toDecideOf(
  db: pg.Pool,
  connectionIds: readonly string[],
): Promise<Map<string, BankToDecide>> {
  const { rows } = await db.query<{ connection_id: string; unmatched: number; suggested: number }>(
    `SELECT b.connection_id,
       count(l.id) FILTER (WHERE coalesce(p.state, 'unmatched') = 'unmatched')::int AS unmatched,
       count(l.id) FILTER (WHERE p.state = 'suggested')::int AS suggested
     FROM bank_data b
     LEFT JOIN bank_lines l ON l.connection_id = b.connection_id AND NOT EXISTS (
       SELECT 1 FROM bank_decisions d WHERE d.connection_id = l.connection_id
         AND d.line_id = l.id)
     LEFT JOIN bank_proposals p ON p.connection_id = l.connection_id AND p.line_id = l.id
     WHERE b.connection_id = ANY($1)
     GROUP BY b.connection_id`,
    [[...connectionIds]],
  );
  return new Map(
    rows.map((r) => [r.connection_id, { unmatched: r.unmatched, suggested: r.suggested }]),
  );
}

/** The bank data of every connection on the firm's server (`db`: a pool on the firm's schema);
 * `who` names the writer of each write. */
export function postgresBankDirectory(db: pg.Pool, who: () => string): BankDirectory {
  // Under the connection's user data: the two go together, as their files do.
  return {
    ...connectionDirectory(
      db,
      ['user_data', 'bank_data'],
      (connectionId) => new PostgresBank(db, connectionId, who),
    ),
    toDecideOf: (connectionIds) => toDecideOf(db, connectionIds),
  };
}
