// What the start-up benches (start-cpu.ts, start-main-trace.ts, start-trace.ts) share: the
// browser, a page as a user opens the app (French, Paris, 1366×768), the first invoice row
// noticed inside the page, and runs alternating two trees (this one and a copy of another
// commit, bench/start-pair.sh) so that both meet the same load.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#support/chromium.ts';
import { PROJECT_ROOT, type startWebHost, type WebHost } from '#support/web-host.ts';

export type StartHost = typeof startWebHost;

/** A start-up bench's runs, from its command line `[runs] [other project root]`: one browser for
 * every start; `oneStart` in this tree and in the other one (its renderer built) by turns
 * (`alternatingStarts`), each given its own tree's browser host starter (its
 * tests/support/web-host.ts). */
export async function runStartBench<T>(
  defaultRuns: number,
  oneStart: (browser: Browser, startHost: StartHost, dataDir: string) => Promise<T>,
): Promise<{
  runs: number;
  starts: Map<string, { first: T[]; restart: T[] }>;
  loads: number[];
}> {
  const [runsArg, otherRoot] = process.argv.slice(2);
  const runs = Number(runsArg ?? defaultRuns);
  const roots = [PROJECT_ROOT, ...(otherRoot ? [join(otherRoot, '/')] : [])];
  const hosts = new Map<string, StartHost>();
  for (const root of roots)
    hosts.set(
      root,
      ((await import(join(root, 'tests/support/web-host.ts'))) as { startWebHost: StartHost })
        .startWebHost,
    );
  const browser = await launchBrowser();
  try {
    const { starts, loads } = await alternatingStarts(roots, runs, (dataDir, root) =>
      oneStart(browser, hosts.get(root)!, dataDir),
    );
    return { runs, starts, loads };
  } finally {
    await browser.close();
  }
}

/** The machine and its load over the runs: the first line of a bench's figures. */
export const machineLine = (loads: number[]): string =>
  `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, Node ${process.version}, load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

/** A fresh context as a user opens the app. */
export const userContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1366, height: 768 },
  });

/** A page of a new user context on `host`, the first row watched (`watchFirstRow`), given to
 * `use`; a failure carries the host's log. The context is closed and the host stopped after. */
export async function onWatchedPage<T>(
  browser: Browser,
  host: WebHost,
  use: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await userContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstRow);
    return await use(page, context);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nBrowser host log:\n${host.logs()}`, {
      cause: error,
    });
  } finally {
    await context.close();
    await host.stop();
  }
}

/** Installed before the page's own scripts (`page.addInitScript`): resolves `window.__firstRow`
 * with the page clock at the first frame after the first row of the invoices' table is in the
 * document (Playwright's polling would come later), and marks it `first-row` for traces. */
export function watchFirstRow(): void {
  const w = window as unknown as { __firstRow: Promise<number> };
  w.__firstRow = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('table[aria-label="Liste des factures"] tbody tr[data-index] td'))
        return;
      observer.disconnect();
      requestAnimationFrame(() => {
        performance.mark('first-row');
        resolve(performance.now());
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** `runs` times, each tree in turn (which goes first alternates): a first launch on a new data
 * folder, then a restart on it. With the 1-minute load average after each pair. */
export async function alternatingStarts<T>(
  roots: string[],
  runs: number,
  oneStart: (dataDir: string, root: string) => Promise<T>,
): Promise<{ starts: Map<string, { first: T[]; restart: T[] }>; loads: number[] }> {
  const starts = new Map(roots.map((root) => [root, { first: [] as T[], restart: [] as T[] }]));
  const loads: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const root of run % 2 ? [...roots].reverse() : roots) {
      const dataDir = await mkdtemp(join(os.tmpdir(), 'invoice-desk-start-'));
      try {
        starts.get(root)!.first.push(await oneStart(dataDir, root));
        starts.get(root)!.restart.push(await oneStart(dataDir, root));
        loads.push(os.loadavg()[0]!);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  return { starts, loads };
}
