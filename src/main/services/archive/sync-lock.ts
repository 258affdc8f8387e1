// One sync per connection at a time, across processes: a scheduled `cli sync` that starts while the
// previous one still runs (or while the app syncs) would resume the same run and ask the operator
// for the same pages twice. The lock is a file <dataDir>/archive/<connectionId>.sync-lock holding
// the owner's pid, created exclusively; a lock whose process is gone (killed) is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { AppFailure } from '../app-failure.ts';
import { archiveDir, archivePath } from './archive-store.ts';

export interface SyncLock {
  readonly path: string;
  /** Removes the lock if this process still holds it; safe to call twice. */
  release(): void;
}

/** Locks this process holds (its pid in a file is not enough: a killed process's pid comes back). */
const heldHere = new Set<string>();

export function syncLockPath(dataDir: string, connectionId: string): string {
  return archivePath(dataDir, connectionId).replace(/\.sqlite$/, '.sync-lock');
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Written less than 5 s ago (or gone meanwhile). */
function isFresh(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the connection's sync lock, or throws a `conflict` AppFailure naming the running owner. */
export function acquireSyncLock(dataDir: string, connectionId: string): SyncLock {
  const path = syncLockPath(dataDir, connectionId);
  if (heldHere.has(path))
    throw new AppFailure('conflict', 'A sync of this connection is already running');
  mkdirSync(archiveDir(dataDir), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(path);
      // Our own pid in a lock we do not hold: left by an earlier process that had our pid.
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new AppFailure(
          'conflict',
          `A sync of this connection is already running (process ${owner}); wait for it to end, or stop it`,
          { pid: owner },
        );
      }
      if (owner === undefined && isFresh(path)) {
        // Just created by another process that has not written its pid yet.
        throw new AppFailure(
          'conflict',
          'A sync of this connection is starting in another process',
        );
      }
      // Left by a process that is gone: take it over.
      rmSync(path, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    heldHere.add(path);
    return {
      path,
      release() {
        if (!heldHere.delete(path)) return;
        if (ownerOf(path) === process.pid) rmSync(path, { force: true });
      },
    };
  }
  throw new AppFailure('conflict', 'Another process keeps taking the sync lock of this connection');
}

/** True while a live process holds the connection's sync lock. */
export function isSyncLocked(dataDir: string, connectionId: string): boolean {
  const path = syncLockPath(dataDir, connectionId);
  if (heldHere.has(path)) return true;
  const owner = ownerOf(path);
  return owner !== undefined && owner !== process.pid && isAlive(owner);
}
