// The sync's pace: slots handed out in order and never more than their number; the budget's
// burst and refill on an injected clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestBudget, Slots } from '#main/services/archive/pace.ts';

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

test('budget: one second’s worth at once, then the rate', async () => {
  let now = 0;
  const budget = new RequestBudget(120, () => now); // 2 a second
  await budget.take();
  await budget.take();
  let third = false;
  void budget.take().then(() => (third = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(third, false, 'the burst is spent');
  now = 500; // half a second: one more token
  await new Promise((resolve) => setTimeout(resolve, 520));
  assert.equal(third, true);
});
