// The sync's pace: a token bucket shared by every request of one sync (the operator's budget is
// per client, not per call), and a small pool that keeps a bounded number of tasks in flight.
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_REQUESTS_PER_MINUTE } from '#shared/contract.ts';

export { DEFAULT_REQUESTS_PER_MINUTE };

export class RequestBudget {
  #perMinute: number;
  #tokens: number;
  #updatedAt: number;
  readonly #now: () => number;

  constructor(
    requestsPerMinute: number = DEFAULT_REQUESTS_PER_MINUTE,
    now: () => number = Date.now,
  ) {
    this.#now = now;
    this.#perMinute = RequestBudget.check(requestsPerMinute);
    this.#tokens = this.#capacity();
    this.#updatedAt = now();
  }

  static check(perMinute: number): number {
    if (!Number.isFinite(perMinute) || perMinute < 1 || perMinute > 1_000_000)
      throw new RangeError(`requests per minute must be from 1 to 1,000,000, got ${perMinute}`);
    return perMinute;
  }

  get requestsPerMinute(): number {
    return this.#perMinute;
  }

  /** Changes the budget while a sync runs (the user edited it). */
  setRequestsPerMinute(perMinute: number): void {
    this.#refill();
    this.#perMinute = RequestBudget.check(perMinute);
    this.#tokens = Math.min(this.#tokens, this.#capacity());
  }

  /** At most one second's worth in a burst: the operator counts over short windows too. */
  #capacity(): number {
    return Math.max(1, this.#perMinute / 60);
  }

  #refill(): void {
    const now = this.#now();
    this.#tokens = Math.min(
      this.#capacity(),
      this.#tokens + ((now - this.#updatedAt) * this.#perMinute) / 60_000,
    );
    this.#updatedAt = now;
  }

  /** Waits for one request's token. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      this.#refill();
      if (this.#tokens >= 1) {
        this.#tokens -= 1;
        return;
      }
      const waitMs = Math.ceil(((1 - this.#tokens) * 60_000) / this.#perMinute);
      await sleep(Math.max(1, waitMs), undefined, signal ? { signal } : undefined);
    }
  }
}

/** Runs `worker` over the items pulled from `next` with at most `concurrency` at once. The
 * first failure stops new work and is rethrown once the tasks in flight have settled. */
export async function runPool<T>(
  concurrency: number,
  next: () => T | undefined,
  worker: (item: T) => Promise<void>,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (!failure) {
      const item = next();
      if (item === undefined) return;
      try {
        await worker(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (failure) throw failure.error;
}

/** A fixed number of slots, handed out first come, first served. */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(count: number) {
    this.#free = Math.max(1, Math.floor(count));
  }

  /** Waits for a slot; call the returned function once to give it back. */
  async take(): Promise<() => void> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    };
  }
}
