// The running sync (sync.ts) writes through the SyncWrites port, so the same sync fills the
// firm's archive on PostgreSQL: the demo operator over real HTTP, synced at once into a SQLite
// archive and into the firm's store (the same operator, the same clock), then synced again
// (each partition read through before stops at its first known page: the store decides that
// with the page's write). Both stores hold the same invoices with the same states, lifecycles
// and details, say the same coverage, and both syncs asked the operator the same requests.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PartitionCoverage } from '#shared/archive.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { runSync } from '#main/services/archive/sync.ts';
import type { ArchiveReads, SyncWrites } from '#main/services/archive/ports.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { recordedClient } from '#support/sync-requests.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');

/** Coverage without its finishing times (each sync's own clock reading). */
const shape = (coverage: PartitionCoverage[]) => coverage.map(({ finishedAt: _at, ...c }) => c);

/** The archive's invoices as id, state, lifecycle and whether the detail is kept, by id. */
async function checksum(archive: ArchiveReads): Promise<{ n: number; sha: string }> {
  const lines: string[] = [];
  for await (const batch of archive.invoiceBatches())
    for (const row of batch)
      lines.push(
        [
          row.invoiceId,
          row.direction,
          row.state,
          row.lifecycleCode,
          row.lifecycleDate,
          row.detailFetchedAt !== null,
        ].join('|'),
      );
  lines.sort();
  return { n: lines.length, sha: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

describe(
  'the same sync into SQLite and PostgreSQL',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let operator: RunningDemoOperator;
    let fresh: Awaited<ReturnType<typeof freshSchema>>;
    const dir = mkdtempSync(join(tmpdir(), 'postgres-sync-'));
    before(async () => {
      operator = await startDemoOperator({ seed: 8, invoices: 600, now: NOW });
      fresh = await freshSchema('sync');
    });
    after(async () => {
      await operator.close();
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    test('same invoices, statuses, details, coverage and requests from either store', async () => {
      const store = openArchive(dir, 'demo');
      const sqlite = new SqliteArchive(store);
      const firm = new PostgresArchives(fresh.pool, fresh.schema);
      const postgres = await firm.ports.syncWrites('demo');
      const postgresReads = (await firm.ports.existing('demo'))!;
      const syncBoth = async () => {
        const sync = (archive: SyncWrites) => {
          const { client, recorder } = recordedClient(operator);
          const now = () => operator.now();
          return runSync({ client, archive, requestsPerMinute: 600_000, concurrency: 4, now }).then(
            (summary) => ({ summary, requests: [...recorder.requests].sort() }),
          );
        };
        return Promise.all([sync(sqlite), sync(postgres)]);
      };
      try {
        const [lite, firmSync] = await syncBoth();
        assert.equal(lite.summary.cancelled, false);
        assert.ok(lite.summary.invoicesNew > 0);
        assert.equal(firmSync.summary.invoicesNew, lite.summary.invoicesNew);
        assert.equal(firmSync.summary.detailsFetched, lite.summary.detailsFetched);
        assert.deepEqual(firmSync.requests, lite.requests, 'the same requests asked');
        assert.deepEqual(await postgresReads.counts(), await sqlite.counts());
        assert.deepEqual(await checksum(postgresReads), await checksum(sqlite));
        assert.deepEqual(shape(firmSync.summary.coverage), shape(lite.summary.coverage));
        assert.deepEqual(shape(await postgresReads.coverage()), shape(await sqlite.coverage()));

        // Again: every partition read through, each stops at its first page of known invoices.
        const [liteAgain, firmAgain] = await syncBoth();
        assert.equal(liteAgain.summary.invoicesNew, 0);
        assert.equal(firmAgain.summary.invoicesNew, 0);
        assert.ok(liteAgain.requests.length < lite.requests.length, 'only the heads read again');
        assert.deepEqual(firmAgain.requests, liteAgain.requests, 'the same early stops');
        assert.deepEqual(await checksum(postgresReads), await checksum(sqlite));
        assert.equal(await postgresReads.hasUnfinishedSync(), false);
      } finally {
        store.close();
      }
    });
  },
);
