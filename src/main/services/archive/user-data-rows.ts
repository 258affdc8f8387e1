// A connection's user-data file (and its bank file) read table by table, as rows of named
// fields, for moving them elsewhere (the firm's server: postgres/copy-user-data.ts). A file is
// brought to the current schema first (every column there), then read through a read-only
// handle: the copy never changes it.
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { openUserData, userDataPath } from './user-data-store.ts';
import { bankDataPath, openBankData } from './bank-store.ts';

export type UserDataRow = Record<string, string | number | null>;

export interface UserDataTables {
  /** Every row of `table` (a table of user-data-store.ts), its columns by name. */
  rows(table: string): UserDataRow[];
  close(): void;
}

/** The connection's user-data file, or null when the user never wrote anything here. */
export function readUserDataTables(dataDir: string, connectionId: string): UserDataTables | null {
  const path = userDataPath(dataDir, connectionId);
  if (!existsSync(path)) return null;
  openUserData(dataDir, connectionId).close(); // migrated to this app's schema
  return tablesOf(path);
}

/** The connection's bank file, or null when no statement was ever imported here. */
export function readBankTables(dataDir: string, connectionId: string): UserDataTables | null {
  const path = bankDataPath(dataDir, connectionId);
  if (!existsSync(path)) return null;
  openBankData(dataDir, connectionId).close(); // migrated to this app's schema
  return tablesOf(path);
}

function tablesOf(path: string): UserDataTables {
  const db = new DatabaseSync(path, { readOnly: true });
  return {
    rows(table) {
      if (!/^[a-z_]+$/.test(table)) throw new RangeError(`Not a table: ${table}`);
      return db
        .prepare(`SELECT * FROM ${table}`)
        .all()
        .map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]),
          ),
        ) as UserDataRow[];
    },
    close: () => db.close(),
  };
}
