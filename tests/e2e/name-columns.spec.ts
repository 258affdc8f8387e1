// Issue 27, item 7 (layout): at 1366 px the parties' names take the free width before a long,
// often empty column (the last status), so a counterparty's name reads whole; at 1024 px a name
// still reads, cut with an ellipsis and whole in its title. The live invoices of a demo operator
// of this test, on its fixed clock; in French.
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { TestOperator, connectTo } from './pages/archive-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';

/** A counterparty of the test operator's first page (seed 7), and the invoice it sent. */
const NAME = 'ENERGIES DU LYONNAIS SA';
const NUMBER = 'F2600305';

/** How the cell shows its text: whole, or cut (then with an ellipsis and its title). */
async function shown(cell: Locator) {
  return cell.evaluate((td) => ({
    whole: td.scrollWidth <= td.clientWidth,
    ellipsis: getComputedStyle(td).textOverflow === 'ellipsis',
    title: td.getAttribute('title'),
    width: td.getBoundingClientRect().width,
  }));
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`a counterparty's name reads at ${size}`, async ({ app, page }, testInfo) => {
    const operator = new TestOperator(testInfo.outputPath('operator.log'));
    await operator.start();
    try {
      await page.setViewportSize(viewport);
      await connectTo(page, app, operator.running!, 3600);
      const invoices = new InvoicesPage(page);
      await invoices.waitForResults();
      const row = invoices.dataRows.filter({
        has: page.getByRole('cell', { name: NUMBER, exact: true }),
      });
      const cell = row.getByRole('cell', { name: NAME, exact: true });
      await expect(cell).toBeVisible();
      const name = await shown(cell);
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/name-columns-${size}.png` });
      expect(name.title, 'the whole name in its title').toBe(NAME);
      if (viewport.width === 1366) {
        expect(name.whole, `"${NAME}" not cut (${name.width}px)`).toBe(true);
        // The table fits the window: nothing scrolled away to make room for the names.
        const sideways = await invoices.table.evaluate(
          (t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth,
        );
        expect(sideways, 'no sideways scroll at 1366 px').toBe(false);
      } else {
        expect(name.ellipsis, 'a cut name ends with an ellipsis').toBe(true);
        expect(name.width, 'a name keeps a readable start').toBeGreaterThanOrEqual(112);
      }
    } finally {
      await operator.stop();
    }
  });
}
