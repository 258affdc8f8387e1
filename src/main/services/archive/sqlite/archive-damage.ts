// A damaged archive file: how SQLite says so, how it is looked for, and how it is set aside.
// SQLite reports damage as SQLITE_CORRUPT (11: "database disk image is malformed") or
// SQLITE_NOTADB (26: "file is not a database"), from any statement, whenever it meets a bad
// page. Its own check (`PRAGMA quick_check`) reads the whole file: about 0.5 s at 100,000
// invoices (500 MB), so it runs in a worker thread after the archive opens, never before.
// A damaged file is renamed with its date (`<id>.damaged-2026-11-24T10-52-00.sqlite`, with its
// -wal and -shm), never deleted; a small note beside it (`<id>.damaged.json`) says where it
// went, so that every process (the app, the CLI) knows the archive must be rebuilt. Only the
// archive's own files move: what the user wrote lives in other files and is never touched.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { ArchiveDamage } from '#shared/archive.ts';
import { AppFailure } from '../../app-failure.ts';
import { systemClock } from '../../clock.ts';

const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
/** The archive file and the files SQLite keeps beside it. */
const FILE_SUFFIXES = ['', '-wal', '-shm', '-journal'] as const;

/** SQLite said the file is damaged (the primary code of an extended one counts too). */
export function isCorruption(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof code !== 'number') return false;
  return (code & 0xff) === SQLITE_CORRUPT || (code & 0xff) === SQLITE_NOTADB;
}

/** The failure every use of a damaged archive meets: what happened, where the file went, what
 * to do. The UI words it by its reason; the CLI prints the message. */
export function damagedFailure(connectionId: string, damage: ArchiveDamage | null): AppFailure {
  const where = damage ? ` It was set aside as ${damage.setAsideAs}.` : '';
  return new AppFailure(
    'file',
    `The archive of this connection is damaged (SQLite cannot read part of its file).${where} ` +
      `Rebuild it from the operator ("Reconstruire l'archive", or: npm run cli -- archive rebuild --connection ${connectionId}).`,
    damage ?? undefined,
    'archive_damaged',
  );
}

export function isDamagedFailure(error: unknown): error is AppFailure {
  return error instanceof AppFailure && error.reason === 'archive_damaged';
}

function notePath(archivePath: string): string {
  return archivePath.replace(/\.sqlite$/, '.damaged.json');
}

/** The damage found earlier in this archive (by any process), or null when none is known. */
export function readDamage(archivePath: string): ArchiveDamage | null {
  try {
    const note = JSON.parse(readFileSync(notePath(archivePath), 'utf8')) as Partial<ArchiveDamage>;
    if (typeof note.setAsideAs === 'string' && typeof note.detectedAt === 'string')
      return { setAsideAs: note.setAsideAs, detectedAt: note.detectedAt };
  } catch {
    // no note (or an unreadable one): no damage known
  }
  return null;
}

/**
 * Notes the damage (first, so that no process opens the file again meanwhile) and names the
 * file it will be set aside as; `setAside` moves the files once nothing holds them open.
 */
export function noteDamage(archivePath: string, now: Date = systemClock.now()): ArchiveDamage {
  const known = readDamage(archivePath);
  if (known) return known;
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  const base = archivePath.replace(/\.sqlite$/, `.damaged-${stamp}`);
  let setAsideAs = `${base}.sqlite`;
  for (let n = 2; existsSync(setAsideAs); n++) setAsideAs = `${base}-${n}.sqlite`;
  const damage: ArchiveDamage = { setAsideAs, detectedAt: now.toISOString() };
  const note = notePath(archivePath);
  writeFileSync(`${note}.tmp`, `${JSON.stringify(damage)}\n`, { mode: 0o600 });
  renameSync(`${note}.tmp`, note);
  return damage;
}

/** Moves the damaged file (and its -wal, -shm) to where the note says; nothing when already
 * moved. Close every connection to it first (Windows refuses to rename an open file). */
export function setAside(archivePath: string, damage: ArchiveDamage): void {
  for (const suffix of FILE_SUFFIXES)
    if (existsSync(archivePath + suffix))
      renameSync(archivePath + suffix, damage.setAsideAs + suffix);
}

/** The archive is rebuilt or cleared: the damage is no longer the current file's. */
export function forgetDamage(archivePath: string): void {
  rmSync(notePath(archivePath), { force: true });
}

/** Run as CommonJS in the worker (eval): nothing to bundle beside the main process. Read-only,
 * so that a file gone meanwhile is never created again. */
const QUICK_CHECK_SCRIPT = `
const { DatabaseSync } = require('node:sqlite');
const { parentPort, workerData } = require('node:worker_threads');
let verdict;
try {
  const db = new DatabaseSync(workerData.path, { readOnly: true, timeout: 5000 });
  try {
    const rows = db.prepare('PRAGMA quick_check(1)').all();
    verdict = { said: rows.map((row) => String(row.quick_check)).join('; ') };
  } finally {
    db.close();
  }
} catch (error) {
  verdict = { errcode: error.errcode, message: String(error.message) };
}
parentPort.postMessage(verdict);
`;

/**
 * SQLite's own check of the archive at `path`, off the main thread: what it found wrong, or
 * null when the file is sound (or could not be checked: busy, gone, stopped by `signal`).
 */
export function quickCheckInBackground(path: string, signal?: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    const worker = new Worker(QUICK_CHECK_SCRIPT, { eval: true, workerData: { path } });
    const stop = (): void => void worker.terminate();
    signal?.addEventListener('abort', stop, { once: true });
    let verdict: string | null = null;
    worker.once('message', (message: { said?: string; errcode?: number; message?: string }) => {
      if (message.said !== undefined) verdict = message.said === 'ok' ? null : message.said;
      else if (isCorruption(message)) verdict = message.message ?? 'damaged';
    });
    worker.once('error', () => {}); // unchecked: the statements still meet any damage
    worker.once('exit', () => {
      signal?.removeEventListener('abort', stop);
      resolve(verdict);
    });
  });
}

/**
 * The database handle with every call watched: a corrupt-database error, met by any statement
 * at any time, becomes what `fail` gives (the archive's "damaged" failure); so does any error
 * once `fail` gave one. Statements, their rows and iterators go through it too.
 */
export function watchForDamage(
  db: DatabaseSync,
  fail: (error: unknown) => Error | null,
): DatabaseSync {
  const rethrow = (error: unknown): never => {
    throw fail(error) ?? error;
  };
  /** A statement's rows one at a time, each step watched (an object, not a generator: a
   * step costs no more than the statement's own). */
  const rows = (iterator: Iterator<unknown>): IterableIterator<unknown> => ({
    next() {
      try {
        return iterator.next();
      } catch (error) {
        return rethrow(error);
      }
    },
    return(value?: unknown) {
      iterator.return?.();
      return { done: true, value };
    },
    [Symbol.iterator]() {
      return this;
    },
  });
  /** Each method wrapped once per object (a statement is prepared once and run many times). */
  const watch = <T extends object>(
    target: T,
    wrap: Record<string, (result: never) => unknown>,
  ): T => {
    const wrapped = new Map<PropertyKey, unknown>();
    return new Proxy(target, {
      get(object, key) {
        const known = wrapped.get(key);
        if (known !== undefined) return known;
        const value: unknown = Reflect.get(object, key, object);
        if (typeof value !== 'function') return value;
        const method = value as (...a: unknown[]) => unknown;
        const then = typeof key === 'string' ? wrap[key] : undefined;
        const call = (...args: unknown[]): unknown => {
          let result: unknown;
          try {
            result = method.apply(object, args);
          } catch (error) {
            return rethrow(error);
          }
          return then ? then(result as never) : result;
        };
        wrapped.set(key, call);
        return call;
      },
    });
  };
  return watch(db, {
    prepare: (statement: object) =>
      watch(statement, { iterate: (iterator: Iterator<unknown>) => rows(iterator) }),
  });
}
