// Issue 27, item 2: the number clicked is the number shown. Every figure of every client's
// portfolio row is clicked; the screen it opens says the same number, and that screen's workbook
// (read back with openpyxl) holds as many rows, or the same amount. Two client connections, each
// to its own demo operator, with archives filled as a sync writes them, on a fixed clock (the
// demo operator's `now` and the page's; the host's own clock: INVOICE_DESK_NOW, once the clock
// engineer's change lands — until then the host counts on today, against the same data).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { RunningDemoOperator } from '#main/demo-operator/index.ts';
import { dataRows, readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';
import { test, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { Ca3Page } from './pages/ca3-page.ts';
import { ExportControl } from './pages/export-control.ts';
import { Connections } from './pages/isolation.ts';
import { addDemoClient } from './pages/demo-clients.ts';
import { PortfolioPage } from './pages/portfolio-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENTS = [
  { name: 'Cabinet B', seed: 7, company: 'BOULANGERIE MARTIN SARL' },
  { name: 'Cabinet C', seed: 13, company: 'CLINIQUE VÉTÉRINAIRE DES ALPES' },
];

/** The portfolio's columns of counts, by their header, and the words of their buttons. */
const COUNTS = [
  { column: 'Émises', screen: 'archive' },
  { column: 'Reçues', screen: 'archive' },
  { column: 'Rejetées', screen: 'archive' },
  { column: 'Refusées', screen: 'archive' },
  { column: 'En litige', screen: 'archive' },
  { column: 'Suspendues', screen: 'archive' },
  { column: 'Échues', screen: 'aging' },
  { column: 'Tiers à affecter', screen: 'toMap' },
] as const;

const digits = (text: string): number => Number(text.replace(/\D/g, ''));
const french = (n: number): string => new Intl.NumberFormat('fr-FR').format(n);

/** Every cell's text of a sheet, row by row. */
const texts = (sheet: XlsxSheet): string[] =>
  sheet.rows.flatMap((row) => row.map((c) => (c?.v === null ? '' : String(c?.v ?? ''))));

async function columnIndex(table: Locator, header: string): Promise<number> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/\s+/g, ' ').trim() === header);
  if (index < 0) throw new Error(`no column "${header}" among ${JSON.stringify(headers)}`);
  return index;
}

async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  await keepScreenshot(page, {
    path: join(SCREENSHOTS_DIR, `portfolio-figures-${name}-${width}.png`),
  });
}

test.use({
  viewport: { width: 1366, height: 768 },
  appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() },
});

test('every portfolio figure of every client: the same number on the screen it opens and in its workbook', async ({
  app,
  page,
  dataDir,
}) => {
  test.setTimeout(300_000);
  await page.clock.setFixedTime(NOW);
  const operators: RunningDemoOperator[] = [];
  const downloads = await mkdtemp(join(tmpdir(), 'invoice-desk-figures-'));
  try {
    const connections = new Connections(page);
    for (const client of CLIENTS)
      await addDemoClient(app, connections, dataDir, client, NOW, operators);
    await page.reload();
    const portfolio = new PortfolioPage(page);
    const archive = new ArchivePage(page);
    let clicked = 0;

    for (const client of CLIENTS) {
      for (const { column, screen } of COUNTS) {
        await portfolio.goTo('Portefeuille');
        await expect(portfolio.heading).toBeVisible();
        const row = portfolio.row(client.name);
        // The details (past due, third parties) come after the rows: wait until computed.
        await expect(row.getByText('Calcul en cours')).toHaveCount(0, { timeout: 30_000 });
        const cell = row.getByRole('cell').nth(await columnIndex(portfolio.table, column));
        const button = cell.getByRole('button');
        if ((await button.count()) === 0) {
          await expect(cell, `${client.name} ${column}: nothing to click is a 0`).toHaveText('0');
          continue;
        }
        const n = digits(await button.innerText());
        await test.step(`${client.name}: ${column} ${n}`, async () => {
          await button.click();
          await expect(connections.switcher.locator('option:checked')).toHaveText(client.name);
          let book: ReturnType<typeof readXlsx>;
          switch (screen) {
            case 'archive': {
              await expect(archive.count).toHaveText(
                `${french(n)} facture${n > 1 ? 's' : ''} dans l’archive`,
              );
              book = readXlsx((await new ExportControl(page).exportTo(downloads)).path);
              expect(dataRows(sheetNamed(book, 'Factures'))).toHaveLength(n);
              break;
            }
            case 'aging': {
              await expect(
                page.getByText(`${french(n)} facture${n > 1 ? 's' : ''} échue`, { exact: false }),
              ).toBeVisible();
              await shot(page, `aging-${client.seed}`);
              book = readXlsx((await new ExportControl(page).exportTo(downloads)).path);
              expect(dataRows(sheetNamed(book, 'Échues'))).toHaveLength(n);
              expect(texts(sheetNamed(book, 'Échéancier')).join('\n')).toContain(
                `${french(n)} factures échues`,
              );
              break;
            }
            case 'toMap': {
              await expect(
                page.getByRole('tab', { name: `Tiers à affecter (${n})` }),
              ).toHaveAttribute('aria-selected', 'true');
              book = readXlsx((await new ExportControl(page).exportTo(downloads)).path);
              expect(book.sheets.flatMap(texts).join('\n')).toContain(
                `${french(n)} tiers à confirmer`,
              );
              break;
            }
          }
          clicked += 1;
        });
      }

      await test.step(`${client.name}: the VAT of the return due now`, async () => {
        await portfolio.goTo('Portefeuille');
        const vat = portfolio.table.getByRole('button', {
          name: new RegExp(`^${client.company} : la déclaration de TVA de `),
        });
        const [amount, word] = (await vat.innerText()).split('\n').map((s) => s.trim());
        const cents = digits(amount!);
        const code = word === 'de crédit' ? '25' : 'TD';
        await vat.click();
        const ca3 = new Ca3Page(page);
        await expect(ca3.tab).toHaveAttribute('aria-selected', 'true');
        if (cents > 0) await expect(ca3.boxCells(code).last()).toHaveText(amount!);
        const book = readXlsx((await new ExportControl(page).exportTo(downloads)).path);
        const line = sheetNamed(book, 'Déclaration CA3').rows.find((r) => r[0]?.v === code);
        if (cents > 0) expect(line?.map((c) => c?.v)).toContain(cents / 100);
        clicked += 1;
      });
    }
    expect(clicked, 'figures clicked').toBeGreaterThan(10);
  } finally {
    await Promise.all(operators.map((o) => o.close()));
    await rm(downloads, { recursive: true, force: true });
  }
});
