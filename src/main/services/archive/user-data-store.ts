// What only the user wrote about one connection's invoices, in its own SQLite file beside the
// archive: <dataDir>/archive/<connectionId>.user.sqlite (mode 0600). The archive can be cleared
// and rebuilt from the operator at any time; this file cannot (the operator never had it), so it
// survives clearing the archive and goes only when the connection is deleted.
// One table per kind of user data: payment marks now; the third-party account memory and the
// notes on exceptions are meant to come here too, each as a new migration step.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { PaymentMark } from '#shared/payments.ts';
import { archiveDir, archivePath } from './archive-store.ts';
import { applySteps } from './schema.ts';

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
];
export const USER_DATA_VERSION = USER_DATA_MIGRATIONS.length;

function migrate(db: DatabaseSync): void {
  applySteps(db, USER_DATA_MIGRATIONS, USER_DATA_VERSION, 'user-data file');
}

interface MarkRecord {
  invoice_id: string;
  paid_on: string;
  note: string | null;
  marked_at: string;
}

const toMark = (r: MarkRecord): PaymentMark => ({
  invoiceId: r.invoice_id,
  paidOn: r.paid_on,
  note: r.note,
  markedAt: r.marked_at,
});

export class UserDataStore {
  readonly connectionId: string;
  readonly path: string;
  readonly #db: DatabaseSync;

  constructor(path: string, connectionId: string) {
    this.connectionId = connectionId;
    this.path = path;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // Owner-only before SQLite opens it (as the archive): notes may name people.
    closeSync(openSync(path, 'a', 0o600));
    if (process.platform !== 'win32') chmodSync(path, 0o600);
    this.#db = new DatabaseSync(path, { timeout: 5000 });
    try {
      this.#db.exec('PRAGMA journal_mode = WAL');
      this.#db.exec('PRAGMA synchronous = FULL'); // few writes, each the user's own work
      migrate(this.#db);
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  get isOpen(): boolean {
    return this.#db.isOpen;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Marks invoices paid on `paidOn` (a mark already there is replaced: the newest word wins). */
  markPaid(invoiceIds: readonly string[], paidOn: string, note: string | null, at: Date): void {
    const put = this.#db.prepare(
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
    const remove = this.#db.prepare('DELETE FROM payment_marks WHERE invoice_id = ?');
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
      const get = this.#db.prepare('SELECT * FROM payment_marks WHERE invoice_id = ?');
      for (const id of invoiceIds) {
        const r = get.get(id) as MarkRecord | undefined;
        if (r) marks.set(r.invoice_id, toMark(r));
      }
      return marks;
    }
    for (const r of this.#db.prepare('SELECT * FROM payment_marks').iterate())
      marks.set((r as unknown as MarkRecord).invoice_id, toMark(r as unknown as MarkRecord));
    return marks;
  }

  #write(fn: () => void): void {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      fn();
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      throw error;
    }
  }
}

/** A connection's user data, opened (and created) on first use. */
export function openUserData(dataDir: string, connectionId: string): UserDataStore {
  return new UserDataStore(userDataPath(dataDir, connectionId), connectionId);
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
