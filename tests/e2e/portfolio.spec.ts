// The firm's portfolio (issue 19, item 1) on three client connections, each to its own demo
// operator (different seeds: three companies) with an archive filled as a sync writes it: the
// portfolio is the home, its figures equal each archive's own counts (the test's SQL on the
// files), a figure opens that connection's archive already filtered, and the screen passes axe
// and works from the keyboard. In French; the flow at 1366×768, each screen it shows also at
// 1024×700 (atBothWidths: no sideways scroll, the screenshot).
// On a fixed clock (issue 25): the host's (INVOICE_DESK_NOW), the page's (page.clock) and the
// demo operators' all say New Year's Eve, 23:30 in Paris (22:30 UTC): the month's and the year's
// last hour for the app, whose "month" is the French calendar's. The expected words come from
// the app's dictionary through countText, never retyped with a plural.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { RunningDemoOperator } from '#main/demo-operator/index.ts';
import { test, expect } from './fixtures.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { Connections } from './pages/isolation.ts';
import { addDemoClient } from './pages/demo-clients.ts';
import { PortfolioPage } from './pages/portfolio-page.ts';
import { SyncRoundPanel } from './pages/sync-round-panel.ts';
import { expectAccessible } from './pages/axe.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { archiveSql } from '#support/archive-sql.ts';
import { parisDay } from '#main/services/tax/rules.ts';
import { countText, type PluralForms } from '#shared/i18n/plural.ts';
import words from '#shared/i18n/fr/portfolio.ts';
import archiveWords from '#shared/i18n/fr/archive.ts';

const NOW = new Date('2026-12-31T22:30:00Z');
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } });
const CLIENTS = [
  { name: 'Cabinet B', seed: 7, company: 'BOULANGERIE MARTIN SARL' },
  { name: 'Cabinet C', seed: 13, company: 'CLINIQUE VÉTÉRINAIRE DES ALPES' },
  { name: 'Cabinet D', seed: 21, company: 'DUPUIS TRANSPORTS SAS' },
];

interface Counted {
  company: string;
  issued: number;
  received: number;
  rejected: number;
}

/** The archive's own counts of `month` (by default NOW's, as the app counts it: in Paris),
 * read from its file with the test's SQL. */
function countsOf(
  dataDir: string,
  id: string,
  month = parisDay(NOW.toISOString())!.slice(0, 7),
): Counted {
  return archiveSql(join(dataDir, 'archive', `${id}.sqlite`), (db) => {
    const n = (where: string, ...p: string[]) =>
      Number(
        (db.prepare(`SELECT count(*) AS n FROM invoices WHERE ${where}`).get(...p) as { n: number })
          .n,
      );
    const seller = db
      .prepare(
        `SELECT seller_name AS name, count(*) AS k FROM invoices WHERE direction = 'OUTBOUND'
         GROUP BY seller_siren, seller_name ORDER BY k DESC LIMIT 1`,
      )
      .get() as { name: string };
    return {
      company: seller.name,
      issued: n(`direction = 'OUTBOUND' AND invoice_date LIKE ?`, `${month}-%`),
      received: n(`direction = 'INBOUND' AND invoice_date LIKE ?`, `${month}-%`),
      rejected: n(`lifecycle_code = '213'`),
    };
  });
}

function frenchCount(n: number): string {
  return new Intl.NumberFormat('fr-FR').format(n);
}

/** A figure's button, by the accessible name the app gives it ("DUPUIS TRANSPORTS SAS : les
 * 32 factures rejetées"; the count always in the name: it is the button's visible text). */
function figure(page: PortfolioPage, company: string, forms: PluralForms, n: number): Locator {
  const name = countText(forms, n, 'fr', { company });
  return page.table.getByRole('button', { name, exact: true });
}

async function shot(page: Page, name: string, parts: Locator[] = []): Promise<void> {
  await atBothWidths(page, `portfolio-${name}`, parts);
}

test.describe(() => {
  test.use({ viewport: WIDE });

  test('the portfolio of three client companies: figures equal each archive, a figure opens its filtered screen', async ({
    app,
    page,
    dataDir,
  }) => {
    test.setTimeout(180_000);
    const operators: RunningDemoOperator[] = [];
    try {
      const connections = new Connections(page);
      for (const client of CLIENTS)
        await addDemoClient(app, connections, dataDir, client, NOW, operators);
      // The startup's live search writes through to the active connection: keep it on the demo.
      const expected = new Map(
        CLIENTS.map((c) => [c.name, countsOf(dataDir, connections.ids.get(c.name)!)]),
      );
      // The page's clock is the host's: the renderer's "today" (its default periods) too.
      await page.clock.setFixedTime(NOW);
      await page.reload(); // a real load (app.reload() is a same-page navigation)

      const portfolio = new PortfolioPage(page);
      await test.step('the portfolio is the home with several client connections', async () => {
        await expect(portfolio.heading).toBeVisible();
        await expect(portfolio.nav.getByRole('link', { name: 'Portefeuille' })).toHaveAttribute(
          'aria-current',
          'page',
        );
      });
      for (const client of CLIENTS) {
        const counted = expected.get(client.name)!;
        await test.step(`${client.name}: the figures equal its archive's`, async () => {
          const row = portfolio.row(client.name);
          await expect(row).toHaveCount(1);
          await expect(row).toContainText(counted.company);
          await expect(row).toContainText(/\d{9}/);
          // Filled as a sync writes the invoices, but never synced: the row says so.
          await expect(portfolio.lastSync(client.name)).toHaveText('Jamais');
          await expect(
            portfolio.lastSync(client.name).getByTitle('Jamais synchronisée'),
          ).toBeVisible();
          for (const [forms, n] of [
            [words.open.issued, counted.issued],
            [words.open.received, counted.received],
            [words.open.code213, counted.rejected],
          ] as const) {
            if (n === 0) continue;
            await expect(figure(portfolio, counted.company, forms, n)).toHaveText(frenchCount(n));
          }
        });
      }
      await test.step('at 1366×768 every column is in view: the table does not scroll sideways', async () => {
        const scroller = portfolio.table.locator('xpath=..');
        const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      });
      const distinct = new Set([...expected.values()].map((c) => c.company));
      expect(distinct.size, 'three companies').toBe(3);
      await expectAccessible(page, 'the portfolio');
      await shot(page, 'home', [portfolio.heading, portfolio.filter]);

      await test.step('the filter keeps the companies it names', async () => {
        await portfolio.filter.fill('Cabinet C');
        await expect(portfolio.dataRows).toHaveCount(1);
        await expect(page.getByRole('status').filter({ hasText: /dossiers? sur/ })).toContainText(
          '1 dossier sur',
        );
        await portfolio.filter.fill('');
        await expect(portfolio.dataRows).toHaveCount(5); // the three clients and the two demo roles
      });

      await test.step('sorting by rejected invoices puts the most first', async () => {
        const header = portfolio.table
          .getByRole('columnheader', { name: 'Rejetées' })
          .getByRole('button');
        await header.click();
        await header.click();
        const most = [...expected.entries()].sort((a, b) => b[1].rejected - a[1].rejected)[0]!;
        await expect(portfolio.dataRows.first()).toContainText(most[0]);
      });

      const target = [...expected.entries()].find(([, c]) => c.rejected > 0)!;
      await test.step(`following ${target[0]}'s rejected invoices opens its archive filtered`, async () => {
        const [name, counted] = target;
        await figure(portfolio, counted.company, words.open.code213, counted.rejected).click();
        const archive = new ArchivePage(page);
        await expect(connections.switcher.locator('option:checked')).toHaveText(name);
        await expect(archive.count).toHaveText(
          countText(archiveWords.results.count, counted.rejected, 'fr'),
        );
        await expect(archive.filters.getByRole('textbox', { name: 'Dernier statut' })).toHaveValue(
          '213',
        );
        await shot(page, 'followed');
      });

      await test.step('the VAT of the return due now and the third parties to map come after the rows, and lead to their screens', async () => {
        await portfolio.goTo('Portefeuille');
        await expect(portfolio.heading).toBeVisible();
        const company = expected.get('Cabinet C')!.company;
        const vat = portfolio.table.getByRole('button', {
          // The return due now (issue 26): its period, amount and deadline.
          name: new RegExp(
            `^${company} : la déclaration de TVA de .+, .+ (à payer|de crédit), (à déposer le \\d{2}/\\d{2}/\\d{4} au plus tard|en retard : échéance du \\d{2}/\\d{2}/\\d{4})$`,
          ),
        });
        await expect(vat).toHaveText(/€ ?(à payer|de crédit) ?(avant le|en retard)/);
        await vat.click();
        await expect(connections.switcher.locator('option:checked')).toHaveText('Cabinet C');
        await expect(
          page
            .getByRole('tablist', { name: 'Choix du rapport' })
            .getByRole('tab', { name: 'Déclaration de TVA' }),
        ).toHaveAttribute('aria-selected', 'true');
        await shot(page, 'vat');

        await portfolio.goTo('Portefeuille');
        const toMap = portfolio.table.getByRole('button', {
          name: new RegExp(`^${company} : (1|les \\d+) tiers à affecter$`),
        });
        const count = (await toMap.innerText()).trim();
        await toMap.click();
        await expect(
          page.getByRole('tab', { name: `Tiers à affecter (${count})` }),
        ).toHaveAttribute('aria-selected', 'true');
      });

      await test.step('from the keyboard: the navigation entry, then a figure with Tab and Enter', async () => {
        await portfolio.nav.getByRole('link', { name: 'Portefeuille' }).focus();
        await page.keyboard.press('Enter');
        await expect(portfolio.heading).toBeVisible();
        await portfolio.filter.focus();
        await page.keyboard.type('Cabinet D');
        await expect(portfolio.dataRows).toHaveCount(1);
        const counted = expected.get('Cabinet D')!;
        const issued = figure(portfolio, counted.company, words.open.issued, counted.issued);
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press('Tab');
          if (await issued.evaluate((el) => el === document.activeElement)) break;
        }
        await expect(issued).toBeFocused();
        await page.keyboard.press('Enter');
        const archive = new ArchivePage(page);
        await expect(connections.switcher.locator('option:checked')).toHaveText('Cabinet D');
        await expect(archive.count).toHaveText(
          countText(archiveWords.results.count, counted.issued, 'fr'),
        );
      });

      await test.step('Synchroniser tout from the portfolio: the round’s progress there, and Arrêter', async () => {
        await portfolio.goTo('Portefeuille');
        const round = new SyncRoundPanel(page);
        await round.start.click();
        await expect(round.progress).toBeVisible();
        await round.stop.click();
        await expect(round.start).toBeEnabled({ timeout: 30_000 });
        await shot(page, 'round');
      });

      await test.step('with every operator stopped, the portfolio still opens with its figures', async () => {
        await Promise.all(operators.splice(0).map((o) => o.close()));
        await portfolio.goTo('Portefeuille');
        await expect(portfolio.heading).toBeVisible();
        // The filter typed before is kept across screens, as the user left it.
        await expect(portfolio.filter).toHaveValue('Cabinet D');
        await portfolio.filter.fill('');
        for (const client of CLIENTS) {
          const counted = expected.get(client.name)!;
          await expect(
            figure(portfolio, counted.company, words.open.received, counted.received),
          ).toHaveText(frenchCount(counted.received));
        }
      });
    } finally {
      await Promise.all(operators.map((o) => o.close()));
    }
  });
});

test.describe('at the first hour of a month in Paris', () => {
  // 23:30 UTC on 30 November is 00:30 on 1 December in Paris: the app's month is December (the
  // French calendar), with no invoice yet, while UTC's is still November, with many.
  const FIRST_HOUR = new Date('2026-11-30T23:30:00Z');
  test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: FIRST_HOUR.toISOString() } });

  test('the month’s figures are the French calendar’s: December’s, none yet', async ({
    app,
    page,
    dataDir,
  }) => {
    const [client] = CLIENTS;
    const operators: RunningDemoOperator[] = [];
    try {
      const connections = new Connections(page);
      const id = await addDemoClient(app, connections, dataDir, client!, FIRST_HOUR, operators);
      const december = countsOf(dataDir, id, '2026-12');
      const november = countsOf(dataDir, id, '2026-11');
      expect([december.issued, december.received]).toEqual([0, 0]);
      expect(november.issued * november.received, 'UTC’s month has invoices').toBeGreaterThan(0);
      await page.clock.setFixedTime(FIRST_HOUR);
      await page.reload();

      const portfolio = new PortfolioPage(page);
      await portfolio.goTo('Portefeuille'); // one client: the home is not the portfolio
      const cells = portfolio.row(client!.name).getByRole('cell');
      await expect(cells.nth(2)).toHaveText('0'); // Émises: no button for none
      await expect(cells.nth(3)).toHaveText('0'); // Reçues
      await expect(
        figure(portfolio, december.company, words.open.issued, november.issued),
      ).toHaveCount(0);
      await expect(
        figure(portfolio, december.company, words.open.code213, december.rejected),
      ).toHaveText(frenchCount(december.rejected));
    } finally {
      await Promise.all(operators.map((o) => o.close()));
    }
  });
});
