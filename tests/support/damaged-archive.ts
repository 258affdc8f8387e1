// A damaged archive file as a disk or a copy leaves one: a few KB overwritten in place, in the
// middle of the file (SQLite finds it when it reads those pages) or over its header (SQLite
// refuses the file at once). And the file of what only the user wrote, beside the archive,
// which a rebuild must leave byte for byte.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

const PAGE = 4096;

/** Overwrites `kb` KB (whole pages) with a fixed pattern, in the middle of the file or at its
 * start; the file must be closed (checkpointed) first. */
export function damageArchiveFile(path: string, where: 'middle' | 'header', kb = 8): void {
  const size = statSync(path).size;
  const at = where === 'header' ? 0 : Math.floor(size / 2 / PAGE) * PAGE;
  if (at + kb * 1024 > size) throw new Error(`${path} is too small to damage (${size} bytes)`);
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.alloc(kb * 1024, 0xa5), 0, kb * 1024, at);
  } finally {
    closeSync(fd);
  }
}

/** `<data dir>/archive/<id>.user.sqlite`: what only the user wrote (invoices marked paid). */
export function userFilePath(archivePath: string): string {
  return archivePath.replace(/\.sqlite$/, '.user.sqlite');
}

/** Writes a user file with a few rows, closed (one file, no -wal left beside it). */
export function writeUserFile(path: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec('CREATE TABLE paid (invoice_id TEXT PRIMARY KEY, paid_on TEXT NOT NULL, note TEXT)');
    const insert = db.prepare('INSERT INTO paid VALUES (?, ?, ?)');
    for (let i = 1; i <= 20; i++)
      insert.run(`invoice-${i}`, `2026-03-${String(i).padStart(2, '0')}`, `virement ${i}`);
  } finally {
    db.close();
  }
}
