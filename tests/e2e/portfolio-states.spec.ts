// Issue 27, item 2 (screens): a connection whose syncs fail (a mistyped host) says so on its
// portfolio row, with the reason and the next try, shows "—" rather than 0 and no button, and
// stays among "only clients with something to do"; a client whose sync has not finished has
// its figures marked partial. In French at 1366×768 and 1024×700, on a fixed clock.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { Backoff } from '#main/services/sync-rounds/backoff.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { test, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { Connections } from './pages/isolation.ts';
import { PortfolioPage } from './pages/portfolio-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const B = 'Cabinet B';
const S = 'Cabinet S (synchro en cours)';
const X = 'Cabinet X (adresse mal saisie)';

async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  await keepScreenshot(page, {
    path: join(SCREENSHOTS_DIR, `portfolio-states-${name}-${width}.png`),
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a failing connection says why and when next, shows “—”, and is something to act on; an unfinished sync is partial', async ({
      app,
      page,
      dataDir,
    }) => {
      test.setTimeout(120_000);
      await page.clock.setFixedTime(NOW);
      const operators: RunningDemoOperator[] = [];
      try {
        const connections = new Connections(page);
        for (const [name, seed] of [
          [B, 7],
          [S, 13],
        ] as const) {
          const operator = await startDemoOperator({ seed, invoices: 200, now: NOW.getTime() });
          operators.push(operator);
          await connections.add(app, name, operator);
          fillDemoArchive(dataDir, connections.ids.get(name)!, { seed, invoices: 200, now: NOW });
        }
        // S: a sync started and not finished (killed, or under way in another process).
        const s = openArchive(dataDir, connections.ids.get(S)!);
        s.transaction(() => s.syncState.beginRun(NOW.toISOString(), false));
        s.close();
        // X: its address is mistyped; the background round failed on it twice.
        await connections.addMistyped(app, X);
        const backoff = new Backoff(join(dataDir, 'archive', 'sync-backoff.json'));
        const error = {
          kind: 'offline' as const,
          reason: 'host_not_found' as const,
          message: 'getaddrinfo ENOTFOUND api.operateur-mal-saisi.invalid',
        };
        backoff.fail(connections.ids.get(X)!, X, error, NOW.getTime() - 60_000);
        backoff.fail(connections.ids.get(X)!, X, error, NOW.getTime());
        await page.reload();

        const portfolio = new PortfolioPage(page);
        await expect(portfolio.heading).toBeVisible();
        const failing = portfolio.row(X);
        await test.step('the failing row: “En échec”, the reason and the next try, no figure', async () => {
          await expect(portfolio.lastSync(X)).toContainText('En échec');
          await expect(portfolio.lastSync(X)).toContainText('nouvel essai');
          await expect(portfolio.lastSync(X)).toContainText('Adresse de l’opérateur introuvable');
          await expect(failing.getByRole('button')).toHaveCount(0);
          await expect(failing.getByText('0', { exact: true })).toHaveCount(0);
          await expect(failing.getByText('0,00 €')).toHaveCount(0);
          await expect(failing.getByText('—').first()).toBeVisible();
        });
        await test.step('an unfinished sync: its figures are marked partial', async () => {
          await expect(portfolio.lastSync(S)).toContainText('chiffres partiels');
          await expect(
            portfolio
              .row(S)
              .getByRole('button', { name: /chiffre partiel, synchronisation inachevée/ })
              .first(),
          ).toBeVisible();
          await expect(portfolio.lastSync(B)).not.toContainText('chiffres partiels');
        });
        await shot(page, 'rows');
        await test.step('“only clients with something to do” keeps the failing one', async () => {
          await portfolio.onlyToAct.check();
          await expect(failing).toHaveCount(1);
          await shot(page, 'to-act');
        });
      } finally {
        await Promise.all(operators.map((o) => o.close()));
      }
    });
  });
}
