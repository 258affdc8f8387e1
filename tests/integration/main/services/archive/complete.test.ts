// Completing a partition the operator's window cut (issue 27, item 3), against the demo operator
// over real HTTP into a real SQLite archive: it lists at most 1,200 invoices of one query, so a
// partition of more stays cut after every sync; the missing invoices, given by id (as a file
// exported from the operator's portal gives them), are fetched into the archive.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startDemoOperator } from '#main/demo-operator/index.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { invoiceIdsIn, missingIn } from '#main/services/archive/complete.ts';
import { reportCoverage } from '#main/services/reports/source.ts';
import { recordedClient } from '#support/sync-requests.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'archive-complete-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('invoiceIdsIn: every platform id of a pasted text or a CSV, once, in order', () => {
  const csv =
    'Identifiant;Numéro\r\n3FA85F64-5717-4562-B3FC-2C963F66AFA6;F-1\r\nxx;F-2\r\n' +
    '3fa85f64-5717-4562-b3fc-2c963f66afa6;F-1 again\n0b6c1b7e-1111-4222-8333-944455556666';
  assert.deepEqual(invoiceIdsIn(csv), [
    '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    '0b6c1b7e-1111-4222-8333-944455556666',
  ]);
  assert.deepEqual(invoiceIdsIn('nothing here'), []);
});

test('a cut partition says how many it misses; the ids given complete it, at the budget', async () => {
  const seed = 11;
  const invoices = 3000;
  const operator = await startDemoOperator({ seed, invoices, now: NOW });
  const archives = new Archives({ dataDir: dir, progressIntervalMs: 0 });
  try {
    const { client } = recordedClient(operator, { retryBaseDelayMs: 5 });
    await archives.sync('c', { client, requestsPerMinute: 600_000, details: false });
    const cut = archives.status('c').coverage.filter((p) => missingIn(p) > 0);
    assert.ok(cut.length > 0, 'the demo operator cuts a partition of more than 1,200');
    const partition = cut[0]!;
    assert.equal(partition.archived, 1200);
    const missing = missingIn(partition);
    assert.equal(missing, partition.operatorCount! - 1200);
    const cutBefore = reportCoverage(archives.open('c')).partitionsCut;
    assert.equal(cutBefore, cut.length, 'the reports, FEC and CA3 say the archive is cut');

    // The portal's export of that partition: every id of it, archived or not.
    const records = createDataset(seed, invoices, { startMs: NOW }).records.filter(
      (r) => r.direction === partition.direction && r.state === partition.state,
    );
    assert.equal(records.length, partition.operatorCount);
    const file = ['invoiceId;state', ...records.map((r) => `${r.invoiceId};${r.state}`)].join('\n');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const summary = await archives.complete('c', {
      client,
      requestsPerMinute: 600_000,
      ids: [...invoiceIdsIn(file), unknown],
    });
    assert.equal(summary.asked, records.length + 1);
    assert.equal(summary.added, missing);
    assert.equal(summary.alreadyArchived, 1200);
    assert.deepEqual(summary.notFound, [unknown]);
    assert.equal(summary.details, missing, 'their full business data too');
    assert.ok(summary.requests >= Math.ceil((records.length + 1) / 66) + missing);

    const after = archives
      .status('c')
      .coverage.find((p) => p.direction === partition.direction && p.state === partition.state)!;
    assert.equal(after.archived, partition.operatorCount);
    for (const r of records.slice(-3)) assert.ok(archives.open('c').getInvoice(r.invoiceId));
    assert.equal(
      reportCoverage(archives.open('c')).partitionsCut,
      cutBefore - 1,
      'a completed partition is no longer said cut',
    );
  } finally {
    await archives.close();
    await operator.close();
  }
});
