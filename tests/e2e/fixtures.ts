// The `app` fixture: the browser host (`cli.ts web`) on a random port with a fresh data folder,
// opened in the page. Use it in every e2e spec:
//   import { test, expect } from './fixtures.ts';
//   test('…', async ({ app, page }) => { … });
//   test.use({ appEnv: { INVOICE_DESK_LANG: 'en' } });   // per file or describe block
//   test.use({ pageTime: NOW, viewport: { width: 1024, height: 700 } });   // before the first load
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { fillDemoArchive, type DemoArchiveOptions } from '#support/demo-archive.ts';
import { PROJECT_ROOT, RENDERER_INDEX, startWebHost } from '#support/web-host.ts';

export { PROJECT_ROOT };

export interface App {
  /** http://127.0.0.1:PORT/#token=… */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  token: string;
  /** The INVOICE_DESK_DATA_DIR of this test (settings.json lives there). */
  dataDir: string;
  /** Everything the host wrote on stderr so far (its log). */
  logs(): string;
  /** Re-opens the app URL (a fresh page load with the token). */
  reload(): Promise<void>;
}

interface Fixtures {
  /** Extra environment for the host; defaults to INVOICE_DESK_LANG=fr. */
  appEnv: Record<string, string>;
  /** The page's clock, fixed before the app is first loaded (`page.clock.setFixedTime`), so that
   * its "today" is the test's from the start: no second load on the right clock. */
  pageTime: Date | undefined;
  dataDir: string;
  app: App;
}

/** A fixture giving a new folder of the system's temporary one, `fill`ed first if asked (a
 * spec's data folder with the demo connection's archive written before the app starts: see
 * filledArchive), removed after the test. */
export function temporaryFolder(
  prefix: string,
  fill?: (dir: string) => void,
): (deps: object, use: (dir: string) => Promise<void>) => Promise<void> {
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  return async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    fill?.(dir);
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  };
}

/** A data folder whose demo connection ('demo-admin', the active one) has an archive filled as
 * a sync writes it, before the app starts. */
export function filledArchive(
  name: string,
  options: DemoArchiveOptions,
): ReturnType<typeof temporaryFolder> {
  return temporaryFolder(`invoice-desk-e2e-${name}-`, (dir) =>
    fillDemoArchive(dir, 'demo-admin', options),
  );
}

export const test = base.extend<Fixtures>({
  appEnv: [{ INVOICE_DESK_LANG: 'fr' }, { option: true }],
  pageTime: [undefined, { option: true }],

  dataDir: temporaryFolder('invoice-desk-e2e-'),

  app: async ({ page, dataDir, appEnv, pageTime }, use, testInfo) => {
    if (!existsSync(RENDERER_INDEX)) {
      throw new Error(
        `The renderer is not built (${RENDERER_INDEX} is missing). Run \`npm run build:web\` (electron-vite build) before the e2e tests.`,
      );
    }
    const host = await startWebHost(dataDir, appEnv);
    const { url, logs } = host;
    try {
      const parsed = new URL(url);
      const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '';
      if (pageTime) await page.clock.setFixedTime(pageTime);
      await page.goto(url);
      await use({
        url,
        origin: parsed.origin,
        token,
        dataDir,
        logs,
        reload: async () => {
          await page.goto(url);
        },
      });
    } finally {
      await host.stop();
      if (testInfo.status !== testInfo.expectedStatus && logs()) {
        await testInfo.attach('browser-host.log', { body: logs(), contentType: 'text/plain' });
      }
    }
  },
});

export { expect };
