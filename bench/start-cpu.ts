// The page's own work on a fresh start (issue 27, item 7): its main thread's CPU from navigation
// to the first invoice row, split as Chromium's CDP `Performance.getMetrics` splits it (script,
// style, layout, the rest of the tasks), and the bytes of JavaScript fetched before that row.
// Wall times on a shared machine are noise; these figures move far less with the load. The row
// is noticed inside the page (a MutationObserver, then the next frame) rather than by
// Playwright's polling, whose own evaluations would be charged to the page's CPU.
// "Renderer CPU" is the page's renderer process's CPU time as Chromium counts it (every thread,
// SystemInfo.getProcessInfo): TaskDuration is the main thread's tasks' wall time, which grows
// when the machine is loaded. Run: node bench/start-cpu.ts [runs] [other project root] (needs
// out/renderer: npx electron-vite build). With another root (e.g. a copy of main, its renderer
// built there), each run starts one tree then the other, so both meet the same load.
import type { Browser } from 'playwright-core';
import {
  machineLine,
  median,
  onWatchedPage,
  runStartBench,
  type StartHost,
} from './harness/start-runs.ts';

interface Start {
  wallMs: number;
  firstRowMs: number;
  taskMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  rendererCpuMs: number;
  jsBytes: number;
  jsFiles: number;
}

/** CPU time (ms) of every renderer process of the browser, as Chromium counts it. */
async function rendererCpuMs(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  await session.detach();
  return processInfo
    .filter((p) => p.type === 'renderer')
    .reduce((sum, p) => sum + p.cpuTime * 1000, 0);
}

async function oneStart(browser: Browser, startHost: StartHost, dataDir: string): Promise<Start> {
  const host = await startHost(dataDir);
  return onWatchedPage(browser, host, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const cpuBefore = await rendererCpuMs(browser);
    const started = performance.now();
    await page.goto(host.url);
    const firstRowMs = await page.evaluate(
      () => (window as unknown as { __firstRow: Promise<number> }).__firstRow,
    );
    const wallMs = performance.now() - started;
    const cpuMs = (await rendererCpuMs(browser)) - cpuBefore;
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    const ms = (name: string): number =>
      (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
    const js = await page.evaluate((before) => {
      const scripts = (
        performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      ).filter((r) => /\.js(\?|$)/.test(r.name) && r.responseEnd <= before);
      return {
        bytes: scripts.reduce((sum, r) => sum + r.decodedBodySize, 0),
        files: scripts.length,
      };
    }, firstRowMs);
    return {
      wallMs,
      firstRowMs,
      taskMs: ms('TaskDuration'),
      scriptMs: ms('ScriptDuration'),
      styleMs: ms('RecalcStyleDuration'),
      layoutMs: ms('LayoutDuration'),
      rendererCpuMs: cpuMs,
      jsBytes: js.bytes,
      jsFiles: js.files,
    };
  });
}

const { runs: RUNS, starts, loads } = await runStartBench(7, oneStart);

const row = (label: string, starts: Start[]): string => {
  const m = (pick: (s: Start) => number): string => median(starts.map(pick)).toFixed(1);
  const other = (s: Start): number => s.taskMs - s.scriptMs - s.styleMs - s.layoutMs;
  return `| ${label} | ${m((s) => s.firstRowMs)} | ${m((s) => s.wallMs)} | ${m((s) => s.rendererCpuMs)} | ${m((s) => s.taskMs)} | ${m((s) => s.scriptMs)} | ${m((s) => s.styleMs)} | ${m((s) => s.layoutMs)} | ${m(other)} | ${(median(starts.map((s) => s.jsBytes)) / 1000).toFixed(1)} kB in ${median(starts.map((s) => s.jsFiles))} |`;
};
const lines = [
  `${machineLine(loads)}; medians of ${RUNS}, ms`,
  '',
  '| Tree, start | First row (page clock) | goto → row (wall) | Renderer CPU | Main thread tasks | Script | Style | Layout | Other | JS before the row |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...[...starts].flatMap(([root, s]) => [
    row(`${root}: first launch`, s.first),
    row(`${root}: restart`, s.restart),
  ]),
];
process.stdout.write(`${lines.join('\n')}\n`);
