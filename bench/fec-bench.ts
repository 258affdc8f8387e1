// The FEC of 100,000 archived invoices with their details (issue 17): from the archive to the
// file on disk, the way `cli fec` and "Exporter le FEC" run it: the archive's accounting read
// (one json_extract per invoice, a cursor), the ledger (entries.ts, ledger.ts), then the writer
// streaming to disk. Goal: < 10 s, memory bounded. The archive is filled first (the demo
// operator's generator, written as a sync writes it; not measured); each measured run is a
// child process of its own, so that its peak RSS is the FEC's alone, not the fill's.
//   npm run bench -- fec            (FEC_BENCH_INVOICES=10000 for a quicker run;
//                                    FEC_BENCH_DIR=/some/dir to keep the archive between runs)
// The demo generator spreads its invoices over 668 days and makes 100,000 at most: the
// 100,000 run is over the whole history; the year 2025 (about 55 % of them) is measured too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { customPeriod, parsePeriod } from '#shared/report-period.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { fecFileName, writeFec } from '#main/services/accounting/fec.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { stderrLogger } from '#main/services/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const INVOICES = Number(process.env.FEC_BENCH_INVOICES ?? 100_000);
const ROUNDS = 3;
const NOW = new Date('2026-11-22T12:00:00Z');
const CONNECTION = 'bench';

interface Measured {
  invoices: number;
  entries: number;
  lines: number;
  held: number;
  leftOut: number;
  readAndLedgerMs: number;
  writeMs: number;
  totalMs: number;
  cpuMs: number;
  peakRssMiB: number;
  /** The peak once the ledger is built, before the writer starts: what the writer adds is the rest. */
  ledgerRssMiB: number;
  bytes: number;
  balanced: boolean;
}

/** One run, in this (child) process: archive → ledger → FEC file, through the app's accounting
 * service (the connection's default settings, an empty third-party memory). */
async function measure(dir: string, period: ReportPeriod): Promise<Measured> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const archives = new Archives({ dataDir: dir, log: stderrLogger });
  try {
    const ledger = await createAccountingService({ archives, now: () => NOW }).ledger(
      CONNECTION,
      period,
    );
    const built = performance.now();
    const ledgerRssMiB = process.resourceUsage().maxRSS / 1024;
    const path = join(dir, fecFileName(ledger.company.siren, period.to));
    const written = await writeFec(path, ledger, { separator: 'tab', encoding: 'iso-8859-15' });
    const end = performance.now();
    const used = process.cpuUsage(cpu);
    const bytes = statSync(path).size;
    rmSync(path);
    return {
      invoices:
        ledger.entries.filter((e) => e.kind === 'invoice').length +
        ledger.held.length +
        ledger.leftOut.length,
      entries: written.entries,
      lines: written.lines,
      held: ledger.held.length,
      leftOut: ledger.leftOut.length,
      readAndLedgerMs: built - start,
      writeMs: end - built,
      totalMs: end - start,
      cpuMs: (used.user + used.system) / 1000,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      ledgerRssMiB,
      bytes,
      balanced: written.debitCents === written.creditCents,
    };
  } finally {
    await archives.close();
  }
}

if (process.argv[2] === '--run') {
  const [dir, from, to] = process.argv.slice(3) as [string, string, string];
  console.log(JSON.stringify(await measure(dir, customPeriod(from, to))));
  process.exit(0);
}

const reuse = process.env.FEC_BENCH_DIR;
const dir = reuse ?? mkdtempSync(join(tmpdir(), 'fec-bench-'));
try {
  if (!reuse || !existsSync(join(dir, 'archive', `${CONNECTION}.sqlite`))) {
    const t = performance.now();
    const filled = fillDemoArchive(dir, CONNECTION, { invoices: INVOICES, now: NOW });
    console.log(
      `Archive filled: ${filled.invoices.toLocaleString('en')} invoices, ${filled.details.toLocaleString('en')} with details, ${((performance.now() - t) / 1000).toFixed(1)} s (not measured below)\n`,
    );
  }
  const periods = [
    {
      name: 'whole history (every invoice, 668 days)',
      period: customPeriod('2024-01-01', '2026-12-31'),
    },
    { name: 'year 2025', period: parsePeriod('2025') },
  ];
  console.log(
    '| Period | Invoices (posted, held, left out) | Entries | FEC lines | Held / left out | Read + ledger (ms) | Write (ms) | **Total (ms)** | Max (ms) | CPU (ms) | Peak RSS (MiB): ledger built → end | File |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const script = fileURLToPath(import.meta.url);
  for (const { name, period } of periods) {
    const runs: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const child = spawnSync(process.execPath, [script, '--run', dir, period.from, period.to], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      if (child.status !== 0) throw new Error(`the measured run failed:\n${child.stderr}`);
      runs.push(JSON.parse(child.stdout.trim().split('\n').pop() as string) as Measured);
    }
    const last = runs.at(-1) as Measured;
    if (!runs.every((r) => r.balanced)) throw new Error('a FEC did not balance');
    console.log(
      `| ${name} | ${last.invoices.toLocaleString('en')} | ${last.entries.toLocaleString('en')} | ${last.lines.toLocaleString('en')} | ${last.held} / ${last.leftOut} | ${median(runs.map((r) => r.readAndLedgerMs)).toFixed(0)} | ${median(runs.map((r) => r.writeMs)).toFixed(0)} | **${median(runs.map((r) => r.totalMs)).toFixed(0)}** | ${Math.max(...runs.map((r) => r.totalMs)).toFixed(0)} | ${median(runs.map((r) => r.cpuMs)).toFixed(0)} | ${Math.max(...runs.map((r) => r.ledgerRssMiB)).toFixed(0)} → ${Math.max(...runs.map((r) => r.peakRssMiB)).toFixed(0)} | ${(last.bytes / 1e6).toFixed(1)} MB |`,
    );
  }
  console.log(
    `\n${ROUNDS} runs each (a child process each: its peak RSS is the run's alone), median; tab separated, ISO 8859-15. The goal is a total under 10,000 ms. Load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
} finally {
  if (!reuse) rmSync(dir, { recursive: true, force: true });
}
