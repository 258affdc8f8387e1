// Archive benchmark (issue 9), printed as markdown tables, every ratio measured in this run:
// 1. sync of 26,000 invoices (lists, then a second sync: heads and status refresh) against the
//    demo operator with 50 ms added latency and a 3,600/min budget, vs the floor (requests ÷
//    budget); goal ≤ 1.15×;
// 2. details of 5,000 invoices under a 60 requests/s budget: share of the budget used (details
//    requests ÷ (budget × seconds)); goal ≥ 95 %;
// 3. an archive of 100,000 invoices with details, filled in-process from the demo operator's
//    data (no HTTP): first page from a cold start (a fresh process: import, open, first page);
//    filter + sort + first page over a mix of realistic filters (p95 goal < 50 ms); size on disk;
// 4. a first sync of 1,500 invoices with details against a demo operator that enforces its rate
//    limit (60 requests in any sliding second, else 429 + Retry-After) at 100 ms latency, on the
//    default budget of 3,600 a minute: share of the budget the details use (goal ≥ 95 %) and
//    requests answered 429 (goal ≤ 1 %).
// Run: npm run bench -- archive   (or node_modules/.bin/node bench/archive-bench.ts)
// One part only: npm run bench -- archive --only sync|details|archive|rate-limit
// Part 4 on the firm's store too (issue 30): --store postgres, or --store both for SQLite and
// PostgreSQL one after the other in the same run (a throwaway server, scripts/with-postgres.sh);
// on PostgreSQL also as the firm's sync owner runs it (one list or status page in flight).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDataset, MAX_INVOICES } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';
import type { DemoOperatorOptions } from '#main/demo-operator/index.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { openPool } from '#main/services/archive/postgres/database.ts';
import { migrate } from '#main/services/archive/postgres/migrate.ts';
import type { SyncWrites } from '#main/services/archive/ports.ts';
import pg from 'pg';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { DatabaseSync } from 'node:sqlite';
import { queryCases } from './archive-query-cases.ts';

/** The WAL folded into the file before the reads are measured (a second connection: only the
 * archive's folder holds the store's handle). */
function checkpointTruncate(path: string): void {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const COLD_START = join(BENCH_DIR, 'archive-cold-start.ts');
const OPERATOR_PROCESS = join(BENCH_DIR, 'archive-operator-process.ts');

const SYNC_INVOICES = Math.min(26_000, MAX_INVOICES);
const DETAIL_INVOICES = 5_000;
const DETAIL_OPERATOR_INVOICES = 12_000;
const ARCHIVE_INVOICES = Math.min(100_000, MAX_INVOICES);
const LATENCY_MS = 50;
const SYNC_PER_MINUTE = 3_600;
const SYNC_ROUNDS = 5;
const DETAILS_PER_SECOND = 60;
const COLD_RUNS = 7;
const QUERY_ROUNDS = 12;
const LIMITED_INVOICES = 1_500;
const LIMITED_PER_SECOND = 60;
const LIMITED_LATENCY_MS = 100;

const PARTS = ['sync', 'details', 'archive', 'rate-limit'] as const;
const STORES = ['sqlite', 'postgres', 'both'] as const;
const { only, store = 'sqlite' } = parseArgs({
  options: { only: { type: 'string' }, store: { type: 'string' } },
}).values;
if (only !== undefined && !(PARTS as readonly string[]).includes(only))
  throw new Error(`--only takes one of ${PARTS.join(', ')}, got ${only}`);
if (!(STORES as readonly string[]).includes(store))
  throw new Error(`--store takes one of ${STORES.join(', ')}, got ${store}`);
const onSqlite = store !== 'postgres';
const onPostgres = store !== 'sqlite';
if (onPostgres && !process.env['INVOICE_DESK_TEST_PG_URL']) {
  // Run again beside a throwaway PostgreSQL server.
  const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'with-postgres.sh');
  const again = spawnSync(
    'bash',
    [script, process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(again.status ?? 1);
}
const runs = (part: (typeof PARTS)[number]): boolean =>
  (only === undefined || only === part) && (onSqlite || part === 'rate-limit');

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const sortedCopy = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const ms = (v: number): string => v.toFixed(1);
const s = (v: number): string => v.toFixed(2);
const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;
const int = (v: number): string => v.toLocaleString('en-US');
const met = (ok: boolean): string => (ok ? 'met' : '**missed**');

const tmp = mkdtempSync(join(os.tmpdir(), 'archive-bench-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

interface OperatorProcess {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** A demo operator in its own process (bench/archive-operator-process.ts). */
async function startOperatorProcess(options: DemoOperatorOptions): Promise<OperatorProcess> {
  const child = spawn(process.execPath, [OPERATOR_PROCESS, JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  return {
    ...(JSON.parse(line) as Omit<OperatorProcess, 'close'>),
    close: async () => {
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
    },
  };
}

function clientOf(operator: OperatorProcess, fetchImpl?: typeof fetch) {
  const { clientId, clientSecret } = operator;
  return new OperatorClient({
    connection: { baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl, clientId },
    getClientSecret: async () => clientSecret,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

const out: string[] = [
  `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  '',
];

// ------------------------------------------------------------ 1. sync of 26,000 invoices
if (runs('sync')) {
  const operator = await startOperatorProcess({
    invoices: SYNC_INVOICES,
    seed: 42,
    faults: { latencyMs: LATENCY_MS },
  });
  const client = clientOf(operator);
  const perSecond = SYNC_PER_MINUTE / 60;
  const rows: string[] = [];
  const ratios: number[] = [];
  // Rounds, each a fresh archive: on 2 shared cores one round varies by about ±0.1×.
  for (let round = 1; round <= SYNC_ROUNDS; round++) {
    const archive = openArchive(tmp, `sync26k-${round}`);
    let allRequests = 0;
    let allSeconds = 0;
    for (const label of ['first sync (lists)', 'second sync (heads + status)']) {
      const started = performance.now();
      const summary = await runSync({
        client,
        archive: new SqliteArchive(archive),
        requestsPerMinute: SYNC_PER_MINUTE,
        details: false,
      });
      const seconds = (performance.now() - started) / 1000;
      const floor = summary.requests / perSecond;
      allRequests += summary.requests;
      allSeconds += seconds;
      rows.push(
        `| ${round} | ${label} | ${int(summary.requests)} | ${int(archive.stats().invoices)} | ${s(seconds)} | ${s(floor)} | ${s(seconds / floor)}× |`,
      );
    }
    const floor = allRequests / perSecond;
    ratios.push(allSeconds / floor);
    rows.push(
      `| ${round} | **both** | **${int(allRequests)}** | | **${s(allSeconds)}** | **${s(floor)}** | **${s(allSeconds / floor)}×** |`,
    );
    await archive.checkpointed();
    archive.close();
  }
  const median = sortedCopy(ratios)[Math.floor(ratios.length / 2)]!;
  out.push(
    `### 1. Sync of ${int(SYNC_INVOICES)} invoices, ${LATENCY_MS} ms added latency, ${int(SYNC_PER_MINUTE)} requests/min`,
    '',
    '| Round | Run | Requests | Archived | Seconds | Floor (s) | Ratio |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Median of ${SYNC_ROUNDS} rounds: **${s(median)}×** (goal ≤ 1.15×: ${met(median <= 1.15)}); rounds ${ratios.map((r) => `${s(r)}×`).join(', ')}.`,
    '',
  );
  await operator.close();
}

// ------------------------------------------------------------ 2. details of 5,000 invoices
if (runs('details')) {
  // Enough invoices that the operator's window lets more than 5,000 be listed.
  const operator = await startOperatorProcess({
    invoices: DETAIL_OPERATOR_INVOICES,
    seed: 43,
    faults: { latencyMs: LATENCY_MS },
  });
  const archive = openArchive(tmp, 'details');
  const client = clientOf(operator);
  // Lists first, untimed, at an unbounded pace.
  await runSync({
    client,
    archive: new SqliteArchive(archive),
    requestsPerMinute: 1_000_000,
    details: false,
  });
  const listed = archive.stats().invoices;
  if (listed < DETAIL_INVOICES) throw new Error(`only ${listed} invoices listed`);
  // Then a sync with details: its lists and status phases are not timed; the details phase is,
  // from its start to the 5,000th detail stored (then the sync is cancelled).
  let start: { at: number; requests: number } | undefined;
  let end: { at: number; requests: number } | undefined;
  const stop = new AbortController();
  const summary = await runSync({
    client,
    archive: new SqliteArchive(archive),
    requestsPerMinute: DETAILS_PER_SECOND * 60,
    details: true,
    signal: stop.signal,
    onProgress: (p) => {
      if (p.phase === 'details' && !start) start = { at: performance.now(), requests: p.requests };
      if (p.detailsFetched >= DETAIL_INVOICES && !end) {
        end = { at: performance.now(), requests: p.requests };
        stop.abort();
      }
    },
  });
  const seconds = (end!.at - start!.at) / 1000;
  const requests = end!.requests - start!.requests;
  const share = requests / (DETAILS_PER_SECOND * seconds);
  out.push(
    `### 2. Details of ${int(DETAIL_INVOICES)} invoices (of ${int(listed)} listed), ${DETAILS_PER_SECOND} requests/s, ${LATENCY_MS} ms added latency`,
    '',
    '| Details stored | Failed | Requests | Seconds | Floor (s) | Share of budget used |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${int(DETAIL_INVOICES)} | ${summary.detailsFailed} | ${int(requests)} | ${s(seconds)} | ${s(requests / DETAILS_PER_SECOND)} | **${pct(share)}** (goal ≥ 95 %: ${met(share >= 0.95)}) |`,
    '',
  );
  archive.close();
  await operator.close();
}

// ------------------------------------------------------------ 3. archive of 100,000 invoices
if (runs('archive')) {
  const fillStarted = performance.now();
  const dataset = createDataset(44, ARCHIVE_INVOICES);
  const nowMs = Date.now();
  const archive = openArchive(tmp, 'archive100k');
  const fetchedAt = new Date(nowMs).toISOString();
  const BATCH = 1000;
  for (let i = 0; i < dataset.records.length; i += BATCH) {
    const records = dataset.records.slice(i, i + BATCH);
    archive.transaction(() => {
      const items = records.map<InvoiceSearchItem>((r) => {
        const item: InvoiceSearchItem = {
          metadata: {
            invoiceId: r.invoiceId,
            state: r.state,
            direction: r.direction,
            createDate: r.createDate,
          },
          businessData: searchBusinessData(dataset.invoice(r)),
        };
        const status = dataset.lastStatus(r, nowMs);
        if (status) item.lastStatusData = status;
        return item;
      });
      archive.upsertSearchItems(items, fetchedAt);
      for (const r of records) archive.saveDetail(dataset.invoice(r), fetchedAt);
    });
  }
  archive.optimize(); // as a sync does at its end
  checkpointTruncate(archive.path);
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const stats = archive.stats();

  const CASES = queryCases(
    archive.queryInvoices({ limit: 1, sort: { key: 'ttcCents', descending: true } }).rows[0]!,
  );
  const perCase = new Map<string, { times: number[]; total: number }>();
  const all: number[] = [];
  for (let round = -2; round < QUERY_ROUNDS; round++) {
    for (const [label, filter, sort] of CASES) {
      const started = performance.now();
      const page = archive.queryInvoices({ filter, sort, limit: 100 });
      const elapsed = performance.now() - started;
      if (round < 0) continue;
      const entry = perCase.get(label) ?? { times: [], total: page.total };
      entry.times.push(elapsed);
      perCase.set(label, entry);
      all.push(elapsed);
    }
  }
  archive.close();

  const cold: { importMs: number; openMs: number; firstPageMs: number; total: number }[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const run = spawnSync(process.execPath, [COLD_START, tmp, 'archive100k'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`cold start run failed: ${run.stderr}`);
    cold.push(JSON.parse(run.stdout));
  }
  const openPlusPage = sortedCopy(cold.map((c) => c.openMs + c.firstPageMs));
  const withImport = sortedCopy(cold.map((c) => c.importMs + c.openMs + c.firstPageMs));
  const sortedAll = sortedCopy(all);
  const p95 = quantile(sortedAll, 0.95);
  const per10k = stats.sizeBytes / (stats.invoices / 10_000);
  out.push(
    `### 3. Archive of ${int(stats.invoices)} invoices, ${int(stats.details)} with details (filled in ${s(fillSeconds)} s, in-process)`,
    '',
    '| Measure | Median (ms) | p95 / max (ms) | Runs |',
    '|---|---:|---:|---:|',
    `| Cold start, fresh process: open + first page of 100 rows (goal < 150 ms) | **${ms(quantile(openPlusPage, 0.5))}** | ${ms(openPlusPage.at(-1)!)} (max) · ${met(openPlusPage.at(-1)! < 150)} | ${COLD_RUNS} |`,
    `| Cold start, fresh process: module import + open + first page | ${ms(quantile(withImport, 0.5))} | ${ms(withImport.at(-1)!)} (max) | ${COLD_RUNS} |`,
    ...CASES.map(([label]) => {
      const entry = perCase.get(label)!;
      const t = sortedCopy(entry.times);
      return `| ${label} (${int(entry.total)} match) | ${ms(quantile(t, 0.5))} | ${ms(quantile(t, 0.95))} | ${t.length} |`;
    }),
    `| **Filter + sort + first page, all mixed (goal p95 < 50 ms)** | **${ms(quantile(sortedAll, 0.5))}** | **${ms(p95)}** · ${met(p95 < 50)} | ${sortedAll.length} |`,
    '',
    `Size on disk: ${(stats.sizeBytes / 2 ** 20).toFixed(1)} MiB for ${int(stats.invoices)} invoices with details, **${(per10k / 2 ** 20).toFixed(1)} MiB per 10,000 invoices** (after a WAL checkpoint).`,
    '',
  );
}

// ------------------------------------------- 4. a rate-limited operator at a real latency
/** A store the rate-limited sync writes into, and what closes it. */
interface SyncStore {
  label: string;
  archive: SyncWrites;
  /** SyncOptions.pagesInFlight (default the sync's own). */
  pagesInFlight?: number;
  close(): Promise<void>;
}

/** A fresh schema of the firm's archive on the throwaway server, set up as `firm init` does. */
async function postgresStore(
  schema: string,
  label: string,
  pagesInFlight?: number,
): Promise<SyncStore> {
  const url = process.env['INVOICE_DESK_TEST_PG_URL']!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await migrate(admin, schema);
  await admin.end();
  const pool = openPool({ url, schema });
  const firm = new PostgresArchives(pool, schema);
  return {
    label,
    archive: await firm.ports.syncWrites('rate-limited'),
    ...(pagesInFlight !== undefined ? { pagesInFlight } : {}),
    close: () => pool.end(),
  };
}

if (runs('rate-limit')) {
  const stores: (() => Promise<SyncStore>)[] = [];
  if (onSqlite)
    stores.push(async () => {
      const archive = openArchive(tmp, 'rate-limited');
      return {
        label: 'SQLite',
        archive: new SqliteArchive(archive),
        close: async () => archive.close(),
      };
    });
  if (onPostgres)
    stores.push(
      () => postgresStore('bench_sync', 'PostgreSQL'),
      () =>
        postgresStore(
          'bench_sync_owner',
          "PostgreSQL, as the firm's sync owner (1 page in flight)",
          1,
        ),
    );
  const floors: string[] = [];
  for (const open of stores) {
    const store = await open();
    const operator = await startOperatorProcess({
      invoices: LIMITED_INVOICES,
      seed: 45,
      faults: { latencyMs: LIMITED_LATENCY_MS, rateLimitPerSecond: LIMITED_PER_SECOND },
    });
    // Every API answer's status, token requests left out (the operator counts those too).
    const answers: { at: number; status: number }[] = [];
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).startsWith(operator.tokenUrl))
        answers.push({ at: performance.now(), status: response.status });
      return response;
    };
    const phases = new Map<string, number>();
    const started = performance.now();
    const summary = await runSync({
      client: clientOf(operator, counting),
      archive: store.archive,
      requestsPerMinute: SYNC_PER_MINUTE,
      details: true,
      ...(store.pagesInFlight !== undefined ? { pagesInFlight: store.pagesInFlight } : {}),
      onProgress: (p) => {
        if (!phases.has(p.phase)) phases.set(p.phase, performance.now());
      },
    });
    const ended = performance.now();
    const rows: string[] = [];
    const budgetPerSecond = SYNC_PER_MINUTE / 60;
    const detailsShare: number[] = [];
    const limitedShare: number[] = [];
    const phaseRow = (label: string, from: number, to: number): void => {
      const inPhase = answers.filter((a) => a.at >= from && a.at < to);
      const refused = inPhase.filter((a) => a.status === 429).length;
      const seconds = (to - from) / 1000;
      const share = inPhase.length / (budgetPerSecond * seconds);
      const refusedShare = inPhase.length === 0 ? 0 : refused / inPhase.length;
      if (label === 'details') detailsShare.push(share);
      if (label === 'details') limitedShare.push(refusedShare);
      rows.push(
        `| ${label} | ${int(inPhase.length)} | ${int(refused)} (${pct(refusedShare)}) | ${s(seconds)} | ${s(inPhase.length / seconds)} | ${pct(share)} |`,
      );
    };
    const at = (phase: string, fallback: number): number => phases.get(phase) ?? fallback;
    phaseRow('lists + statuses', started, at('details', ended));
    phaseRow('details', at('details', ended), at('done', ended) + 1);
    phaseRow('**whole sync**', started, ended + 1);
    const share = detailsShare[0] ?? 0;
    const refused = limitedShare[0] ?? 1;
    // The floor: the requests the sync made, at the operator's limit.
    const seconds = (ended - started) / 1000;
    const floor = summary.requests / LIMITED_PER_SECOND;
    floors.push(
      `| ${store.label} | ${int(summary.requests)} | ${s(seconds)} | ${s(floor)} | **${s(seconds / floor)}×** · ${met(seconds / floor <= 1.15)} |`,
    );
    out.push(
      `### 4. ${store.label}: first sync of ${int(LIMITED_INVOICES)} invoices with details, operator limit ${LIMITED_PER_SECOND} requests in any sliding second (429 + Retry-After), ${LIMITED_LATENCY_MS} ms latency, budget ${int(SYNC_PER_MINUTE)}/min`,
      '',
      '| Phase | Requests | Answered 429 | Seconds | Requests/s | Share of budget used |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Details: **${pct(share)}** of the budget (goal ≥ 95 %: ${met(share >= 0.95)}), **${pct(refused)}** answered 429 (goal ≤ 1 %: ${met(refused <= 0.01)}); ${int(summary.detailsFetched)} details stored, ${summary.detailsFailed} failed.`,
      '',
    );
    await store.close();
    await operator.close();
  }
  out.push(
    `### 4. The sync against its floor (the requests it made at ${LIMITED_PER_SECOND} a second), store by store in this run`,
    '',
    '| Store | Requests | Whole sync (s) | Floor (s) | Ratio (goal ≤ 1.15×) |',
    '|---|---:|---:|---:|---:|',
    ...floors,
    '',
  );
}

process.stdout.write(`${out.join('\n')}\n`);
