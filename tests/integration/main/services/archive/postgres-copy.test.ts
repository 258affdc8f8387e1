// Moving embedded SQLite archives into the firm's archive (issue 30, item 6): every table by
// COPY, counts and a digest of the invoices' JSON equal on both sides, the same answers read
// back from either store, a copy killed half-way leaving nothing of it (one transaction), and
// a second run giving the same result.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { copyArchive } from '#main/services/archive/postgres/copy-archive.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { syncDataset } from './contract/archive-contract.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const silent = { info() {}, warn() {}, error() {} };

describe(
  'an embedded archive copied into the firm archive',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let dataDir: string;
    let fresh: Awaited<ReturnType<typeof freshSchema>>;
    let firm: PostgresArchives;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'copy-'));
      fillDemoArchive(dataDir, 'big', { invoices: 3000, now: NOW, detailShare: 0.8 });
      const archives = new Archives({ dataDir, log: silent, now: () => NOW });
      await syncDataset(
        await archives.ports.syncWrites('synced'),
        createDataset(9, 400, { startMs: NOW.getTime() }),
      );
      await archives.close();
      fresh = await freshSchema('copy');
      firm = new PostgresArchives(fresh.pool, fresh.schema);
    });
    after(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await fresh.drop();
    });

    test('killed half-way, nothing of it is left; run again, everything is there', async () => {
      const watcher = new pg.Client({ connectionString: TEST_PG_URL! });
      await watcher.connect();
      // Its end is taken at once (a rejection met before the assertion below is no stray one).
      const copying = copyArchive(fresh.pool, dataDir, 'big').then(
        () => null,
        (error: unknown) => error,
      );
      let killed = false;
      for (let i = 0; i < 2000 && !killed; i++) {
        const { rows } = await watcher.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_progress_copy WHERE tuples_processed > 0`,
        );
        if (rows[0])
          killed =
            (await watcher.query('SELECT pg_terminate_backend($1)', [rows[0].pid])).rows.length > 0;
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await watcher.end();
      assert.ok(killed, 'the copy was caught half-way');
      assert.ok((await copying) instanceof Error, 'the copy failed with its session');
      assert.equal(await firm.ports.existing('big'), null, 'nothing of the copy is left');

      const result = (await copyArchive(fresh.pool, dataDir, 'big'))!;
      assert.deepEqual(result.to, result.from);
      assert.equal(result.to.invoices, 3000);
      assert.equal(result.to.details, result.rows['invoice_facts']);
    });

    test('counts and digests equal, and the same answers from both stores', async () => {
      const result = (await copyArchive(fresh.pool, dataDir, 'synced'))!;
      assert.deepEqual(result.to, result.from);
      assert.equal(result.to.invoices, 400);
      const again = (await copyArchive(fresh.pool, dataDir, 'synced'))!;
      assert.equal(await copyArchive(fresh.pool, dataDir, 'never-synced'), null);
      assert.deepEqual(again.to, result.to, 'a second run replaces, never doubles');

      const archives = new Archives({ dataDir, log: silent, now: () => NOW });
      try {
        for (const id of ['big', 'synced']) {
          const lite = (await archives.ports.existing(id))!;
          const copy = (await firm.ports.existing(id))!;
          const sort = { key: 'dueDate', descending: false } as const;
          for (const offset of [0, 150, 350])
            assert.deepEqual(
              await copy.queryInvoices({ sort, offset, limit: 50 }),
              await lite.queryInvoices({ sort, offset, limit: 50 }),
            );
          assert.deepEqual(await copy.totals(), await lite.totals());
          assert.deepEqual(await copy.coverage(), await lite.coverage());
          assert.equal(await copy.lastSyncAt(), await lite.lastSyncAt());
          assert.equal(await copy.hasUnfinishedSync(), await lite.hasUnfinishedSync());
          assert.deepEqual(
            await copy.portfolioFigures('2026-02-15'),
            await lite.portfolioFigures('2026-02-15'),
          );
          assert.equal(await copy.archiveVersion(), await lite.archiveVersion());
        }
        // A sync goes on in the firm's copy where it stood: the next run is new, after the copied.
        const sync = await firm.ports.syncWrites('synced');
        const { resumed } = await sync.beginRun('2026-03-16T00:00:00.000Z', false);
        assert.equal(resumed, false);
      } finally {
        await archives.close();
      }
    });
  },
);
