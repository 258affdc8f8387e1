// Nouveautés (issue 19, item 3) in the browser host, on two client connections, each to its
// own demo operator whose clock the test moves: the first syncs are the baseline (nothing
// new); the browser's permission is asked once, on the user's click; as the clocks move, each
// sync of a connection that found changes gives ONE notification naming the client, its counts
// grouped, never one per invoice; a rejection is told ("rejetée"); clicking it opens that
// client's Suivi › Nouveautés, where the rejected invoice waits until marked read (a group, then
// everything), read staying read after a reload. axe and the keyboard on the view. In French; the
// flow at 1366×768, each view it shows also at 1024×700 (atBothWidths: no sideways scroll, the
// screenshot).
import type { Page } from '@playwright/test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { test, expect, type App } from './fixtures.ts';
import { rpc } from './pages/archive-page.ts';
import { Connections } from './pages/isolation.ts';
import { NewsPage, recordNotifications } from './pages/news-page.ts';
import { expectAccessible } from './pages/axe.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const HOUR = 3_600_000;
// Where the clocks start, the operators', the host's and the page's (issue 25): the same invoices,
// statuses and dates on any day the test runs; the test then moves the operators' clocks.
const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENTS = [
  { name: 'Cabinet B', seed: 7, company: 'BOULANGERIE MARTIN SARL' },
  { name: 'Cabinet C', seed: 13, company: 'CLINIQUE VÉTÉRINAIRE DES ALPES' },
];

async function shot(page: Page, name: string): Promise<void> {
  await atBothWidths(page, `news-${name}`);
}

/** Syncs one connection as "Synchroniser" does (lists and statuses: the test's pace). */
async function sync(page: Page, app: App, connectionId: string): Promise<void> {
  const active = await rpc(page, app, 'settings:update', { activeConnectionId: connectionId });
  if (!active.ok) throw new Error(JSON.stringify(active.error));
  const synced = await rpc(page, app, 'sync:start', { details: false });
  if (!synced.ok) throw new Error(JSON.stringify(synced.error));
}

test.describe(() => {
  test.use({
    viewport: WIDE,
    appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() },
    pageTime: NOW,
  });

  test('a new rejection gives one grouped notification per client; its Nouveautés keep it until read', async ({
    app,
    page,
  }) => {
    test.setTimeout(180_000);
    const operators: RunningDemoOperator[] = [];
    try {
      await recordNotifications(page);
      const connections = new Connections(page);
      for (const client of CLIENTS) {
        const operator = await startDemoOperator({
          seed: client.seed,
          company: client.company,
          invoices: 150,
          now: NOW,
          arrivalsPerMinute: 1,
        });
        operators.push(operator);
        await connections.add(app, client.name, operator);
      }
      const idOf = (name: string) => connections.ids.get(name)!;
      await test.step('the first syncs are the baseline: nothing new, nothing told', async () => {
        for (const client of CLIENTS) await sync(page, app, idOf(client.name));
      });
      await page.reload();
      const news = new NewsPage(page);
      await news.open();
      await expect(connections.switcher.locator('option:checked')).toHaveText('Cabinet C');
      await expect(news.empty).toBeVisible();
      await expectAccessible(page, 'the Nouveautés view asking for notifications');
      await shot(page, 'permission');

      await test.step('the browser’s permission is asked once, on the user’s click', async () => {
        await news.enableNotifications.click();
        await expect(news.enableNotifications).toBeHidden();
        expect(await news.permissionAsked()).toBe(1);
        await page.reload();
        await news.open();
        await expect(news.empty).toBeVisible();
        await expect(news.enableNotifications).toBeHidden();
        expect(await news.notifications()).toEqual([]);
      });

      let syncsOfB = 0;
      let rejection = -1;
      let rejectedAt = -1;
      await test.step('the clocks move an hour at a time until Cabinet B has a new rejection', async () => {
        // One more hour after the rejection: a second sync, a second group.
        for (let hour = 1; hour <= 12 && (rejection < 0 || syncsOfB === rejectedAt); hour++) {
          for (const operator of operators) operator.advance(HOUR);
          await sync(page, app, idOf('Cabinet B'));
          syncsOfB++;
          await expect
            .poll(
              async () =>
                (await news.notifications()).filter((n) => n.body.startsWith('Cabinet B :')).length,
            )
            .toBe(syncsOfB);
          if (rejection >= 0) continue;
          const shown = await news.notifications();
          rejectedAt = syncsOfB;
          rejection = shown.findIndex(
            (n) => n.body.startsWith('Cabinet B :') && / rejetées?(,|$)/.test(n.body),
          );
        }
        expect(rejection, 'a rejection told within 12 hours').toBeGreaterThanOrEqual(0);
        await sync(page, app, idOf('Cabinet C'));
        await expect
          .poll(
            async () =>
              (await news.notifications()).filter((n) => n.body.startsWith('Cabinet C :')).length,
          )
          .toBe(1);
      });

      await test.step('one notification per client and sync, its counts grouped', async () => {
        const shown = await news.notifications();
        expect(shown).toHaveLength(syncsOfB + 1);
        for (const n of shown) {
          expect(n.title).toBe('Invoice Desk : nouveautés');
          expect(n.body).toMatch(
            /^Cabinet [BC] : \d[\d\u202f]* (facture|factures|nouvelle|nouvelles) /,
          );
        }
        expect(shown[rejection]!.body).toMatch(
          /^Cabinet B : \d+ factures? rejetées?(, .+)?, \d[\d\u202f]* nouvelles? factures?$/,
        );
        expect(new Set(shown.map((n) => n.tag))).toEqual(
          new Set([
            `invoice-desk-news-${idOf('Cabinet B')}`,
            `invoice-desk-news-${idOf('Cabinet C')}`,
          ]),
        );
      });

      await test.step('clicking it opens Cabinet B’s Nouveautés, the rejected invoice among them', async () => {
        await news.goTo('Portefeuille');
        await news.clickNotification(rejection);
        await expect(connections.switcher.locator('option:checked')).toHaveText('Cabinet B');
        await expect(news.heading).toBeVisible();
        await expect(news.tab).toHaveAttribute('aria-selected', 'true');
        await expect(news.count).toBeVisible();
        await expect(news.groups).toHaveCount(syncsOfB);
        const rejected = news.main.getByRole('listitem').filter({ hasText: 'Rejetée' });
        await expect(rejected.first()).toBeVisible();
        await expect(
          news.nav.getByRole('link', { name: /^Suivi ?, \d[\d\u202f]* non lues$/ }),
        ).toBeVisible();
        await expectAccessible(page, 'the Nouveautés view');
        await shot(page, 'list');
      });

      await test.step('an invoice opens from the list, and closes back to it', async () => {
        const button = news.groups.first().getByRole('button', { name: /^Ouvrir la facture / });
        const first = button.first();
        await first.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(first).toBeFocused();
      });

      await test.step('from the keyboard: a group marked read leaves the list', async () => {
        const before = await news.groups.count();
        const mark = news.markGroup(news.groups.first());
        await mark.focus();
        await page.keyboard.press('Enter');
        await expect(news.groups).toHaveCount(before - 1);
        await expect(news.count).toBeFocused();
      });

      await test.step('Tout marquer comme lu: the list is empty, and stays so after a reload', async () => {
        await news.markAll.focus();
        await page.keyboard.press('Enter');
        await expect(news.empty).toBeVisible();
        await expect(news.nav.getByRole('link', { name: 'Suivi', exact: true })).toBeVisible();
        await expectAccessible(page, 'the empty Nouveautés view', undefined, {
          contrastCheckedBy: 'the Nouveautés view asking for notifications',
        });
        await shot(page, 'read');
        await page.reload();
        await news.open();
        await expect(news.empty).toBeVisible();
      });

      await test.step('Cabinet C’s news are its own, unread still', async () => {
        await connections.switchTo('Cabinet C');
        await expect(news.count).toBeVisible();
        await expect(news.groups).toHaveCount(1);
      });
    } finally {
      await Promise.all(operators.map((o) => o.close()));
    }
  });
});
