// The sync at an operator's own pace: against the demo operator enforcing its limit over a
// sliding second (429 + Retry-After), a sync whose budget is that very limit spaces its requests
// under it rather than sending a second's worth at once, so almost none is refused; the 429s it
// meets slow the sync's pacer, retried without loss. Real HTTP, real SQLite.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startDemoOperator } from '#main/demo-operator/index.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { RequestBudget } from '#main/services/archive/pace.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { recordedClient } from '#support/sync-requests.ts';

const dir = mkdtempSync(join(tmpdir(), 'sync-pace-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a budget equal to the operator’s sliding-second limit: at most 2 % of requests answered 429', async () => {
  const PER_SECOND = 20;
  const operator = await startDemoOperator({
    seed: 12,
    invoices: 250,
    now: Date.parse('2026-03-01'),
    faults: { rateLimitPerSecond: PER_SECOND, latencyMs: 20 },
  });
  try {
    const { client, recorder } = recordedClient(operator);
    const archive = openArchive(dir, 'paced');
    const budget = new RequestBudget(PER_SECOND * 60);
    const summary = await runSync({
      client,
      archive: new SqliteArchive(archive),
      budget,
      details: true,
    });
    assert.equal(summary.cancelled, false);
    assert.equal(archive.stats().details, 250, 'every detail stored');
    const refused = recorder.statuses.filter((s) => s === 429).length;
    assert.ok(
      refused <= Math.ceil(recorder.statuses.length * 0.02),
      `${refused} of ${recorder.statuses.length} requests answered 429`,
    );
    assert.equal(budget.rateLimitedCount, refused, 'every 429 was told to the sync’s pacer');
    // Every request the operator saw took a turn of the budget (retries too).
    assert.equal(summary.requests, recorder.statuses.length);
    archive.close();
  } finally {
    await operator.close();
  }
});
