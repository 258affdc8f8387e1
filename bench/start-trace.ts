// Where the page's main thread goes on a fresh start (issue 27, item 7), from Chromium's own
// trace rather than a sampling profile: each top-level kind of work (evaluating a script, a
// callback, style, layout, paint…) summed from navigation to the first invoice row, and each
// forced layout with the script that forced it. One restart on a data folder a first launch
// has filled (the daily case). Run: node bench/start-trace.ts [runs] (needs out/renderer; an
// unminified build names the functions: INVOICE_DESK_NO_MINIFY=1 npx electron-vite build).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startWebHost } from '#support/web-host.ts';
import { launchBrowser, onWatchedPage } from './harness/start-runs.ts';

const RUNS = Number(process.argv[2] ?? 3);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: {
    data?: { stackTrace?: { functionName: string; url: string; lineNumber: number }[] } & Record<
      string,
      unknown
    >;
    beginData?: { stackTrace?: { functionName: string; url: string; lineNumber: number }[] };
  };
}

async function traceOne(browser: Browser, dataDir: string): Promise<string> {
  const host = await startWebHost(dataDir);
  return onWatchedPage(browser, host, async (page) => {
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
        'blink.user_timing',
      ],
    });
    await page.goto(host.url);
    await page.evaluate(() => (window as unknown as { __firstRow: Promise<number> }).__firstRow);
    const buffer = await browser.stopTracing();
    const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] })
      .traceEvents;
    // The mark is made on the page's main thread: that thread, in that process.
    const firstRow = events.find((e) => e.name === 'first-row');
    const on = events.filter((e) => firstRow && e.pid === firstRow.pid && e.tid === firstRow.tid);
    const navStart = on.find((e) => e.name === 'navigationStart') ?? on[0];
    const from = navStart?.ts ?? 0;
    const to = firstRow?.ts ?? Infinity;
    const totals = new Map<string, number>();
    const forced: string[] = [];
    for (const e of on) {
      if (e.ph !== 'X' || !e.dur || e.ts < from || e.ts > to) continue;
      if (e.name === 'RunTask')
        totals.set('(all tasks)', (totals.get('(all tasks)') ?? 0) + e.dur / 1000);
      else totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
      const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
      if ((e.name === 'Layout' || e.name === 'UpdateLayoutTree') && stack?.length)
        forced.push(
          `    ${(e.dur / 1000).toFixed(1).padStart(6)} ms ${e.name} at ${((e.ts - from) / 1000).toFixed(0)} ms, forced by ${stack
            .slice(0, 3)
            .map((f) => `${f.functionName || '(anonymous)'}:${f.lineNumber}`)
            .join(' < ')}`,
        );
    }
    const lines = [`first row at ${((to - from) / 1000).toFixed(0)} ms (trace clock)`];
    for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 22))
      lines.push(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
    lines.push('  forced style/layout:', ...forced);
    // The long tasks in order, each with what it mostly did (its longest direct kinds of work).
    lines.push('  tasks over 4 ms:');
    const tasks = on.filter(
      (e) =>
        e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 4000 && e.ts >= from && e.ts <= to,
    );
    for (const task of tasks) {
      const inside = on.filter(
        (e) =>
          e.ph === 'X' &&
          e !== task &&
          e.ts >= task.ts &&
          e.ts + (e.dur ?? 0) <= task.ts + task.dur! &&
          e.name !== 'RunTask',
      );
      const kinds = new Map<string, number>();
      for (const e of inside) {
        const data = e.args?.data as { functionName?: string; url?: string } | undefined;
        const what = data?.url
          ? `${e.name}(${data.functionName ?? ''}@${String(data.url).replace(/^.*\//, '')})`
          : e.name;
        kinds.set(what, (kinds.get(what) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const top = [...kinds]
        .filter(([k]) => !k.startsWith('V8.'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4);
      lines.push(
        `    at ${((task.ts - from) / 1000).toFixed(0).padStart(5)} ms ${(task.dur! / 1000).toFixed(1).padStart(6)} ms: ${top.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')}`,
      );
    }
    return lines.join('\n');
  });
}

const browser = await launchBrowser();
const dataDir = await mkdtemp(join(os.tmpdir(), 'invoice-desk-trace-'));
try {
  await (await startWebHost(dataDir)).stop(); // settings written; the first search fills the archive below
  for (let run = 0; run < RUNS; run++)
    process.stdout.write(`## run ${run + 1}: ${await traceOne(browser, dataDir)}\n\n`);
} finally {
  await browser.close();
  await rm(dataDir, { recursive: true, force: true });
}
