// Injected faults, read afresh on every request so that tests can change them at run time:
// added latency, random 503s, a request rate limit answered with 429 + Retry-After, and the
// invoice search fields some deployments refuse in q (answered 400, see
// ../shared/docs/real-operator.md).
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from './errors.ts';

export interface DemoOperatorFaults {
  latencyMs: number;
  /** 0..1, answered 503. */
  failureRate: number;
  /** 0 = off; more requests than this in any sliding second are answered 429 + Retry-After. */
  rateLimitPerSecond: number;
  /** Invoice search fields refused in q with a 400, as some deployments do. */
  refuseQFields: readonly RefusableQField[];
}

export const REFUSABLE_Q_FIELDS = ['state', 'direction'] as const;
export type RefusableQField = (typeof REFUSABLE_Q_FIELDS)[number];

const NO_FAULTS: DemoOperatorFaults = {
  latencyMs: 0,
  failureRate: 0,
  rateLimitPerSecond: 0,
  refuseQFields: [],
};

export function checkFaults(faults: Partial<DemoOperatorFaults>): DemoOperatorFaults {
  const merged = { ...NO_FAULTS, ...faults };
  if (!Number.isFinite(merged.latencyMs) || merged.latencyMs < 0)
    throw new RangeError('faults.latencyMs must be >= 0');
  if (!(merged.failureRate >= 0 && merged.failureRate <= 1))
    throw new RangeError('faults.failureRate must be within 0..1');
  if (!Number.isInteger(merged.rateLimitPerSecond) || merged.rateLimitPerSecond < 0) {
    throw new RangeError('faults.rateLimitPerSecond must be an integer >= 0');
  }
  if (
    !Array.isArray(merged.refuseQFields) ||
    !merged.refuseQFields.every((f) => (REFUSABLE_Q_FIELDS as readonly string[]).includes(f))
  )
    throw new RangeError(`faults.refuseQFields takes ${REFUSABLE_Q_FIELDS.join(', ')}`);
  return merged;
}

/** Sliding one-second window: deterministic enough for tests (N quick calls, N+1th refused). */
export class RateLimiter {
  private readonly accepted: number[] = [];

  /** Seconds to wait, or 0 when the request may go ahead (and is counted). A rate per second:
   * real time, not the operator's (advanceable) clock. */
  take(limitPerSecond: number, now: number = Date.now()): number {
    if (limitPerSecond <= 0) return 0;
    while (this.accepted.length > 0 && this.accepted[0]! <= now - 1000) this.accepted.shift();
    if (this.accepted.length >= limitPerSecond) {
      return Math.max(1, Math.ceil((this.accepted[0]! + 1000 - now) / 1000));
    }
    this.accepted.push(now);
    return 0;
  }
}

/** A 400 for an invoice search whose q names a refused field (`invoice.state:…`). */
export function refuseQFields(faults: DemoOperatorFaults, url: URL): void {
  if (faults.refuseQFields.length === 0 || url.pathname !== '/v1.1/invoice/search') return;
  const q = url.searchParams.get('q') ?? '';
  for (const field of faults.refuseQFields) {
    if (new RegExp(`\\binvoice\\.${field}\\s*:`, 'i').test(q))
      throw new HttpError(400, {
        code: 'INVALID_QUERY',
        statusMessage: `Field invoice.${field} is not allowed in q`,
        details: { field: `invoice.${field}` },
      });
  }
}

export async function applyFaults(
  faults: DemoOperatorFaults,
  limiter: RateLimiter,
  options: { mayFail: boolean },
): Promise<void> {
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  const wait = limiter.take(faults.rateLimitPerSecond);
  if (wait > 0) {
    throw new HttpError(
      429,
      {
        code: 'TOO_MANY_REQUESTS',
        statusMessage: 'Too many requests',
        details: { limitPerSecond: faults.rateLimitPerSecond, retryAfterSeconds: wait },
      },
      { 'Retry-After': String(wait) },
    );
  }
  if (options.mayFail && faults.failureRate > 0 && Math.random() < faults.failureRate) {
    throw new HttpError(
      503,
      {
        code: 'SERVICE_UNAVAILABLE',
        statusMessage: 'Service temporarily unavailable (simulated fault)',
      },
      { 'Retry-After': '1' },
    );
  }
}
