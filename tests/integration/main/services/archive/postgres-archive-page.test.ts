// The archive screen's page on PostgreSQL (issue 30, its speed): the unfiltered total is the
// count the triggers keep (migration 005), right after a sync's pages, a second connection and
// an archive removed; and a page is the same whichever way it is read (walked in the sort's
// order over many matches, sorted from the matches over few: page-plan.ts), page after page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import type { ArchivePort } from '#main/services/archive/ports.ts';
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { searchItem, syncDataset } from './contract/archive-contract.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');

describe('the archive page on PostgreSQL', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let fresh: Awaited<ReturnType<typeof freshSchema>>;
  let firm: PostgresArchives;
  let archive: ArchivePort;
  const dataset = createDataset(12, 600, { startMs: NOW.getTime() });

  before(async () => {
    fresh = await freshSchema('page');
    firm = new PostgresArchives(fresh.pool, fresh.schema);
    await syncDataset(await firm.ports.syncWrites('page-a'), dataset);
    archive = (await firm.ports.existing('page-a'))!;
  });
  after(() => fresh.drop());

  const counted = async (connectionId: string): Promise<number> => {
    const { rows } = await fresh.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invoices WHERE connection_id = $1',
      [connectionId],
    );
    return rows[0]!.n;
  };

  test('the unfiltered total follows the sync, per connection, and goes with its archive', async () => {
    assert.equal(await counted('page-a'), 600);
    assert.equal((await archive.queryInvoices({ limit: 1 })).total, 600);

    const other = createDataset(13, 250, { startMs: NOW.getTime() });
    await syncDataset(await firm.ports.syncWrites('page-b'), other);
    const b = (await firm.ports.existing('page-b'))!;
    assert.equal((await b.queryInvoices({ limit: 1 })).total, 250);
    assert.equal((await archive.queryInvoices({ limit: 1 })).total, 600, 'page-a unchanged');

    // A page written again adds nothing (its rows are updated, not inserted).
    const sync = await firm.ports.syncWrites('page-b');
    const { runId } = await sync.beginRun(NOW.toISOString(), false);
    const [partition] = await sync.partitions();
    const again = await sync.commitListPage({
      runId,
      items: other.records.slice(0, 50).map((r) => searchItem(other, r)),
      fetchedAt: NOW.toISOString(),
      checkpoint: { partition: partition!, operatorCount: 250, oldest: null, nextOffset: 50 },
    });
    assert.equal(again.added, 0);
    assert.equal((await b.queryInvoices({ limit: 1 })).total, 250);
    assert.equal(await counted('page-b'), 250);

    await firm.remove('page-b');
    const { rows } = await fresh.pool.query('SELECT 1 FROM archives WHERE connection_id = $1', [
      'page-b',
    ]);
    assert.equal(rows.length, 0);
    assert.equal((await archive.queryInvoices({ limit: 1 })).total, 600);
  });

  test('a page is the same walked or sorted from the matches, page after page', async () => {
    const cases: [ArchiveFilter, ArchiveSort][] = [
      [{}, { key: 'ttcCents', descending: true }],
      [{ direction: 'INBOUND' }, { key: 'createDate', descending: true }],
      [{ kind: 'credit_note' }, { key: 'ttcCents', descending: true }],
      [{ ttcMinCents: 100_000 }, { key: 'counterpartyName' }],
      [{ invoiceDateFrom: '2025-06-01' }, { key: 'dueDate' }],
      [{ detailFetched: true }, { key: 'invoiceDate' }],
    ];
    // Words searched (a GIN index: counted and paged in one statement), a name by a name.
    const named = (await archive.queryInvoices({ limit: 1, sort: { key: 'counterpartyName' } }))
      .rows[0]!;
    const word = named.counterpartyName!.split(/\s+/)[0]!;
    cases.push(
      [{ counterparty: word }, { key: 'counterpartyName' }],
      [{ text: word }, { key: 'createDate', descending: true }],
    );
    for (const [filter, sort] of cases) {
      // One page of every match: sorted from the matches (fewer than the page can hold).
      const whole = await archive.queryInvoices({ filter, sort, limit: 1_000 });
      assert.ok(whole.total > 0, JSON.stringify(filter));
      // Pages of 7: over √(7 × 600) ≈ 65 matches they are walked in the sort's order.
      const paged: string[] = [];
      for (let offset = 0; offset < whole.total; offset += 7) {
        const page = await archive.queryInvoices({ filter, sort, offset, limit: 7 });
        assert.equal(page.total, whole.total, `${JSON.stringify(filter)} at ${offset}`);
        paged.push(...page.rows.map((r) => r.invoiceId));
      }
      assert.deepEqual(
        paged,
        whole.rows.map((r) => r.invoiceId),
        `${JSON.stringify(filter)} by ${sort.key}`,
      );
      // Past the last page: no row, the same total.
      const past = await archive.queryInvoices({ filter, sort, offset: whole.total, limit: 7 });
      assert.deepEqual([past.rows.length, past.total], [0, whole.total]);
    }
    const none = await archive.queryInvoices({ filter: { counterparty: 'Zzyzxq' }, limit: 7 });
    assert.deepEqual([none.rows.length, none.total], [0, 0]);
  });
});
