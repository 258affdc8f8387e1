// Issue 27, item 7 (keyboard): Suivi › À traiter keeps its place after each validation. A row
// ticked and marked handled by the keyboard leaves the list; the focus goes on to the row that
// followed it, in view, and neither the table nor the page scrolls elsewhere (the focus had
// fallen on the page, and the queue went back to its foot). French, at both laptop sizes, on a
// fixed clock and a filled archive.
import type { Page } from '@playwright/test';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ExceptionsPage } from './pages/exceptions-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('exceptions-focus', { seed: 21, invoices: 3000, now: NOW }),
});

/** Every scroll position on the page: the window's and each scrolled element's. */
function scrolls(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const at: Record<string, number> = { window: window.scrollY };
    for (const e of document.querySelectorAll<HTMLElement>('main, main *'))
      if (e.scrollHeight > e.clientHeight + 1)
        at[`${e.tagName.toLowerCase()}.${e.className.split(' ')[0]}`] = e.scrollTop;
    return at;
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(() => {
    // The size and the clock before the first load: no second load to set them.
    test.use({ viewport, pageTime: NOW });
    test(`a row marked handled by the keyboard: the focus goes on to the next row, in place, at ${size}`, async ({
      app,
      page,
    }) => {
      void app;
      const view = new ExceptionsPage(page);
      await view.open();
      await expect(view.rows.first()).toBeVisible();

      // Down the queue by the keyboard, far enough for the table to have scrolled, then back up
      // a few rows (to one in the middle of the window).
      await view.rows.first().focus();
      for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowDown');
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
      const focused = view.table.locator('tbody tr:focus');
      const number = (await focused.getByRole('cell').nth(1).textContent())!.trim();
      const following = (await view.table
        .locator(`tbody tr[data-index="${Number(await focused.getAttribute('data-index')) + 1}"]`)
        .getByRole('cell')
        .nth(1)
        .textContent())!.trim();
      const before = await scrolls(page);
      expect(
        Object.values(before).some((top) => top > 0),
        'the table has scrolled',
      ).toBe(true);

      // Ticked (Tab, Space), marked handled (Enter on the button, a note, Enter on "Marquer").
      await page.keyboard.press('Tab');
      await expect(view.tick(number)).toBeFocused();
      await page.keyboard.press('Space');
      await view.markButton.focus();
      await page.keyboard.press('Enter');
      await expect(view.dialog).toBeVisible();
      await page.keyboard.type('Vu avec le client');
      const confirm = view.dialog.getByRole('button', { name: 'Marquer comme traitée' });
      while (!(await confirm.evaluate((b) => b === document.activeElement)))
        await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(view.outcome('1 facture marquée comme traitée.')).toBeVisible();
      await expect(view.row(number)).toHaveCount(0);

      const next = view.row(following);
      await expect(next, 'the row that followed has the focus').toBeFocused();
      // In view from top to bottom, in the window and in the table's own box (at 1024 px the row
      // is wider than both: the table scrolls sideways).
      const seen = await next.evaluate((row) => {
        const box = row.getBoundingClientRect();
        const table = row.closest('table')!.parentElement!.getBoundingClientRect();
        return {
          window: box.top >= 0 && box.bottom <= window.innerHeight,
          table: box.top >= table.top - 1 && box.bottom <= table.bottom + 1,
        };
      });
      expect(seen, 'the row is in view').toEqual({ window: true, table: true });
      expect(await scrolls(page), 'nothing scrolled elsewhere').toEqual(before);
      await keepScreenshot(page, { path: `test-results/screenshots/exceptions-focus-${size}.png` });

      // And on again: Enter on that row still opens its invoice, the keyboard is in the queue.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: new RegExp(following) })).toBeVisible();
    });
  });
}
