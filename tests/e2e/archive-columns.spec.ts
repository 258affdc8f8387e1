// Issue 27, item 6 (layout): the archive's table has twelve columns; at a laptop's 1366×768 they
// all fit (no sideways scroll: the last status gives way down to its code), and at 1024×700 the
// key columns (the number, the date, the counterparty, the TTC) are in view without scrolling
// sideways. A column that does not fit gives way (DataTable's rules), never a key one. In
// French, on a fixed clock.
import type { Locator } from '@playwright/test';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { ArchivePage } from './pages/archive-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
/** The columns a row is read by. At 1024 px the whole columns before "État" (dates and amounts,
 * never cut) are wider than the window: the state is the first to need a sideways scroll. */
const KEY_COLUMNS = ['Numéro', 'Date', 'Tiers', 'TTC'];
const KEY_AT_1366 = [...KEY_COLUMNS, 'État'];

const test = base.extend({
  dataDir: filledArchive('archive-columns', { seed: 21, invoices: 1500, now: NOW }),
});

/** Where the header lies against the window and every box that clips it sideways, the table's
 * scrolling one included, with the table scrolled to its start. */
async function placeOf(header: Locator) {
  return header.evaluate((th) => {
    const r = th.getBoundingClientRect();
    let box = { left: 0, right: window.innerWidth };
    for (let e = th.parentElement; e; e = e.parentElement) {
      if (/(auto|scroll|hidden)/.test(getComputedStyle(e).overflowX)) {
        const b = e.getBoundingClientRect();
        box = { left: Math.max(box.left, b.left), right: Math.min(box.right, b.right) };
      }
    }
    return { left: r.left, right: r.right, box };
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(() => {
    test.use({ viewport, pageTime: NOW });
    test(`the archive's key columns in view without scrolling at ${size}`, async ({
      app,
      page,
    }) => {
      void app;
      const archive = new ArchivePage(page);
      await archive.showArchive();
      await expect(archive.dataRows.first()).toBeVisible();
      const scroller = archive.table.locator('xpath=..');
      await expect.poll(() => scroller.evaluate((e) => e.scrollLeft)).toBe(0);
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/archive-columns-${size}.png` });

      for (const name of viewport.width === 1366 ? KEY_AT_1366 : KEY_COLUMNS) {
        const header = archive.table.getByRole('columnheader', { name, exact: true });
        await expect(header, name).toBeVisible();
        const { left, right, box } = await placeOf(header);
        expect(left, `${name}: left edge in view`).toBeGreaterThanOrEqual(box.left - 1);
        expect(right, `${name}: right edge in view`).toBeLessThanOrEqual(box.right + 1);
      }
      // A counterparty's name keeps a readable start (8rem), cut with an ellipsis if need be.
      const name = await archive.dataRows
        .first()
        .getByRole('cell')
        .nth(3)
        .evaluate((td) => ({
          width: td.getBoundingClientRect().width,
          least: 8 * Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
        }));
      expect(name.width, 'Tiers: a readable start').toBeGreaterThanOrEqual(name.least - 1);
      if (viewport.width === 1366) {
        const sideways = await scroller.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
        expect(sideways, 'no sideways scroll at 1366 px').toBe(false);
      }
    });
  });
}
