// The handlers with the archive: write-through, offline reading, working offline and the sync,
// against a demo operator this test starts, stops and restarts (real HTTP on 127.0.0.1), through
// a custom connection, into real SQLite files.
import { randomUUID } from 'node:crypto';
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isArchivedListData,
  type ArchiveSearchResult,
  type ArchiveStatus,
  type ArchiveTotals,
  type SyncSummary,
} from '#shared/archive.ts';
import type { ConnectionSummary, EventName, Events, Settings, Sourced } from '#shared/contract.ts';
import type {
  DirectorySearchResponse,
  Invoice,
  InvoiceSearchResponse,
  Participant,
  Webhook,
} from '#shared/operator/schemas.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import type { Dispatch } from '#main/handlers/index.ts';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import type { Services } from '#main/services/index.ts';
import { failure, handlersOver, value } from '#support/archived-handlers.ts';

const NOW = Date.parse('2026-03-15T12:00:00Z');

/** Requests the demo operator logged (one JSON line each), token requests included. */
function logged(file: string): { path: string; status: number }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { path: string; status: number });
}

interface Harness {
  dir: string;
  logFile: string;
  services: Services;
  dispatch: Dispatch;
  events: { event: EventName; payload: unknown }[];
  operator: RunningDemoOperator;
  port: number;
  connection: ConnectionSummary;
  /** The next event of this name (with its payload matching `accept`, if given). */
  next<E extends EventName>(event: E, accept?: (payload: Events[E]) => boolean): Promise<Events[E]>;
  /** The operator back on the same port (stop it first with operator.close()). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function harness(
  options: { invoices?: number; requestsPerMinute?: number } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'archive-handlers-'));
  const logFile = join(dir, 'operator.log');
  const start = (port = 0) =>
    startDemoOperator({ seed: 7, invoices: options.invoices ?? 300, now: NOW, log: logFile, port });
  let operator = await start();
  const port = Number(new URL(operator.baseUrl).port);
  const { services, dispatch } = handlersOver(join(dir, 'data'), {
    env: {},
    probeIntervalMs: 100,
    chooseExportPath: async (fileName) => join(dir, fileName),
  });
  const events: Harness['events'] = [];
  const waiters: {
    event: EventName;
    accept: (p: unknown) => boolean;
    resolve: (p: unknown) => void;
  }[] = [];
  services.events.subscribe((event, payload) => {
    events.push({ event, payload });
    for (const waiter of [...waiters]) {
      if (waiter.event === event && waiter.accept(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  const connection = value<ConnectionSummary>(
    await dispatch('connections:save', {
      name: 'Opérateur du test',
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: operator.clients.admin.clientId,
      clientSecret: operator.clients.admin.clientSecret,
      secretStorage: 'session',
      ...(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {}),
    }),
  );
  value(await dispatch('settings:update', { activeConnectionId: connection.id }));
  const h: Harness = {
    dir,
    logFile,
    services,
    dispatch,
    events,
    get operator() {
      return operator;
    },
    port,
    connection,
    next: (event, accept) =>
      new Promise((resolve) =>
        waiters.push({
          event,
          accept: (accept ?? (() => true)) as (p: unknown) => boolean,
          resolve: resolve as (p: unknown) => void,
        }),
      ),
    async restart() {
      operator = await start(port);
    },
    async close() {
      await services.close();
      await operator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}

describe('offline: the archive answers what was fetched, and says what was not', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('live answers are written through, then served from the archive once the operator stops', async () => {
    const search = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', { offset: 0, limit: 20 }),
    );
    assert.equal(search.source, 'live');
    const [opened, listedOnly] = search.data.data;
    assert.ok(opened && listedOnly);
    const detail = value<Sourced<Invoice>>(
      await h.dispatch('invoices:get', { invoiceId: opened.metadata.invoiceId }),
    );
    assert.equal(detail.source, 'live');
    const directory = value<Sourced<DirectorySearchResponse>>(
      await h.dispatch('directory:search', { q: 'name:"BOUL*"', limit: 10 }),
    );
    const participants = value<Sourced<Participant[]>>(
      await h.dispatch('participants:search', { value: 'BOULANGERIE' }),
    );
    const webhooks = value<Sourced<Webhook[]>>(await h.dispatch('webhooks:list', undefined));
    assert.equal(directory.source, 'live');

    const offline = h.next('connectivity:changed', (p) => !p.online);
    await h.operator.close();

    const again = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', { offset: 0, limit: 20 }),
    );
    assert.deepEqual(
      { source: again.source, fetchedAt: again.fetchedAt, data: again.data },
      { source: 'archive', fetchedAt: search.fetchedAt, data: search.data },
    );
    await offline; // the renderer heard it

    const cachedDetail = value<Sourced<Invoice>>(
      await h.dispatch('invoices:get', { invoiceId: opened.metadata.invoiceId }),
    );
    assert.equal(cachedDetail.source, 'archive');
    assert.equal(cachedDetail.fetchedAt, detail.fetchedAt);
    assert.deepEqual(cachedDetail.data, detail.data);

    for (const [channel, args, live] of [
      ['directory:search', { q: 'name:"BOUL*"', limit: 10 }, directory],
      ['participants:search', { value: 'BOULANGERIE' }, participants],
      ['webhooks:list', undefined, webhooks],
    ] as const) {
      const cached = value<Sourced<unknown>>(await h.dispatch(channel, args));
      assert.deepEqual(cached, { ...live, source: 'archive' }, channel);
    }
  });

  test('an invoice only listed says so and carries its list data', async () => {
    const page = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', { offset: 0, limit: 20 }),
    );
    const listedOnly = page.data.data[1]!;
    const error = failure(
      await h.dispatch('invoices:get', { invoiceId: listedOnly.metadata.invoiceId }),
    );
    assert.equal(error.kind, 'offline');
    assert.equal(error.reason, 'not_archived');
    const details = error.details;
    assert.ok(isArchivedListData(details));
    assert.equal(details.fetchedAt, page.fetchedAt);
    assert.deepEqual(details.searchItem, listedOnly);
  });

  test('a query never run online has no saved answer', async () => {
    for (const [channel, args] of [
      ['invoices:search', { offset: 0, limit: 50 }],
      ['invoices:search', { q: 'invoice.state:"DELIVERED"', offset: 0, limit: 20 }],
      ['directory:search', { q: 'name:"PLOMB*"' }],
      ['invoices:get', { invoiceId: '00000000-0000-4000-8000-000000000001' }],
    ] as const) {
      const error = failure(await h.dispatch(channel, args));
      assert.equal(error.kind, 'offline', channel);
      assert.equal(error.reason, 'not_archived', channel);
      assert.equal(error.details, undefined);
    }
  });

  test('the operator back on its port is seen without any call from the user', async () => {
    const back = h.next('connectivity:changed', (p) => p.online);
    await h.restart();
    await back;
    const search = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', { offset: 0, limit: 20 }),
    );
    assert.equal(search.source, 'live');
  });
});

describe('an export from the operator that cannot reach it', () => {
  test('fails, leaves no file and raises the offline banner as a search would', async () => {
    const h = await harness();
    try {
      await h.operator.close();
      const error = failure(
        await h.dispatch('export:start', {
          exportId: randomUUID(),
          target: { kind: 'invoices', source: 'live' },
        }),
      );
      assert.equal(error.kind, 'offline', JSON.stringify(error));
      // Told before the failure came back, as a search's failure is.
      assert.deepEqual(
        h.events.filter((e) => e.event === 'connectivity:changed').map((e) => e.payload),
        [{ online: false }],
      );
      assert.deepEqual(
        readdirSync(h.dir).filter((f) => f.endsWith('.xlsx')),
        [],
      );
      // Back, and seen so (the check on a timer stops), before close() stops it.
      const back = h.next('connectivity:changed', (p) => p.online);
      await h.restart();
      await back;
    } finally {
      await h.close();
    }
  });
});

describe('switching connection while offline tells the truth about the new one', () => {
  let h: Harness;
  let other: RunningDemoOperator;
  let otherConnection: ConnectionSummary;
  const firstPage = { offset: 0, limit: 20 } as const;
  before(async () => {
    h = await harness();
    other = await startDemoOperator({ seed: 8, invoices: 50, now: NOW });
    otherConnection = value<ConnectionSummary>(
      await h.dispatch('connections:save', {
        name: 'Autre opérateur',
        baseUrl: other.baseUrl,
        tokenUrl: other.tokenUrl,
        clientId: other.clients.admin.clientId,
        clientSecret: other.clients.admin.clientSecret,
        secretStorage: 'session',
      }),
    );
  });
  after(async () => {
    // Back online, so that the reachability probe stops.
    const back = h.next('connectivity:changed', (p) => p.online);
    await h.restart();
    await back;
    await h.close();
    await other.close();
  });

  test(
    'to a connection that answers: online, without waiting for a call',
    { timeout: 30_000 },
    async () => {
      value(await h.dispatch('invoices:search', firstPage)); // saved for the next test
      const offline = h.next('connectivity:changed', (p) => !p.online);
      await h.operator.close();
      value(await h.dispatch('invoices:search', firstPage));
      await offline;

      const online = h.next('connectivity:changed', (p) => p.online);
      value(await h.dispatch('settings:update', { activeConnectionId: otherConnection.id }));
      await online; // the banner goes: this connection answers
      const search = value<Sourced<InvoiceSearchResponse>>(
        await h.dispatch('invoices:search', firstPage),
      );
      assert.equal(search.source, 'live');
    },
  );

  test(
    'to a connection that does not answer either: never "online" in between',
    { timeout: 30_000 },
    async () => {
      const offline = h.next('connectivity:changed', (p) => !p.online);
      await other.close();
      failure(
        await h.dispatch('invoices:search', { q: 'invoice.direction:"INBOUND"', ...firstPage }),
      );
      await offline;

      const since = h.events.length;
      value(await h.dispatch('settings:update', { activeConnectionId: h.connection.id }));
      // Its operator is stopped too: its saved answer, and the renderer was never told "online".
      const cached = value<Sourced<InvoiceSearchResponse>>(
        await h.dispatch('invoices:search', firstPage),
      );
      assert.equal(cached.source, 'archive');
      assert.deepEqual(
        h.events.slice(since).filter((e) => e.event === 'connectivity:changed'),
        [],
      );
    },
  );
});

describe('working offline sends nothing', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('answers from the archive, refuses what needs the operator, and the log shows no request', async () => {
    const live = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', {
        q: 'invoice.direction:"INBOUND"',
        offset: 0,
        limit: 10,
      }),
    );
    const settings = value<Settings>(await h.dispatch('settings:update', { workOffline: true }));
    assert.equal(settings.workOffline, true);
    const before = logged(h.logFile).length;
    assert.ok(before > 0, 'the live search was logged');

    const cached = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', {
        q: 'invoice.direction:"INBOUND"',
        offset: 0,
        limit: 10,
      }),
    );
    assert.equal(cached.source, 'archive');
    assert.equal(cached.fetchedAt, live.fetchedAt);
    const never = failure(await h.dispatch('invoices:search', { offset: 0, limit: 10 }));
    assert.deepEqual([never.kind, never.reason], ['offline', 'not_archived']);
    for (const [channel, args] of [
      ['sync:start', {}],
      ['webhooks:create', { label: 'Pas envoyé' }],
      ['connections:test', { id: h.connection.id }],
    ] as const) {
      const error = failure(await h.dispatch(channel, args));
      assert.deepEqual([error.kind, error.reason], ['offline', 'work_offline'], channel);
    }
    const archived = value<Sourced<ArchiveSearchResult>>(
      await h.dispatch('archive:search', { offset: 0, limit: 50 }),
    );
    assert.equal(archived.source, 'archive');
    assert.equal(archived.data.total, live.data.data.length);

    assert.equal(logged(h.logFile).length, before, 'no request reached the operator');
    value(await h.dispatch('settings:update', { workOffline: false }));
  });
});

describe('sync through the handlers', () => {
  let h: Harness;
  before(async () => {
    // A slow budget, so that the sync is still running when the test acts on it.
    h = await harness({ invoices: 400, requestsPerMinute: 600 });
  });
  after(() => h.close());

  test('one sync per connection, progress events, cancel, then a full sync and the archive screen', async () => {
    const firstProgress = h.next('sync:progress', (p) => p.requests >= 3);
    const running = h.dispatch('sync:start', {});
    const progress = await firstProgress;
    assert.equal(progress.connectionId, h.connection.id);

    const status = value<ArchiveStatus>(
      await h.dispatch('archive:status', { connectionId: h.connection.id }),
    );
    assert.equal(status.syncing, true);
    const second = failure(await h.dispatch('sync:start', {}));
    assert.equal(second.kind, 'conflict');

    value(await h.dispatch('sync:cancel', undefined));
    const cancelled = value<SyncSummary>(await running);
    assert.equal(cancelled.cancelled, true);
    assert.ok(cancelled.requests >= 3);
    const afterCancel = value<ArchiveStatus>(
      await h.dispatch('archive:status', { connectionId: h.connection.id }),
    );
    assert.equal(afterCancel.syncing, false);
    assert.equal(afterCancel.lastSyncAt, null, 'a cancelled sync is not a finished one');

    // The budget raised while nothing runs; the next sync resumes and finishes.
    value(
      await h.dispatch('connections:save', {
        id: h.connection.id,
        name: h.connection.name,
        baseUrl: h.connection.baseUrl,
        tokenUrl: h.connection.tokenUrl,
        clientId: h.connection.clientId,
        requestsPerMinute: 100_000,
      }),
    );
    const seen: Events['sync:progress'][] = [];
    const unsubscribe = h.services.events.subscribe((event, payload) => {
      if (event === 'sync:progress') seen.push(payload as Events['sync:progress']);
    });
    const summary = value<SyncSummary>(await h.dispatch('sync:start', { details: true }));
    unsubscribe();
    assert.equal(summary.cancelled, false);
    assert.equal(summary.resumed, true);
    assert.equal(summary.phase, 'done');
    assert.equal(summary.detailsRemaining, 0);
    assert.ok(seen.length > 0);
    assert.equal(seen.at(-1)!.phase, 'done', 'the last event tells where the sync stopped');
    assert.ok(seen.every((p) => p.connectionId === h.connection.id));
    for (let i = 1; i < seen.length; i++)
      assert.ok(seen[i]!.requests >= seen[i - 1]!.requests, 'requests never go back');

    const done = value<ArchiveStatus>(
      await h.dispatch('archive:status', { connectionId: h.connection.id }),
    );
    assert.equal(done.invoices, 400);
    assert.equal(done.details, 400);
    assert.ok(done.lastSyncAt && done.lastSavedAt);
    assert.ok(done.sizeBytes > 0);
    assert.ok(done.coverage.every((p) => p.finished && p.complete));

    // The archive screen: filters the operator does not have, sorted and paged in SQL.
    const inbound = value<Sourced<ArchiveSearchResult>>(
      await h.dispatch('archive:search', {
        filter: { direction: 'INBOUND', invoiceDateFrom: '2025-01-01' },
        sort: { key: 'ttcCents', descending: true },
        offset: 0,
        limit: 25,
      }),
    );
    assert.equal(inbound.source, 'archive');
    assert.equal(inbound.fetchedAt, done.lastSyncAt);
    assert.ok(inbound.data.total > 0 && inbound.data.rows.length <= 25);
    assert.ok(inbound.data.rows.every((r) => r.direction === 'INBOUND'));
    assert.ok(inbound.data.rows.every((r) => (r.invoiceDate ?? '') >= '2025-01-01'));
    const amounts = inbound.data.rows.map((r) => r.ttcCents ?? 0);
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => b - a),
    );
    const bad = failure(
      await h.dispatch('archive:search', { sort: { key: 'DROP TABLE' }, offset: 0, limit: 5 }),
    );
    assert.equal(bad.kind, 'invalid_input');
    // The totals of the same filter count every matching row, not the page.
    const totals = value<ArchiveTotals>(
      await h.dispatch('archive:totals', {
        filter: { direction: 'INBOUND', invoiceDateFrom: '2025-01-01' },
      }),
    );
    assert.equal(totals.count, inbound.data.total);
    assert.equal(
      totals.currencies.reduce((n, c) => n + c.count, 0),
      inbound.data.total,
    );
    assert.equal(
      failure(await h.dispatch('archive:totals', { filter: { invoiceDateFrom: 'soon' } })).kind,
      'invalid_input',
    );

    value(await h.dispatch('archive:clear', { connectionId: h.connection.id }));
    const cleared = value<ArchiveStatus>(
      await h.dispatch('archive:status', { connectionId: h.connection.id }),
    );
    assert.equal(cleared.invoices, 0);
    assert.equal(cleared.lastSyncAt, null);
  });

  test('deleting the connection deletes its archive', async () => {
    value(await h.dispatch('invoices:search', { offset: 0, limit: 10 }));
    const file = archivePath(join(h.dir, 'data'), h.connection.id);
    assert.ok(existsSync(file));
    value(await h.dispatch('connections:delete', { id: h.connection.id }));
    assert.equal(existsSync(file), false);
    const status = failure(await h.dispatch('archive:status', { connectionId: h.connection.id }));
    assert.equal(status.kind, 'not_found');
  });
});

describe('a mistyped operator address', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('says the host was not found, not "offline, never answered online"', async () => {
    const mistyped = value<ConnectionSummary>(
      await h.dispatch('connections:save', {
        name: 'Adresse mal saisie',
        baseUrl: 'https://api.operateur-mal-saisi.invalid',
        tokenUrl: 'https://api.operateur-mal-saisi.invalid/oauth/token',
        clientId: h.operator.clients.admin.clientId,
        clientSecret: h.operator.clients.admin.clientSecret,
        secretStorage: 'session',
      }),
    );
    value(await h.dispatch('settings:update', { activeConnectionId: mistyped.id }));
    for (const [channel, args] of [
      ['invoices:search', { offset: 0, limit: 50 }],
      ['directory:search', { q: 'name:"PLOMB*"' }],
    ] as const) {
      const error = failure(await h.dispatch(channel, args));
      assert.equal(error.kind, 'offline', channel);
      assert.equal(error.reason, 'host_not_found', channel);
    }
    // The banner's news says why, too.
    assert.deepEqual(h.events.filter((e) => e.event === 'connectivity:changed').at(-1)?.payload, {
      online: false,
      reason: 'host_not_found',
    });
    // Working offline, the same search is the archive's to answer: never answered online.
    value(await h.dispatch('settings:update', { workOffline: true }));
    const offline = failure(await h.dispatch('invoices:search', { offset: 0, limit: 50 }));
    assert.equal(offline.reason, 'not_archived');
    value(await h.dispatch('settings:update', { workOffline: false }));
  });
});
