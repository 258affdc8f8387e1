// The firm's sync owner's lists alone (issue 30): archive-bench.ts's part 4 without the details
// (1,500 invoices, demo operator at 100 ms latency and 60 requests in any sliding second, its
// own process), synced into a fresh schema of a throwaway PostgreSQL server with one list page
// in flight, as the owner syncs: how long the 27 list pages take, and the median request, page
// keeping and page write. The lists are where the owner pays for its one page in flight.
// Run: bash scripts/with-postgres.sh node bench/owner-lists.ts [runs]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runSync, type SyncOperator } from '#main/services/archive/sync.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { openPool } from '#main/services/archive/postgres/database.ts';
import { migrate } from '#main/services/archive/postgres/migrate.ts';
import type { SyncWrites } from '#main/services/archive/ports.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';

const url = process.env['INVOICE_DESK_TEST_PG_URL'];
if (!url) throw new Error('run under scripts/with-postgres.sh');
const runs = Number(process.argv[2] ?? 3);
const OPERATOR = join(dirname(fileURLToPath(import.meta.url)), 'archive-operator-process.ts');

const median = (values: number[]): number =>
  values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (let run = 1; run <= runs; run++) {
  const child = spawn(
    process.execPath,
    [
      OPERATOR,
      JSON.stringify({
        invoices: 1500,
        seed: 45,
        faults: { latencyMs: 100, rateLimitPerSecond: 60 },
      }),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const operator = JSON.parse(line) as Record<string, string>;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP SCHEMA IF EXISTS bench_owner_lists CASCADE');
  await migrate(admin, 'bench_owner_lists');
  await admin.end();
  const pool = openPool({ url, schema: 'bench_owner_lists' });
  const store = await new PostgresArchives(pool, 'bench_owner_lists').ports.syncWrites('owner');
  const took: Record<string, number[]> = {};
  const time = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      (took[what] ??= []).push(performance.now() - started);
    }
  };
  const archive = new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const call = (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      return key === 'stagePage' || key === 'commitListPage'
        ? (...args: unknown[]) => time(key, () => call(...args))
        : call;
    },
  }) as SyncWrites;
  const client = new OperatorClient({
    connection: {
      baseUrl: operator['baseUrl']!,
      tokenUrl: operator['tokenUrl']!,
      clientId: operator['clientId']!,
    },
    getClientSecret: async () => operator['clientSecret']!,
  });
  const timedClient: SyncOperator = {
    searchInvoices: (...args) => time('request', () => client.searchInvoices(...args)),
    getInvoice: (...args) => client.getInvoice(...args),
  };
  const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
  const started = performance.now();
  const summary = await runSync({
    client: timedClient,
    archive,
    requestsPerMinute: 3600,
    details: false,
    pagesInFlight: 1,
  });
  const seconds = (performance.now() - started) / 1000;
  const ms = (what: string) => median(took[what] ?? []).toFixed(1);
  console.log(
    `run ${run} (load ${load}): ${summary.requests} list pages in ${seconds.toFixed(2)} s; median request ${ms('request')} ms, keeping ${ms('stagePage')} ms, write ${ms('commitListPage')} ms`,
  );
  await pool.end();
  child.stdin.end();
  await once(child, 'exit');
}
