// The Electron shell's news notifications (issue 19, item 3): one desktop notification per
// 'news:found' (one per connection and sync, its counts grouped), shown from main with
// Electron's Notification; a click brings the window forward and asks the renderer to open that
// connection's Nouveautés ('news:open'). The renderer never notifies in this shell (the session's
// shell is 'electron'); the browser host's page uses the browser's Notification instead.
// Electron's Notification class is handed in by index.ts, so that this runs in plain Node tests.
import type { BrowserWindow, Notification, NotificationConstructorOptions } from 'electron';
import type { Events, Language } from '#shared/contract.ts';
import { newsNotificationText } from '#shared/news-notification.ts';
import type { EventHub } from '../services/index.ts';

/** What is used of Electron's Notification class. */
export interface NotificationClass {
  new (options: NotificationConstructorOptions): Pick<Notification, 'on' | 'show'>;
  isSupported(): boolean;
}

/** What is used of the window. */
type Window = Pick<BrowserWindow, 'isDestroyed' | 'isMinimized' | 'restore' | 'show' | 'focus'>;

/** Starts showing notifications; returns a function that stops. */
export function showNewsNotifications(options: {
  events: EventHub;
  Notification: NotificationClass;
  window: () => Window | undefined;
  language: () => Language;
}): () => void {
  const { events, Notification } = options;
  // Kept until closed: a notification garbage-collected before its click loses the click.
  const shown = new Set<object>();
  return events.subscribe((event, payload) => {
    if (event !== 'news:found' || !Notification.isSupported()) return;
    const found = payload as Events['news:found'];
    const notification = new Notification(newsNotificationText(found, options.language()));
    shown.add(notification);
    notification.on('click', () => {
      const win = options.window();
      if (win && !win.isDestroyed()) {
        if (win.isMinimized()) win.restore();
        win.show();
        win.focus();
      }
      events.emit('news:open', { connectionId: found.connectionId });
    });
    notification.on('close', () => shown.delete(notification));
    notification.show();
  });
}
