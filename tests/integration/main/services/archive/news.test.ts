// Nouveautés (issue 19, item 3) over real HTTP to two demo operators (two client companies)
// and real archive files, through the app's own services and handlers: a first round is the
// baseline (nothing recorded, nothing told); as the operators' clocks move, invoices arrive and
// statuses move on, each round records what it found and tells 'news:found' once per connection
// that found something; a rejection (213) of an invoice first archived without it is recorded
// once, whatever the syncs that read it again; news:list shows it until news:markRead.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Events, Result } from '#shared/contract.ts';
import type { NewsList } from '#shared/news.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { runningClock } from '#main/services/clock.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { createDispatcher, createHandlers } from '#main/handlers/index.ts';
import { fakeKeytar, silentLog } from '#support/fakes.ts';

const HOUR = 3_600_000;
// Where the clocks start, the operators' and the app's (issue 25): the same invoices and statuses
// on any day the test runs; the operators' clocks are then moved by the test.
const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENTS = [
  { name: 'Boulangerie Martin', seed: 7, company: 'BOULANGERIE MARTIN SARL' },
  { name: 'Dupuis Transports', seed: 21, company: 'DUPUIS TRANSPORTS SAS' },
];

let demo: RunningDemoOperator;
const operators: RunningDemoOperator[] = [];
let dataDir: string;
let s: Services;
let call: (channel: string, args?: unknown) => Promise<unknown>;
const ids = new Map<string, string>();
const found: Events['news:found'][] = [];

before(async () => {
  demo = await startDemoOperator({ invoices: 10, seed: 3, now: NOW });
  for (const client of CLIENTS)
    operators.push(
      await startDemoOperator({
        seed: client.seed,
        company: client.company,
        invoices: 120,
        now: NOW,
        arrivalsPerMinute: 1,
      }),
    );
  dataDir = mkdtempSync(join(tmpdir(), 'news-'));
  s = createServices({
    dataDir,
    shell: 'browser',
    log: silentLog,
    clock: runningClock(NOW),
    loadKeytar: async () => fakeKeytar(),
    startDemo: async () => ({ ...demo, close: async () => {} }),
  });
  const dispatch = createDispatcher(createHandlers(s, { probeIntervalMs: 0 }), { log: silentLog });
  call = async (channel, args) => {
    const r = (await dispatch(channel, args)) as Result<unknown>;
    if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`);
    return r.value;
  };
  for (const [i, client] of CLIENTS.entries()) {
    const operator = operators[i]!;
    const saved = (await call('connections:save', {
      name: client.name,
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: operator.clients.admin.clientId,
      clientSecret: operator.clients.admin.clientSecret,
      secretStorage: 'session',
      requestsPerMinute: 100_000,
    })) as { id: string };
    ids.set(client.name, saved.id);
  }
  s.events.subscribe((event, payload) => {
    if (event === 'news:found') found.push(payload as Events['news:found']);
  });
});

after(async () => {
  await s?.close();
  await Promise.all([demo, ...operators].map((o) => o?.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function round(): Promise<Events['news:found'][]> {
  const before = found.length;
  const result = await s.syncRounds.run('all', { details: false });
  assert.equal(result.failed, 0, 'every connection synced');
  return found.slice(before);
}

function list(name: string): Promise<NewsList> {
  return call('news:list', { connectionId: ids.get(name) }) as Promise<NewsList>;
}

test('a round after the clocks moved records what it found and tells it once per connection; a rejection is recorded once', async () => {
  const baseline = await round();
  assert.deepEqual(baseline, [], 'the first fill is the baseline: nothing told');
  for (const client of CLIENTS) assert.equal((await list(client.name)).unread, 0);

  const martin = ids.get('Boulangerie Martin')!;
  // Invoices arrive (one a minute) and statuses move on as the clocks run; a rejection comes
  // within four hours of its deposit: an hour at a time until one reaches an invoice that the
  // archive held without it.
  let rejected: { invoiceId: string; number: string | null } | null = null;
  for (let hour = 1; hour <= 12 && !rejected; hour++) {
    for (const operator of operators) operator.advance(HOUR);
    const told = await round();
    assert.deepEqual(
      told.map((f) => f.connectionId).sort(),
      [...ids.values()].sort(),
      'one news:found per connection that found changes, none for the demo ones',
    );
    for (const f of told) {
      assert.equal(f.connectionName, CLIENTS.find((c) => ids.get(c.name) === f.connectionId)!.name);
      assert.ok(f.counts.new >= 1, 'the arrivals of the hour are new invoices');
    }
    const news = await list('Boulangerie Martin');
    const [newest] = news.groups;
    assert.ok(newest && newest.runId !== null, 'the round’s sync is the newest group');
    assert.deepEqual(
      newest.counts,
      told.find((f) => f.connectionId === martin)!.counts,
      'the notification counts what the list shows of that sync',
    );
    const older = new Set(news.groups.slice(1).flatMap((g) => g.invoices.map((i) => i.invoiceId)));
    const moved = newest.invoices.find((i) => i.kinds.includes('213') && older.has(i.invoiceId));
    if (moved) {
      assert.deepEqual(moved.kinds, ['213'], 'a status change, not a new invoice');
      rejected = { invoiceId: moved.invoiceId, number: moved.number };
    }
  }
  assert.ok(rejected, 'a rejection came to an invoice already archived');

  // Read again by the next syncs: recorded once.
  await round();
  const news = await list('Boulangerie Martin');
  const rejections = news.groups.flatMap((g) =>
    g.invoices.filter((i) => i.invoiceId === rejected!.invoiceId && i.kinds.includes('213')),
  );
  assert.equal(rejections.length, 1, 'the 213 recorded once');

  // Marked read (its group), it leaves the list; the other connection's list is untouched.
  const other = (await list('Dupuis Transports')).unread;
  const group = news.groups.find((g) =>
    g.invoices.some((i) => i.invoiceId === rejected!.invoiceId && i.kinds.includes('213')),
  )!;
  const after = (await call('news:markRead', {
    connectionId: martin,
    ids: group.invoices.flatMap((i) => i.ids),
  })) as NewsList;
  assert.ok(!after.groups.some((g) => g.key === group.key));
  assert.equal(after.unread, news.unread - group.invoices.flatMap((i) => i.ids).length);
  assert.equal((await list('Dupuis Transports')).unread, other);
  const all = (await call('news:markRead', {
    connectionId: martin,
    upToId: after.newestId,
  })) as NewsList;
  assert.equal(all.unread, 0);
  assert.deepEqual(all.groups, []);
});

test('news:list of a connection never synced is empty and creates no archive; of an unknown one, not_found', async () => {
  const dispatch = createDispatcher(createHandlers(s), { log: silentLog });
  const { id } = (await call('connections:save', {
    name: 'Jamais synchronisée',
    baseUrl: demo.baseUrl,
    tokenUrl: demo.tokenUrl,
    clientId: demo.clients.admin.clientId,
    clientSecret: demo.clients.admin.clientSecret,
    secretStorage: 'session',
  })) as { id: string };
  const empty = (await dispatch('news:list', { connectionId: id })) as Result<NewsList>;
  assert.deepEqual(empty, {
    ok: true,
    value: { connectionId: id, unread: 0, shown: 0, newestId: null, groups: [] },
  });
  assert.equal(existsSync(join(dataDir, 'archive', `${id}.sqlite`)), false);
  const unknown = (await dispatch('news:list', { connectionId: 'nobody' })) as Result<NewsList>;
  assert.equal(unknown.ok, false);
  if (!unknown.ok) assert.equal(unknown.error.kind, 'not_found');
});

test('news:markRead refuses what is not a list of change ids', async () => {
  const dispatch = createDispatcher(createHandlers(s), { log: silentLog });
  const connectionId = ids.get('Boulangerie Martin');
  for (const args of [
    { connectionId, ids: [] },
    { connectionId, ids: ['1'] },
    { connectionId, upToId: 0 },
    { connectionId, ids: [1], upToId: 2 },
  ]) {
    const r = (await dispatch('news:markRead', args)) as Result<unknown>;
    assert.equal(r.ok, false, JSON.stringify(args));
    if (!r.ok) assert.equal(r.error.kind, 'invalid_input');
  }
});
