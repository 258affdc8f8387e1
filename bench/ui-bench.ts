// UI benchmark in the system Chromium (headless), printed as a markdown table:
// 1. the real DataTable with 10,000 rows (bench/harness/data-table-harness.ts, built with vite):
//    mount time, idle / wheel-scroll / jump-scroll frame times, sort click → sorted;
// 2. time to first results on the demo connection: the browser host (`cli.ts web`) with a fresh
//    data folder, from page.goto until the first row of "Liste des factures" is visible, as
//    Playwright notices it (its polling: up to a few hundred ms late, the figure of the earlier
//    runs) and as drawn (noticed inside the page: the frame after the row is in the document).
// Needs the renderer build (out/renderer); builds it with electron-vite when it is missing.
// Run: node_modules/.bin/node bench/ui-bench.ts
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { PROJECT_ROOT, RENDERER_INDEX, startWebHost, type WebHost } from '#support/web-host.ts';
import { watchFirstRow } from './harness/start-runs.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#support/chromium.ts';

const ELECTRON_VITE = join(PROJECT_ROOT, 'node_modules', '.bin', 'electron-vite');
const HARNESS_ENTRY = join(PROJECT_ROOT, 'bench', 'harness', 'data-table-harness.ts');

const ROWS = 10_000;
const TABLE_RUNS = 5; // mount + sort, for a median
const FIRST_RESULTS_RUNS = 10;
const STEP_TIMEOUT_MS = 30_000;

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sortedCopy = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const fmt = (ms: number): string => ms.toFixed(1);

function ensureRendererBuild(): void {
  if (existsSync(RENDERER_INDEX)) return;
  process.stderr.write(`${RENDERER_INDEX} is missing: running electron-vite build\n`);
  const run = spawnSync(ELECTRON_VITE, ['build'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
    timeout: 300_000,
  });
  if (run.status !== 0 || !existsSync(RENDERER_INDEX)) {
    throw new Error(`electron-vite build failed (status ${run.status}, signal ${run.signal})`);
  }
}

// ---------------------------------------------------------------- 1. DataTable, 10,000 rows

interface TableFigures {
  mountMs: number[];
  sortMs: number[];
  renderedRows: number;
  idleMedianMs: number;
  wheel: { medianMs: number; p95Ms: number };
  jump: { medianMs: number; p95Ms: number; maxMs: number };
}

async function buildHarness(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: PROJECT_ROOT,
    plugins: [svelte({ configFile: join(PROJECT_ROOT, 'svelte.config.js') })],
    build: {
      outDir,
      emptyOutDir: true,
      lib: {
        entry: HARNESS_ENTRY,
        formats: ['iife'],
        name: 'harness',
        fileName: () => 'harness.js',
      },
    },
  });
}

async function loadHarness(page: Page, outDir: string): Promise<void> {
  await page.setContent('<!doctype html><html lang="fr"><body><div id="app"></div></body></html>');
  const files = await readdir(outDir);
  for (const css of files.filter((f) => f.endsWith('.css'))) {
    await page.addStyleTag({ content: await readFile(join(outDir, css), 'utf8') });
  }
  await page.addStyleTag({
    content: '#app { height: 700px; display: flex; flex-direction: column; }',
  });
  await page.addScriptTag({ content: await readFile(join(outDir, 'harness.js'), 'utf8') });
}

/** Frame times of this browser doing nothing, to read the scrolling figures against. */
async function idleFrames(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const frames: number[] = [];
    let last = performance.now();
    for (let i = 0; i < 60; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    return frames[30]!;
  });
}

/** Wheel-like scrolling: 200 frames of 120 px. */
async function wheelFrames(page: Page): Promise<{ medianMs: number; p95Ms: number }> {
  return page.evaluate(async () => {
    const viewport = document.querySelector('.viewport') as HTMLElement;
    const frames: number[] = [];
    let last = performance.now();
    for (let i = 1; i <= 200; i++) {
      viewport.scrollTop += 120;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    viewport.scrollTop = 0;
    return { medianMs: frames[100]!, p95Ms: frames[190]! };
  });
}

/** Jump from top to bottom in 120 frames: the whole window of rows is replaced each frame. */
async function jumpFrames(page: Page): Promise<{
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  lastRow: string | null;
  rendered: number;
}> {
  return page.evaluate(async () => {
    const viewport = document.querySelector('.viewport') as HTMLElement;
    const frames: number[] = [];
    let last = performance.now();
    const total = viewport.scrollHeight - viewport.clientHeight;
    for (let i = 1; i <= 120; i++) {
      viewport.scrollTop = (total * i) / 120;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    const lastRow =
      document.querySelector('tbody tr:not(.spacer):last-of-type')?.getAttribute('aria-rowindex') ??
      null;
    return {
      medianMs: frames[Math.floor(frames.length / 2)]!,
      p95Ms: frames[Math.floor(frames.length * 0.95)]!,
      maxMs: frames[frames.length - 1]!,
      lastRow,
      rendered: document.querySelectorAll('tbody tr:not(.spacer)').length,
    };
  });
}

async function benchTable(browser: Browser): Promise<TableFigures> {
  const outDir = await mkdtemp(join(os.tmpdir(), 'datatable-harness-'));
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    await buildHarness(outDir);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await loadHarness(page, outDir);

    const figures: TableFigures = {
      mountMs: [],
      sortMs: [],
      renderedRows: 0,
      idleMedianMs: 0,
      wheel: { medianMs: 0, p95Ms: 0 },
      jump: { medianMs: 0, p95Ms: 0, maxMs: 0 },
    };
    for (let run = 0; run < TABLE_RUNS; run++) {
      // mountTable unmounts the previous table: each run starts unsorted, scrolled to the top.
      const mounted = await page.evaluate((n) => window.mountTable(n), ROWS);
      const table = page.getByRole('table', { name: 'Table de test' });
      const rowCount = await table.getAttribute('aria-rowcount');
      if (rowCount !== String(ROWS + 1)) {
        throw new Error(`aria-rowcount is ${rowCount}, expected ${ROWS + 1}`);
      }
      if (mounted.renderedRows >= 80) {
        throw new Error(`${mounted.renderedRows} rows rendered after mount: not windowed`);
      }
      figures.mountMs.push(mounted.mountMs);
      figures.renderedRows = mounted.renderedRows;

      if (run === 0) {
        figures.idleMedianMs = await idleFrames(page);
        figures.wheel = await wheelFrames(page);
        const jump = await jumpFrames(page);
        if (jump.lastRow !== String(ROWS + 1)) {
          throw new Error(
            `after the jump the last rendered row is ${jump.lastRow}, not ${ROWS + 1}`,
          );
        }
        if (jump.rendered >= 80) {
          throw new Error(`${jump.rendered} rows rendered at the bottom: not windowed`);
        }
        figures.jump = { medianMs: jump.medianMs, p95Ms: jump.p95Ms, maxMs: jump.maxMs };
      }

      const sortedHeader = table
        .getByRole('columnheader', { name: 'Total TTC' })
        .and(page.locator('[aria-sort="ascending"]'));
      const started = performance.now();
      await table.getByRole('button', { name: 'Total TTC', exact: true }).click();
      await sortedHeader.waitFor({ state: 'attached' });
      figures.sortMs.push(performance.now() - started);
    }
    return figures;
  } finally {
    await context.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 2. Time to first results

/** One fresh start: when the page's first script arrived and was evaluated, when the first
 * `connections:list` and invoice search were answered, and when the first row showed (all from
 * navigation start, in the page's own clock). */
interface FirstResults {
  /** goto → the row seen by Playwright's polling. */
  totalMs: number;
  /** goto → the frame after the row is in the document (the page's own observer), and the same
   * instant on the page's clock (from its navigation start). */
  drawnMs: number;
  drawnPageMs: number;
  scriptLoadedMs: number;
  evaluatedMs: number;
  connectionsMs: number;
  searchMs: number;
  /** CPU time, less sensitive than wall time to a shared machine's load: the page's main thread
   * (Chromium's TaskDuration) and the host process (user + system) from goto to the first row. */
  pageCpuMs: number;
  hostCpuMs: number;
}

/** A process's CPU time (user + system), ms, from /proc (Linux); NaN elsewhere. */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (12 and 13 after the name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

/** A first launch on a fresh data folder (the archive is created by the first search), then a
 * restart on that folder (the daily case: the archive exists). */
async function timeFirstResults(
  browser: Browser,
): Promise<{ first: FirstResults; restart: FirstResults }> {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'invoice-desk-bench-'));
  try {
    const first = await timeOneStart(browser, dataDir);
    const restart = await timeOneStart(browser, dataDir);
    return { first, restart };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function timeOneStart(browser: Browser, dataDir: string): Promise<FirstResults> {
  let host: WebHost | undefined;
  try {
    host = await startWebHost(dataDir);
    const context = await browser.newContext({
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      viewport: { width: 1366, height: 850 },
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.addInitScript(watchFirstRow);
      const firstRow = page
        .getByRole('table', { name: 'Liste des factures' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .first();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const hostCpuBefore = processCpuMs(host.pid);
      const started = performance.now();
      await page.goto(host.url);
      await firstRow.waitFor({ state: 'visible' });
      const totalMs = performance.now() - started;
      // Both clocks are the machine's: the page's navigation start and the bench's goto, in ms
      // since the epoch.
      const drawn = await page.evaluate(async () => ({
        pageMs: await (window as unknown as { __firstRow: Promise<number> }).__firstRow,
        origin: performance.timeOrigin,
      }));
      const drawnMs = drawn.origin + drawn.pageMs - (performance.timeOrigin + started);
      const hostCpuMs = processCpuMs(host.pid) - hostCpuBefore;
      const { metrics } = (await cdp.send('Performance.getMetrics')) as {
        metrics: { name: string; value: number }[];
      };
      const pageCpuMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
      const marks = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const ended = (part: string): number =>
          resources.find((r) => r.name.includes(part))?.responseEnd ?? Number.NaN;
        const script = resources.find((r) => /\/assets\/index-[^/]*\.js$/.test(r.name));
        return {
          scriptLoadedMs: script?.responseEnd ?? Number.NaN,
          evaluatedMs:
            performance.getEntriesByName('invoice-desk:evaluated')[0]?.startTime ?? Number.NaN,
          connectionsMs: ended('/rpc/connections:list'),
          searchMs: ended('/rpc/invoices:search'),
        };
      });
      return { totalMs, drawnMs, drawnPageMs: drawn.pageMs, ...marks, pageCpuMs, hostCpuMs };
    } catch (error) {
      throw new Error(`${(error as Error).message}\nBrowser host log:\n${host.logs()}`, {
        cause: error,
      });
    } finally {
      await context.close();
    }
  } finally {
    if (host) await host.stop();
  }
}

// ---------------------------------------------------------------- main

ensureRendererBuild();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
const browserVersion = browser.version();
// `--only first-results` skips the table (issue 27's start-up figure alone).
const onlyFirstResults = process.argv.slice(2).join(' ').includes('--only first-results');
let table: TableFigures | null = null;
const starts: { first: FirstResults; restart: FirstResults }[] = [];
try {
  if (!onlyFirstResults) table = await benchTable(browser);
  for (let run = 0; run < FIRST_RESULTS_RUNS; run++) starts.push(await timeFirstResults(browser));
} finally {
  await browser.close();
}

/** The rows of one kind of start: the total, the cold run, then each step's median. */
function startLines(label: string, results: FirstResults[]): string[] {
  const medianOf = (pick: (r: FirstResults) => number): string =>
    fmt(quantile(sortedCopy(results.map(pick)), 0.5));
  const total = sortedCopy(results.map((r) => r.totalMs));
  const n = results.length;
  return [
    `| First results, ${label} (goto → first row visible) | ${fmt(quantile(total, 0.5))} | ${fmt(quantile(total, 0.95))} | ${n} |`,
    `| … goto → the first row drawn (noticed inside the page) | ${medianOf((r) => r.drawnMs)} | ${fmt(quantile(sortedCopy(results.map((r) => r.drawnMs)), 0.95))} | ${n} |`,
    `| … the first row drawn (from navigation start) | ${medianOf((r) => r.drawnPageMs)} | – | ${n} |`,
    `| … the first script received (from navigation start) | ${medianOf((r) => r.scriptLoadedMs)} | – | ${n} |`,
    `| … connections:list answered | ${medianOf((r) => r.connectionsMs)} | – | ${n} |`,
    `| … the app's code evaluated | ${medianOf((r) => r.evaluatedMs)} | – | ${n} |`,
    `| … the first invoice search answered | ${medianOf((r) => r.searchMs)} | – | ${n} |`,
    `| … CPU: the page's main thread, goto → first row | ${medianOf((r) => r.pageCpuMs)} | – | ${n} |`,
    `| … CPU: the host process, goto → first row | ${medianOf((r) => r.hostCpuMs)} | – | ${n} |`,
  ];
}

const lines = [
  `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, Node ${process.version}, Chromium ${browserVersion} headless`,
  '',
  '| Measure | Median (ms) | p95 / max (ms) | Runs |',
  '|---|---:|---:|---:|',
  ...(table ? tableLines(table) : []),
  ...startLines(
    'first launch, fresh data folder',
    starts.map((s) => s.first),
  ),
  ...startLines(
    'restart, the archive kept',
    starts.map((s) => s.restart),
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);

function tableLines(table: TableFigures): string[] {
  const mount = sortedCopy(table.mountMs);
  const sort = sortedCopy(table.sortMs);
  return [
    `| DataTable ${ROWS.toLocaleString('en')} rows: mount (${table.renderedRows} rows rendered) | ${fmt(quantile(mount, 0.5))} | ${fmt(mount.at(-1)!)} | ${mount.length} |`,
    `| DataTable: idle frame (reference) | ${fmt(table.idleMedianMs)} | – | 60 frames |`,
    `| DataTable: wheel-like scroll frame (120 px) | ${fmt(table.wheel.medianMs)} | ${fmt(table.wheel.p95Ms)} | 200 frames |`,
    `| DataTable: jump top → bottom frame | ${fmt(table.jump.medianMs)} | ${fmt(table.jump.p95Ms)} | 120 frames |`,
    `| DataTable: sort "Total TTC" click → sorted | ${fmt(quantile(sort, 0.5))} | ${fmt(sort.at(-1)!)} | ${sort.length} |`,
  ];
}
