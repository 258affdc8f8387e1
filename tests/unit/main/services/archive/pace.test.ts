// The sync's pace: slots handed out in order and never more than their number; the budget's
// spacing, catch-up, trailing-second cap, and 429 back-off on an injected clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BUDGET_MARGIN,
  CATCH_UP_TURNS,
  RATE_LIMIT_DECREASE,
  RATE_RECOVERY_PER_SECOND,
  RequestBudget,
  Slots,
} from '#main/services/archive/pace.ts';

test('slots: never more taken than there are, given in the order asked, a give-back counts once', async () => {
  const slots = new Slots(2);
  const order: string[] = [];
  const first = await slots.take();
  const second = await slots.take();
  const third = slots.take().then((giveBack) => (order.push('third'), giveBack));
  const fourth = slots.take().then((giveBack) => (order.push('fourth'), giveBack));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(order, [], 'both slots are taken');
  first();
  first(); // a second call gives nothing back
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(order, ['third']);
  second();
  (await third)();
  (await fourth)();
  assert.deepEqual(order, ['third', 'fourth']);
  // All given back: two can be taken at once again, not three.
  await slots.take();
  await slots.take();
  let taken = false;
  void slots.take().then(() => (taken = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(taken, false);
});

/** The budget's sleep on the test's clock: a real instant, then the clock is looked at again. */
const tick = (_ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    signal?.throwIfAborted();
    setTimeout(resolve, 1);
  });

/** Whether `promise` settles within a few real milliseconds (the clock is the test's). */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => {},
  );
  for (let i = 0; i < 6 && !done; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
}

test('budget: turns evenly spaced a little under the budget; after an idle spell, a small burst only', async () => {
  let now = 0;
  const budget = new RequestBudget(60_000, () => now, tick); // 1,000 a second: a turn every ~1.03 ms
  const interval = 60_000 / (60_000 * BUDGET_MARGIN);
  const stop = new AbortController();
  await budget.take();
  const second = budget.take(stop.signal);
  assert.equal(await settles(second), false, 'the next turn is one interval later');
  now = interval;
  assert.equal(await settles(second), true);
  now = 10_000; // a long idle spell
  let burst = 0;
  let pending = budget.take(stop.signal);
  while (await settles(pending)) {
    burst++;
    pending = budget.take(stop.signal);
  }
  stop.abort();
  await pending.catch(() => {});
  assert.equal(burst, CATCH_UP_TURNS + 1, 'only the turns missed lately are caught up');
  assert.ok(Math.abs(budget.currentPerMinute - 60_000 * BUDGET_MARGIN) < 1e-6);
});

test('budget: turns claimed a little late are caught up, never more than the rate in any second', async () => {
  let now = 0;
  const budget = new RequestBudget(600, () => now, tick); // 10 a second: 9 under the margin
  const stop = new AbortController();
  const given: number[] = [];
  let pending = budget.take(stop.signal);
  // Turns claimed in bunches, as a busy event loop does: the catch-up never adds up to more
  // than the rate.
  for (let step = 0; step < 100; step++) {
    now += 100; // each turn claimed up to a turn late
    while (await settles(pending)) {
      given.push(now);
      pending = budget.take(stop.signal);
    }
  }
  stop.abort();
  await pending.catch(() => {});
  // The most turns in any second, as a sliding-window limit counts them.
  const most = Math.max(...given.map((t) => given.filter((u) => u > t - 1000 && u <= t).length));
  assert.ok(most <= Math.floor(10 * BUDGET_MARGIN), `${most} in one second: at most 9`);
  const seconds = now / 1000;
  assert.ok(
    given.length >= seconds * 9,
    `${given.length} turns in ${seconds} s: the budget is used`,
  );
});

test('budget: a 429 pauses for its Retry-After and lowers the rate once per round, which climbs back', async () => {
  let now = 1_000;
  const budget = new RequestBudget(6_000, () => now, tick);
  const full = budget.currentPerMinute;
  await budget.take();
  const sentAt = now;
  now += 5;
  budget.rateLimited(2_000, sentAt);
  budget.rateLimited(2_000, sentAt); // the same round: already slowed for it
  assert.equal(budget.rateLimitedCount, 2);
  assert.ok(Math.abs(budget.currentPerMinute - full * RATE_LIMIT_DECREASE) < 1e-6);
  const next = budget.take();
  now += 1_000; // within the pause
  assert.equal(await settles(next), false, 'nothing leaves before the Retry-After');
  now += 1_000;
  assert.equal(await settles(next), true);
  // A 429 to a request sent after the decrease lowers it again.
  budget.rateLimited(undefined, now);
  assert.ok(budget.currentPerMinute < full * RATE_LIMIT_DECREASE);
  // Then, without a 429, the rate climbs back to the full budget.
  now += 1_000 + (1 / RATE_RECOVERY_PER_SECOND) * 1_000;
  assert.ok(Math.abs(budget.currentPerMinute - full) < 1e-6);
});
