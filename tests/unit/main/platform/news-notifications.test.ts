// The Electron shell's news notifications (issue 19, item 3), with a stand-in for Electron's
// Notification class: one notification per 'news:found' (one per connection and sync), its text
// grouped in the user's language; nothing for other events; a click brings the window forward
// and asks the renderer to open that connection's Nouveautés ('news:open').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EventName, Events, Language } from '#shared/contract.ts';
import type { EventHub, EventListener } from '#main/services/index.ts';
import { showNewsNotifications } from '#main/platform/news-notifications.ts';

function hub(): EventHub & { emitted: [EventName, unknown][] } {
  const listeners = new Set<EventListener>();
  const emitted: [EventName, unknown][] = [];
  return {
    emitted,
    emit(event, payload) {
      emitted.push([event, payload]);
      for (const listener of listeners) listener(event, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface Shown {
  title: string;
  body: string;
  shown: boolean;
  handlers: Map<string, () => void>;
}

function fakeNotifications(supported = true) {
  const all: Shown[] = [];
  class FakeNotification {
    readonly record: Shown;
    static isSupported(): boolean {
      return supported;
    }
    constructor(options: { title?: string; body?: string }) {
      this.record = {
        title: options.title ?? '',
        body: options.body ?? '',
        shown: false,
        handlers: new Map(),
      };
      all.push(this.record);
    }
    on(event: string, handler: () => void): this {
      this.record.handlers.set(event, handler);
      return this;
    }
    show(): void {
      this.record.shown = true;
    }
  }
  return { all, Notification: FakeNotification as never };
}

const found = (connectionName: string, counts: Partial<Events['news:found']['counts']>) => ({
  connectionId: `id-${connectionName}`,
  connectionName,
  counts: { '213': 0, '210': 0, '207': 0, '208': 0, '212': 0, new: 0, ...counts },
});

test('one notification per news:found, grouped, in the user’s language; a click opens that connection’s news', () => {
  const events = hub();
  const { all, Notification } = fakeNotifications();
  let language: Language = 'fr';
  const window = { focused: 0, restored: 0, minimized: true };
  const stop = showNewsNotifications({
    events,
    Notification,
    window: () => ({
      isDestroyed: () => false,
      isMinimized: () => window.minimized,
      restore: () => void window.restored++,
      show: () => undefined,
      focus: () => void window.focused++,
    }),
    language: () => language,
  });
  events.emit('sync:progress', {} as Events['sync:progress']);
  events.emit('news:found', found('Boulangerie Martin', { '213': 1, new: 3 }));
  language = 'en';
  events.emit('news:found', found('Dupuis', { '212': 2 }));
  assert.deepEqual(
    all.map((n) => [n.title, n.body, n.shown]),
    [
      [
        'Invoice Desk : nouveautés',
        'Boulangerie Martin : 1 facture rejetée, 3 nouvelles factures',
        true,
      ],
      ['Invoice Desk: what’s new', 'Dupuis: 2 invoices collected', true],
    ],
  );
  all[0]!.handlers.get('click')!();
  assert.equal(window.restored, 1);
  assert.equal(window.focused, 1);
  assert.deepEqual(events.emitted.at(-1), ['news:open', { connectionId: 'id-Boulangerie Martin' }]);
  stop();
  events.emit('news:found', found('Boulangerie Martin', { new: 1 }));
  assert.equal(all.length, 2, 'stopped: no more notifications');
});

test('where the system has no notifications, nothing is shown', () => {
  const events = hub();
  const { all, Notification } = fakeNotifications(false);
  showNewsNotifications({ events, Notification, window: () => undefined, language: () => 'fr' });
  events.emit('news:found', found('Boulangerie Martin', { new: 1 }));
  assert.deepEqual(all, []);
});
