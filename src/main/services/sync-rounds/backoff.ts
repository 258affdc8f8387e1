// A failing connection is tried again later and later (5 min, 15, 45, … at most 4 h), never
// hammered: rounds of connections due leave it alone until its next attempt. Kept in a small file
// beside the archives (<dataDir>/archive/sync-backoff.json, read afresh at each use) so that the
// app and `cli sync --all --due` run by the operating system's scheduler honour the same waits,
// and a restart does not retry at once; a success forgets it. Nothing secret is written (the
// failure's kind and redacted message only).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FailingConnection } from '#shared/sync-round.ts';

const FIRST_DELAY_MS = 5 * 60_000;
const FACTOR = 3;
const MAX_DELAY_MS = 4 * 3_600_000;

/** The wait after the n-th failure in a row (n from 1). */
export function backoffDelayMs(failures: number): number {
  return Math.min(FIRST_DELAY_MS * FACTOR ** Math.max(0, failures - 1), MAX_DELAY_MS);
}

function isFailing(value: unknown): value is FailingConnection {
  const v = value as Partial<FailingConnection> | null;
  return (
    !!v &&
    typeof v.connectionId === 'string' &&
    typeof v.name === 'string' &&
    Number.isInteger(v.failures) &&
    typeof v.lastFailedAt === 'string' &&
    typeof v.nextAttemptAt === 'string' &&
    !Number.isNaN(Date.parse(v.nextAttemptAt)) &&
    typeof v.error?.kind === 'string' &&
    typeof v.error?.message === 'string'
  );
}

export class Backoff {
  /** Where the waits are kept; in memory only when absent (tests of the rounds alone). */
  readonly #file: string | undefined;
  #memory = new Map<string, FailingConnection>();

  constructor(file?: string) {
    this.#file = file;
  }

  fail(
    connectionId: string,
    name: string,
    error: FailingConnection['error'],
    now: number,
  ): FailingConnection {
    const failing = this.#read();
    const failures = (failing.get(connectionId)?.failures ?? 0) + 1;
    const entry: FailingConnection = {
      connectionId,
      name,
      failures,
      lastFailedAt: new Date(now).toISOString(),
      nextAttemptAt: new Date(now + backoffDelayMs(failures)).toISOString(),
      error,
    };
    failing.set(connectionId, entry);
    this.#write(failing);
    return entry;
  }

  succeed(connectionId: string): void {
    this.forget(connectionId);
  }

  /** No longer failing (synced, or deleted). */
  forget(connectionId: string): void {
    const failing = this.#read();
    if (failing.delete(connectionId)) this.#write(failing);
  }

  /** False while the connection waits for its next attempt. */
  mayTry(connectionId: string, now: number): boolean {
    const entry = this.#read().get(connectionId);
    return !entry || Date.parse(entry.nextAttemptAt) <= now;
  }

  list(): FailingConnection[] {
    return [...this.#read().values()];
  }

  #read(): Map<string, FailingConnection> {
    if (!this.#file) return this.#memory;
    try {
      const list: unknown = JSON.parse(readFileSync(this.#file, 'utf8'));
      return new Map(
        (Array.isArray(list) ? list : []).filter(isFailing).map((e) => [e.connectionId, e]),
      );
    } catch {
      return new Map(); // none yet, or unreadable: nothing waits
    }
  }

  #write(failing: Map<string, FailingConnection>): void {
    if (!this.#file) {
      this.#memory = failing;
      return;
    }
    mkdirSync(dirname(this.#file), { recursive: true, mode: 0o700 });
    const temporary = `${this.#file}.tmp-${process.pid}`;
    writeFileSync(temporary, JSON.stringify([...failing.values()]), { mode: 0o600 });
    renameSync(temporary, this.#file);
  }
}
