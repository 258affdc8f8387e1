// The one clock of the services (services/clock.ts): fixed for tests, started at
// INVOICE_DESK_NOW for a host or CLI a test starts, the system's otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockFromEnv, fixedClock, runningClock, systemClock } from '#main/services/clock.ts';

test('a fixed clock says its instant until set or advanced', () => {
  const clock = fixedClock('2028-02-29T12:00:00Z');
  assert.equal(clock.now().toISOString(), '2028-02-29T12:00:00.000Z');
  clock.advance(12 * 3_600_000);
  assert.equal(clock.now().toISOString(), '2028-03-01T00:00:00.000Z');
  clock.set(new Date('2026-12-31T22:30:00Z'));
  assert.equal(clock.now().toISOString(), '2026-12-31T22:30:00.000Z');
  assert.throws(() => fixedClock('yesterday'), RangeError);
});

test('a running clock starts at its instant and runs from there', () => {
  const clock = runningClock('2026-03-29T00:30:00Z');
  const ms = clock.now().getTime() - Date.parse('2026-03-29T00:30:00Z');
  assert.ok(ms >= 0 && ms < 5_000, `ran ${ms} ms`);
});

test('INVOICE_DESK_NOW starts the clock at that instant; none is the system clock', () => {
  const at = clockFromEnv({ INVOICE_DESK_NOW: '2026-12-31T23:30:00+01:00' }).now().getTime();
  const ms = at - Date.parse('2026-12-31T22:30:00Z');
  assert.ok(ms >= 0 && ms < 5_000, `ran ${ms} ms`);
  assert.equal(clockFromEnv({}), systemClock);
  assert.equal(clockFromEnv({ INVOICE_DESK_NOW: ' ' }), systemClock);
});

test('a malformed INVOICE_DESK_NOW is refused, saying the form it takes', () => {
  for (const value of ['2026-12-31', '2026-12-31T23:30:00', 'demain', '2026-13-45T10:00:00Z'])
    assert.throws(
      () => clockFromEnv({ INVOICE_DESK_NOW: value }),
      (error: Error) =>
        error instanceof RangeError && /^INVOICE_DESK_NOW must be an instant/.test(error.message),
      value,
    );
});
