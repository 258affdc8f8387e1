// Another workstation's change reloads the open screen (issue 30, item 4): only a change of the
// client on screen, once per burst, within the 2 s the issue allows; nothing after unsubscribing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FirmChange } from '#shared/firm.ts';
import { refreshOnFirmChanges } from '#renderer/stores/firm-changes.ts';

/** A feed the test drives, and timers it runs by hand (no wall clock). */
function harness(active: string) {
  const listeners = new Set<(change: FirmChange) => void>();
  const timers: { run: () => void; ms: number }[] = [];
  let refreshed = 0;
  const stop = refreshOnFirmChanges(
    {
      on: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    {
      activeConnectionId: () => active,
      refresh: () => refreshed++,
      setTimer: (run, ms) => {
        const timer = { run, ms };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer) => timers.splice(timers.indexOf(timer as never), 1),
    },
  );
  return {
    send: (change: FirmChange) => listeners.forEach((listener) => listener(change)),
    runTimers: () => timers.splice(0).forEach((timer) => timer.run()),
    timers,
    refreshed: () => refreshed,
    listeners,
    stop,
  };
}

test('a burst of changes of the client on screen reloads it once, within 2 s', () => {
  const h = harness('client-a');
  h.send({ connectionId: 'client-a', what: 'marks' });
  h.send({ connectionId: 'client-a', what: 'archive' });
  h.send({ connectionId: 'client-a', what: 'settings' });
  assert.equal(h.timers.length, 1);
  assert.ok(h.timers[0]!.ms < 2000);
  h.runTimers();
  assert.equal(h.refreshed(), 1);
  h.send({ connectionId: 'client-a', what: 'exceptions' });
  h.runTimers();
  assert.equal(h.refreshed(), 2);
});

test("another client's change leaves the screen as it is", () => {
  const h = harness('client-a');
  h.send({ connectionId: 'client-b', what: 'marks' });
  h.runTimers();
  assert.equal(h.refreshed(), 0);
});

test('unsubscribed: no reload, even of a change already waiting', () => {
  const h = harness('client-a');
  h.send({ connectionId: 'client-a', what: 'marks' });
  h.stop();
  assert.equal(h.timers.length, 0);
  assert.equal(h.listeners.size, 0);
  assert.equal(h.refreshed(), 0);
});
