// Issue 27, item 5: once a client connection exists, "Masquer les connexions de démonstration"
// takes the built-in demo connections out of the portfolio and the switcher (and the rounds:
// tests/integration/main/handlers-hide-demo.test.ts); unticking brings them back. French, at
// 1366×768; the settings and the portfolio also seen at 1024×700 (atBothWidths).
import { startDemoOperator } from '#main/demo-operator/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { test, expect } from './fixtures.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { Connections } from './pages/isolation.ts';
import { PortfolioPage } from './pages/portfolio-page.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

test(`the demo connections hidden, then shown again`, async ({ app, page, dataDir }) => {
  await page.setViewportSize(WIDE);
  await page.clock.setFixedTime(NOW);
  const operator = await startDemoOperator({ seed: 7, invoices: 100, now: NOW.getTime() });
  try {
    const connections = new Connections(page);
    for (const name of ['Cabinet B', 'Cabinet C']) {
      await connections.add(app, name, operator);
      fillDemoArchive(dataDir, connections.ids.get(name)!, { seed: 7, invoices: 100, now: NOW });
    }
    await page.reload();
    const portfolio = new PortfolioPage(page);
    await expect(portfolio.heading).toBeVisible();
    await expect(portfolio.dataRows).toHaveCount(4); // two clients, two demo roles

    const settings = new ConnectionsPage(page);
    await settings.open();
    const hide = page.getByRole('checkbox', { name: 'Masquer les connexions de démonstration' });
    await hide.check();
    await expect(connections.switcher.getByRole('option')).toHaveText(['Cabinet B', 'Cabinet C']);
    await expect(connections.switcher.locator('option:checked')).toHaveText('Cabinet B');
    await atBothWidths(page, 'hide-demo-settings', [hide]);

    await portfolio.goTo('Portefeuille');
    await expect(portfolio.dataRows).toHaveCount(2);
    await expect(portfolio.table).not.toContainText('Démo');
    await atBothWidths(page, 'hide-demo-portfolio', [portfolio.filter]);

    // Still reachable: the settings keep their cards and the box to show them again.
    await settings.open();
    await expect(page.getByRole('heading', { name: 'Démo (administrateur)' })).toBeVisible();
    await hide.uncheck();
    await expect(connections.switcher.getByRole('option')).toHaveCount(4);
    await portfolio.goTo('Portefeuille');
    await expect(portfolio.dataRows).toHaveCount(4);
  } finally {
    await operator.close();
  }
});
