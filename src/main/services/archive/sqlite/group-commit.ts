// Group commit for the sync's writes. Each commit copies every page it changed into the WAL, and
// a page of 200 invoices changes most leaf pages of the archive's indexes: committing pages one
// by one rewrote the same index pages again and again (about 40 µs an invoice, a quarter of the
// sync's local work). Writes queued while the event loop is busy (answers that arrived during
// the previous commit) are committed together in the next transaction; with nothing else
// queued a write commits at once, so nothing waits for a timer.
import type { ArchiveStore } from './archive-store.ts';

interface Queued {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  readonly #archive: ArchiveStore;
  #queue: Queued[] = [];

  constructor(archive: ArchiveStore) {
    this.#archive = archive;
  }

  /** Runs `write` in the next group transaction; resolves once that transaction is committed.
   * If any write of the group throws, the whole group is rolled back and every write of it
   * rejects with that error: what a caller was told is committed always is. */
  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queued = this.#queue.push({
        write,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      // The first write of a group schedules its commit; the others join it.
      if (queued === 1) setImmediate(() => this.#commit());
    });
  }

  #commit(): void {
    const group = this.#queue;
    this.#queue = [];
    let results: unknown[];
    try {
      results = this.#archive.transaction(() => group.map((queued) => queued.write()));
    } catch (error) {
      for (const queued of group) queued.reject(error);
      return;
    }
    group.forEach((queued, i) => queued.resolve(results[i]));
  }
}
