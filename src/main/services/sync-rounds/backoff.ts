// A failing connection is tried again later and later (5 min, 15, 45, … at most 4 h), never
// hammered: the scheduler leaves it alone until its next attempt. Kept in memory while the app
// runs; a success forgets it.
import type { FailingConnection } from '#shared/sync-round.ts';

const FIRST_DELAY_MS = 5 * 60_000;
const FACTOR = 3;
const MAX_DELAY_MS = 4 * 3_600_000;

/** The wait after the n-th failure in a row (n from 1). */
export function backoffDelayMs(failures: number): number {
  return Math.min(FIRST_DELAY_MS * FACTOR ** Math.max(0, failures - 1), MAX_DELAY_MS);
}

export class Backoff {
  readonly #failing = new Map<string, FailingConnection>();

  fail(
    connectionId: string,
    name: string,
    error: FailingConnection['error'],
    now: number,
  ): FailingConnection {
    const failures = (this.#failing.get(connectionId)?.failures ?? 0) + 1;
    const entry: FailingConnection = {
      connectionId,
      name,
      failures,
      lastFailedAt: new Date(now).toISOString(),
      nextAttemptAt: new Date(now + backoffDelayMs(failures)).toISOString(),
      error,
    };
    this.#failing.set(connectionId, entry);
    return entry;
  }

  succeed(connectionId: string): void {
    this.#failing.delete(connectionId);
  }

  /** A deleted connection is no longer failing. */
  forget(connectionId: string): void {
    this.#failing.delete(connectionId);
  }

  /** False while the connection waits for its next attempt. */
  mayTry(connectionId: string, now: number): boolean {
    const entry = this.#failing.get(connectionId);
    return !entry || Date.parse(entry.nextAttemptAt) <= now;
  }

  list(): FailingConnection[] {
    return [...this.#failing.values()];
  }
}
