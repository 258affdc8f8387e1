// An archive file's tables read as they are, row by row, for moving them elsewhere (the firm's
// archive: postgres/copy-archive.ts). The file is brought to the current schema first (so every
// column is there), then read through a read-only handle: the copy never changes it.
import { DatabaseSync } from 'node:sqlite';
import { archivePath, openArchive } from './archive-store.ts';

export type SqlValue = string | number | bigint | null | Uint8Array;

export interface ArchiveTables {
  /** The rows of `sql` one at a time, as arrays in the select's order. */
  rows(sql: string): IterableIterator<SqlValue[]>;
  /** The largest rid and run id, to place them beside others'. */
  close(): void;
}

export function readArchiveTables(dataDir: string, connectionId: string): ArchiveTables {
  openArchive(dataDir, connectionId).close({ optimize: false }); // migrated to this app's schema
  const db = new DatabaseSync(archivePath(dataDir, connectionId), { readOnly: true });
  return {
    *rows(sql) {
      const statement = db.prepare(sql);
      statement.setReturnArrays(true);
      for (const row of statement.iterate()) yield row as unknown as SqlValue[];
    },
    close: () => db.close(),
  };
}
