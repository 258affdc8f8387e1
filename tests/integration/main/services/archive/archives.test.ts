// The archive registry: files opened on demand, never created by a read, progress throttled,
// one sync per connection, clear and close stopping a sync first. Real SQLite files and the demo
// operator over real HTTP.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { SyncProgress } from '#shared/archive.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';

let operator: RunningDemoOperator;
const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'archives-'));
  dirs.push(dir);
  return dir;
}
function client(): OperatorClient {
  const creds = operator.clients.user;
  return new OperatorClient({
    connection: {
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: creds.clientId,
    },
    getClientSecret: async () => creds.clientSecret,
  });
}

before(async () => {
  operator = await startDemoOperator({ seed: 3, invoices: 250, now: Date.parse('2026-02-01') });
});
after(async () => {
  await operator.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('reading a connection without an archive creates no file and tells an empty status', () => {
  const dir = dataDir();
  const archives = new Archives({ dataDir: dir });
  assert.equal(archives.existing('never-used'), null);
  const status = archives.status('never-used');
  assert.equal(status.invoices, 0);
  assert.equal(status.lastSavedAt, null);
  assert.equal(status.coverage.length, 22);
  assert.ok(status.coverage.every((p) => !p.finished && !p.complete));
  assert.equal(existsSync(archivePath(dir, 'never-used')), false);
  assert.equal(archives.archiveDate('never-used'), null);
});

test('progress: every phase change and the end are told, the rest at most once per interval', async () => {
  const archives = new Archives({ dataDir: dataDir(), progressIntervalMs: 3_600_000 });
  const seen: SyncProgress[] = [];
  const summary = await archives.sync('c1', {
    client: client(),
    requestsPerMinute: 100_000,
    onProgress: (p) => seen.push(p),
  });
  // With an hour between updates, only the phases (lists, status, details, done) and the last
  // word come through, whatever the number of requests.
  assert.deepEqual(
    seen.map((p) => p.phase),
    ['lists', 'status', 'details', 'done', 'done'],
  );
  assert.deepEqual(seen.at(-1), {
    phase: summary.phase,
    runId: summary.runId,
    requests: summary.requests,
    invoicesSeen: summary.invoicesSeen,
    invoicesNew: summary.invoicesNew,
    invoicesUpdated: summary.invoicesUpdated,
    statusChecked: summary.statusChecked,
    detailsFetched: summary.detailsFetched,
    detailsRemaining: summary.detailsRemaining,
    partitionsDone: summary.partitionsDone,
    partitionsTotal: summary.partitionsTotal,
    requestsRemaining: summary.requestsRemaining,
    etaSeconds: summary.etaSeconds,
    coverage: summary.coverage,
    filterRefused: null,
  });
  assert.ok(summary.requests > seen.length);
  const status = archives.status('c1');
  assert.equal(status.invoices, 250);
  assert.equal(status.lastSavedAt, status.lastSyncAt);
  assert.equal(archives.archiveDate('c1'), status.lastSyncAt);
  await archives.close();
});

test('one sync per connection; clear stops it, then deletes the file; close stops the others', async () => {
  const dir = dataDir();
  const archives = new Archives({ dataDir: dir });
  let started!: () => void;
  const firstProgress = new Promise<void>((resolve) => (started = resolve));
  const slow = archives.sync('busy', {
    client: client(),
    requestsPerMinute: 120, // two a second: still running when the test acts
    onProgress: () => started(),
  });
  await firstProgress;
  assert.equal(archives.isSyncing('busy'), true);
  await assert.rejects(
    archives.sync('busy', { client: client(), requestsPerMinute: 120 }),
    (error: { kind?: string }) => error.kind === 'conflict',
  );
  const other = archives.sync('other', { client: client(), requestsPerMinute: 120 });

  await archives.clear('busy');
  const stopped = await slow;
  assert.equal(stopped.cancelled, true);
  assert.equal(archives.isSyncing('busy'), false);
  assert.equal(existsSync(archivePath(dir, 'busy')), false);

  await archives.close();
  assert.equal((await other).cancelled, true);
  assert.throws(() => archives.open('other'), { kind: 'server' } as object);
});

test('a sync of the connection in another process (the CLI) shows as syncing and blocks both', async () => {
  const dir = dataDir();
  const archives = new Archives({ dataDir: dir });
  archives.open('shared');
  // The lock as `cli sync` holds it while it runs, in another process.
  const holder = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { acquireSyncLock } from '#main/services/archive/sqlite/sync-lock.ts';
       acquireSyncLock(${JSON.stringify(dir)}, 'shared');
       process.stdout.write('held\\n');
       process.stdin.resume();
       process.stdin.on('end', () => process.exit(0));`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await once(holder.stdout!, 'data');
  assert.equal(archives.isSyncing('shared'), true);
  assert.equal(archives.status('shared').syncing, true);
  await assert.rejects(
    archives.sync('shared', { client: client(), requestsPerMinute: 600 }),
    (error: { kind?: string }) => error.kind === 'conflict',
  );
  await assert.rejects(
    archives.clear('shared'),
    (error: { kind?: string }) => error.kind === 'conflict',
  );
  assert.ok(existsSync(archivePath(dir, 'shared')), 'nothing deleted under the other process');
  const exited = once(holder, 'exit');
  holder.stdin!.end();
  await exited;
  assert.equal(archives.isSyncing('shared'), false);
  await archives.close();
});
