// The sync against the demo operator over real HTTP, into real SQLite files.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DIRECTIONS, INVOICE_STATES } from '#shared/operator/enums.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import {
  OFFSET_MAX,
  PAGE_LIMIT,
  partitionQuery,
  runSync,
  type SyncOperator,
} from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { duplicates, recordedClient } from '#support/sync-requests.ts';
import { archiveSql } from '#support/archive-sql.ts';

// The operators' clock where a test does not set its own: their invoices, partitions and statuses
// are the same on any day (issue 25). The syncs date their runs on the real time, which no test
// here reads.
const NOW = new Date('2026-11-22T12:00:00Z');

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'archive-sync-'));
  dirs.push(dir);
  return dir;
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function clientFor(demoOperator: RunningDemoOperator, options: { maxRetries?: number } = {}) {
  return recordedClient(demoOperator, {
    retryBaseDelayMs: 5,
    maxRetryAfterSeconds: 2,
    ...options,
  });
}

/** Every invoice id the operator can show: each partition read through its window. */
async function operatorUnion(demoOperator: RunningDemoOperator): Promise<Set<string>> {
  const { client } = clientFor(demoOperator);
  const ids = new Set<string>();
  for (const direction of DIRECTIONS)
    for (const state of INVOICE_STATES)
      for (let offset = 0; offset <= OFFSET_MAX; offset += PAGE_LIMIT) {
        const page = await client.searchInvoices({
          q: partitionQuery(direction, state),
          offset,
          limit: PAGE_LIMIT,
        });
        page.data.forEach((item) => ids.add(item.metadata.invoiceId));
        if (offset + page.data.length >= page.meta.count) break;
      }
  return ids;
}

function archivedIds(archive: ArchiveStore): string[] {
  return archiveSql(
    archive.path,
    (db) => db.prepare('SELECT invoice_id FROM invoices').all() as { invoice_id: string }[],
  ).map((r) => r.invoice_id);
}

describe('sync of 8,000 invoices, some partitions beyond the window', () => {
  let demoOperator: RunningDemoOperator;
  before(async () => {
    demoOperator = await startDemoOperator({ seed: 11, invoices: 8000, now: NOW });
  });
  after(() => demoOperator.close());

  test('coverage told per partition, archive = what the operator can show, second sync only checks heads', async () => {
    const archive = openArchive(dataDir(), 'big');
    const { client, recorder } = clientFor(demoOperator);
    const events: number[] = [];
    const summary = await runSync({
      client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
      details: false,
      onProgress: (p) => events.push(p.requests),
    });
    assert.equal(summary.cancelled, false);
    assert.deepEqual(duplicates(recorder.requests), []);
    assert.ok(events.length > 10 && events.at(-1) === summary.requests);
    const cut = summary.coverage.filter((c) => !c.complete);
    assert.ok(cut.length >= 2, 'DELIVERED partitions exceed 1,200 rows');
    for (const c of summary.coverage) {
      assert.equal(c.finished, true);
      if (c.operatorCount! > 1200) assert.equal(c.complete, false, `${c.direction}/${c.state}`);
      else assert.equal(c.archived, c.operatorCount, `${c.direction}/${c.state}`);
      if (c.archived > 0) assert.match(c.oldest!, /^\d{4}-\d{2}-\d{2}T/);
    }
    const union = await operatorUnion(demoOperator);
    const ids = archivedIds(archive);
    assert.equal(ids.length, union.size);
    assert.deepEqual(new Set(ids), union);
    assert.equal(archive.stats().details, 0);
    assert.ok(archive.stats().lastSyncAt);

    // Nothing changed at the operator: the second sync reads one page per partition and the
    // statuses of the invoices the window hid.
    const second = clientFor(demoOperator);
    const again = await runSync({
      client: second.client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
      details: false,
    });
    assert.equal(again.invoicesNew, 0);
    const searches = second.recorder.requests.filter((r) => r.includes('offset='));
    assert.equal(searches.length, 22);
    assert.ok(searches.every((r) => r.includes('offset=0&')));
    assert.equal(archive.integrityCheck(), 'ok');
    archive.close();
  });
  test('the pages of a large partition are asked ahead, within the concurrency; no WAL stays behind', async () => {
    const archive = openArchive(dataDir(), 'ahead');
    const { client } = clientFor(demoOperator);
    let inFlight = 0;
    let maxInFlight = 0;
    const inFlightByQuery = new Map<string, number>();
    let maxOfOneQuery = 0;
    const watched: SyncOperator = {
      getInvoice: (id, signal) => client.getInvoice(id, signal),
      async searchInvoices(params, signal) {
        const q = params.q ?? '';
        inFlight++;
        inFlightByQuery.set(q, (inFlightByQuery.get(q) ?? 0) + 1);
        maxInFlight = Math.max(maxInFlight, inFlight);
        maxOfOneQuery = Math.max(maxOfOneQuery, inFlightByQuery.get(q)!);
        try {
          return await client.searchInvoices(params, signal);
        } finally {
          inFlight--;
          inFlightByQuery.set(q, inFlightByQuery.get(q)! - 1);
        }
      },
    };
    demoOperator.faults.latencyMs = 30;
    try {
      const summary = await runSync({
        client: watched,
        archive: new SqliteArchive(archive),
        requestsPerMinute: 600_000,
        concurrency: 4,
        details: false,
      });
      assert.equal(summary.cancelled, false);
    } finally {
      demoOperator.faults.latencyMs = 0;
    }
    assert.ok(maxOfOneQuery > 1, 'pages of one partition were asked before the previous answer');
    assert.ok(maxInFlight <= 4, `${maxInFlight} requests at once, concurrency 4`);
    assert.deepEqual(new Set(archivedIds(archive)), await operatorUnion(demoOperator));
    await archive.checkpointed(); // in a worker thread, after the sync
    const wal = `${archive.path}-wal`;
    assert.ok(!existsSync(wal) || statSync(wal).size === 0, 'the WAL is truncated after a sync');
    archive.close();
  });
});

describe('cancel, kill and faults', () => {
  let demoOperator: RunningDemoOperator;
  before(async () => {
    demoOperator = await startDemoOperator({ seed: 5, invoices: 1500, now: NOW });
  });
  after(() => demoOperator.close());

  /** A sync in a process of its own (sync-child.ts), which logs each request it makes. */
  function syncInChild(dir: string, connectionId: string) {
    const log = join(dir, 'child-requests.log');
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('./sync-child.ts', import.meta.url)),
        dir,
        connectionId,
        demoOperator.baseUrl,
        demoOperator.tokenUrl,
        demoOperator.clients.user.clientId,
        demoOperator.clients.user.clientSecret,
        log,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    return {
      child,
      exited: new Promise<void>((resolve) => child.on('exit', () => resolve())),
      /** The requests logged so far, one path with its query each. */
      requests: (): string[] =>
        existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [],
      stderr: () => stderr,
    };
  }

  test('cancel then resume: nothing asked twice, everything archived with details', async () => {
    const archive = openArchive(dataDir(), 'cancel');
    const first = clientFor(demoOperator);
    const controller = new AbortController();
    const stopped = await runSync({
      client: first.client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
      concurrency: 6, // at this unbounded budget the details would take many more lanes
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'details' && p.detailsFetched >= 100) controller.abort();
      },
    });
    assert.equal(stopped.cancelled, true);
    assert.ok(stopped.detailsRemaining > 0);
    const second = clientFor(demoOperator);
    const done = await runSync({
      client: second.client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
    });
    assert.equal(done.resumed, true);
    assert.equal(done.cancelled, false);
    assert.equal(done.detailsRemaining, 0);
    const all = [...first.recorder.requests, ...second.recorder.requests];
    // Only what was in flight when cancelled may be asked again (at most the concurrency).
    assert.ok(duplicates(all).length <= 6, `asked twice: ${duplicates(all).join(', ')}`);
    const stats = archive.stats();
    assert.equal(stats.invoices, 1500);
    assert.equal(stats.details, 1500);
    assert.ok(done.coverage.every((c) => c.complete));
    archive.close();
  });

  test('killed mid-sync (SIGKILL): file sound, commits kept, the next sync asks nothing committed', async () => {
    const dir = dataDir();
    const { child, exited, requests, stderr } = syncInChild(dir, 'killed');
    demoOperator.faults.latencyMs = 5;
    // Kill once the lists are done and some details are stored.
    for (;;) {
      await sleep(20);
      const lines = requests();
      if (lines.filter((l) => l.startsWith('/v1/invoice/')).length >= 150) break;
      if (child.exitCode !== null) assert.fail(`child ended before the kill: ${stderr()}`);
    }
    child.kill('SIGKILL');
    await exited;
    demoOperator.faults.latencyMs = 0;
    const childRequests = requests();

    const archive = openArchive(dir, 'killed');
    assert.equal(archive.integrityCheck(), 'ok');
    const committed = new Set(
      archiveSql(
        archive.path,
        (db) =>
          db
            .prepare('SELECT invoice_id FROM invoices WHERE detail_fetched_at IS NOT NULL')
            .all() as { invoice_id: string }[],
      ).map((r) => r.invoice_id),
    );
    assert.ok(committed.size > 0);
    assert.equal(archive.stats().invoices, 1500, 'every committed list page is there');
    const resumed = clientFor(demoOperator);
    const summary = await runSync({
      client: resumed.client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
    });
    assert.equal(summary.resumed, true);
    // No list page asked again, no stored detail asked again; only the requests in flight at
    // the kill (at most the child's concurrency) may be repeated.
    const again = resumed.recorder.requests.filter((r) => childRequests.includes(r));
    assert.ok(again.length <= 4, `asked again: ${again.join(', ')}`);
    for (const r of again) {
      assert.ok(r.startsWith('/v1/invoice/'), `list page asked again: ${r}`);
      assert.ok(!committed.has(r.slice('/v1/invoice/'.length)), `stored detail asked again: ${r}`);
    }
    assert.deepEqual(duplicates(resumed.recorder.requests), []);
    assert.equal(archive.stats().details, 1500);
    archive.close();
  });

  test('killed while reading the lists: no committed page asked again', async () => {
    const dir = dataDir();
    demoOperator.faults.latencyMs = 40;
    const { child, exited, requests } = syncInChild(dir, 'lists');
    for (;;) {
      await sleep(10);
      const lines = requests();
      if (lines.length >= 12) break;
      assert.equal(child.exitCode, null, 'child ended before the kill');
    }
    child.kill('SIGKILL');
    await exited;
    demoOperator.faults.latencyMs = 0;
    const childRequests = requests();
    const archive = openArchive(dir, 'lists');
    assert.equal(archive.integrityCheck(), 'ok');
    // Checkpoints at the kill: a page below next_offset, or of a finished partition, is committed.
    const checkpoints = archiveSql(archive.path, (db) =>
      db
        .prepare('SELECT direction, state, next_offset, finished_run_id FROM sync_partitions')
        .all(),
    ) as {
      direction: 'INBOUND' | 'OUTBOUND';
      state: (typeof INVOICE_STATES)[number];
      next_offset: number | null;
      finished_run_id: number | null;
    }[];
    const committedPage = (request: string): boolean => {
      const url = new URL(request, 'http://x');
      const q = url.searchParams.get('q');
      const offset = Number(url.searchParams.get('offset'));
      const cp = checkpoints.find((c) => partitionQuery(c.direction, c.state) === q);
      return cp !== undefined && (cp.finished_run_id !== null || (cp.next_offset ?? 0) > offset);
    };
    const committedBefore = childRequests.filter(committedPage);
    assert.ok(committedBefore.length > 0, 'some pages were committed before the kill');
    const resumed = clientFor(demoOperator);
    const summary = await runSync({
      client: resumed.client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
      details: false,
    });
    assert.equal(summary.resumed, true);
    const again = resumed.recorder.requests.filter((r) => childRequests.includes(r));
    assert.ok(again.length <= 4, `asked again: ${again.join(', ')}`);
    for (const r of again) assert.ok(!committedPage(r), `committed page asked again: ${r}`);
    assert.equal(archive.stats().invoices, 1500);
    assert.ok(summary.coverage.every((c) => c.complete && c.finished));
    archive.close();
  });

  test('429s and 503s during a sync: honoured, retried, nothing lost', async () => {
    const small = await startDemoOperator({
      seed: 9,
      invoices: 300,
      now: NOW,
      faults: { failureRate: 0.15, rateLimitPerSecond: 40 },
    });
    try {
      const archive = openArchive(dataDir(), 'faults');
      const { client, recorder } = clientFor(small, { maxRetries: 8 });
      const summary = await runSync({
        client,
        archive: new SqliteArchive(archive),
        requestsPerMinute: 600_000,
      });
      assert.equal(summary.cancelled, false);
      assert.ok(recorder.statuses.includes(429), 'the operator rate limited');
      assert.ok(recorder.statuses.includes(503), 'the operator failed some requests');
      assert.equal(archive.stats().invoices, 300);
      assert.equal(archive.stats().details + summary.detailsFailed, 300);
      assert.equal(archive.integrityCheck(), 'ok');
      archive.close();
    } finally {
      await small.close();
    }
  });
});

describe('a second sync picks up what happened since the first', () => {
  let demoOperator: RunningDemoOperator;
  before(async () => {
    // One new invoice a minute; the clock is moved by advance(), not waited for. The clock
    // starts at a fixed instant: which statuses move in the next three days depends on it, and
    // from about 21:00 UTC on 2026-11-26 none of the sampled ones did (issue 25).
    demoOperator = await startDemoOperator({
      seed: 23,
      invoices: 600,
      arrivalsPerMinute: 1,
      now: Date.parse('2026-03-10T10:00:00Z'),
    });
  });
  after(() => demoOperator.close());

  test('new invoices are archived and lifecycle statuses that moved are refreshed', async () => {
    const dir = dataDir();
    const archive = openArchive(dir, 'arrivals');
    try {
      const first = await runSync({
        client: clientFor(demoOperator).client,
        archive: new SqliteArchive(archive),
        details: false,
      });
      assert.equal(first.cancelled, false);
      const before = new Map(
        (
          archiveSql(archive.path, (db) =>
            db
              .prepare(
                'SELECT invoice_id, lifecycle_code FROM invoices ORDER BY create_date DESC, invoice_id',
              )
              .all(),
          ) as {
            invoice_id: string;
            lifecycle_code: string | null;
          }[]
        ).map((r) => [r.invoice_id, r.lifecycle_code]),
      );

      // Three days later: about 4,300 new invoices, and statuses moved forward on the clock.
      demoOperator.advance(3 * 24 * 3_600_000);
      // What the operator shows now; invoices arriving during the sync may come on top.
      const union = await operatorUnion(demoOperator);
      const second = await runSync({
        client: clientFor(demoOperator).client,
        archive: new SqliteArchive(archive),
        details: false,
      });
      assert.equal(second.cancelled, false);
      assert.ok(second.invoicesNew > 0, `new invoices found: ${second.invoicesNew}`);

      const now = archivedIds(archive);
      assert.equal(duplicates(now).length, 0);
      for (const id of union) assert.ok(now.includes(id), `archived: ${id}`);

      // The archive holds the operator's current status of invoices listed in the first sync,
      // and some of them did move since (so the refresh, not the first read, put them there).
      const { client } = clientFor(demoOperator);
      // The 60 newest (the query's order): the statuses of recent invoices are still moving.
      const sample = [...before.keys()].slice(0, 60);
      const current = await client.searchInvoices({
        q: sample.map((id) => `invoice.invoiceId:"${id}"`).join(' OR '),
        expand: ['lastStatusData'],
        limit: 60,
      });
      let moved = 0;
      for (const item of current.data) {
        const id = item.metadata.invoiceId;
        const code = item.lastStatusData?.code ?? null;
        const row = archiveSql(archive.path, (db) =>
          db.prepare('SELECT lifecycle_code FROM invoices WHERE invoice_id = ?').get(id),
        ) as { lifecycle_code: string | null };
        assert.equal(row.lifecycle_code, code, `status of ${id}`);
        if (before.get(id) !== code) moved += 1;
      }
      assert.ok(moved > 0, 'some of these statuses moved in three days');
    } finally {
      archive.close();
    }
  });
});
