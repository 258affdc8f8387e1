// A mark made while the firm's server cannot be reached is refused, clearly, rather than kept
// in the workstation's local copy where no one else would see it and nothing would send it
// (issue 30, item 5). Against a real PostgreSQL server (scripts/with-postgres.sh) reached
// through a TCP relay that the test cuts; the marks go through the app's dispatcher.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { PaymentMark } from '#shared/payments.ts';
import type { Result } from '#shared/contract.ts';
import type { Services } from '#main/services/index.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { searchItem, uuidOf } from '#support/archive-fixtures.ts';
import { tcpRelay, type TcpCut } from '#support/tcp-cut.ts';
import { workstation, type Workstation } from '#support/firm-workstation.ts';

const NOW = '2026-11-20T09:30:00.000Z';
const CLIENT = 'demo-admin';

describe(
  'writes while the firm server is out of reach',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let firm: Awaited<ReturnType<typeof freshSchema>>;
    let relay: TcpCut;
    let here: Workstation;
    let s: Services;
    let dispatch: Workstation['dispatch'];

    before(async () => {
      firm = await freshSchema('offline_writes');
      const archive = await new PostgresArchives(firm.pool, firm.schema).ports.open(CLIENT);
      const items = [1, 2].map((n) =>
        searchItem({ id: uuidOf(n), number: `F-${n}`, ttc: 120 * n }),
      );
      await archive.saveSearchPage({}, { data: items, meta: {} }, '2026-11-19T08:00:00.000Z');
      const server = new URL(TEST_PG_URL!);
      relay = await tcpRelay(server.hostname, Number(server.port));
      const through = new URL(TEST_PG_URL!);
      through.port = String(relay.port);
      here = await workstation(firm.schema, {
        now: new Date(NOW),
        client: CLIENT,
        url: through.toString(),
      });
      s = here.services;
      dispatch = here.dispatch;
    });
    after(async () => {
      await s?.close();
      await relay?.cut();
      await firm?.drop();
      if (here) rmSync(here.dataDir, { recursive: true, force: true });
    });

    test('a mark made while connected is the firm’s', async () => {
      const r = await dispatch('payments:mark', {
        connectionId: CLIENT,
        invoiceIds: [uuidOf(1)],
        paidOn: '2026-11-18',
      });
      assert.deepEqual(r.ok ? true : r.error, true);
      const firmMarks = await (
        await postgresUserDataDirectory(firm.pool, () => 'test').of(CLIENT)
      ).paymentMarks();
      assert.deepEqual([...firmMarks.keys()], [uuidOf(1)]);
    });

    test('cut off: a mark is refused with its reason, nothing kept here; reads still answer', async () => {
      await s.archiveStore.refreshLocalCopy(CLIENT);
      await relay.cut();
      const r = await dispatch('payments:mark', {
        connectionId: CLIENT,
        invoiceIds: [uuidOf(2)],
        paidOn: '2026-11-19',
      });
      assert.equal(r.ok, false);
      assert.equal(!r.ok && r.error.kind, 'offline');
      assert.equal(!r.ok && r.error.reason, 'firm_unreachable');
      const state = s.archiveStore.state();
      assert.equal(state.store === 'firm' && state.connection.state, 'unreachable');
      // Refused again while out of reach (the server is not tried before 15 s): an unmark too.
      const again = await dispatch('payments:unmark', {
        connectionId: CLIENT,
        invoiceIds: [uuidOf(1)],
      });
      assert.equal(!again.ok && again.error.reason, 'firm_unreachable');
      // The workstation's own user data holds no mark: nothing waits there unseen.
      const local = await s.archives.existingUserData(CLIENT)?.paymentMarks();
      assert.equal(local?.has(uuidOf(2)) ?? false, false);
      // A read still answers (from the local copy), with no error.
      const read = (await dispatch('payments:get', {
        connectionId: CLIENT,
        invoiceIds: [uuidOf(2)],
      })) as Result<{ mark: PaymentMark | null }[]>;
      assert.equal(read.ok, true);
      assert.equal(read.ok && read.value[0]?.mark, null);
    });
  },
);
