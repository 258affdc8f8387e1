// The firm's portfolio at scale (issue 19, item 5): 200 connections, each with an archive of
// 20,000 invoices (lists and statuses; details for one in ten). Goals: the portfolio opens
// (every row's figures, 'portfolio:get') in under 1 s, and all its figures (each connection's
// third parties to map and VAT of the month, 'portfolio:details', asked one connection at a time
// as the renderer asks them) refresh in under 5 s.
//   npm run bench -- portfolio
//   PORTFOLIO_BENCH_DIR=/some/dir   where the data is built once and reused (default: the temp
//                                   folder's invoice-desk-bench/portfolio-<version>)
//   PORTFOLIO_BENCH_CONNECTIONS=20  fewer connections, for a quicker run
// The data: SEEDS companies filled from the demo operator's generator (written as a sync writes
// them, no HTTP), then copied file for file to make 200 connections; each copy gets its own
// user-data file with its own SIREN in its accounting settings (as an accountant sets it), so
// the rows differ by SIREN and name though ten companies' invoices are shared between them.
// Each measure runs in a child process of its own, so "cold" means a process that never opened
// these archives (the operating system's file cache is warm: the files were just read).
// Everything goes through the code the handlers use: the Archives registry, the accounting
// service and services/portfolio.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { periodOf } from '#shared/report-period.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { archivePath, openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { SCHEMA_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { openUserData } from '#main/services/archive/user-data-store.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { defaultAccountingSettings } from '#main/services/accounting/settings.ts';
import { stderrLogger } from '#main/services/index.ts';
import { portfolioDetails, portfolioRows } from '#main/services/portfolio/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { choiceFor } from '#support/accounting-fixtures.ts';

const CONNECTIONS = Number(process.env.PORTFOLIO_BENCH_CONNECTIONS ?? 200);
const INVOICES = 20_000;
const DETAIL_SHARE = 0.1;
const SEEDS = 10;
const NOW = new Date('2026-11-24T12:00:00Z');
/** Bumped when the data changes shape. A newer schema migrates the built archives once, before
 * any measure (so that none pays a migration). */
const DATA_VERSION = `v2-${INVOICES}`;
const dir =
  process.env.PORTFOLIO_BENCH_DIR ??
  join(tmpdir(), 'invoice-desk-bench', `portfolio-${DATA_VERSION}`);
const self = fileURLToPath(import.meta.url);

const connectionId = (i: number): string => `client-${String(i).padStart(3, '0')}`;
const ids = (): string[] => Array.from({ length: CONNECTIONS }, (_, i) => connectionId(i));
/** A SIREN of 9 digits with a valid Luhn key, different for each connection. */
function sirenOf(i: number): string {
  const base = String(800_000_000 + i * 1_009).slice(0, 8);
  for (let key = 0; key < 10; key++) {
    const digits = base + key;
    let sum = 0;
    for (let d = 0; d < 9; d++) {
      let n = Number(digits[8 - d]) * (d % 2 ? 2 : 1);
      if (n > 9) n -= 9;
      sum += n;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('no key');
}

function build(): void {
  const ready = join(dir, 'ready.json');
  const built = existsSync(ready)
    ? (JSON.parse(readFileSync(ready, 'utf8')) as { connections: number; schema: number })
    : null;
  if (built && built.connections >= CONNECTIONS) {
    if (built.schema === SCHEMA_VERSION) return;
    const start = performance.now();
    for (let i = 0; i < built.connections; i++) openArchive(dir, connectionId(i)).close();
    writeFileSync(ready, JSON.stringify({ ...built, schema: SCHEMA_VERSION }));
    console.log(
      `Archives migrated to schema ${SCHEMA_VERSION} in ${((performance.now() - start) / 1000).toFixed(0)} s (not measured)\n`,
    );
    return;
  }
  const start = performance.now();
  mkdirSync(dir, { recursive: true });
  for (let s = 0; s < SEEDS; s++) {
    const seed = `seed-${s}`;
    if (existsSync(archivePath(dir, seed))) continue;
    fillDemoArchive(dir, seed, {
      seed: 1000 + s,
      invoices: INVOICES,
      now: NOW,
      detailShare: DETAIL_SHARE,
      company: `Société cliente ${s + 1}`,
    });
    // As an archive is after a sync: its WAL checkpointed into the file.
    const store = openArchive(dir, seed);
    store.close();
  }
  for (let i = 0; i < CONNECTIONS; i++) {
    const id = connectionId(i);
    if (existsSync(archivePath(dir, id))) continue;
    copyFileSync(archivePath(dir, `seed-${i % SEEDS}`), archivePath(dir, id));
    const user = openUserData(dir, id);
    user.saveAccountingSettings({ ...defaultAccountingSettings(), siren: sirenOf(i) }, NOW);
    user.close();
  }
  writeFileSync(
    ready,
    JSON.stringify({ connections: CONNECTIONS, version: DATA_VERSION, schema: SCHEMA_VERSION }),
  );
  let bytes = 0;
  for (const name of readdirSync(join(dir, 'archive')))
    if (name.startsWith('client-')) bytes += statSync(join(dir, 'archive', name)).size;
  console.log(
    `Data built in ${((performance.now() - start) / 1000).toFixed(0)} s under ${dir}: ${CONNECTIONS} archives, ${(bytes / 2 ** 30).toFixed(1)} GiB (not measured below)\n`,
  );
}

// ---- one measure, in a child process -------------------------------------------------------

function openFds(): number {
  return readdirSync('/proc/self/fd').length;
}
function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

interface Measured {
  label: string;
  ms: number;
  fds?: number;
  /** Read from the disk, not the operating system's cache (resourceUsage().fsRead, 512-byte
   * blocks): the files of 200 archives (12 GB) do not all stay cached on a shared machine. */
  diskMiB?: number;
  /** The slowest connection and the median one, ms. */
  perConnection?: { median: number; max: number };
  peakRssMiB?: number;
}

async function measure(phase: string): Promise<Measured[]> {
  const archives = new Archives({ dataDir: dir, log: stderrLogger });
  const accounting = createAccountingService({ archives, now: () => NOW });
  const references = ids().map((id, i) => ({ id, name: `Client ${i + 1}` }));
  // As the handlers of 'portfolio:get' and 'portfolio:details' wire it.
  const deps = { references: () => references, archives, accounting, now: () => NOW };
  const out: Measured[] = [];
  const fds0 = openFds();
  let each: number[] = [];
  const timed = async <T>(label: string, work: () => T | Promise<T>): Promise<T> => {
    each = [];
    const read = process.resourceUsage().fsRead;
    const t = performance.now();
    const result = await work();
    const sorted = each.sort((a, b) => a - b);
    out.push({
      label,
      ms: performance.now() - t,
      fds: openFds() - fds0,
      peakRssMiB: peakRssMiB(),
      diskMiB: ((process.resourceUsage().fsRead - read) * 512) / 2 ** 20,
      ...(sorted.length
        ? { perConnection: { median: sorted[sorted.length >> 1]!, max: sorted.at(-1)! } }
        : {}),
    });
    return result;
  };
  // As the renderer asks them: one connection after the other.
  const allDetails = async (): Promise<number> => {
    let n = 0;
    for (const id of ids()) {
      const t = performance.now();
      if ((await portfolioDetails(deps, id)).vatCents !== null) n++;
      each.push(performance.now() - t);
    }
    if (n !== CONNECTIONS) throw new Error(`${CONNECTIONS - n} connections without details`);
    return n;
  };
  try {
    if (phase === 'open') {
      const rows = await timed('portfolio:get, cold process', () => portfolioRows(deps));
      const failed = rows.find((r) => r.error || !r.figures);
      if (failed) throw new Error(`a row failed: ${JSON.stringify(failed)}`);
      if (new Set(rows.map((r) => r.siren)).size !== CONNECTIONS) throw new Error('SIRENs repeat');
      await timed('portfolio:get, warm (second reading, same process)', () => portfolioRows(deps));
    } else if (phase === 'details-cold') {
      await timed('portfolio:details × all, none kept (computed and kept)', allDetails);
    } else if (phase === 'details-kept') {
      await timed('portfolio:details × all, cold process, all kept', allDetails);
      await timed('portfolio:details × all, warm (same process)', allDetails);
    } else if (phase === 'refresh') {
      await timed('refresh after 1 archive synced + 1 third party mapped: portfolio:get', () =>
        portfolioRows(deps),
      );
      await timed('… then portfolio:details × all (2 computed, the others kept)', allDetails);
    }
  } finally {
    await archives.close();
  }
  return out;
}

/** Forgets every connection's kept details, as before the first reading (the bench's own
 * write: the archive's version stays, so nothing else looks changed). */
function forgetKept(): void {
  for (const id of ids()) {
    const db = new DatabaseSync(archivePath(dir, id));
    try {
      db.exec('DELETE FROM portfolio_details');
    } finally {
      db.close();
    }
  }
}

/** One connection's archive gets a rejection of an invoice of the month, written as a sync
 * writes a changed status; another's accountant maps a third party of the month. */
async function changeTwo(): Promise<void> {
  const synced = openArchive(dir, connectionId(0));
  try {
    const [row] = synced.datedRows('2026-11-01', '2026-11-30');
    const item = synced.getInvoice(row!.invoiceId)!.searchItem;
    const rejected = {
      ...item,
      lastStatusData: { ...item.lastStatusData, code: '213', date: NOW.toISOString() },
    };
    synced.upsertSearchItems([rejected as typeof item], NOW.toISOString());
  } finally {
    synced.close();
  }
  const archives = new Archives({ dataDir: dir, log: stderrLogger });
  const accounting = createAccountingService({ archives, now: () => NOW });
  const period = periodOf('month', '2026-11-24');
  const mapped = connectionId(1);
  const [party] = (await accounting.ledger(mapped, period)).toMap;
  if (!party) throw new Error('no third party to map');
  await accounting.mapThirdParties(mapped, [choiceFor(party)]);
  void archives.close();
}

function child(phase: string): Measured[] {
  const run = spawnSync(process.execPath, [self], {
    env: { ...process.env, PORTFOLIO_BENCH_PHASE: phase },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  if (run.status !== 0) throw new Error(`phase ${phase} failed (${run.status}): ${run.stdout}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Measured[];
}

const phase = process.env.PORTFOLIO_BENCH_PHASE;
if (phase) {
  console.log(JSON.stringify(await measure(phase)));
} else {
  build();
  console.log(
    `| Measure (${CONNECTIONS} connections × ${INVOICES.toLocaleString('en')} invoices) | ms | per connection, median / max (ms) | fds left open | peak RSS (MiB) | read from disk (MiB) |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  forgetKept();
  const measured = [...child('open'), ...child('details-cold'), ...child('details-kept')];
  await changeTwo();
  measured.push(...child('refresh'));
  for (const m of measured)
    console.log(
      `| ${m.label} | ${m.ms.toFixed(0)} | ${m.perConnection ? `${m.perConnection.median.toFixed(1)} / ${m.perConnection.max.toFixed(0)}` : ''} | ${m.fds ?? ''} | ${m.peakRssMiB?.toFixed(0) ?? ''} | ${m.diskMiB?.toFixed(0) ?? ''} |`,
    );
  console.log(
    `\nLoad average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on this machine's cores.`,
  );
}
