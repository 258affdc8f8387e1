// The background sync seen from the portfolio (issue 19, items 1 and 2): nobody presses
// anything; the host's scheduler (INVOICE_DESK_BACKGROUND_SYNC set to a few seconds) finds the
// two client connections due (never synced) and syncs them one after the other. The portfolio
// shows the round's progress under its table, then its rows move from "Jamais synchronisée" to
// a sync date with their figures, read again when the round ends (quietly: no outcome line for a
// round nobody asked for).
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { DEMO_CONNECTION_IDS } from '#shared/contract.ts';
import { test, expect } from './fixtures.ts';
import { rpc } from './pages/archive-page.ts';
import { Connections } from './pages/isolation.ts';
import { PortfolioPage } from './pages/portfolio-page.ts';
import { SyncRoundPanel } from './pages/sync-round-panel.ts';
import words from '#shared/i18n/fr/portfolio.ts';

const CLIENTS = [
  { name: 'Cabinet B', seed: 7, company: 'BOULANGERIE MARTIN SARL' },
  { name: 'Cabinet C', seed: 13, company: 'CLINIQUE VÉTÉRINAIRE DES ALPES' },
];

// Where the clocks start, the operators', the host's and the page's (issue 25): the same invoices
// and figures on any day the test runs.
const NOW = new Date('2026-11-22T12:00:00Z');

// The scheduler's first look 6 s after the host starts, then every 6 s.
test.use({
  appEnv: {
    INVOICE_DESK_LANG: 'fr',
    INVOICE_DESK_BACKGROUND_SYNC: '6',
    INVOICE_DESK_NOW: NOW.toISOString(),
  },
  pageTime: NOW,
});

test('a background round syncs the client connections, its progress on the portfolio', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  const operators: RunningDemoOperator[] = [];
  try {
    // The built-in demo connections are set to "Jamais", so the round is the two clients'.
    for (const id of Object.values(DEMO_CONNECTION_IDS)) {
      const set = await rpc(page, app, 'syncRound:setSchedule', {
        connectionId: id,
        connectionEveryHours: 0,
      });
      expect(set.ok, JSON.stringify(set)).toBe(true);
    }
    const connections = new Connections(page);
    for (const client of CLIENTS) {
      // A little latency, as a real operator has: the round lasts long enough to be watched.
      // 150 invoices: a sync paced at the connection's budget (60 requests a second) takes about
      // 3 s, long enough to see its progress; 400 made CI wait 15 s for nothing more.
      const operator = await startDemoOperator({
        seed: client.seed,
        invoices: 150,
        now: NOW,
        company: client.company,
        faults: { latencyMs: 60 },
      });
      operators.push(operator);
      await connections.add(app, client.name, operator);
    }
    await page.reload();

    const portfolio = new PortfolioPage(page);
    await expect(portfolio.heading).toBeVisible();
    // Never synced. Under load the scheduler's first look (6 s after the host started) may come
    // before this check: the row then says so too, its figures marked partial while it syncs.
    const neverSynced = new RegExp(`^Jamais(\\s*${words.partialFigures})?$`);
    for (const client of CLIENTS)
      await expect(portfolio.lastSync(client.name)).toHaveText(neverSynced);

    const panel = new SyncRoundPanel(page);
    await test.step('the round starts on its own and shows its progress on the portfolio', async () => {
      await expect(panel.progress).toBeVisible({ timeout: 30_000 });
      await expect(panel.region.getByText(/^Connexion [12] sur 2 : Cabinet [BC]$/)).toBeVisible();
      await expect(panel.stop).toBeVisible();
    });

    await test.step('when it ends, every client row shows its sync and its figures', async () => {
      // A round the user did not ask for ends quietly: the progress goes, the rows are read again.
      await expect(panel.progress).toBeHidden({ timeout: 90_000 });
      await expect(panel.start).toBeVisible();
      for (const client of CLIENTS) {
        const row = portfolio.row(client.name);
        await expect(portfolio.lastSync(client.name)).toHaveText(
          /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\s+(complète|partielle)$/,
        );
        await expect(row).toContainText(client.company);
      }
      await portfolio.screenshot('portfolio-synced');
    });
  } finally {
    await Promise.all(operators.map((o) => o.close()));
  }
});
