// Suivi › Nouveautés (issue 19, item 3) as a user reads it (French UI): the unread count, the
// groups (one per sync), each invoice's button, "Marquer comme lu" and "Tout marquer comme lu",
// the browser's permission asked once; and the notifications the page showed, recorded by a
// stand-in for the browser's Notification (installed before the app loads).
import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export interface ShownNotification {
  title: string;
  body: string;
  tag: string | undefined;
}

/** Replaces window.Notification in every page load of `page`: what the app shows is recorded
 * (window.__notifications), its permission is "default" until asked, then kept in this
 * browser's storage as the real one is. */
export async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const KEY = 'test.notification-permission';
    const shown: { title: string; body: string; tag?: string; onclick: (() => void) | null }[] = [];
    const w = window as unknown as Record<string, unknown>;
    w.__notifications = shown;
    w.__permissionAsked = 0;
    class RecordedNotification {
      title: string;
      body: string;
      tag: string | undefined;
      onclick: (() => void) | null = null;
      static get permission(): string {
        return localStorage.getItem(KEY) ?? 'default';
      }
      static async requestPermission(): Promise<string> {
        w.__permissionAsked = (w.__permissionAsked as number) + 1;
        localStorage.setItem(KEY, 'granted');
        return 'granted';
      }
      constructor(title: string, options?: { body?: string; tag?: string }) {
        this.title = title;
        this.body = options?.body ?? '';
        this.tag = options?.tag;
        shown.push(this);
      }
      close(): void {}
    }
    w.Notification = RecordedNotification;
  });
}

export class NewsPage extends AppShell {
  readonly heading: Locator;
  readonly tab: Locator;
  readonly count: Locator;
  readonly markAll: Locator;
  readonly enableNotifications: Locator;
  readonly empty: Locator;
  readonly groups: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Suivi' });
    this.tab = page.getByRole('tab', { name: 'Nouveautés' });
    this.count = this.main.getByRole('status').filter({ hasText: /nouveautés? non lues?/ });
    this.markAll = this.main.getByRole('button', { name: 'Tout marquer comme lu' });
    this.enableNotifications = this.main.getByRole('button', {
      name: 'Activer les notifications',
    });
    this.empty = this.main.getByText('Rien de nouveau depuis votre dernière lecture.');
    this.groups = this.main.getByRole('region', { name: /^Synchronisation du / });
  }

  async open(): Promise<void> {
    await this.openScreen('Suivi', this.heading);
    await this.tab.click();
  }

  /** A group's list of invoices. */
  invoicesOf(group: Locator): Locator {
    return group.getByRole('list', { name: /^Factures de : / }).getByRole('listitem');
  }

  markGroup(group: Locator): Locator {
    return group.getByRole('button', { name: /^Marquer comme lu : / });
  }

  /** What the page showed as notifications so far. */
  notifications(): Promise<ShownNotification[]> {
    return this.page.evaluate(() =>
      ((window as unknown as Record<string, unknown>).__notifications as ShownNotification[]).map(
        (n) => ({ title: n.title, body: n.body, tag: n.tag }),
      ),
    );
  }

  permissionAsked(): Promise<number> {
    return this.page.evaluate(
      () => (window as unknown as Record<string, unknown>).__permissionAsked as number,
    );
  }

  /** Clicks the notification at `index` (as the user would on the desktop). */
  async clickNotification(index: number): Promise<void> {
    await this.page.evaluate((i) => {
      const all = (window as unknown as Record<string, unknown>).__notifications as {
        onclick: (() => void) | null;
      }[];
      all[i]!.onclick?.();
    }, index);
  }
}
