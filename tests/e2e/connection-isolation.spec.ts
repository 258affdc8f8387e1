// One client's data never shows under another's name. Three connections with different data:
// the built-in demo (A), a second demo operator the test starts with another seed (B), and one
// whose address is mistyped (X, the host does not exist); then the same while working offline.
// On every screen that shows operator or archive data, switching the active connection leaves
// nothing of the previous one on screen: no row, count, figure, name or open invoice, whether
// the new connection answers, fails or is offline. A failed search shows no rows that do not
// answer it (item 6), and a mistyped address says so in French (item 7).
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { ArchivePage, TestOperator } from './pages/archive-page.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { ParticipantsPage } from './pages/participants-page.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { Connections, firstCells } from './pages/isolation.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const A = 'Démo (administrateur)';
const B = 'Cabinet B (autre opérateur)';
const X = 'Cabinet X (adresse mal saisie)';

/** Headings of level 3 in a screen's results (directory units, participants). */
async function resultHeadings(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Résultats' });
  const headings = region.getByRole('heading', { level: 3 });
  await expect(headings.first()).toBeVisible();
  return (await headings.allInnerTexts()).slice(0, 5).map((t) => t.trim());
}

/** The amounts a report shows (its figures). */
async function reportFigures(page: Page): Promise<string[]> {
  const cells = page.getByRole('main').locator('td, dd');
  const texts = (await cells.allInnerTexts()).map((t) => t.trim());
  return [...new Set(texts.filter((t) => /\d/.test(t) && /€/.test(t) && !/^0,00\s*€$/.test(t)))];
}

function only(mine: string[], theirs: string[]): string[] {
  return mine.filter((text) => !theirs.includes(text));
}

async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  await keepScreenshot(page, { path: join(SCREENSHOTS_DIR, `isolation-${name}-${width}.png`) });
}

/** The results-free state of the invoices screen: no table, no count. */
async function expectNoInvoiceRows(invoices: InvoicesPage): Promise<void> {
  await expect(invoices.table).toHaveCount(0);
  await expect(invoices.count).toHaveCount(0);
}

// The switches once, at 1366×768; each screen they leave also at 1024×700 (atBothWidths: no
// sideways scroll, the screenshot): the width changes the layout, not what a switch leaves.
test.describe(() => {
  test.use({ viewport: WIDE });

  test('switching connections leaves nothing of the previous one on any screen', async ({
    app,
    page,
    dataDir,
  }) => {
    test.setTimeout(240_000);
    const operator = new TestOperator(join(dataDir, 'operator.log'), 400);
    const running = await operator.start();
    try {
      const connections = new Connections(page);
      const invoices = new InvoicesPage(page);
      const archive = new ArchivePage(page);
      await connections.add(app, B, running);
      await connections.addMistyped(app, X);
      await page.reload();
      await expect(connections.switcher).toHaveValue(/.+/);
      await connections.switchTo(A);
      // Several client connections: the app opens on the portfolio (issue 19).
      await connections.goTo('Factures');

      const seen = { A: [] as string[], B: [] as string[] };

      await test.step('invoices, live: each connection its own rows and count', async () => {
        await invoices.waitForResults();
        const countA = (await invoices.count.innerText()).trim();
        const numbersA = await firstCells(invoices.table, 5);
        const dialog = await invoices.openRow(0);
        const openedA = (await dialog.getByRole('heading').first().innerText()).trim();

        // Under the open panel: the panel is A's invoice, it must go with A.
        await connections.switchElsewhere(app, connections.ids.get(B)!);
        await expect(page.getByRole('dialog', { name: /^Facture / })).toHaveCount(0);
        await invoices.waitForResults();
        await expect(invoices.count).not.toHaveText(countA);
        const countB = (await invoices.count.innerText()).trim();
        const numbersB = await firstCells(invoices.table, 5);
        seen.A.push(countA, openedA, ...only(numbersA, numbersB));
        seen.B.push(countB, ...only(numbersB, numbersA));
        await connections.expectNoneOf(seen.A, A);

        await connections.switchTo(A);
        await invoices.waitForResults();
        await expect(invoices.count).toHaveText(countA);
        await connections.expectNoneOf(seen.B, B);
        // A's archive then holds 100 invoices, B's 50: their counts differ too.
        await invoices.pager.getByRole('combobox', { name: 'Lignes par page' }).selectOption('100');
        await expect(invoices.pager).toContainText(/1–100 sur/);
        await invoices.waitForResults();
      });

      await test.step('invoices, live: a mistyped address shows no rows, and says so in French', async () => {
        await connections.switchTo(X);
        const alert = page.getByRole('main').getByRole('alert');
        await expect(alert).toContainText('Adresse de l’opérateur introuvable');
        await expect(alert).toContainText('Aucun serveur ne porte le nom');
        await expect(alert).not.toContainText('jamais été faite en ligne');
        await expectNoInvoiceRows(invoices);
        await connections.expectNoneOf([...seen.A, ...seen.B], `${A} or ${B}`);
        await atBothWidths(page, 'isolation-invoices-mistyped');
      });

      await test.step('invoices, archive mode and its sync panel', async () => {
        await connections.switchTo(A);
        await invoices.waitForResults();
        await archive.showArchive();
        await expect(archive.count).toHaveText(/dans l’archive/);
        const countA = (await archive.count.innerText()).trim();
        const numbersA = await firstCells(archive.table, 5);
        // Its text as toHaveText reads it (the coverage table, folded, included): the panel
        // of another archive reads the same words, but not the same counts.
        await archive.waitForStatus();
        const syncA = (await archive.sync.textContent()) ?? '';

        await connections.switchTo(B);
        await expect(archive.count).not.toHaveText(countA);
        const numbersB = await firstCells(archive.table, 5);
        await connections.expectNoneOf([countA, ...only(numbersA, numbersB)], `${A}’s archive`);
        await archive.waitForStatus();
        await expect(archive.sync).not.toHaveText(syncA);

        await connections.switchTo(X);
        await expect(archive.count).not.toHaveText(countA);
        // Whether the operator answers is news of the connection it was learnt from.
        await expect(page.getByText('De nouveau en ligne')).toHaveCount(0);
        await expect(archive.table).toHaveCount(0);
        await connections.expectNoneOf([countA, ...numbersA, ...numbersB], 'the other archives');
        await atBothWidths(page, 'isolation-archive-mistyped');
        await archive.showOperatorSearch();
      });

      await test.step('filters belong to a client: a switch never carries them; each comes back', async () => {
        await connections.switchTo(A);
        await archive.showArchive();
        await archive.waitForAnswer();
        const wholeA = (await archive.count.innerText()).trim();
        const lifecycle = archive.filters.getByRole('textbox', { name: 'Dernier statut' });
        await lifecycle.fill('208');
        await archive.filters.getByRole('button', { name: 'Filtrer' }).click();
        const note = page.getByText(/^Filtrées par /);
        // The active filter is said beside the count it narrows, with the archive's whole.
        await expect(note).toContainText('Filtrées par Dernier statut 208 sur');
        await expect(archive.count).not.toHaveText(wholeA);
        await atBothWidths(page, 'isolation-archive-filtered');

        await connections.switchTo(B);
        await expect(lifecycle).toHaveValue('');
        await expect(note).toHaveCount(0);
        await expect(archive.count).toHaveText(/dans l’archive/);

        await connections.switchTo(A);
        await expect(lifecycle).toHaveValue('208'); // A's own filter, kept for A
        await expect(note).toContainText('Dernier statut 208');
        await note.getByRole('button', { name: 'Effacer les filtres' }).click();
        await expect(archive.count).toHaveText(wholeA);
        await expect(note).toHaveCount(0);
        await archive.showOperatorSearch();
      });

      await test.step('directory and participants', async () => {
        const directory = new DirectoryPage(page);
        await connections.switchTo(A);
        await directory.open();
        await directory.search('BOULANGERIE');
        const unitsA = await resultHeadings(page);
        await connections.switchTo(B);
        await expect(page.getByText(/^En direct · /)).toBeVisible();
        const unitsB = await resultHeadings(page);
        await connections.expectNoneOf(only(unitsA, unitsB), `${A}’s directory`);
        await connections.switchTo(X);
        await expect(page.getByRole('main').getByRole('alert')).toContainText(
          'Adresse de l’opérateur introuvable',
        );
        await connections.expectNoneOf([...unitsA, ...unitsB], 'the other directories');
        await atBothWidths(page, 'isolation-directory-mistyped');

        const participants = new ParticipantsPage(page);
        await connections.switchTo(A);
        await participants.open();
        await participants.search('BOULANGERIE');
        const foundA = await resultHeadings(page);
        await connections.switchTo(X);
        await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
        await connections.expectNoneOf(foundA, `${A}’s participants`);
      });

      await test.step('webhooks', async () => {
        const webhooks = new WebhooksPage(page);
        await connections.switchTo(A);
        await webhooks.open();
        const label = 'Flux comptable du cabinet A';
        await webhooks.create({
          label,
          direction: 'Les deux sens',
          statusUrl: 'https://erp.example/statuts',
          invoiceUrl: 'https://erp.example/factures',
        });
        await expect(webhooks.row(label)).toBeVisible();
        await connections.switchTo(B);
        await expect(webhooks.list).toBeVisible();
        await connections.expectNoneOf([label], `${A}’s webhooks`);
        await connections.switchTo(X);
        await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
        await connections.expectNoneOf([label], `${A}’s webhooks`);
      });

      await test.step('reports: TVA, échéancier, statuts', async () => {
        const reports = new ReportsPage(page);
        await connections.switchTo(A);
        await reports.open();
        for (const tab of ['TVA', 'Échéancier', 'Statuts'] as const) {
          await connections.switchTo(A);
          // A switch opens Rapports on the client's return due now (issue 26): the quarter
          // whose figures are compared is chosen again, as a user would.
          await reports.chooseQuarter('4ᵉ trimestre', 2026);
          await reports.tab(tab).click();
          await expect(page.getByRole('main').locator('td, dd').first()).toBeVisible();
          const figuresA = await reportFigures(page);
          // A's archive holds invoices of this quarter: its VAT and receivables have amounts.
          if (tab !== 'Statuts') expect(figuresA.length, `${tab} amounts`).toBeGreaterThan(0);
          for (const other of [B, X]) {
            await connections.switchTo(other);
            await expect(reports.tab(tab)).toHaveAttribute('aria-selected', 'true');
            await connections.expectNoneOf(figuresA, `${A}’s ${tab} report`);
          }
        }
        await atBothWidths(page, 'isolation-reports-switched');
      });

      await test.step('settings: each connection’s archive summary is its own', async () => {
        const settings = new ConnectionsPage(page);
        await settings.open();
        const invoicesOf = (name: string) =>
          settings.connection(name).getByRole('definition').filter({ hasText: /^\d+$/ }).first();
        await expect(invoicesOf(A)).toHaveText('100');
        await expect(invoicesOf(B)).toHaveText('50');
        await expect(invoicesOf(X)).toHaveText('0');
        for (const name of [B, A]) {
          await settings
            .connection(name)
            .getByRole('button', { name: `Activer ${name}` })
            .click();
          await expect(connections.switcher.locator('option:checked')).toHaveText(name);
          await expect(invoicesOf(A)).toHaveText('100');
          await expect(invoicesOf(B)).toHaveText('50');
          await expect(invoicesOf(X)).toHaveText('0');
        }
        await atBothWidths(page, 'isolation-settings-switched');
      });

      await test.step('offline: each connection answers from its own archive, or nothing', async () => {
        await connections.switchTo(A);
        await invoices.goTo('Factures');
        await invoices.waitForResults();
        // The page size both connections answered online.
        await invoices.pager.getByRole('combobox', { name: 'Lignes par page' }).selectOption('50');
        await invoices.waitForResults();
        await connections.setWorkOffline(true);
        await invoices.waitForResults();
        await expect(invoices.count).toHaveText(seen.A[0]!);

        await connections.switchTo(B);
        await invoices.waitForResults();
        await expect(invoices.count).toHaveText(seen.B[0]!);
        await connections.expectNoneOf(seen.A, A);

        await connections.switchTo(X);
        await expect(page.getByRole('main').getByRole('alert')).toContainText(
          'Pas de réponse enregistrée',
        );
        await expectNoInvoiceRows(invoices);
        await connections.expectNoneOf([...seen.A, ...seen.B], `${A} or ${B}`);
        await atBothWidths(page, 'isolation-invoices-offline');

        await connections.switchTo(A);
        await invoices.waitForResults();
        await connections.expectNoneOf(seen.B, B);
        await connections.setWorkOffline(false);
      });
    } finally {
      await operator.stop();
    }
  });
});

test('an offline search never run online is answered by this connection’s archive, and says so', async ({
  app,
  page,
}) => {
  void app;
  const invoices = new InvoicesPage(page);
  const connections = new Connections(page);
  await invoices.waitForResults();
  await connections.setWorkOffline(true);
  await invoices.waitForResults(); // the same search, from the archive
  await invoices.chooseDirection('Reçues');
  // Issue 27, item 5: no red error when the archive can answer; it says the answer is its own,
  // and that what only the live search wrote into it may be incomplete.
  const said = page.getByRole('status').filter({ hasText: 'l’archive locale y répond' });
  await expect(said).toBeVisible();
  await expect(said).toContainText('il peut en manquer');
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await shot(page, 'offline-never-online');
});

test('a mistyped operator address says the host was not found, in French, as the connection test does', async ({
  app,
  page,
}) => {
  const connections = new Connections(page);
  const invoices = new InvoicesPage(page);
  await invoices.waitForResults();
  await connections.addMistyped(app, X);
  await page.reload();
  await connections.switchTo(X);
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Adresse de l’opérateur introuvable');
  await expect(alert).toContainText(
    'Aucun serveur ne porte le nom de l’adresse de cette connexion : vérifiez l’adresse de base',
  );
  await expect(alert).not.toContainText('Hors ligne');
  await expect(alert).not.toContainText('jamais été faite en ligne');
  // The offline banner gives the same cause, not "the operator does not answer".
  const banner = page.getByRole('status').filter({ hasText: /Hors ligne/ });
  await expect(banner).toContainText('L’adresse de l’opérateur est introuvable');
  await expect(banner).not.toContainText('L’opérateur ne répond pas');

  const settings = new ConnectionsPage(page);
  await settings.open();
  const item = await settings.test(X);
  await expect(item.getByRole('alert')).toContainText('Aucun serveur ne porte le nom');
  await shot(page, 'mistyped-connection-test');
});
