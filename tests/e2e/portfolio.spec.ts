// The firm's portfolio (issue 19, item 1) on three client connections, each to its own demo
// operator (different seeds: three companies) with an archive filled as a sync writes it: the
// portfolio is the home, its figures equal each archive's own counts (the test's SQL on the
// files), a figure opens that connection's archive already filtered, and the screen passes axe
// and works from the keyboard. Screenshots in French at 1366×768 and 1024×700.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { test, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR } from './pages/app-shell.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { Connections } from './pages/isolation.ts';
import { PortfolioPage } from './pages/portfolio-page.ts';
import { SyncRoundPanel } from './pages/sync-round-panel.ts';
import { expectAccessible } from './pages/axe.ts';
import { archiveSql } from '#support/archive-sql.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { parisDay } from '#main/services/reports/rules.ts';

const NOW = new Date();
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

/** The archive's own counts, read from its file with the test's SQL. */
function countsOf(dataDir: string, id: string): Counted {
  const month = parisDay(NOW.toISOString())!.slice(0, 7); // the month as the app counts it
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

/** A figure's words after the company's name: "1 facture rejetée", "les 32 factures rejetées"
 * (the count always in the name: it is the button's visible text). */
function figureWords(n: number, one: string, other: string): string {
  return n === 1 ? `1 ${one}` : `les ${frenchCount(n)} ${other}`;
}

async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `portfolio-${name}-${width}.png`) });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the portfolio of three client companies: figures equal each archive, a figure opens its filtered screen', async ({
      app,
      page,
      dataDir,
    }) => {
      test.setTimeout(180_000);
      const operators: RunningDemoOperator[] = [];
      try {
        const connections = new Connections(page);
        for (const client of CLIENTS) {
          const operator = await startDemoOperator({
            seed: client.seed,
            invoices: 300,
            now: NOW.getTime(),
          });
          operators.push(operator);
          await connections.add(app, client.name, operator);
          fillDemoArchive(dataDir, connections.ids.get(client.name)!, {
            seed: client.seed,
            company: client.company,
            invoices: 300,
            now: NOW,
            detailShare: 0.5,
          });
        }
        // The startup's live search writes through to the active connection: keep it on the demo.
        const expected = new Map(
          CLIENTS.map((c) => [c.name, countsOf(dataDir, connections.ids.get(c.name)!)]),
        );
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
            for (const [one, other, n] of [
              ['facture émise ce mois-ci', 'factures émises ce mois-ci', counted.issued],
              ['facture reçue ce mois-ci', 'factures reçues ce mois-ci', counted.received],
              ['facture rejetée', 'factures rejetées', counted.rejected],
            ] as const) {
              if (n === 0) continue;
              await expect(
                portfolio.figure(counted.company, figureWords(n, one, other)),
              ).toHaveText(frenchCount(n));
            }
          });
        }
        if (viewport.width >= 1366)
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
        await shot(page, 'home');

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
          await portfolio
            .figure(
              counted.company,
              figureWords(counted.rejected, 'facture rejetée', 'factures rejetées'),
            )
            .click();
          const archive = new ArchivePage(page);
          await expect(connections.switcher.locator('option:checked')).toHaveText(name);
          await expect(archive.count).toHaveText(
            `${frenchCount(counted.rejected)} factures dans l’archive`,
          );
          await expect(
            archive.filters.getByRole('textbox', { name: 'Dernier statut' }),
          ).toHaveValue('213');
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
          const issued = portfolio.figure(
            counted.company,
            figureWords(counted.issued, 'facture émise ce mois-ci', 'factures émises ce mois-ci'),
          );
          for (let i = 0; i < 40; i++) {
            await page.keyboard.press('Tab');
            if (await issued.evaluate((el) => el === document.activeElement)) break;
          }
          await expect(issued).toBeFocused();
          await page.keyboard.press('Enter');
          const archive = new ArchivePage(page);
          await expect(connections.switcher.locator('option:checked')).toHaveText('Cabinet D');
          await expect(archive.count).toHaveText(
            `${frenchCount(counted.issued)} factures dans l’archive`,
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
              portfolio.figure(
                counted.company,
                `les ${frenchCount(counted.received)} factures reçues ce mois-ci`,
              ),
            ).toHaveText(frenchCount(counted.received));
          }
        });
      } finally {
        await Promise.all(operators.map((o) => o.close()));
      }
    });
  });
}
