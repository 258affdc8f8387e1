// A workstation that becomes a connection's sync owner on the firm's server, writes the first
// page of a run with its checkpoint, says so on stdout, and then hangs until killed (the
// takeover test). argv: url schema connectionId
import { claimSyncOwner } from '#main/services/archive/postgres/sync-owner.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { openPool } from '#main/services/archive/postgres/database.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';

const [url, schema, connectionId] = process.argv.slice(2) as [string, string, string];
const owner = await claimSyncOwner({ url, schema }, connectionId);
if (!owner) {
  process.stdout.write('follower\n');
  process.exit(0);
}
const archives = new PostgresArchives(openPool({ url, schema, max: 2 }), schema);
const sync = await archives.ports.syncWrites(connectionId);
const { runId } = await sync.beginRun('2026-03-15T09:00:00.000Z', true);
const partition = (await sync.partitions())[0]!;
const dataset = createDataset(3, 300, { startMs: Date.parse('2026-03-15T10:00:00.000Z') });
await sync.commitListPage({
  runId,
  items: dataset.records.slice(0, 200).map((r) => ({
    metadata: {
      invoiceId: r.invoiceId,
      state: r.state,
      direction: r.direction,
      createDate: r.createDate,
    },
    businessData: searchBusinessData(dataset.invoice(r)),
  })),
  fetchedAt: '2026-03-15T09:00:00.000Z',
  checkpoint: { partition, operatorCount: 300, oldest: null, nextOffset: 200 },
});
process.stdout.write(`owner ${runId}\n`);
setInterval(() => {}, 60_000); // the owner goes on "syncing" until it is killed
