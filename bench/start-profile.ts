// Where a fresh start's time goes (issue 27, item 7): one first launch on a new data folder, then
// a restart on it, each profiled on both sides: the browser host with Node's --cpu-prof, the
// page with Chromium's CDP Profiler; the page's resource timings (each start-up call's request
// sent, answer's first byte, answer's end) and marks, and the host's self time by module over
// the window from goto to the first row. Not a benchmark (profiling slows both sides): it says
// where to look. Run: node bench/start-profile.ts [out-dir] (profiles kept there, open them in
// Chrome's DevTools, Performance tab). Function names need an unminified renderer:
// INVOICE_DESK_NO_MINIFY=1 npx electron-vite build (then build again before benchmarking).
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join, relative } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { PROJECT_ROOT, startWebHost } from '#support/web-host.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#support/chromium.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by file (or function) between two instants of the profile's clock (µs). */
function selfTimeBy(
  profile: CpuProfile,
  key: (node: ProfileNode) => string,
  fromUs = -Infinity,
  toUs = Infinity,
): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const node = byId.get(profile.samples[i]!)!;
    const k = key(node);
    totals.set(k, (totals.get(k) ?? 0) + next / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const shortUrl = (url: string): string => {
  const path = url.replace(/^file:\/\//, '');
  const inProject = path.startsWith(PROJECT_ROOT) ? relative(PROJECT_ROOT, path) : path;
  return inProject.replace(/^node_modules\/(\.pnpm\/)?/, 'nm:') || '(native)';
};
const byFile = (node: ProfileNode): string =>
  node.callFrame.url ? shortUrl(node.callFrame.url) : `(${node.callFrame.functionName || 'vm'})`;
const byFunction = (node: ProfileNode): string =>
  `${node.callFrame.functionName || '(anonymous)'} ${byFile(node)}:${node.callFrame.lineNumber + 1}`;

const table = (rows: [string, number][], n = 15): string =>
  rows
    .slice(0, n)
    .map(([k, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

async function oneStart(browser: Browser, dataDir: string, outDir: string, label: string) {
  const profDir = join(outDir, `${label}-host`);
  await mkdir(profDir, { recursive: true });
  const host = await startWebHost(dataDir, {
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profDir} --cpu-prof-interval=250`,
  });
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1366, height: 850 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  await page.goto(host.url);
  await page
    .getByRole('table', { name: 'Liste des factures' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  const firstRowMs = await page.evaluate(() => performance.now());
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const timings = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => !r.name.endsWith('.png'))
      .map((r) => ({
        name: r.name.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, ''),
        start: r.startTime,
        sent: r.requestStart,
        firstByte: r.responseStart,
        end: r.responseEnd,
      }));
    const marks = performance
      .getEntriesByType('mark')
      .map((m) => ({ name: m.name, at: m.startTime }));
    const paints = performance
      .getEntriesByType('paint')
      .map((m) => ({ name: m.name, at: m.startTime }));
    return { domContentLoaded: nav.domContentLoadedEventEnd, resources, marks, paints };
  });
  await writeFile(join(outDir, `${label}-page.cpuprofile`), JSON.stringify(profile));
  await context.close();
  await host.stop();
  const hostFile = (await readdir(profDir)).find((f) => f.endsWith('.cpuprofile'));
  const hostProfile = hostFile
    ? (JSON.parse(await readFile(join(profDir, hostFile), 'utf8')) as CpuProfile)
    : null;

  const lines = [`## ${label}: first row visible at ${firstRowMs.toFixed(0)} ms (page clock)`];
  lines.push('', 'Page timeline (ms from navigation start):');
  for (const r of timings.resources)
    lines.push(
      `  ${r.name.padEnd(48)} asked ${r.start.toFixed(0).padStart(5)}  sent ${r.sent.toFixed(0).padStart(5)}  first byte ${r.firstByte.toFixed(0).padStart(5)}  end ${r.end.toFixed(0).padStart(5)}`,
    );
  for (const m of [...timings.marks, ...timings.paints])
    lines.push(`  ${m.name.padEnd(48)} at ${m.at.toFixed(0)}`);
  lines.push(`  DOMContentLoaded end at ${timings.domContentLoaded.toFixed(0)}`);
  lines.push('', 'Page self time by file, whole start:', table(selfTimeBy(profile, byFile)));
  lines.push('', 'Page self time by function:', table(selfTimeBy(profile, byFunction), 25));
  if (hostProfile) {
    lines.push(
      '',
      `Host (Node) self time by file, whole life (${((hostProfile.endTime - hostProfile.startTime) / 1000).toFixed(0)} ms profiled):`,
      table(selfTimeBy(hostProfile, byFile), 25),
      '',
      'Host self time by function:',
      table(selfTimeBy(hostProfile, byFunction), 30),
    );
  }
  return lines.join('\n');
}

const outDir = process.argv[2] ?? (await mkdtemp(join(os.tmpdir(), 'start-profile-')));
await mkdir(outDir, { recursive: true });
const dataDir = await mkdtemp(join(os.tmpdir(), 'invoice-desk-profile-'));
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const first = await oneStart(browser, dataDir, outDir, 'first-launch');
  const restart = await oneStart(browser, dataDir, outDir, 'restart');
  process.stdout.write(`${first}\n\n${restart}\n\nProfiles in ${outDir}\n`);
} finally {
  await browser.close();
  await rm(dataDir, { recursive: true, force: true });
}
