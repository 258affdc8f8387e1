// One sync per connection at a time, across processes: a scheduled `cli sync` that starts while the
// previous one still runs (or while the app syncs) would resume the same run and ask the operator
// for the same pages twice.
//
// The lock is SQLite's own file lock on a small database, <dataDir>/archive/<connectionId>.sync.lock,
// held in an exclusive transaction for the sync's life. The operating system drops it the moment
// its holder dies (POSIX advisory locks on Linux and macOS, LockFileEx on Windows), so a killed
// sync can be resumed at once, even while the dead process is not yet reaped (a zombie, which
// `kill(pid, 0)` still reports alive). Beside it, <connectionId>.sync-owner names the holder's pid,
// only to say who holds the lock: it never decides anything.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { AppFailure } from '../../app-failure.ts';
import { archiveDir, archivePath } from './archive-store.ts';

export interface SyncLock {
  readonly path: string;
  /** Gives the lock back if this process still holds it; safe to call twice. */
  release(): void;
}

/** Locks this process holds, with the connection holding each: a second take here is a conflict
 * without asking SQLite, and the connection stays referenced (a collected one would close, and
 * drop the lock) until release. */
const heldHere = new Map<string, DatabaseSync>();

/** SQLITE_BUSY and SQLITE_LOCKED: another connection holds the file. */
const BUSY_CODES = new Set([5, 6]);

export function syncLockPath(dataDir: string, connectionId: string): string {
  return archivePath(dataDir, connectionId).replace(/\.sqlite$/, '.sync.lock');
}

function ownerPath(lockPath: string): string {
  return lockPath.replace(/\.sync\.lock$/, '.sync-owner');
}

/** Every file the lock leaves (for removing a connection), with the pid file earlier versions
 * used as their lock (<connectionId>.sync-lock). */
export function syncLockFiles(dataDir: string, connectionId: string): string[] {
  const path = syncLockPath(dataDir, connectionId);
  return [path, `${path}-journal`, ownerPath(path), path.replace(/\.sync\.lock$/, '.sync-lock')];
}

function isBusy(error: unknown): boolean {
  return BUSY_CODES.has(Number((error as { errcode?: unknown }).errcode));
}

function pidIn(lockPath: string): number | undefined {
  try {
    const pid = Number(readFileSync(ownerPath(lockPath), 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The pid of the process holding the lock, as it wrote it (not this process's own). */
function ownerOf(lockPath: string): number | undefined {
  const pid = pidIn(lockPath);
  return pid === process.pid ? undefined : pid;
}

function runningElsewhere(lockPath: string): AppFailure {
  const owner = ownerOf(lockPath);
  return new AppFailure(
    'conflict',
    owner === undefined
      ? 'A sync of this connection is already running in another process; wait for it to end, or stop it'
      : `A sync of this connection is already running (process ${owner}); wait for it to end, or stop it`,
    owner === undefined ? undefined : { pid: owner },
  );
}

/** Takes the connection's sync lock, or throws a `conflict` AppFailure naming the running owner. */
export function acquireSyncLock(dataDir: string, connectionId: string): SyncLock {
  const path = syncLockPath(dataDir, connectionId);
  if (heldHere.has(path))
    throw new AppFailure('conflict', 'A sync of this connection is already running');
  mkdirSync(archiveDir(dataDir), { recursive: true, mode: 0o700 });
  // A short wait rides over another process peeking at the lock (isSyncLocked) at that instant.
  const db = new DatabaseSync(path, { timeout: 200 });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw runningElsewhere(path);
    throw error;
  }
  heldHere.set(path, db);
  try {
    writeFileSync(ownerPath(path), `${process.pid}\n`, { mode: 0o600 });
  } catch {
    // Only the conflict message would miss the pid.
  }
  return {
    path,
    release() {
      if (!heldHere.delete(path)) return;
      if (pidIn(path) === process.pid) rmSync(ownerPath(path), { force: true });
      try {
        db.exec('ROLLBACK');
      } finally {
        db.close();
      }
    },
  };
}

/** True while a live process holds the connection's sync lock. */
export function isSyncLocked(dataDir: string, connectionId: string): boolean {
  const path = syncLockPath(dataDir, connectionId);
  if (heldHere.has(path)) return true;
  if (!existsSync(path)) return false;
  // A read needs a shared lock, which an exclusive holder refuses; held for an instant only.
  const db = new DatabaseSync(path, { timeout: 0 });
  try {
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    db.exec('ROLLBACK');
    return false;
  } catch (error) {
    if (isBusy(error)) return true;
    throw error;
  } finally {
    db.close();
  }
}
