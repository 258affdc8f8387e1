// The sync's pace: one RequestBudget shared by every request of one sync (the operator counts
// per client, not per call), and a small pool that keeps a bounded number of tasks in flight.
//
// The budget spaces requests evenly a little under the connection's limit (BUDGET_MARGIN). Turns
// an event loop busy elsewhere let pass are caught up, one at most (CATCH_UP_TURNS), and never
// beyond the rate in any trailing second: so the operator sees the same rate over any window it
// counts over, one second or one minute, and a busy moment does not cost the sync its budget.
// A 429 lowers the rate (AIMD: times RATE_LIMIT_DECREASE, once per round of requests already
// sent) and nothing leaves before its Retry-After; the rate then climbs back by
// RATE_RECOVERY_PER_SECOND of the budget each second without a 429. The decrease is gentle: the
// pace is already under the limit, so a 429 mostly means the operator's clock bunched a few.
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_REQUESTS_PER_MINUTE } from '#shared/contract.ts';
import type { RequestPacer } from '../operator/operator-client.ts';

export { DEFAULT_REQUESTS_PER_MINUTE };

/** The share of the budget aimed at: the operator's clock and ours differ by a few ms. */
export const BUDGET_MARGIN = 0.97;
/** After a 429 the rate is multiplied by this (at most once per round already in flight). */
export const RATE_LIMIT_DECREASE = 0.85;
/** Share of the budget the rate climbs back each second without a 429. */
export const RATE_RECOVERY_PER_SECOND = 0.1;
/** The lowest share of the budget a run of 429s brings the rate to. */
const LOWEST_SHARE = 0.05;
/** Turns missed (the event loop was busy) that may be caught up at once, at most. */
export const CATCH_UP_TURNS = 1;
/** Nor more catch-up than this, at a slow rate. */
const CATCH_UP_MAX_MS = 250;
/** Pause after a 429 that gave no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

export class RequestBudget implements RequestPacer {
  #perMinute: number;
  /** Share of the budget used now: 1, or less for a while after a 429. */
  #share = 1;
  /** When #share was last raised toward 1 (ms). */
  #recoveredAt: number;
  /** The earliest time the next request may leave (before the catch-up allowance). */
  #nextAt: number;
  /** No request leaves before this (a Retry-After). */
  #pausedUntil = 0;
  /** When the rate was last lowered: a 429 to a request sent before then is the same round. */
  #loweredAt = -Infinity;
  #rateLimited = 0;
  /** When the turns of the trailing second were given (oldest first, from #givenHead on). */
  #given: number[] = [];
  #givenHead = 0;
  /** Requests wait their turn one after another, first come, first served. */
  #queue: Promise<void> = Promise.resolve();
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<unknown>;

  /** `now` and `sleep` are the clock's (tests give their own). */
  constructor(
    requestsPerMinute: number = DEFAULT_REQUESTS_PER_MINUTE,
    now: () => number = Date.now,
    sleep: (ms: number, signal?: AbortSignal) => Promise<unknown> = (ms, signal) =>
      delay(ms, undefined, signal ? { signal } : undefined),
  ) {
    this.#now = now;
    this.#sleep = sleep;
    this.#perMinute = RequestBudget.check(requestsPerMinute);
    this.#nextAt = now();
    this.#recoveredAt = now();
  }

  static check(perMinute: number): number {
    if (!Number.isFinite(perMinute) || perMinute < 1 || perMinute > 1_000_000)
      throw new RangeError(`requests per minute must be from 1 to 1,000,000, got ${perMinute}`);
    return perMinute;
  }

  get requestsPerMinute(): number {
    return this.#perMinute;
  }

  /** Requests per minute aimed at now (under the budget; lower for a while after a 429). */
  get currentPerMinute(): number {
    this.#recover(this.#now());
    return this.#perMinute * BUDGET_MARGIN * this.#share;
  }

  /** 429s this budget was told of. */
  get rateLimitedCount(): number {
    return this.#rateLimited;
  }

  /** Changes the budget while a sync runs (the user edited it). */
  setRequestsPerMinute(perMinute: number): void {
    this.#perMinute = RequestBudget.check(perMinute);
  }

  #intervalMs(): number {
    return 60_000 / (this.#perMinute * BUDGET_MARGIN * this.#share);
  }

  /** Additive increase: back toward the full budget once the pause is over. */
  #recover(now: number): void {
    const from = Math.max(this.#recoveredAt, this.#pausedUntil);
    if (now <= from || this.#share >= 1) {
      if (this.#share >= 1) this.#recoveredAt = now;
      return;
    }
    this.#share = Math.min(1, this.#share + ((now - from) / 1000) * RATE_RECOVERY_PER_SECOND);
    this.#recoveredAt = now;
  }

  /** Waits for one request's turn. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.#queue.then(() => this.#waitTurn(signal));
    this.#queue = turn.catch(() => {});
    return turn;
  }

  async #waitTurn(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.#now();
      this.#recover(now);
      const interval = this.#intervalMs();
      const start = Math.max(
        this.#nextAt,
        now - Math.min(CATCH_UP_TURNS * interval, Math.max(CATCH_UP_MAX_MS, interval)),
      );
      const given = this.#trailingSecond(now);
      // No more in any trailing second than the rate: the next turn waits for the oldest to age.
      const perSecond = Math.max(1, Math.floor(1000 / interval));
      const windowFreeAt =
        given >= perSecond ? this.#given[this.#given.length - perSecond]! + 1000 : -Infinity;
      const at = Math.max(start, this.#pausedUntil, windowFreeAt);
      if (at <= now + 1e-6) {
        this.#nextAt = start + interval;
        this.#given.push(now);
        return;
      }
      await this.#sleep(Math.max(1, Math.ceil(at - now)), signal);
    }
  }

  /** Forgets the turns older than a second; returns how many are left. */
  #trailingSecond(now: number): number {
    while (this.#givenHead < this.#given.length && this.#given[this.#givenHead]! <= now - 1000)
      this.#givenHead++;
    if (this.#givenHead > 1024) {
      this.#given = this.#given.slice(this.#givenHead);
      this.#givenHead = 0;
    }
    return this.#given.length - this.#givenHead;
  }

  /** The operator answered 429 to a request sent at `sentAt`: pause for its Retry-After, and
   * lower the rate once for the requests that were already on their way. */
  rateLimited(retryAfterMs: number | undefined, sentAt: number): void {
    const now = this.#now();
    this.#rateLimited++;
    this.#recover(now);
    this.#pausedUntil = Math.max(this.#pausedUntil, now + (retryAfterMs ?? DEFAULT_RETRY_AFTER_MS));
    if (sentAt >= this.#loweredAt) {
      this.#share = Math.max(LOWEST_SHARE, this.#share * RATE_LIMIT_DECREASE);
      this.#loweredAt = now;
    }
    this.#nextAt = Math.max(this.#nextAt, this.#pausedUntil);
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
