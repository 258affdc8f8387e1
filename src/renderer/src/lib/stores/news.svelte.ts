// "Nouveautés" (issue 19, item 3): the active connection's unread changes (Suivi › Nouveautés,
// the count beside "Suivi"), read again when the connection changes or a sync of it finds news;
// and, in the browser host only, the desktop notification of each 'news:found' through the
// browser's Notification API (the Electron shell shows its own from main: the page never
// notifies there). Started once by the shell (App.svelte).
import { untrack } from 'svelte';
import type { AppError, Events, Result } from '#shared/contract.ts';
import type { NewsList } from '#shared/news.ts';
import { newsNotificationText } from '#shared/news-notification.ts';
import { api } from '../api.ts';
import { session } from './session.svelte.ts';
import { language } from './language.svelte.ts';
import { navigation } from './navigation.svelte.ts';
import { followUpChoice } from './follow-up.svelte.ts';

/** Remembers that the browser's permission was asked (it is asked once, on the user's click). */
const ASKED_KEY = 'invoice-desk.notifications-asked';

export type NotificationPermissionState = NotificationPermission | 'unsupported';

function browserNotification(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;
}

function readAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Makes `connectionId` active and shows its Nouveautés (a notification was clicked). */
export async function openNews(connectionId: string): Promise<AppError | null> {
  const error = await session.activate(connectionId);
  if (error) return error;
  followUpChoice.tab = 'news';
  navigation.go('followUp');
  return null;
}

interface Shown {
  owner: string;
  list: NewsList | null;
  error: AppError | null;
}

class NewsStore {
  #shown = $state.raw<Shown | null>(null);
  #pending = $state<string | null>(null);
  #sequence = 0;
  #started = false;
  /** The browser's permission for notifications (browser host). */
  permission = $state<NotificationPermissionState>(
    browserNotification()?.permission ?? 'unsupported',
  );
  /** The permission was asked once already (whatever the answer). */
  asked = $state(readAsked());

  /** Notifications come from this page (the browser host), not from main (Electron). */
  get notifiesHere(): boolean {
    return session.info?.shell === 'browser';
  }

  /** The active connection's unread changes; never another connection's. */
  get list(): NewsList | null {
    const shown = this.#shown;
    return shown && shown.owner === session.owner ? shown.list : null;
  }

  get error(): AppError | null {
    const shown = this.#shown;
    return shown && shown.owner === session.owner ? shown.error : null;
  }

  get loading(): boolean {
    return this.#pending !== null && this.#pending === session.owner;
  }

  /** Unread changes of the active connection (0 until read). */
  get unread(): number {
    return this.list?.unread ?? 0;
  }

  /** Listens to main's news events and follows the active connection; once. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    api.on('news:found', (found) => {
      if (untrack(() => this.notifiesHere)) this.#notify(found);
      if (found.connectionId === untrack(() => session.settings?.activeConnectionId))
        void this.load();
    });
    api.on('news:open', ({ connectionId }) => void openNews(connectionId));
    $effect.root(() => {
      $effect(() => {
        void session.generation; // a switch of the active connection: its own list
        untrack(() => void this.load());
      });
    });
  }

  /** Reads the active connection's list again. */
  async load(): Promise<void> {
    const connectionId = session.settings?.activeConnectionId;
    if (!connectionId) return;
    await this.#run(() => api.invoke('news:list', { connectionId }));
  }

  /** Marks a group's changes read (their ids), or every one up to the newest shown. */
  async markRead(which: { ids: number[] } | { upToId: number }): Promise<AppError | null> {
    const connectionId = session.settings?.activeConnectionId;
    if (!connectionId) return null;
    return this.#run(() => api.invoke('news:markRead', { connectionId, ...which }), true);
  }

  /** Sends a call whose answer is the list; a newer call wins. A failed mark keeps the list. */
  async #run(call: () => Promise<Result<NewsList>>, keepList = false): Promise<AppError | null> {
    const mine = ++this.#sequence;
    const owner = session.owner;
    this.#pending = owner;
    const r = await call();
    if (mine !== this.#sequence) return r.ok ? null : r.error;
    this.#pending = null;
    if (r.ok) this.#shown = { owner, list: r.value, error: null };
    else if (keepList) return r.error;
    else this.#shown = { owner, list: null, error: r.error };
    return r.ok ? null : r.error;
  }

  /** Asks the browser's permission, on the user's click, once; remembered in this browser. */
  async askPermission(): Promise<void> {
    const api = browserNotification();
    if (!api) return;
    try {
      this.permission = await api.requestPermission();
    } finally {
      this.asked = true;
      try {
        localStorage.setItem(ASKED_KEY, '1');
      } catch {
        // storage disabled: asked again on the next visit only
      }
    }
  }

  /** One notification for one connection's sync, its counts grouped; a click opens its list.
   * A newer one for the same connection replaces the older (its tag). */
  #notify(found: Events['news:found']): void {
    const api = browserNotification();
    if (!api || api.permission !== 'granted') return;
    const { title, body } = newsNotificationText(found, language.current);
    const notification = new api(title, { body, tag: `invoice-desk-news-${found.connectionId}` });
    notification.onclick = () => {
      window.focus();
      notification.close();
      void openNews(found.connectionId);
    };
  }
}

export const news = new NewsStore();
