// The embedded demo operator: started once on first use, and never again once closed (a late
// caller at shutdown must not leave a server that nothing closes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EmbeddedDemoOperator } from '#main/services/embedded-demo-operator.ts';

function fakeStart() {
  const calls = { started: 0, closed: 0 };
  const start = async () => {
    calls.started++;
    return {
      baseUrl: 'http://127.0.0.1:1',
      tokenUrl: 'http://127.0.0.1:1/token',
      clients: {} as never,
      close: async () => void calls.closed++,
    };
  };
  return { calls, start };
}

test('starts once for concurrent callers, closes what it started', async () => {
  const { calls, start } = fakeStart();
  const demo = new EmbeddedDemoOperator(start);
  await Promise.all([demo.ensureStarted(), demo.ensureStarted()]);
  assert.equal(calls.started, 1);
  await demo.close();
  assert.equal(calls.closed, 1);
});

test('once closed, a late caller is refused and nothing starts', async () => {
  const { calls, start } = fakeStart();
  const demo = new EmbeddedDemoOperator(start);
  await demo.close();
  await assert.rejects(demo.ensureStarted(), /closing/);
  assert.equal(calls.started, 0);
});
