// The two laptop sizes the app is laid out for. A flow runs its clicks, exports and readbacks
// once, at the wide size; what the width changes (the layout: no sideways scroll, key parts
// whole in the window, the screenshot) is checked at both sizes on the same screen state with
// `atBothWidths`. Running the whole flow twice cost CI about a minute of CPU per spec and proved
// nothing more about the layout (issue 25: CI under 15 minutes).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { SCREENSHOTS_DIR, keepScreenshot } from './app-shell.ts';

export const WIDE = { width: 1366, height: 768 };
export const NARROW = { width: 1024, height: 700 };

/** The page does not scroll sideways: nothing is cut at the window's right edge. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: 'the page scrolls sideways' },
    )
    .toBeLessThanOrEqual(0);
}

/** `part` is visible and whole within the window's width and within what each box that clips
 * it sideways shows (a table scrolls sideways in a narrow window: its key parts must not be the
 * ones scrolled away). */
export async function expectWithinWidth(part: Locator): Promise<void> {
  await expect(part).toBeVisible();
  // Not scrolled into view: that would scroll a table sideways to the part it must show as is.
  const inside = await part.evaluate((el) => {
    const r = el.getBoundingClientRect();
    let box = { left: 0, right: window.innerWidth };
    for (let e: Element | null = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (e !== el && /(auto|scroll|hidden|clip)/.test(style.overflowX)) {
        const b = e.getBoundingClientRect();
        box = { left: Math.max(box.left, b.left), right: Math.min(box.right, b.right) };
      }
      // A fixed box (a dialog, a panel) is not clipped by the boxes around it.
      if (style.position === 'fixed') break;
    }
    return { left: r.left, right: r.right, box };
  });
  expect(inside.left, 'cut at the left').toBeGreaterThanOrEqual(inside.box.left - 1);
  expect(inside.right, 'cut at the right').toBeLessThanOrEqual(inside.box.right + 1);
}

/** The screen as it is now, at each size in turn: no sideways scroll, every part of `parts`
 * visible and whole, and a screenshot `name-<width>.png`. The page gets its size back after. */
export async function atBothWidths(page: Page, name: string, parts: Locator[] = []): Promise<void> {
  const own = page.viewportSize();
  for (const size of [WIDE, NARROW]) {
    await test.step(`${name} at ${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      await expectNoSidewaysScroll(page);
      for (const part of parts) await expectWithinWidth(part);
      await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/${name}-${size.width}.png` });
    });
  }
  if (own) await page.setViewportSize(own);
}
