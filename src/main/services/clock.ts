// The one source of "now" for business code: what today is, which month the portfolio counts,
// when a mark was made. The composition root (createServices) makes one and passes it down;
// services take `now: () => clock.now()`, never `new Date()`. Tests fix it; the browser host and
// the CLI start it at INVOICE_DESK_NOW when set, so that a UI test knows the host's "today".
// Durations (timeouts, rate limits, a sync's speed) keep the real time: they measure, not date.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests that says `at` until set or advanced. */
export interface SettableClock extends Clock {
  set(at: Date | number | string): void;
  advance(ms: number): void;
}

export function fixedClock(at: Date | number | string): SettableClock {
  let ms = instantMs(at);
  return {
    now: () => new Date(ms),
    set: (next) => void (ms = instantMs(next)),
    advance: (by) => void (ms += by),
  };
}

/** A clock that starts at `at` and runs at the real pace from there (a host started in a test:
 * "today" is the test's, and the seconds still pass for what it measures). */
export function runningClock(at: Date | number | string): Clock {
  const start = instantMs(at);
  const started = performance.now();
  return { now: () => new Date(start + Math.floor(performance.now() - started)) };
}

export const NOW_VARIABLE = 'INVOICE_DESK_NOW';

/** The clock the environment asks for: INVOICE_DESK_NOW=<ISO instant> starts it there (tests),
 * otherwise the system's. Read only by the composition root. */
export function clockFromEnv(env: NodeJS.ProcessEnv): Clock {
  const value = env[NOW_VARIABLE]?.trim();
  if (!value) return systemClock;
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
  if (!instant.test(value) || !Number.isFinite(Date.parse(value)))
    throw new RangeError(
      `${NOW_VARIABLE} must be an instant with its offset, such as 2026-12-31T22:30:00Z; got ${JSON.stringify(value)}`,
    );
  return runningClock(value);
}

function instantMs(at: Date | number | string): number {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(at)}`);
  return ms;
}
