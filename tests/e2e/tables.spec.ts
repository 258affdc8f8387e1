// The tables at a 1366 × 768 laptop and at 1024 × 700, in French: invoice numbers and amounts are
// never cut, names give way first (whole in their title and text), no column shrinks to nothing,
// and a table too narrow scrolls sideways rather than hide a column.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { DirectoryPage } from './pages/directory-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

/** Narrowest a column may be, px: room for a few characters and the sort arrow. */
const MIN_COLUMN_PX = 48;
/** Narrowest a name column may be, px (it gives way first, but keeps a readable start). */
const MIN_NAME_PX = 112;

interface TableReport {
  headers: { name: string; width: number }[];
  cut: string[];
  untitled: string[];
  scrollsSideways: boolean;
}

/** What the user sees of `table`: per column width, the cells of `whole` columns whose text
 * overflows, and the cells of `names` columns whose full text is not in the title and text. */
async function inspect(table: Locator, whole: string[], names: string[]): Promise<TableReport> {
  return table.evaluate(
    (el, { whole, names }) => {
      const t = el as HTMLTableElement;
      const headers = [...t.tHead!.rows[0]!.cells].map((th) => ({
        name: th.textContent?.trim() ?? '',
        width: th.getBoundingClientRect().width,
      }));
      const index = (name: string) => headers.findIndex((h) => h.name === name);
      const cut: string[] = [];
      const untitled: string[] = [];
      const viewport = t.parentElement!;
      const view = viewport.getBoundingClientRect();
      for (const row of t.tBodies[0]!.rows) {
        if (row.getAttribute('aria-hidden') === 'true') continue;
        const box = row.getBoundingClientRect();
        if (box.bottom < view.top || box.top > view.bottom) continue; // not in view
        for (const name of whole) {
          const cell = row.cells[index(name)]!;
          if (cell.scrollWidth > cell.clientWidth)
            cut.push(
              `${name}: "${cell.textContent?.trim()}" (${cell.scrollWidth} > ${cell.clientWidth})`,
            );
        }
        for (const name of names) {
          const cell = row.cells[index(name)]!;
          const text = cell.textContent?.trim() ?? '';
          if (text !== '' && cell.title !== text) untitled.push(`${name}: "${text}"`);
        }
      }
      return {
        headers,
        cut,
        untitled,
        scrollsSideways: viewport.scrollWidth > viewport.clientWidth,
      };
    },
    { whole, names },
  );
}

function expectReadable(report: TableReport, what: string, names: string[], width: number): void {
  expect(report.cut, `${what}: numbers and amounts whole`).toEqual([]);
  expect(report.untitled, `${what}: names whole in their title`).toEqual([]);
  for (const header of report.headers) {
    const min = names.includes(header.name) ? MIN_NAME_PX : MIN_COLUMN_PX;
    expect
      .soft(header.width, `${what}: column "${header.name}" at least ${min}px`)
      .toBeGreaterThanOrEqual(min);
  }
  // At 1024 px the columns do not all fit: the table scrolls sideways instead of hiding one.
  if (width === 1024) expect(report.scrollsSideways, `${what}: scrolls sideways`).toBe(true);
}

/** Scrolled to its right end, the table still shows each row's invoice number (column 0). */
async function numberStaysInView(table: Locator): Promise<boolean> {
  return table.evaluate((el) => {
    const t = el as HTMLTableElement;
    const viewport = t.parentElement!;
    viewport.scrollLeft = viewport.scrollWidth;
    const view = viewport.getBoundingClientRect();
    const row = [...t.tBodies[0]!.rows].find((r) => r.getAttribute('aria-hidden') !== 'true')!;
    const cell = row.cells[0]!.getBoundingClientRect();
    return cell.left >= view.left - 1 && cell.right <= view.right + 1;
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, { path: `test-results/screenshots/tables-${name}.png` });
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: size });

    test('the live invoices and the archive keep numbers and amounts whole', async ({
      app,
      page,
    }) => {
      void app;
      const invoices = new InvoicesPage(page);
      await invoices.waitForResults();
      await test.step('live invoices', async () => {
        const names = ['Vendeur', 'Acheteur'];
        const report = await inspect(invoices.table, ['N° facture', 'Total TTC'], names);
        await shot(page, `invoices-${size.width}`);
        expectReadable(report, 'live invoices', names, size.width);
        if (size.width === 1024) {
          expect(await numberStaysInView(invoices.table), 'number in view').toBe(true);
          await shot(page, `invoices-${size.width}-scrolled`);
        }
      });

      // The live page was written through to the archive: its rows are there.
      const archive = new ArchivePage(page);
      await archive.showArchive();
      await expect(archive.dataRows.first()).toBeVisible();
      await test.step('archive', async () => {
        const names = ['Tiers'];
        const report = await inspect(archive.table, ['Numéro', 'HT', 'TVA', 'TTC', 'État'], names);
        await shot(page, `archive-${size.width}`);
        expectReadable(report, 'archive', names, size.width);
        if (size.width === 1024)
          expect(await numberStaysInView(archive.table), 'number in view').toBe(true);
      });
    });

    test('the webhooks keep their adapter code on one line', async ({ app, page }) => {
      void app;
      const webhooks = new WebhooksPage(page);
      await webhooks.open();
      const label = 'ERP du cabinet – factures reçues et statuts';
      await webhooks.create({
        label,
        direction: 'Factures reçues',
        statusUrl:
          'https://erp.cabinet-exemple.fr/integrations/plateforme/rappels/statuts-factures',
        invoiceUrl:
          'https://erp.cabinet-exemple.fr/integrations/plateforme/rappels/factures-recues',
      });
      const row = webhooks.row(label);
      const adapter = row.locator('code');
      await expect(adapter).toHaveText('standardAdapter');
      await shot(page, `webhooks-${size.width}`);
      expect(
        await adapter.evaluate((code) => code.getClientRects().length),
        'adapter code on one line',
      ).toBe(1);
      const labelWidth = await row
        .getByRole('rowheader')
        .evaluate((th) => th.getBoundingClientRect().width);
      expect(labelWidth).toBeGreaterThanOrEqual(MIN_NAME_PX);
    });

    test('the directory keeps identifiers whole', async ({ app, page }) => {
      void app;
      const directory = new DirectoryPage(page);
      await directory.open();
      await directory.search('BOULANGERIE', 'contient');
      const table = directory.results.getByRole('table').first();
      await expect(table).toBeVisible();
      const report = await inspect(table, ['Valeur'], []);
      await shot(page, `directory-${size.width}`);
      expect(report.cut, 'directory: identifiers whole').toEqual([]);
      for (const header of report.headers)
        expect
          .soft(header.width, `directory: "${header.name}"`)
          .toBeGreaterThanOrEqual(MIN_COLUMN_PX);
    });
  });
}
