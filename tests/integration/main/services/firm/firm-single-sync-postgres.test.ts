// "Synchroniser" of one connection on the firm's archive (issue 30, item 4), against a real
// PostgreSQL server (scripts/with-postgres.sh) and the demo operator over HTTP, every operator
// request recorded: a workstation that is not the client's sync owner asks the operator nothing
// and says another workstation syncs it; the owner's sync fills the firm's archive, which the
// other workstation reads; across both, no request is made twice.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { SyncSummary } from '#shared/archive.ts';
import type { Result } from '#shared/contract.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { claimSyncOwner } from '#main/services/archive/postgres/sync-owner.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { workstation, type Workstation } from '#support/firm-workstation.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { duplicates, recordingFetch, type RecordingFetch } from '#support/sync-requests.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENT = 'demo-admin';

describe(
  'one connection synced on the firm archive',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let firm: Awaited<ReturnType<typeof freshSchema>>;
    let operator: RunningDemoOperator;
    let recorder: RecordingFetch;
    let a: Workstation;
    let b: Workstation;

    before(async () => {
      firm = await freshSchema('single_sync');
      operator = await startDemoOperator({ port: 0, now: NOW, invoices: 120 });
      recorder = recordingFetch(operator.tokenUrl);
      // Both workstations' demo connection reach this one operator, every request recorded.
      const services = {
        startDemo: async () => ({ ...operator, close: async () => undefined }),
        createOperatorClient: async (c: {
          connection: ConstructorParameters<typeof OperatorClient>[0]['connection'];
          getClientSecret: () => Promise<string>;
        }) =>
          new OperatorClient({
            connection: c.connection,
            getClientSecret: c.getClientSecret,
            fetch: recorder.fetch,
          }),
      };
      a = await workstation(firm.schema, { now: NOW, client: CLIENT, services });
      b = await workstation(firm.schema, { now: NOW, client: CLIENT, services });
    });
    after(async () => {
      await a?.services.close();
      await b?.services.close();
      await operator?.close();
      await firm?.drop();
      for (const w of [a, b]) if (w) rmSync(w.dataDir, { recursive: true, force: true });
    });

    test('not the owner: refused with its reason, nothing asked of the operator', async () => {
      // Another workstation (this test's session) is the client's sync owner.
      const owner = await claimSyncOwner({ url: TEST_PG_URL!, schema: firm.schema }, CLIENT);
      assert.ok(owner);
      try {
        const r = (await b.dispatch('sync:start', { details: false })) as Result<SyncSummary>;
        assert.equal(r.ok, false);
        assert.equal(!r.ok && r.error.kind, 'conflict');
        assert.equal(!r.ok && r.error.reason, 'synced_elsewhere');
        assert.deepEqual(!r.ok && r.error.details, {
          lastSyncAt: null,
          unfinishedSync: false,
          invoices: 0,
          details: 0,
        });
        assert.deepEqual(recorder.requests, []);
      } finally {
        await owner.release();
      }
    });

    test('A syncs as the owner; B, clicking meanwhile, asks nothing and reads what A wrote', async () => {
      const syncing = a.call<SyncSummary>('sync:start', { details: false });
      // Once A asks the operator it holds the lock: B's click is refused.
      while (recorder.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      const onB = (await b.dispatch('sync:start', { details: false })) as Result<SyncSummary>;
      assert.equal(!onB.ok && onB.error.reason, 'synced_elsewhere');
      const summary = await syncing;
      assert.equal(summary.cancelled, false);
      assert.ok(summary.requests > 0);
      // Every request once: B's click added none.
      assert.deepEqual(duplicates(recorder.requests), []);
      assert.equal(recorder.requests.length, summary.requests);
      // What A synced is the firm's: B reads it.
      const counts = await b.services.readArchive(CLIENT, (archive) => archive.counts());
      assert.equal(counts.invoices, 120);
    });
  },
);
