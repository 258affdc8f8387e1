// `cli sync` and `cli archive status` in child processes against a demo operator started here
// with a request log (--log): a custom connection made with `connections add` (secret on stdin, real
// keychain), a sync in JSON lines, the status matching what the operator holds, a second sync that
// asks again only what may have changed, a sync stopped by SIGINT and resumed, and the lock that
// keeps two syncs of one connection apart.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DIRECTIONS, INVOICE_STATES } from '#shared/operator/enums.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { MAX_DETAIL_LANES } from '#main/services/archive/sync.ts';
import type { RequestLogEntry } from '#main/demo-operator/request-log.ts';
import { api, tokenFor } from '#support/demo-operator.ts';
import { spawnUnreaped, untilZombie } from '#support/sync-requests.ts';
import {
  ROOT,
  allFilesText,
  CLI_ENTRY,
  connectionsAddArgs,
  deleteSecrets,
  finished,
  jsonLines,
  keychainSkipReason,
  runCli,
  spawnCli,
} from '#support/cli.ts';

const noKeychain = await keychainSkipReason();
const INVOICES = 1500;

// The operator's clock, set: the same invoices and statuses on any day (issue 25). The CLI's own
// clock stays the real one: its runs are separate processes, and what it decides between
// them (what is due, a backoff) is time elapsed, which INVOICE_DESK_NOW would start again at
// each process.
const NOW = new Date('2026-11-22T12:00:00Z');
let operator: RunningDemoOperator;
let dataDir: string;
let logDir: string;
let logFile: string;
const created: string[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cli-sync-'));
  logDir = mkdtempSync(join(tmpdir(), 'cli-sync-log-'));
  logFile = join(logDir, 'operator.log');
  operator = await startDemoOperator({ log: logFile, invoices: INVOICES, seed: 21, now: NOW });
});
after(async () => {
  await operator.close();
  if (!noKeychain) await deleteSecrets(created);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(logDir, { recursive: true, force: true });
});

/** The operator's log lines from line `from` on (API calls only, token requests left out). */
function logSince(from: number): RequestLogEntry[] {
  return readLog()
    .slice(from)
    .filter((entry) => !entry.path.includes('/protocol/openid-connect/token'));
}
function readLog(): RequestLogEntry[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RequestLogEntry);
}

type Kind = 'page' | 'status' | 'detail';
function kindOf(entry: RequestLogEntry): { kind: Kind; offset: number } {
  if (entry.path.startsWith('/v1/invoice/')) return { kind: 'detail', offset: 0 };
  const query = new URL(entry.path, 'http://x').searchParams;
  const q = query.get('q') ?? '';
  return {
    kind: q.includes('invoice.invoiceId:') ? 'status' : 'page',
    offset: Number(query.get('offset') ?? 0),
  };
}

async function operatorCount(): Promise<number> {
  const search = await api(
    operator,
    await tokenFor(operator, 'admin'),
  )('/v1.1/invoice/search?limit=1');
  return search.body.meta.count as number;
}

async function addConnection(name: string): Promise<string> {
  const { clientId, clientSecret } = operator.clients.admin;
  const { baseUrl, tokenUrl } = operator;
  const added = await runCli(
    connectionsAddArgs({ name, baseUrl, tokenUrl, clientId }, ['--requests-per-minute', '100000']),
    { dataDir, input: `${clientSecret}\n` },
  );
  assert.equal(added.code, 0, added.stderr);
  const id = added.stdout.trim();
  created.push(id);
  return id;
}

interface Status {
  invoices: number;
  details: number;
  sizeBytes: number;
  lastSyncAt: string | null;
  unfinishedSync: boolean;
  syncRunning: boolean;
  filterRefused: {
    complete: boolean;
    operatorCount: number | null;
    window: number;
    oldest: string | null;
  } | null;
  partitions: {
    direction: string;
    state: string;
    complete: boolean;
    oldest: string | null;
    archived: number;
  }[];
}

async function status(connection: string): Promise<Status> {
  const result = await runCli(['archive', 'status', '--connection', connection, '--json'], {
    dataDir,
  });
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as Status;
}

describe('cli sync and archive status', { skip: noKeychain }, () => {
  let id: string;

  test('sync --json: progress lines, then a summary; exit 0; the status equals what the operator holds', async () => {
    id = await addConnection('Cabinet Sync');
    const listed = await runCli(['connections', 'list'], { dataDir });
    assert.match(listed.stdout, /Cabinet Sync/);

    const from = readLog().length;
    const result = await runCli(['sync', '--connection', 'Cabinet Sync', '--json'], { dataDir });
    assert.equal(result.code, 0, result.stderr);
    const lines = jsonLines(result.stdout);
    const summary = lines.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.ok(lines.length >= 2, 'at least one progress line');
    assert.ok(lines.slice(0, -1).every((l) => l.type === 'progress' && l.connectionId === id));
    assert.equal(summary.connectionId, id);
    assert.equal(summary.cancelled, false);
    assert.equal(summary.phase, 'done');
    assert.equal(summary.invoicesNew, INVOICES);

    const count = await operatorCount();
    assert.equal(count, INVOICES);
    const after = await status(id);
    assert.equal(after.invoices, count);
    assert.equal(after.details, count, 'every invoice has its full business data');
    assert.equal(after.partitions.length, DIRECTIONS.length * INVOICE_STATES.length);
    for (const p of after.partitions) {
      assert.ok(
        DIRECTIONS.includes(p.direction as never) && INVOICE_STATES.includes(p.state as never),
      );
      assert.equal(p.complete, true, `${p.direction} ${p.state} fits in the window`);
      if (p.archived > 0) assert.match(p.oldest!, /^\d{4}-\d{2}-\d{2}T/);
    }
    assert.equal(
      after.partitions.reduce((n, p) => n + p.archived, 0),
      count,
    );
    assert.ok(after.sizeBytes > 0);
    assert.ok(after.lastSyncAt !== null);
    assert.equal(after.unfinishedSync, false);

    const requests = logSince(from);
    const paths = requests.map((r) => r.path);
    assert.equal(new Set(paths).size, paths.length, 'no request twice');
    assert.equal(requests.filter((r) => kindOf(r).kind === 'detail').length, count);
    assert.ok(requests.every((r) => r.status === 200));

    const secret = operator.clients.admin.clientSecret;
    assert.ok(!result.stdout.includes(secret) && !result.stderr.includes(secret));
    assert.ok(!allFilesText(dataDir).includes(secret), 'no secret in settings or archive');
  });

  test('a second sync asks only the head page of each partition: no page or detail fetched twice', async () => {
    const from = readLog().length;
    const result = await runCli(['sync', '--connection', id], { dataDir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Synced "Cabinet Sync": /m);
    assert.match(
      result.stdout,
      new RegExp(`The archive holds ${INVOICES.toLocaleString('en-US')} invoices`),
    );

    const requests = logSince(from).map(kindOf);
    assert.equal(requests.filter((r) => r.kind === 'detail').length, 0, 'no detail again');
    const pages = requests.filter((r) => r.kind === 'page');
    assert.ok(pages.length <= DIRECTIONS.length * INVOICE_STATES.length);
    assert.ok(
      pages.every((r) => r.offset === 0),
      'nothing past the head pages',
    );
    assert.equal((await status(id)).invoices, INVOICES);
  });

  test('SIGINT stops a sync (exit 1, "cancelled"); a second sync is refused meanwhile; the next one resumes', async () => {
    // Far more than can be in flight at once, so that starting over would show.
    const STOP_AFTER = 3 * MAX_DETAIL_LANES;
    const other = await addConnection('Cabinet Reprise');
    operator.faults.latencyMs = 150;
    const from = readLog().length;
    const child = spawnCli(['sync', '--connection', other, '--json'], { dataDir });
    const done = finished(child);
    // Stop once enough was fetched that starting over would show.
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      const onData = (chunk: string): void => {
        buffer += chunk;
        for (const line of buffer.split('\n').slice(0, -1)) {
          const progress = JSON.parse(line) as { type: string; requests: number };
          if (progress.type === 'progress' && progress.requests >= STOP_AFTER) {
            child.stdout!.off('data', onData);
            resolve();
            return;
          }
        }
      };
      child.stdout!.on('data', onData);
      child.once('exit', () => reject(new Error('the sync ended before it could be stopped')));
    });

    const busy = await runCli(['sync', '--connection', other], { dataDir });
    assert.equal(busy.code, 1);
    assert.match(busy.stderr, /^conflict: A sync of this connection is already running/);
    assert.equal((await status(other)).syncRunning, true);

    child.kill('SIGINT');
    const stopped = await done;
    operator.faults.latencyMs = 0;
    assert.equal(stopped.code, 1);
    assert.match(stopped.stderr, /^cancelled: /m);
    assert.equal(stopped.stderr.trim().split('\n').length, 1, 'one line, no stack');
    const summary = jsonLines(stopped.stdout).at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.equal(summary.cancelled, true);
    const between = await status(other);
    assert.equal(between.unfinishedSync, true);
    assert.equal(between.syncRunning, false, 'the lock is released');
    assert.ok(between.invoices > 0);

    const firstRun = logSince(from).filter((r) => r.status === 200);
    const middle = readLog().length;
    const resumed = await runCli(['sync', '--connection', other, '--json'], { dataDir });
    assert.equal(resumed.code, 0, resumed.stderr);
    const final = jsonLines(resumed.stdout).at(-1)!;
    assert.equal(final.type, 'summary');
    assert.equal(final.resumed, true);
    assert.equal(final.cancelled, false);

    // Answered pages and details are not asked again; only requests in flight at the stop may
    // be, if their answer arrived as the sync was cancelled. The details keep as many in flight as
    // the budget needs at the latency seen (at 150 ms about 16; MAX_DETAIL_LANES at most).
    const asked = new Set(logSince(middle).map((r) => r.path));
    const again = firstRun.filter((r) => asked.has(r.path));
    assert.ok(firstRun.length >= STOP_AFTER);
    assert.ok(again.length <= MAX_DETAIL_LANES, `${again.length} requests asked again`);

    const end = await status(other);
    assert.equal(end.invoices, INVOICES);
    assert.equal(end.details, INVOICES);
    assert.equal(end.unfinishedSync, false);
  });

  test('SIGKILL, and the next sync at once (the killed one not even reaped): it runs and resumes', async () => {
    const killed = await addConnection('Cabinet Tué');
    operator.faults.latencyMs = 100;
    // Under a parent that never reaps it: killed, it stays a zombie, which kill(pid, 0) calls alive.
    const { parent, pid, stdout } = spawnUnreaped(
      [CLI_ENTRY, 'sync', '--connection', killed, '--json'],
      {
        cwd: ROOT,
        env: { ...process.env, INVOICE_DESK_DATA_DIR: dataDir },
      },
    );
    try {
      const syncPid = await pid;
      await new Promise<void>((resolve, reject) => {
        let buffer = '';
        const onData = (chunk: string): void => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop()!;
          for (const line of lines) {
            const progress = JSON.parse(line) as { type: string; requests: number };
            if (progress.type === 'progress' && progress.requests >= 20) {
              stdout.off('data', onData);
              resolve();
              return;
            }
          }
        };
        stdout.on('data', onData);
        parent.once('exit', () => reject(new Error('the sync ended before it could be killed')));
      });
      process.kill(syncPid, 'SIGKILL');
      await untilZombie(syncPid);
      operator.faults.latencyMs = 0;

      const next = await runCli(['sync', '--connection', killed, '--json'], { dataDir });
      assert.equal(next.code, 0, next.stderr);
      const summary = jsonLines(next.stdout).at(-1)!;
      assert.equal(summary.type, 'summary');
      assert.equal(summary.resumed, true, 'it went on with the killed run');
      assert.equal(summary.cancelled, false);
      const end = await status(killed);
      assert.equal(end.invoices, INVOICES);
      assert.equal(end.details, INVOICES);
      assert.equal(end.syncRunning, false);
    } finally {
      operator.faults.latencyMs = 0;
      parent.kill('SIGKILL');
    }
  });

  test('an unknown connection fails with a reason; remove deletes the archive', async () => {
    const unknown = await runCli(['sync', '--connection', 'Personne', '--json'], { dataDir });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^not_found: No connection has the id or name "Personne"/);
    const unknownStatus = await runCli(['archive', 'status', '--connection', 'Personne'], {
      dataDir,
    });
    assert.equal(unknownStatus.code, 1);

    for (const connection of created) {
      assert.ok(existsSync(join(dataDir, 'archive', `${connection}.sqlite`)));
      const removed = await runCli(['connections', 'remove', connection], { dataDir });
      assert.equal(removed.code, 0, removed.stderr);
      assert.ok(!existsSync(join(dataDir, 'archive', `${connection}.sqlite`)));
    }
  });

  test('a connection never synced reports an empty archive without creating one', async () => {
    const result = await runCli(['archive', 'status', '--connection', 'demo-user'], { dataDir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /invoices: +0 /);
    assert.match(result.stdout, /last sync: +never completed/);
    assert.ok(!existsSync(join(dataDir, 'archive', 'demo-user.sqlite')));
    const json = await status('Démo (utilisateur)');
    assert.equal(json.invoices, 0);
    assert.equal(json.filterRefused, null);
    assert.ok(json.partitions.every((p) => p.complete === false && p.oldest === null));
  });
});

describe('cli: an operator refusing the state/direction filter', { skip: noKeychain }, () => {
  after(() => {
    operator.faults.refuseQFields = [];
  });

  test('archive status --json says how far the one unfiltered list reached (filterRefused)', async () => {
    const id = await addConnection('Opérateur sans filtre');
    operator.faults.refuseQFields = ['state', 'direction'];
    const sync = await runCli(['sync', '--connection', id, '--no-details', '--json'], { dataDir });
    assert.equal(sync.code, 0, sync.stderr);
    const json = await status(id);
    assert.deepEqual(
      json.filterRefused && {
        complete: json.filterRefused.complete,
        operatorCount: json.filterRefused.operatorCount,
        window: json.filterRefused.window,
      },
      { complete: false, operatorCount: await operatorCount(), window: 1200 },
    );
    assert.equal(json.invoices, 1200, 'the newest 1,200: all one list shows');
    const text = await runCli(['archive', 'status', '--connection', id], { dataDir });
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      /refuses the filter by state\/direction: .*only the 1,200 most recent of 1,500/,
    );
  });
});

describe('cli sync of a demo connection', () => {
  test('runs the demo operator in the process; a second run finds the same invoices', async () => {
    const demoDir = mkdtempSync(join(tmpdir(), 'cli-demo-'));
    try {
      // Both runs on the same clock: the demo data is dated from it (seed 42), so the second
      // finds the same invoices whatever the hour, where a run across midnight UTC did not.
      const env = { INVOICE_DESK_NOW: '2026-11-26T22:40:00Z' };
      const first = await runCli(['sync', '--connection', 'demo-user', '--no-details', '--json'], {
        dataDir: demoDir,
        env,
      });
      assert.equal(first.code, 0, first.stderr);
      const summary = jsonLines(first.stdout).at(-1)!;
      assert.ok((summary.invoicesNew as number) > 0);
      assert.equal(summary.detailsFetched, 0, '--no-details');

      const second = await runCli(['sync', '--connection', 'demo-user', '--no-details', '--json'], {
        dataDir: demoDir,
        env,
      });
      assert.equal(second.code, 0, second.stderr);
      assert.equal(jsonLines(second.stdout).at(-1)!.invoicesNew, 0);
    } finally {
      rmSync(demoDir, { recursive: true, force: true });
    }
  });
});
