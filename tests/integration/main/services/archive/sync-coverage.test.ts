// What the sync tells of its coverage, against the demo operator over real HTTP into real SQLite
// files: partitions shown complete as they complete (not all at the end), and an operator that
// refuses the state/direction filter in q read as one list, newest first, with a coverage that
// says so.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { SyncProgress } from '#shared/archive.ts';
import frArchive from '#shared/i18n/fr/archive.ts';
import enArchive from '#shared/i18n/en/archive.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { recordedClient } from '#support/sync-requests.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sync-coverage-'));
  dirs.push(dir);
  return dir;
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function clientFor(operator: RunningDemoOperator) {
  return recordedClient(operator, { retryBaseDelayMs: 5 });
}

const completeIn = (p: SyncProgress): number =>
  (p.coverage ?? []).filter((c) => c.finished && c.complete).length;

describe('coverage while the sync runs', () => {
  test('partitions show complete as they complete, while others are still unread', async () => {
    const operator = await startDemoOperator({
      seed: 8,
      invoices: 1500,
      now: Date.parse('2026-03-01'),
    });
    try {
      // One partition at a time, so that the lists take several steps to read.
      const archives = new Archives({ dataDir: dataDir(), progressIntervalMs: 0 });
      const events: SyncProgress[] = [];
      const summary = await archives.sync('conn', {
        client: clientFor(operator).client,
        requestsPerMinute: 600_000,
        concurrency: 1,
        details: false,
        onProgress: (p) => events.push(p),
      });
      assert.equal(summary.cancelled, false);
      const lists = events.filter((p) => p.phase === 'lists');
      assert.ok(lists.length > 2, 'several progress events during the lists');
      assert.ok(
        lists.every((p) => p.coverage?.length === 22),
        'every progress event of the lists carries the coverage',
      );
      // Some event shows a partition complete while another is not read yet.
      assert.ok(
        lists.some((p) => completeIn(p) > 0 && p.coverage!.some((c) => !c.finished)),
        'a partition is complete before the others are read',
      );
      const counts = lists.map(completeIn);
      assert.deepEqual(
        counts,
        [...counts].sort((a, b) => a - b),
        'complete partitions only grow',
      );
      const lastOfLists = lists.at(-1)!;
      assert.equal(lastOfLists.partitionsDone, 22);
      assert.equal(completeIn(lastOfLists), 22, 'every partition complete by the end of the lists');
      // What the progress said is what the archive holds.
      const status = archives.status('conn');
      assert.deepEqual(
        lastOfLists.coverage!.map((c) => [c.direction, c.state, c.complete, c.archived]),
        status.coverage.map((c) => [c.direction, c.state, c.complete, c.archived]),
      );
      await archives.close();
    } finally {
      await operator.close();
    }
  });
});

describe('an operator that refuses the state/direction filter in q', () => {
  const INVOICES = 3000;
  let operator: RunningDemoOperator;

  test('the sync reads the newest 1,200 as one list and the coverage says so', async () => {
    operator = await startDemoOperator({
      seed: 9,
      invoices: INVOICES,
      now: Date.parse('2026-03-01'),
      faults: { refuseQFields: ['state', 'direction'] },
    });
    try {
      const dir = dataDir();
      const archives = new Archives({ dataDir: dir });
      const { client, recorder } = clientFor(operator);
      const summary = await archives.sync('refused', {
        client,
        requestsPerMinute: 600_000,
        details: true,
      });
      assert.equal(summary.cancelled, false);
      assert.equal(summary.phase, 'done');
      assert.equal(summary.invoicesNew, 1200, 'the newest 1,200: the window of one list');
      assert.equal(summary.detailsFetched, 1200);
      // The refusals were few (the partitions asked at once), then only unfiltered pages.
      const refused = recorder.statuses.filter((s) => s === 400).length;
      assert.ok(refused >= 1 && refused <= 8, `${refused} requests refused`);

      const status = archives.status('refused');
      assert.equal(status.invoices, 1200);
      assert.deepEqual(status.filterRefused, {
        complete: false,
        finished: true,
        oldest: status.filterRefused?.oldest,
        operatorCount: INVOICES,
        window: 1200,
        finishedAt: status.filterRefused?.finishedAt,
      });
      assert.match(status.filterRefused!.oldest!, /^\d{4}-\d{2}-\d{2}T/);
      assert.deepEqual(summary.filterRefused, status.filterRefused);
      // The words the coverage shows, in both languages.
      const fill = (text: string): string =>
        text.replace('{window}', '1 200').replace('{count}', '3 000');
      assert.equal(
        fill(frArchive.coverage.filterRefusedCut),
        'L’opérateur refuse le filtre par état/sens : seules les 1 200 factures les plus récentes ont pu être lues (sur 3 000).',
      );
      assert.match(
        fill(enArchive.coverage.filterRefusedCut),
        /refuses the filter by state\/direction: only the 1 200 most recent invoices could be read/,
      );

      // A second sync asks the partitions again (the operator may have changed), is refused, and
      // reads only the head of the one list: nothing new, nothing lost.
      const again = await archives.sync('refused', {
        client,
        requestsPerMinute: 600_000,
        details: true,
      });
      assert.equal(again.invoicesNew, 0);
      assert.equal(archives.status('refused').filterRefused?.finished, true);

      // Once the operator filters again, the partitions tell the coverage.
      operator.faults.refuseQFields = [];
      const filtered = await archives.sync('refused', {
        client,
        requestsPerMinute: 600_000,
        details: false,
      });
      assert.equal(filtered.filterRefused, null);
      const after = archives.status('refused');
      assert.equal(after.filterRefused, null);
      assert.equal(after.invoices, INVOICES);
      assert.ok(after.coverage.every((c) => c.finished));
      await archives.close();
    } finally {
      await operator.close();
    }
  });
});
