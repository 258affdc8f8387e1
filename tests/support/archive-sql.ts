// A test's own look into an archive file: a second SQLite connection on the same path (WAL lets
// it read beside the store's), for what no caller of ArchiveStore may ask (its checkpoints, an
// older schema's rows). The app's code never does this: only the archive's folder holds SQL.
import { DatabaseSync } from 'node:sqlite';

export function archiveSql<T>(path: string, use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path, { timeout: 5000 });
  try {
    return use(db);
  } finally {
    db.close();
  }
}
