// The SQLite files of one connection that hold the user's own data (the user-data file, the bank
// file): owner-only before SQLite opens them (notes and statements name people), in WAL, set up by
// the caller's steps; closed again when a step fails, so that nothing is left open.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export function openOwnerOnlyDatabase(
  path: string,
  steps: (db: DatabaseSync) => void,
): DatabaseSync {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  const db = new DatabaseSync(path, { timeout: 5000 });
  try {
    db.exec('PRAGMA journal_mode = WAL');
    steps(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Runs `fn` in one write transaction of `db`: all of it is written, or nothing. */
export function writeTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** A connection's own file (the user data, the bank) as its store holds it: opened owner-only
 * with the store's steps (pragmas, schema), closed once. */
export class OwnerOnlyStore {
  readonly connectionId: string;
  readonly path: string;
  protected readonly db: DatabaseSync;

  constructor(path: string, connectionId: string, steps: (db: DatabaseSync) => void) {
    this.connectionId = connectionId;
    this.path = path;
    this.db = openOwnerOnlyDatabase(path, steps);
  }

  get isOpen(): boolean {
    return this.db.isOpen;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
