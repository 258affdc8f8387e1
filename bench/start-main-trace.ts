// main's side of a fresh start (issue 27, item 7), step by step, beside the page's: the browser
// host runs with INVOICE_DESK_TRACE_START=1 (src/main/services/start-trace.ts: one line per step
// of the first screen's path: the requests it serves, the warm-up, the demo operator, the secret,
// the token, the first search, its validation, the archive), the page gives its own timings (its
// scripts, its calls, the first invoice row noticed inside the page), all in ms from the page's
// navigation start. Each run is a first launch on a new data folder, then a restart on it.
// Prints each step's median, then the timeline of the median run of each kind.
// Run: node bench/start-main-trace.ts [runs] [other project root] (needs out/renderer:
// npx electron-vite build). With another root (a copy of another commit, its renderer built
// there: bench/start-pair.sh makes one), each run starts one tree then the other, alternating
// which goes first, so that both meet the same load; a tree without the trace shows only the
// page's figures.
import type { Browser } from 'playwright-core';
import {
  machineLine,
  median,
  onWatchedPage,
  runStartBench,
  type StartHost,
} from './harness/start-runs.ts';

const TRACE_LINE = /^\[start-trace\] (\d+(?:\.\d+)?) (.+)$/;

/** One start: each step's first time, ms from the page's navigation start. */
type Steps = Map<string, number>;

async function oneStart(browser: Browser, startHost: StartHost, dataDir: string): Promise<Steps> {
  const spawnedAt = performance.timeOrigin + performance.now();
  const host = await startHost(dataDir, { INVOICE_DESK_TRACE_START: '1' });
  return onWatchedPage(browser, host, async (page) => {
    await page.goto(host.url);
    const firstRow = await page.evaluate(
      () => (window as unknown as { __firstRow: Promise<number> }).__firstRow,
    );
    const pageSteps = await page.evaluate(() => {
      const steps: [string, number][] = [];
      for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const path = new URL(r.name).pathname;
        if (path.startsWith('/rpc/') || path.endsWith('.js')) {
          steps.push([`page: ${path} asked`, r.startTime]);
          steps.push([`page: ${path} received`, r.responseEnd]);
        }
      }
      const evaluated = performance.getEntriesByName('invoice-desk:evaluated')[0];
      if (evaluated) steps.push(["page: the app's code evaluated", evaluated.startTime]);
      return { origin: performance.timeOrigin, steps };
    });
    // Let the host's last lines (after the first row) reach its log.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const steps: Steps = new Map([['bench: host process spawned', spawnedAt - pageSteps.origin]]);
    for (const line of host.logs().split('\n')) {
      const m = TRACE_LINE.exec(line);
      if (m && !steps.has(`main: ${m[2]}`))
        steps.set(`main: ${m[2]}`, Number(m[1]) - pageSteps.origin);
    }
    for (const [step, at] of pageSteps.steps) if (!steps.has(step)) steps.set(step, at);
    steps.set('page: first invoice row shown', firstRow);
    return steps;
  });
}

const { runs: RUNS, starts, loads } = await runStartBench(7, oneStart);

const FIRST_ROW = 'page: first invoice row shown';

/** Each step's median over the runs that have it, in the order of those medians. */
function medians(runs: Steps[]): string[] {
  const names = [...new Set(runs.flatMap((r) => [...r.keys()]))];
  return names
    .map((name) => {
      const values = runs.map((r) => r.get(name)).filter((v): v is number => v !== undefined);
      return { name, at: median(values), n: values.length };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ name, at, n }) => `| ${name} | ${at.toFixed(1)} | ${n} |`);
}

/** The run whose first row is the median's, step by step. */
function medianRun(runs: Steps[]): string[] {
  const byRow = [...runs].sort((a, b) => a.get(FIRST_ROW)! - b.get(FIRST_ROW)!);
  const run = byRow[Math.floor(byRow.length / 2)]!;
  return [...run]
    .sort((a, b) => a[1] - b[1])
    .map(([name, at]) => `${at.toFixed(1).padStart(8)}  ${name}`);
}

const lines = [
  `${machineLine(loads)}; ${RUNS} runs; ms from the page's navigation start`,
  '',
  '| Tree, start | First row: median | min | max |',
  '|---|---:|---:|---:|',
  ...[...starts].flatMap(([root, s]) =>
    (['first', 'restart'] as const).map((kind) => {
      const rows = s[kind].map((r) => r.get(FIRST_ROW)!);
      return `| ${root}: ${kind === 'first' ? 'first launch' : 'restart'} | ${median(rows).toFixed(1)} | ${Math.min(...rows).toFixed(1)} | ${Math.max(...rows).toFixed(1)} |`;
    }),
  ),
  ...[...starts].flatMap(([root, s]) =>
    (['first', 'restart'] as const).flatMap((kind) => [
      '',
      `### ${root}: ${kind === 'first' ? 'first launch' : 'restart'}, each step's median`,
      '',
      '| Step | ms | runs |',
      '|---|---:|---:|',
      ...medians(s[kind]),
      '',
      'The median run:',
      '```',
      ...medianRun(s[kind]),
      '```',
    ]),
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
