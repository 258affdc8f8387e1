// A report's source (reports/report-source.ts) over a test's own SQLite archive: its port, the
// user data and bank file beside it in the same data folder, each read afresh and closed again
// (a test writes marks or settings through another handle between two reports, and some count
// the files left open).
import { dirname } from 'node:path';
import { existsSync } from 'node:fs';
import type { ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { openUserData, userDataPath } from '#main/services/archive/user-data-store.ts';
import { userDataPortOf } from '#main/services/archive/user-data-directory.ts';
import type { UserDataPort } from '#main/services/archive/user-data-port.ts';
import { besideTheArchive, type ReportSource } from '#main/services/reports/index.ts';

/** The connection's user data, each call on a handle of its own, closed after it. */
function userDataOnce(dataDir: string, connectionId: string): UserDataPort {
  return new Proxy({} as UserDataPort, {
    get(_, name) {
      if (name === 'connectionId') return connectionId;
      if (name === 'then') return undefined; // not a promise
      return async (...args: unknown[]) => {
        const store = openUserData(dataDir, connectionId);
        try {
          const call = userDataPortOf(store)[name as keyof UserDataPort] as (
            ...a: unknown[]
          ) => Promise<unknown>;
          return await call(...args);
        } finally {
          store.close();
        }
      };
    },
  });
}

export function reportSourceOf(store: ArchiveStore): ReportSource {
  const dataDir = dirname(dirname(store.path));
  const userData = {
    existing: async (connectionId: string) =>
      existsSync(userDataPath(dataDir, connectionId)) ? userDataOnce(dataDir, connectionId) : null,
  };
  return { archive: new SqliteArchive(store), ...besideTheArchive(dataDir, userData) };
}
