// The firm's sync owner keeps one page asked at a time (issue 30, item 3: a takeover reads at
// most one page again), yet asks the next page while the previous one is written: each answer
// is kept first in one quick insert (SyncWrites.stagePage, sync_pages), and a killed owner's
// kept pages are written by the next beginRun before anything is asked. On a real server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';
import { runSync, type SyncOperator } from '#main/services/archive/sync.ts';
import type { ListPage, SyncWrites } from '#main/services/archive/ports.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { recordedClient } from '#support/sync-requests.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');

describe('the sync owner’s kept pages', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let operator: RunningDemoOperator;
  let fresh: Awaited<ReturnType<typeof freshSchema>>;
  before(async () => {
    operator = await startDemoOperator({
      seed: 12,
      invoices: 900,
      now: NOW,
      faults: { latencyMs: 20 },
    });
    fresh = await freshSchema('staged');
  });
  after(async () => {
    await operator.close();
    await fresh.drop();
  });

  const keptPages = async (connectionId: string): Promise<number> =>
    (
      await fresh.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sync_pages WHERE connection_id = $1',
        [connectionId],
      )
    ).rows[0]!.n;

  test('a page kept and not written (the owner killed): the next beginRun writes it', async () => {
    const archives = new PostgresArchives(fresh.pool, fresh.schema);
    const owner = await archives.ports.syncWrites('killed-owner');
    const { runId } = await owner.beginRun('2026-03-15T09:00:00.000Z', true);
    const partition = (await owner.partitions())[0]!;
    const dataset = createDataset(3, 300, { startMs: NOW.getTime() });
    const items = dataset.records.map((r) => ({
      metadata: {
        invoiceId: r.invoiceId,
        state: r.state,
        direction: r.direction,
        createDate: r.createDate,
      },
      businessData: searchBusinessData(dataset.invoice(r)),
    }));
    const fetchedAt = '2026-03-15T09:00:00.000Z';
    await owner.commitListPage({
      runId,
      items: items.slice(0, 200),
      fetchedAt,
      checkpoint: { partition, operatorCount: 300, oldest: null, nextOffset: 200 },
    });
    // The last page answered and kept; the owner dies before writing it.
    const last: ListPage = {
      runId,
      items: items.slice(200),
      fetchedAt,
      checkpoint: {
        partition,
        operatorCount: 300,
        oldest: null,
        finished: { complete: true, finishedAt: fetchedAt },
      },
    };
    await owner.stagePage!({ kind: 'list', page: last });
    const existing = (await archives.ports.existing('killed-owner'))!;
    assert.equal((await existing.counts()).invoices, 200, 'kept is not written');

    // The next owner (another workstation's port) goes on with the run.
    const next = await new PostgresArchives(fresh.pool, fresh.schema).ports.syncWrites(
      'killed-owner',
    );
    const begun = await next.beginRun('2026-03-15T09:05:00.000Z', true);
    assert.deepEqual(begun, { runId, resumed: true });
    assert.equal((await existing.counts()).invoices, 300, 'the kept page written');
    const after = (await next.partitions()).find(
      (p) => p.direction === partition.direction && p.state === partition.state,
    )!;
    assert.equal(after.finishedRunId, runId, 'its partition read through: nothing to ask again');
    assert.equal(after.complete, true);
    assert.equal(await keptPages('killed-owner'), 0);
  });

  test('a kept page that cannot be written is dropped, to be asked again: the run goes on', async () => {
    const archives = new PostgresArchives(fresh.pool, fresh.schema);
    const owner = await archives.ports.syncWrites('bad-page');
    const { runId } = await owner.beginRun('2026-03-15T09:00:00.000Z', true);
    const partition = (await owner.partitions())[0]!;
    const fetchedAt = '2026-03-15T09:00:00.000Z';
    const broken = { metadata: { invoiceId: null } } as unknown as ListPage['items'][number];
    await owner.stagePage!({
      kind: 'list',
      page: {
        runId,
        items: [broken],
        fetchedAt,
        checkpoint: { partition, operatorCount: 400, oldest: null, nextOffset: 200 },
      },
    });
    const begun = await owner.beginRun('2026-03-15T09:05:00.000Z', true);
    assert.deepEqual(begun, { runId, resumed: true });
    assert.equal(await keptPages('bad-page'), 0);
    const after = (await owner.partitions()).find(
      (p) => p.direction === partition.direction && p.state === partition.state,
    )!;
    assert.equal(after.nextOffset, null, 'its partition starts again where it was');
  });

  test('one list or status page asked at a time, the next asked while the previous one is written', async () => {
    const archives = new PostgresArchives(fresh.pool, fresh.schema);
    const store = await archives.ports.syncWrites('owner');
    const events: string[] = [];
    let asked = 0; // list or status pages asked and not yet kept (or written)
    let mostAsked = 0;
    let writing = 0; // list or status pages being written
    let askedWhileWriting = 0;
    // A slow write (a loaded server): without the kept page, every next request waits for it.
    const slowly = new Proxy(store, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        const call = (...args: unknown[]) =>
          (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (key === 'stagePage')
          return async (...args: unknown[]) => {
            const id = await call(...args);
            asked--;
            return id;
          };
        if (key === 'commitListPage' || key === 'commitStatusPage')
          return async (...args: unknown[]) => {
            if ((args[0] as ListPage).staged === undefined) asked--;
            writing++;
            events.push('write');
            try {
              await new Promise((resolve) => setTimeout(resolve, 60));
              return await call(...args);
            } finally {
              writing--;
            }
          };
        return call;
      },
    }) as SyncWrites;
    const { client } = recordedClient(operator);
    const counting: SyncOperator = {
      searchInvoices: (params, signal, pacer) => {
        asked++;
        mostAsked = Math.max(mostAsked, asked);
        if (writing > 0) askedWhileWriting++;
        events.push('ask');
        return client.searchInvoices(params, signal, pacer);
      },
      getInvoice: (id, signal, pacer) => client.getInvoice(id, signal, pacer),
    };
    const sync = () =>
      runSync({
        client: counting,
        archive: slowly,
        requestsPerMinute: 60_000,
        details: false,
        pagesInFlight: 1,
        now: () => NOW,
      });
    const summary = await sync();
    assert.equal(summary.cancelled, false);
    assert.equal(mostAsked, 1, 'at most one page asked and not kept: all a takeover reads again');
    assert.ok(
      askedWhileWriting >= 3,
      `the next page asked while the previous one is written (${askedWhileWriting} times): ${events.join(' ')}`,
    );
    const existing = (await archives.ports.existing('owner'))!;
    assert.equal((await existing.counts()).invoices, summary.invoicesSeen);
    assert.equal(summary.invoicesSeen, 900);
    assert.ok((await existing.coverage()).every((p) => p.finished));
    assert.equal(await keptPages('owner'), 0, 'every kept page written');

    // The next sync: each partition stops at its first known page (written before the next
    // is asked: the page decides), then the statuses, kept and written behind.
    askedWhileWriting = 0;
    events.length = 0;
    const again = await sync();
    const batches = Math.ceil(again.statusChecked / 66);
    assert.ok(batches >= 3, `${again.statusChecked} statuses`);
    assert.equal(mostAsked, 1);
    assert.ok(
      askedWhileWriting >= batches - 1,
      `${askedWhileWriting} of ${batches} status pages asked while the previous one is written: ${events.join(' ')}`,
    );
    assert.equal(await keptPages('owner'), 0);
  });
});
