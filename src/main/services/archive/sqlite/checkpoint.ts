// Copies an archive's WAL back into its database file in a worker thread, with a connection of
// its own, as SQLite's WAL documentation suggests for applications that must not pause: after
// a sync the WAL holds every page it wrote (hundreds of MB at 30,000 invoices), and copying and
// syncing it took 300–400 ms during which the main process answered nothing.
// PASSIVE never waits for or blocks the app's readers and writers; a TRUNCATE that does not
// wait (busy timeout 0) then gives the disk space back when nobody is writing. If the app
// writes meanwhile, the WAL is reset at its next write and kept to journal_size_limit.
import { Worker } from 'node:worker_threads';

/** Run as CommonJS in the worker (eval): nothing to bundle beside the main process. */
const CHECKPOINT_SCRIPT = `
const { DatabaseSync } = require('node:sqlite');
const { workerData } = require('node:worker_threads');
const db = new DatabaseSync(workerData.path, { timeout: 0 });
try {
  db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  try { db.exec('PRAGMA wal_checkpoint(TRUNCATE)'); } catch {}
} finally {
  db.close();
}
`;

/** Checkpoints the archive at `path` off the main thread; resolves when done. A failure is
 * left unsaid on purpose: the WAL stays valid, and SQLite's next checkpoint copies it. */
export function checkpointInBackground(path: string): Promise<void> {
  return new Promise((resolve) => {
    const worker = new Worker(CHECKPOINT_SCRIPT, { eval: true, workerData: { path } });
    worker.once('error', () => {}); // see above; without a listener the error would crash main
    worker.once('exit', () => resolve());
  });
}
