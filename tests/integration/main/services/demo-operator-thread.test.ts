// The embedded demo operator on its own thread (issue 27, item 7), over real HTTP: its address
// as soon as it listens, its answers once its code has loaded (a request sent meanwhile waits),
// its invoices built there while main's event loop keeps turning, and a clean stop.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoThread } from '#main/services/demo-operator-thread.ts';
import { api, tokenFor } from '#support/demo-operator.ts';
import type { RunningDemoOperator } from '#main/demo-operator/index.ts';

const NOW = Date.parse('2026-11-27T08:00:00.000Z');

test('answers as the demo operator does, a request sent before its code loaded included', async () => {
  const demo = await startDemoThread({ now: NOW });
  after(() => demo.close());
  const running = demo as unknown as RunningDemoOperator;
  // Sent at once: the thread listens before the demo operator's code is loaded.
  const token = await tokenFor(running, 'admin');
  const answer = await api(running, token)('/v1.1/invoice/search?offset=0&limit=5');
  assert.equal(answer.status, 200);
  assert.equal(answer.body.data.length, 5);
  assert.equal((await api(running, undefined)('/v1.1/invoice/search?limit=1')).status, 401);
});

test("its invoices are built on its thread: main's event loop keeps turning meanwhile", async () => {
  const demo = await startDemoThread({ now: NOW });
  after(() => demo.close());
  let turns = 0;
  const ticker = setInterval(() => turns++, 1);
  try {
    await demo.buildInvoices!();
  } finally {
    clearInterval(ticker);
  }
  // Built on main, the 3,000 invoices (0.1–0.5 s) would leave no turn at all until done.
  assert.ok(turns >= 3, `main turned ${turns} times while the invoices were built`);
});

test('close() stops its server and its thread; a second close() is harmless', async () => {
  const demo = await startDemoThread({ now: NOW });
  const running = demo as unknown as RunningDemoOperator;
  await tokenFor(running, 'user');
  await demo.close();
  await assert.rejects(fetch(demo.tokenUrl, { method: 'POST' }));
  await demo.close();
});
