// A damaged archive file as a disk or a copy leaves one: a few KB overwritten in place, in the
// middle of the file (SQLite finds it when it reads those pages) or over its header (SQLite
// refuses the file at once). And the file of what only the user wrote, beside the archive,
// which a rebuild must leave byte for byte.
import { closeSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { UserDataStore } from '#main/services/archive/user-data-store.ts';

const PAGE = 4096;

/** B-tree page types (the page's first byte): table and index, interior and leaf. A page of
 * text that overflows a row has no such header, and SQLite hands its bytes back unchecked. */
const BTREE_PAGE_TYPES = new Set([0x02, 0x05, 0x0a, 0x0d]);

/** Overwrites `kb` KB (whole pages) with a fixed pattern: past the middle of the file, b-tree
 * pages only (so that SQLite, not a JSON parser, meets the damage: a row's overflow page among
 * them would hand the pattern back as text), or at its start; the file must be closed
 * (checkpointed) first. */
export function damageArchiveFile(path: string, where: 'middle' | 'header', kb = 8): void {
  const size = statSync(path).size;
  const pattern = Buffer.alloc(PAGE, 0xa5);
  const pages = Math.ceil((kb * 1024) / PAGE);
  const fd = openSync(path, 'r+');
  try {
    if (where === 'header') {
      if (kb * 1024 > size) throw new Error(`${path} is too small to damage (${size} bytes)`);
      writeSync(fd, Buffer.alloc(kb * 1024, 0xa5), 0, kb * 1024, 0);
      return;
    }
    const first = Buffer.alloc(1);
    let damaged = 0;
    for (let at = Math.floor(size / 2 / PAGE) * PAGE; at < size && damaged < pages; at += PAGE) {
      readSync(fd, first, 0, 1, at);
      if (!BTREE_PAGE_TYPES.has(first[0]!)) continue;
      writeSync(fd, pattern, 0, PAGE, at);
      damaged++;
    }
    if (damaged < pages) throw new Error(`${path} is too small to damage (${size} bytes)`);
  } finally {
    closeSync(fd);
  }
}

/** `<data dir>/archive/<id>.user.sqlite`: what only the user wrote (invoices marked paid). */
export function userFilePath(archivePath: string): string {
  return archivePath.replace(/\.sqlite$/, '.user.sqlite');
}

/** Writes the user file as the app does (20 invoices marked paid, at the current step: the app
 * opening it later has nothing to migrate), closed (one file, no -wal left beside it). */
export function writeUserFile(path: string): void {
  const store = new UserDataStore(path, 'damaged-archive');
  try {
    for (let i = 1; i <= 20; i++)
      store.markPaid(
        [`invoice-${i}`],
        `2026-03-${String(i).padStart(2, '0')}`,
        `virement ${i}`,
        new Date('2026-03-21T09:00:00Z'),
      );
  } finally {
    store.close();
  }
}
