// A damaged archive file as a disk or a copy leaves one: a few KB overwritten in place, in the
// middle of the file (SQLite finds it when it reads those pages) or over its header (SQLite
// refuses the file at once). And the file of what only the user wrote, beside the archive,
// which a rebuild must leave byte for byte.
import { closeSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

const PAGE = 4096;

/** B-tree page types (the page's first byte): table and index, interior and leaf. A page of
 * text that overflows a row has no such header, and SQLite hands its bytes back unchecked. */
const BTREE_PAGE_TYPES = new Set([0x02, 0x05, 0x0a, 0x0d]);

/** Overwrites `kb` KB (whole pages) with a fixed pattern, from the first b-tree page past the
 * middle of the file (so that SQLite, not a JSON parser, meets the damage), or at its start;
 * the file must be closed (checkpointed) first. */
export function damageArchiveFile(path: string, where: 'middle' | 'header', kb = 8): void {
  const size = statSync(path).size;
  const fd = openSync(path, 'r+');
  try {
    let at = 0;
    if (where === 'middle') {
      const first = Buffer.alloc(1);
      at = Math.floor(size / 2 / PAGE) * PAGE;
      for (; at < size; at += PAGE) {
        readSync(fd, first, 0, 1, at);
        if (BTREE_PAGE_TYPES.has(first[0]!)) break;
      }
    }
    if (at + kb * 1024 > size) throw new Error(`${path} is too small to damage (${size} bytes)`);
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
