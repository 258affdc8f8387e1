// What only the user wrote about one connection's invoices, in its own SQLite file beside the
// archive: <dataDir>/archive/<connectionId>.user.sqlite (mode 0600). The archive can be cleared
// and rebuilt from the operator at any time; this file cannot (the operator never had it), so it
// survives clearing the archive and goes only when the connection is deleted.
// One table per kind of user data: payment marks, the company's accounting settings and its
// third parties' accounts (issue 17), line 22 of each VAT return (issue 18), the exceptions the
// accountant marked handled with a note (issue 19).
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { AccountingSettings, ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import type { ExceptionHandled } from '#shared/exceptions.ts';
import type { PaymentMark } from '#shared/payments.ts';
import { AppFailure } from '../app-failure.ts';
import { settingsFromStored } from '#shared/accounting-settings.ts';
import { archiveDir, archivePath } from './sqlite/archive-store.ts';
import { OwnerOnlyStore, writeTransaction } from './owner-only-database.ts';
import type { DeclaredReturnRecord, TypedRate } from './user-data-port.ts';
import { applySteps } from './sqlite/schema.ts';
import {
  declaredValues,
  parseJson,
  toDeclared,
  toExceptionMark,
  toMark,
  toThirdParty,
  type DeclaredRecord,
  type ExceptionMarkRecord,
  type MarkRecord,
  type ThirdPartyRecord,
} from './user-data-records.ts';

const SIDE_FILES = ['', '-wal', '-shm', '-journal'] as const;

/** The user-data file of a connection (archivePath checks the id is a safe file name). */
export function userDataPath(dataDir: string, connectionId: string): string {
  archivePath(dataDir, connectionId);
  return join(archiveDir(dataDir), `${connectionId}.user.sqlite`);
}

/** The user-data file beside an archive file `<dir>/<id>.sqlite`. */
function besideArchive(archiveFile: string, connectionId: string): string {
  return join(dirname(archiveFile), `${connectionId}.user.sqlite`);
}

/** Deletes a connection's user data (only when the connection itself is deleted). */
export function deleteUserData(dataDir: string, connectionId: string): void {
  const path = userDataPath(dataDir, connectionId);
  for (const suffix of SIDE_FILES) rmSync(path + suffix, { force: true });
  // The bank statements' file (bank-store.ts) goes with the connection too.
  const bank = join(dirname(path), `${connectionId}.bank.sqlite`);
  for (const suffix of SIDE_FILES) rmSync(bank + suffix, { force: true });
}

/** Forward steps; PRAGMA user_version counts those applied. Never edit a released step. */
export const USER_DATA_MIGRATIONS: readonly ((db: DatabaseSync) => void)[] = [
  // 1: invoices the user marked paid, by the operator's invoice uuid.
  (db) => {
    db.exec(`
      CREATE TABLE payment_marks (
        invoice_id TEXT PRIMARY KEY,
        paid_on TEXT NOT NULL,   -- YYYY-MM-DD, the payment day the user gave
        note TEXT,
        marked_at TEXT NOT NULL  -- ISO date-time the mark was set
      ) WITHOUT ROWID;
    `);
  },
  // 2: pre-accounting (issue 17): the company's settings (one JSON row, checked when read) and
  // the memory of its third parties' accounts, one row per party and role (a company may be both
  // a customer and a supplier, with an auxiliary account for each).
  (db) => {
    db.exec(`
      CREATE TABLE accounting_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        settings TEXT NOT NULL,   -- JSON of AccountingSettings
        updated_at TEXT NOT NULL
      );
      CREATE TABLE third_parties (
        key TEXT NOT NULL,        -- SIREN, else the VAT number, else NAME:<normalised name>
        role TEXT NOT NULL CHECK (role IN ('customer', 'supplier')),
        name TEXT NOT NULL,
        auxiliary TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL,
        label TEXT,
        confirmed INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (key, role)
      ) WITHOUT ROWID;
    `);
  },
  // 3: the VAT return (issue 18): line 22, the credit carried from the previous return, as the
  // accountant entered it for a period (by its first and last days), in cents.
  (db) => {
    db.exec(`
      CREATE TABLE carried_credits (
        period_from TEXT NOT NULL,  -- YYYY-MM-DD
        period_to TEXT NOT NULL,    -- YYYY-MM-DD
        cents INTEGER NOT NULL CHECK (cents >= 0),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (period_from, period_to)
      ) WITHOUT ROWID;
    `);
  },
  // 4: the exceptions list (issue 19): an invoice the accountant marked handled, with the note,
  // who and when, and the reasons the mark covers (a JSON array of reason keys: a reason that
  // appears later opens the invoice again). By invoice, not by reason: the accountant acts on
  // the invoice (calls the client, fixes the account) and writes one note for it.
  (db) => {
    db.exec(`
      CREATE TABLE exception_marks (
        invoice_id TEXT PRIMARY KEY,
        reasons TEXT NOT NULL,      -- JSON array of reason keys (src/shared/exceptions.ts)
        note TEXT,
        handled_by TEXT NOT NULL,   -- the workstation's user name
        handled_at TEXT NOT NULL    -- ISO date-time
      ) WITHOUT ROWID;
    `);
  },
  // 5: VAT returns (issue 26, items 3 and 6): a period the accountant recorded as declared, with
  // the day, the amount and the figures it was declared on (JSON, services/tax/declared.ts), so
  // that what changed in the archive since is listed against them; and the rate the accountant
  // typed for an invoice in another currency (euros per unit, as text: no float rounding).
  (db) => {
    db.exec(`
      CREATE TABLE declared_returns (
        period_from TEXT NOT NULL,  -- YYYY-MM-DD
        period_to TEXT NOT NULL,    -- YYYY-MM-DD
        label TEXT NOT NULL,        -- 2026-10, 2026-Q3, 2026
        declared_on TEXT NOT NULL,  -- YYYY-MM-DD, the day the return was filed
        amount_cents INTEGER NOT NULL,  -- VAT due (> 0) or credit (< 0) as filed
        figures TEXT NOT NULL,      -- JSON of DeclaredFigures
        declared_by TEXT NOT NULL,
        declared_at TEXT NOT NULL,  -- ISO date-time
        PRIMARY KEY (period_from, period_to)
      ) WITHOUT ROWID;
      CREATE TABLE invoice_rates (
        invoice_id TEXT PRIMARY KEY,
        currency TEXT NOT NULL,     -- ISO 4217 code of the invoice
        rate TEXT NOT NULL,         -- units of the currency per euro, as typed (ECB's way)
        typed_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
];
export const USER_DATA_VERSION = USER_DATA_MIGRATIONS.length;

function migrate(db: DatabaseSync): void {
  applySteps(db, USER_DATA_MIGRATIONS, USER_DATA_VERSION, 'user-data file');
}

/** A declared return (issue 26, item 6) and a typed rate: their shapes are the port's. */
export type { DeclaredReturnRecord, TypedRate } from './user-data-port.ts';

export class UserDataStore extends OwnerOnlyStore {
  constructor(path: string, connectionId: string) {
    // Owner-only (as the archive): notes may name people.
    super(path, connectionId, (db) => {
      db.exec('PRAGMA synchronous = FULL'); // few writes, each the user's own work
      migrate(db);
    });
  }

  /** Marks invoices paid on `paidOn` (a mark already there is replaced: the newest word wins). */
  markPaid(invoiceIds: readonly string[], paidOn: string, note: string | null, at: Date): void {
    const put = this.db.prepare(
      `INSERT INTO payment_marks (invoice_id, paid_on, note, marked_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (invoice_id) DO UPDATE SET paid_on = excluded.paid_on, note = excluded.note,
         marked_at = excluded.marked_at`,
    );
    this.#write(() => {
      for (const id of invoiceIds) put.run(id, paidOn, note, at.toISOString());
    });
  }

  /** Takes the marks off (undo); ids without one are ignored. Returns how many were removed. */
  unmarkPaid(invoiceIds: readonly string[]): number {
    const remove = this.db.prepare('DELETE FROM payment_marks WHERE invoice_id = ?');
    let removed = 0;
    this.#write(() => {
      for (const id of invoiceIds) removed += Number(remove.run(id).changes);
    });
    return removed;
  }

  /** The marks of these invoices, or every mark when `invoiceIds` is not given. */
  paymentMarks(invoiceIds?: readonly string[]): Map<string, PaymentMark> {
    const marks = new Map<string, PaymentMark>();
    if (invoiceIds) {
      const get = this.db.prepare('SELECT * FROM payment_marks WHERE invoice_id = ?');
      for (const id of invoiceIds) {
        const r = get.get(id) as MarkRecord | undefined;
        if (r) marks.set(r.invoice_id, toMark(r));
      }
      return marks;
    }
    for (const r of this.db.prepare('SELECT * FROM payment_marks').iterate())
      marks.set((r as unknown as MarkRecord).invoice_id, toMark(r as unknown as MarkRecord));
    return marks;
  }

  /** Marks invoices handled, each with the reasons' keys it covers (a mark already there is
   * replaced: the newest word wins). */
  markExceptionsHandled(
    marks: readonly { invoiceId: string; reasons: readonly string[] }[],
    note: string | null,
    by: string,
    at: Date,
  ): void {
    const put = this.db.prepare(
      `INSERT INTO exception_marks (invoice_id, reasons, note, handled_by, handled_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (invoice_id) DO UPDATE SET reasons = excluded.reasons, note = excluded.note,
         handled_by = excluded.handled_by, handled_at = excluded.handled_at`,
    );
    this.#write(() => {
      for (const m of marks)
        put.run(m.invoiceId, JSON.stringify(m.reasons), note, by, at.toISOString());
    });
  }

  /** Takes the handled marks off ("Rouvrir"); returns how many were removed. */
  reopenExceptions(invoiceIds: readonly string[]): number {
    const remove = this.db.prepare('DELETE FROM exception_marks WHERE invoice_id = ?');
    let removed = 0;
    this.#write(() => {
      for (const id of invoiceIds) removed += Number(remove.run(id).changes);
    });
    return removed;
  }

  /** Every handled mark, by invoice id. */
  exceptionMarks(): Map<string, ExceptionHandled> {
    const marks = new Map<string, ExceptionHandled>();
    for (const r of this.db.prepare('SELECT * FROM exception_marks').iterate()) {
      const mark = toExceptionMark(r as unknown as ExceptionMarkRecord);
      marks.set(mark.invoiceId, mark);
    }
    return marks;
  }

  /** The company's accounting settings: the defaults until the user saves some; a damaged
   * setting read back as its default, the others kept (settingsFromStored). */
  readAccountingSettings(): AccountingSettings {
    const row = this.db.prepare('SELECT settings FROM accounting_settings WHERE id = 1').get() as
      { settings: string } | undefined;
    return settingsFromStored(row ? parseJson(row.settings) : undefined);
  }

  /** Keeps the settings (already validated by the caller: accounting/settings.ts). */
  saveAccountingSettings(settings: AccountingSettings, at: Date): void {
    const put = this.db.prepare(
      `INSERT INTO accounting_settings (id, settings, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
    );
    this.#write(() => put.run(JSON.stringify(settings), at.toISOString()));
  }

  /** Line 22 of the VAT return of the period [from, to] as the accountant entered it (0 when
   * never entered). */
  carriedCredit(period: { from: string; to: string }): number {
    const row = this.db
      .prepare('SELECT cents FROM carried_credits WHERE period_from = ? AND period_to = ?')
      .get(period.from, period.to) as { cents: number } | undefined;
    return row ? Number(row.cents) : 0;
  }

  /** Keeps line 22 of the period's return (0 forgets it). `cents` is checked by the caller. */
  saveCarriedCredit(period: { from: string; to: string }, cents: number, at: Date): void {
    this.#write(() => {
      if (cents === 0)
        this.db
          .prepare('DELETE FROM carried_credits WHERE period_from = ? AND period_to = ?')
          .run(period.from, period.to);
      else
        this.db
          .prepare(
            `INSERT INTO carried_credits (period_from, period_to, cents, updated_at)
             VALUES (?, ?, ?, ?)
             ON CONFLICT (period_from, period_to) DO UPDATE SET cents = excluded.cents,
               updated_at = excluded.updated_at`,
          )
          .run(period.from, period.to, cents, at.toISOString());
    });
  }

  /** Records a period's return as declared (a record already there is replaced). */
  saveDeclaredReturn(record: DeclaredReturnRecord): void {
    const put = this.db.prepare(
      `INSERT INTO declared_returns (period_from, period_to, label, declared_on, amount_cents,
         figures, declared_by, declared_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (period_from, period_to) DO UPDATE SET label = excluded.label,
         declared_on = excluded.declared_on, amount_cents = excluded.amount_cents,
         figures = excluded.figures, declared_by = excluded.declared_by,
         declared_at = excluded.declared_at`,
    );
    this.#write(() => put.run(...declaredValues(record)));
  }

  /** The declared return of the period [from, to], or null. */
  declaredReturn(period: { from: string; to: string }): DeclaredReturnRecord | null {
    const r = this.db
      .prepare('SELECT * FROM declared_returns WHERE period_from = ? AND period_to = ?')
      .get(period.from, period.to) as DeclaredRecord | undefined;
    return r ? toDeclared(r) : null;
  }

  /** Every declared return, oldest period first. */
  declaredReturns(): DeclaredReturnRecord[] {
    return this.db
      .prepare('SELECT * FROM declared_returns ORDER BY period_from, period_to')
      .all()
      .map((r) => toDeclared(r as unknown as DeclaredRecord));
  }

  /** Takes a declaration off (recorded by mistake); true when there was one. */
  removeDeclaredReturn(period: { from: string; to: string }): boolean {
    let removed = 0;
    this.#write(() => {
      removed = Number(
        this.db
          .prepare('DELETE FROM declared_returns WHERE period_from = ? AND period_to = ?')
          .run(period.from, period.to).changes,
      );
    });
    return removed > 0;
  }

  /** Keeps the rate the accountant typed for an invoice (null forgets it). */
  saveInvoiceRate(
    invoiceId: string,
    rate: { currency: string; rate: string } | null,
    at: Date,
  ): void {
    this.#write(() => {
      if (rate === null)
        this.db.prepare('DELETE FROM invoice_rates WHERE invoice_id = ?').run(invoiceId);
      else
        this.db
          .prepare(
            `INSERT INTO invoice_rates (invoice_id, currency, rate, typed_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (invoice_id) DO UPDATE SET currency = excluded.currency,
               rate = excluded.rate, typed_at = excluded.typed_at`,
          )
          .run(invoiceId, rate.currency, rate.rate, at.toISOString());
    });
  }

  /** Every rate the accountant typed, by invoice id. */
  invoiceRates(): Map<string, TypedRate> {
    const rates = new Map<string, TypedRate>();
    for (const r of this.db.prepare('SELECT * FROM invoice_rates').iterate()) {
      const row = r as unknown as {
        invoice_id: string;
        currency: string;
        rate: string;
        typed_at: string;
      };
      rates.set(row.invoice_id, { currency: row.currency, rate: row.rate, typedAt: row.typed_at });
    }
    return rates;
  }

  /** Every remembered third party, customers first, each side by auxiliary code. */
  thirdParties(): ThirdParty[] {
    return this.db
      .prepare('SELECT * FROM third_parties ORDER BY role, auxiliary')
      .all()
      .map((r) => toThirdParty(r as unknown as ThirdPartyRecord));
  }

  /** One third party's remembered accounts, or null. */
  thirdParty(key: string, role: ThirdPartyRole): ThirdParty | null {
    const r = this.db
      .prepare('SELECT * FROM third_parties WHERE key = ? AND role = ?')
      .get(key, role);
    return r ? toThirdParty(r as unknown as ThirdPartyRecord) : null;
  }

  /** Adds or replaces these third parties in one transaction: all of them or none. An auxiliary
   * code another party holds is a `conflict` (accounting/third-parties.ts checks it first, to say
   * which line and which party). */
  saveThirdParties(list: readonly ThirdParty[]): void {
    const put = this.db.prepare(
      `INSERT INTO third_parties (key, role, name, auxiliary, account, label, confirmed, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key, role) DO UPDATE SET name = excluded.name, auxiliary = excluded.auxiliary,
         account = excluded.account, label = excluded.label, confirmed = excluded.confirmed,
         updated_at = excluded.updated_at`,
    );
    try {
      this.#write(() => {
        for (const p of list)
          put.run(
            p.key,
            p.role,
            p.name,
            p.auxiliary,
            p.account,
            p.label,
            p.confirmed ? 1 : 0,
            p.updatedAt,
          );
      });
    } catch (error) {
      if (/UNIQUE constraint failed: third_parties\.auxiliary/.test(String(error)))
        throw new AppFailure(
          'conflict',
          'An auxiliary account code is already used by another third party.',
        );
      throw error;
    }
  }

  /** Every auxiliary code in use, with the party holding it. */
  auxiliaryCodes(): Map<string, { key: string; role: ThirdPartyRole; name: string }> {
    const codes = new Map<string, { key: string; role: ThirdPartyRole; name: string }>();
    for (const r of this.db
      .prepare('SELECT auxiliary, key, role, name FROM third_parties')
      .iterate()) {
      const row = r as unknown as Pick<ThirdPartyRecord, 'auxiliary' | 'key' | 'role' | 'name'>;
      codes.set(row.auxiliary, { key: row.key, role: row.role, name: row.name });
    }
    return codes;
  }

  #write(fn: () => void): void {
    writeTransaction(this.db, fn);
  }
}

/** A connection's user data, opened (and created) on first use. */
export function openUserData(dataDir: string, connectionId: string): UserDataStore {
  return new UserDataStore(userDataPath(dataDir, connectionId), connectionId);
}

/**
 * What `read` gives of the user-data file beside the archive `archiveFile` (the reports read the
 * accountant's settings, third parties and line 22 there), or `absent` when the user never wrote
 * anything (a read never creates the file).
 */
export function readBesideArchive<T>(
  archive: { path: string; connectionId: string },
  read: (store: UserDataStore) => T,
  absent: () => T,
): T {
  const path = besideArchive(archive.path, archive.connectionId);
  if (!existsSync(path)) return absent();
  const store = new UserDataStore(path, archive.connectionId);
  try {
    return read(store);
  } finally {
    store.close();
  }
}

/**
 * The payment marks of the connection whose archive file is `archiveFile` (reports and exports
 * read them beside the archive they were given); none when the user never marked anything.
 */
export function readPaymentMarks(
  archive: { path: string; connectionId: string },
  invoiceIds?: readonly string[],
): Map<string, PaymentMark> {
  const path = besideArchive(archive.path, archive.connectionId);
  if (!existsSync(path)) return new Map();
  const store = new UserDataStore(path, archive.connectionId);
  try {
    return store.paymentMarks(invoiceIds);
  } finally {
    store.close();
  }
}
