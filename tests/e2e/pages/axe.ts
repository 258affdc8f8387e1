// Accessibility check of what is on screen: axe-core in the real page. Fails on any serious or
// critical violation, naming the rule and the elements so that the fix is obvious.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe on the page (or on `include`, a CSS selector) and expects 0 serious/critical issues. */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  await test.step(`axe: ${what}`, async () => {
    let builder = new AxeBuilder({ page }).withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      'best-practice',
    ]);
    if (include) builder = builder.include(include);
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
