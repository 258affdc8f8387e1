// Accessibility check of what is on screen: axe-core in the real page. Fails on any serious or
// critical violation, naming the rule and the elements so that the fix is obvious.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/** What a scan may leave out. */
export interface ScanOptions {
  /** The name of the scan that checks the colour contrast of this same screen state (at another
   * width, or with other data): `color-contrast` is about two thirds of a scan's CPU, and a
   * state's colours do not change with its width or its rows. Left out, the rule is not run. */
  contrastCheckedBy?: string;
}

/** Runs axe on the page (or on `include`, a CSS selector) and expects 0 serious/critical issues. */
export async function expectAccessible(
  page: Page,
  what: string,
  include?: string,
  options: ScanOptions = {},
): Promise<void> {
  await test.step(`axe: ${what}`, async () => {
    let builder = new AxeBuilder({ page }).withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      'best-practice',
    ]);
    if (include) builder = builder.include(include);
    if (options.contrastCheckedBy) builder = builder.disableRules(['color-contrast']);
    const { violations } = await builder.analyze();
    const blocking = violations
      .filter((v) => BLOCKING.has(v.impact ?? ''))
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n` +
          v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
            .join('\n'),
      );
    expect(blocking, `accessibility violations on ${what}`).toEqual([]);
  });
}
