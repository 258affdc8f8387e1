// A connection's bank statements and their matches (issue 29), in their own SQLite file beside
// the archive: <dataDir>/archive/<connectionId>.bank.sqlite (mode 0600). Its own file, not a
// step of the user-data file: a year of statements is thousands of lines the bank wrote, not
// the accountant's few words; kept apart, the user-data file stays small and its schema steps
// stay another engineer's. It lives as the user data does: clearing the archive leaves it,
// deleting the connection deletes it (deleteUserData).
// Lines are keyed so that re-importing a file, or one that overlaps, adds nothing: the bank's
// own reference where the format has a unique one (CAMT AcctSvcrRef, OFX FITID), else a hash of
// account, day, amount, label and the line's rank among identical ones in its file.
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Allocation, BankFormat, MatchRule, Proposal, StatementLine } from '#shared/bank.ts';
import { archiveDir, archivePath } from './sqlite/archive-store.ts';
import { OwnerOnlyStore, writeTransaction } from './owner-only-database.ts';
import { applySteps } from './sqlite/schema.ts';
import {
  allocationsOf,
  toLine,
  toMatch,
  type LineRecord,
  type BankMatchRow,
  type MatchRecord,
  type StoredLine,
} from './bank-records.ts';

export const BANK_MIGRATIONS: readonly ((db: DatabaseSync) => void)[] = [
  // 1: accounts, imports, lines, the matches proposed and the accountant's decisions.
  (db) => {
    db.exec(`
      CREATE TABLE bank_accounts (
        account TEXT PRIMARY KEY,      -- the IBAN (or the bank's account id when it has none)
        name TEXT NOT NULL,
        ledger_account TEXT NOT NULL,  -- its 512 account in the accounting
        currency TEXT NOT NULL,
        added_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE bank_imports (
        id INTEGER PRIMARY KEY,
        file_name TEXT NOT NULL,
        format TEXT NOT NULL,
        imported_at TEXT NOT NULL,
        lines INTEGER NOT NULL,
        added INTEGER NOT NULL
      );
      CREATE TABLE bank_lines (
        id TEXT PRIMARY KEY,           -- the line's key (see above)
        account TEXT NOT NULL REFERENCES bank_accounts (account),
        import_id INTEGER NOT NULL REFERENCES bank_imports (id),
        booking_day TEXT NOT NULL,
        value_day TEXT,
        cents INTEGER NOT NULL,
        label TEXT NOT NULL,
        remittance TEXT,
        counterparty_name TEXT,
        counterparty_iban TEXT,
        end_to_end_id TEXT,
        bank_ref TEXT
      ) WITHOUT ROWID;
      CREATE INDEX bank_lines_day ON bank_lines (booking_day, id);
      CREATE TABLE bank_proposals (
        line_id TEXT PRIMARY KEY REFERENCES bank_lines (id),
        state TEXT NOT NULL CHECK (state IN ('auto', 'suggested', 'unmatched')),
        rule TEXT,
        allocations TEXT NOT NULL,     -- JSON [{invoiceId, cents}] of an automatic match
        candidates TEXT NOT NULL       -- JSON [[{invoiceId, cents}]] suggested, best first
      ) WITHOUT ROWID;
      CREATE TABLE bank_decisions (
        line_id TEXT PRIMARY KEY REFERENCES bank_lines (id),
        allocations TEXT NOT NULL,     -- JSON [{invoiceId, cents}]; [] = no invoice, left unmatched
        rule TEXT,                     -- the rule of the match confirmed, null when changed by hand
        decided_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE bank_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        window_days INTEGER NOT NULL,
        tolerance_cents INTEGER NOT NULL
      );
    `);
  },
];

export interface BankAccount {
  account: string;
  name: string;
  ledgerAccount: string;
  currency: string;
}

export type { BankMatchRow, StoredLine } from './bank-records.ts';

export interface NewLine {
  id: string;
  account: string;
  line: StatementLine;
}

/** The bank file of a connection (archivePath checks the id is a safe file name). */
export function bankDataPath(dataDir: string, connectionId: string): string {
  archivePath(dataDir, connectionId);
  return join(archiveDir(dataDir), `${connectionId}.bank.sqlite`);
}

export class BankStore extends OwnerOnlyStore {
  constructor(path: string, connectionId: string) {
    // Owner-only: statements name people and their accounts.
    super(path, connectionId, (db) => {
      db.exec('PRAGMA foreign_keys = ON');
      applySteps(db, BANK_MIGRATIONS, BANK_MIGRATIONS.length, 'bank file');
    });
  }

  /** Runs `fn` in one transaction: all of it is written, or nothing. */
  transaction<T>(fn: () => T): T {
    return writeTransaction(this.db, fn);
  }

  accounts(): BankAccount[] {
    return this.db
      .prepare('SELECT account, name, ledger_account, currency FROM bank_accounts ORDER BY account')
      .all()
      .map((r) => {
        const row = r as {
          account: string;
          name: string;
          ledger_account: string;
          currency: string;
        };
        return {
          account: row.account,
          name: row.name,
          ledgerAccount: row.ledger_account,
          currency: row.currency,
        };
      });
  }

  addAccount(account: BankAccount, at: Date): void {
    this.db
      .prepare(
        'INSERT INTO bank_accounts (account, name, ledger_account, currency, added_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        account.account,
        account.name,
        account.ledgerAccount,
        account.currency,
        at.toISOString(),
      );
  }

  /** Sets an account's 512 account (and name); false when the account is unknown. */
  updateAccount(account: string, change: { ledgerAccount?: string; name?: string }): boolean {
    const result = this.db
      .prepare(
        'UPDATE bank_accounts SET ledger_account = COALESCE(?, ledger_account), name = COALESCE(?, name) WHERE account = ?',
      )
      .run(change.ledgerAccount ?? null, change.name ?? null, account);
    return Number(result.changes) > 0;
  }

  settings(): { windowDays: number; toleranceCents: number } | null {
    const row = this.db
      .prepare('SELECT window_days, tolerance_cents FROM bank_settings WHERE id = 1')
      .get() as { window_days: number; tolerance_cents: number } | undefined;
    return row ? { windowDays: row.window_days, toleranceCents: row.tolerance_cents } : null;
  }

  saveSettings(settings: { windowDays: number; toleranceCents: number }): void {
    this.db
      .prepare(
        `INSERT INTO bank_settings (id, window_days, tolerance_cents) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET window_days = excluded.window_days, tolerance_cents = excluded.tolerance_cents`,
      )
      .run(settings.windowDays, settings.toleranceCents);
  }

  /** Records an import and adds its lines not stored yet; returns how many were added. */
  addLines(
    file: { name: string; format: BankFormat },
    lines: readonly NewLine[],
    at: Date,
  ): number {
    const importId = Number(
      this.db
        .prepare(
          'INSERT INTO bank_imports (file_name, format, imported_at, lines, added) VALUES (?, ?, ?, ?, 0)',
        )
        .run(file.name, file.format, at.toISOString(), lines.length).lastInsertRowid,
    );
    const put = this.db.prepare(
      `INSERT INTO bank_lines (id, account, import_id, booking_day, value_day, cents, label, remittance,
         counterparty_name, counterparty_iban, end_to_end_id, bank_ref)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    );
    let added = 0;
    for (const { id, account, line: l } of lines) {
      added += Number(
        put.run(
          id,
          account,
          importId,
          l.bookingDay,
          l.valueDay ?? null,
          l.cents,
          l.label,
          l.remittance ?? null,
          l.counterpartyName ?? null,
          l.counterpartyIban ?? null,
          l.endToEndId ?? null,
          l.bankRef ?? null,
        ).changes,
      );
    }
    this.db.prepare('UPDATE bank_imports SET added = ? WHERE id = ?').run(added, importId);
    return added;
  }

  /** The lines no decision covers: what matching may still propose for. */
  undecidedLines(): StoredLine[] {
    return this.db
      .prepare(
        'SELECT * FROM bank_lines WHERE id NOT IN (SELECT line_id FROM bank_decisions) ORDER BY booking_day, id',
      )
      .all()
      .map((r) => toLine(r as unknown as LineRecord));
  }

  /** What the confirmed matches allocated, by invoice (cents). */
  settled(): Map<string, number> {
    const settled = new Map<string, number>();
    for (const r of this.db.prepare('SELECT allocations FROM bank_decisions').iterate()) {
      for (const a of allocationsOf((r as { allocations: string }).allocations)) {
        settled.set(a.invoiceId, (settled.get(a.invoiceId) ?? 0) + a.cents);
      }
    }
    return settled;
  }

  /** Replaces the proposals of the undecided lines. */
  saveProposals(proposals: readonly Proposal[]): void {
    this.db.exec(
      'DELETE FROM bank_proposals WHERE line_id NOT IN (SELECT line_id FROM bank_decisions)',
    );
    const put = this.db.prepare(
      'INSERT OR REPLACE INTO bank_proposals (line_id, state, rule, allocations, candidates) VALUES (?, ?, ?, ?, ?)',
    );
    for (const p of proposals) {
      put.run(
        p.lineId,
        p.state,
        p.state === 'unmatched' ? null : p.rule,
        JSON.stringify(p.state === 'auto' ? p.allocations : []),
        JSON.stringify(p.state === 'suggested' ? p.candidates : []),
      );
    }
  }

  /** The accountant's word on a line: these invoices (none: no invoice), kept whatever comes. */
  decide(
    lineId: string,
    allocations: readonly Allocation[],
    rule: MatchRule | null,
    at: Date,
  ): void {
    this.db
      .prepare(
        `INSERT INTO bank_decisions (line_id, allocations, rule, decided_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (line_id) DO UPDATE SET allocations = excluded.allocations, rule = excluded.rule,
           decided_at = excluded.decided_at`,
      )
      .run(lineId, JSON.stringify(allocations), rule, at.toISOString());
  }

  /** Takes the accountant's word back: the line is matched again like any other. */
  undecide(lineId: string): boolean {
    return (
      Number(this.db.prepare('DELETE FROM bank_decisions WHERE line_id = ?').run(lineId).changes) >
      0
    );
  }

  /** What the entries of the bank journal rest on, in a few numbers: the lines (an import adds
   * some and proposes again), the decisions, and each account's 512. */
  journalFacts(): unknown[] {
    return [
      this.db.prepare('SELECT count(*) AS n, max(import_id) AS i FROM bank_lines').get(),
      this.db.prepare('SELECT max(id) AS i FROM bank_imports').get(),
      this.db
        .prepare(
          'SELECT count(*) AS n, max(decided_at) AS at, sum(length(allocations)) AS size FROM bank_decisions',
        )
        .get(),
      this.db
        .prepare("SELECT group_concat(account || '=' || ledger_account) AS a FROM bank_accounts")
        .get(),
    ];
  }

  /** What waits for the accountant, as the portfolio counts it in one query: lines unmatched
   * that no decision covers (a line said to pay no invoice is done), and suggestions to
   * confirm (never decided: a decision makes them confirmed or unmatched). */
  toDecide(): { unmatched: number; suggested: number } {
    const row = this.db
      .prepare(
        `SELECT coalesce(sum(coalesce(p.state, 'unmatched') = 'unmatched'), 0) AS unmatched,
           coalesce(sum(p.state = 'suggested'), 0) AS suggested
         FROM bank_lines l
         LEFT JOIN bank_proposals p ON p.line_id = l.id
         WHERE l.id NOT IN (SELECT line_id FROM bank_decisions)`,
      )
      .get() as { unmatched: number; suggested: number };
    return { unmatched: Number(row.unmatched), suggested: Number(row.suggested) };
  }

  hasLine(lineId: string): boolean {
    return this.db.prepare('SELECT 1 FROM bank_lines WHERE id = ?').get(lineId) !== undefined;
  }

  /** Every line with its match, by day. */
  matches(ids?: ReadonlySet<string>): BankMatchRow[] {
    const rows = this.db
      .prepare(
        `SELECT l.id, l.account, l.booking_day, l.cents, l.label, l.remittance, l.counterparty_name,
           d.allocations AS decided, d.rule AS decided_rule,
           p.state, p.rule, p.allocations, p.candidates
         FROM bank_lines l
         LEFT JOIN bank_decisions d ON d.line_id = l.id
         LEFT JOIN bank_proposals p ON p.line_id = l.id
         ORDER BY l.booking_day, l.id`,
      )
      .all() as unknown as MatchRecord[];
    return rows.filter((r) => !ids || ids.has(r.id)).map(toMatch);
  }
}

export function openBankData(dataDir: string, connectionId: string): BankStore {
  return new BankStore(bankDataPath(dataDir, connectionId), connectionId);
}
