// What another workstation changed, heard within 2 s (issue 30, item 4): a write through one
// pool (the shared user data, a page the sync commits) reaches the listener of another session
// by NOTIFY; a payload that is not a change is ignored and logged without its text; a change
// rolled back is never heard; a lost session is opened again and hears the next change.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { listenForChanges, type Change } from '#main/services/archive/postgres/changes.ts';
import { isSessionOf, openPool } from '#main/services/archive/postgres/database.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { postgresBankDirectory } from '#main/services/archive/postgres/bank.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { searchItem } from './contract/archive-contract.ts';

const AT = new Date('2026-11-23T09:00:00.000Z');
const FETCHED_AT = '2026-03-15T09:00:00.000Z';
const INVOICE = '00000000-0000-4000-8000-00000000000b';
const WITHIN_MS = 2000;

/** The changes heard, taken in order, each awaited at most WITHIN_MS. */
class Heard {
  readonly #queue: Change[] = [];
  #waiting: ((change: Change) => void) | null = null;
  readonly push = (change: Change): void => {
    if (this.#waiting) {
      const wake = this.#waiting;
      this.#waiting = null;
      wake(change);
    } else this.#queue.push(change);
  };
  next(): Promise<Change> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting = null;
        reject(new Error(`nothing heard within ${WITHIN_MS} ms`));
      }, WITHIN_MS);
      this.#waiting = (change) => {
        clearTimeout(timer);
        resolve(change);
      };
    });
  }
  get pending(): number {
    return this.#queue.length;
  }
}

describe(
  'changes heard by the other workstations',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let fresh: Awaited<ReturnType<typeof freshSchema>>;
    let writer: pg.Pool;
    const heard = new Heard();
    const warnings: string[] = [];
    let reconnected = 0;
    let listener: { close(): Promise<void> };

    before(async () => {
      fresh = await freshSchema('changes');
      // The writing workstation's pool; the listener is another session (another workstation).
      writer = openPool({ url: TEST_PG_URL!, schema: fresh.schema });
      listener = await listenForChanges({ url: TEST_PG_URL!, schema: fresh.schema }, heard.push, {
        log: { warn: (text: string) => warnings.push(text) },
        onReconnect: () => reconnected++,
        retryMs: 50,
      });
    });
    after(async () => {
      await listener.close();
      await writer.end();
      await fresh.drop();
    });

    test('a mark made on one workstation is heard on the other', async () => {
      const onWriter = await postgresUserDataDirectory(writer, () => 'marie').of('client-1');
      await onWriter.markPaid([INVOICE], '2026-11-20', null, AT);
      assert.deepEqual(await heard.next(), { connectionId: 'client-1', what: 'marks' });
      await onWriter.saveAccountingSettings(
        { ...(await onWriter.accountingSettings()), siren: '552100554' },
        AT,
      );
      assert.deepEqual(await heard.next(), { connectionId: 'client-1', what: 'settings' });
    });

    test("a workstation does not hear its own writes back, and still hears another's", async () => {
      // The writer's own listener: its pool's sessions are its own (isSessionOf).
      const own = new Heard();
      const ownListener = await listenForChanges(
        { url: TEST_PG_URL!, schema: fresh.schema },
        own.push,
        { ownSession: (pid) => isSessionOf(writer, pid) },
      );
      const other = openPool({ url: TEST_PG_URL!, schema: fresh.schema });
      try {
        const onWriter = await postgresUserDataDirectory(writer, () => 'marie').of('client-4');
        await onWriter.markPaid([INVOICE], '2026-11-20', null, AT);
        assert.deepEqual(await heard.next(), { connectionId: 'client-4', what: 'marks' });
        const onOther = await postgresUserDataDirectory(other, () => 'paul').of('client-5');
        await onOther.markPaid([INVOICE], '2026-11-21', null, AT);
        assert.deepEqual(await heard.next(), { connectionId: 'client-5', what: 'marks' });
        // The first change the writer's listener hears is Paul's: Marie's own, sent first, is not.
        assert.deepEqual(await own.next(), { connectionId: 'client-5', what: 'marks' });
      } finally {
        await ownListener.close();
        await other.end();
      }
    });

    test('a change rolled back is never heard', async () => {
      const onWriter = await postgresUserDataDirectory(writer, () => 'marie').of('client-2');
      const party = {
        key: '380129866',
        role: 'customer' as const,
        name: 'Orange',
        auxiliary: 'CORANGE',
        account: '706000',
        label: null,
        confirmed: true,
        updatedAt: AT.toISOString(),
      };
      await onWriter.saveThirdParties([party]);
      assert.deepEqual(await heard.next(), { connectionId: 'client-2', what: 'third-parties' });
      await assert.rejects(onWriter.saveThirdParties([{ ...party, key: '552100554' }]));
      await onWriter.saveInvoiceRate(INVOICE, { currency: 'GBP', rate: '0.8662' }, AT);
      assert.deepEqual(
        await heard.next(),
        { connectionId: 'client-2', what: 'rates' },
        'the refused save sent nothing',
      );
    });

    test("a page the sync commits is heard as the archive's change", async () => {
      const dataset = createDataset(3, 20, { startMs: Date.parse(FETCHED_AT) });
      const sync = await new PostgresArchives(writer, fresh.schema).ports.syncWrites('client-3');
      const { runId } = await sync.beginRun(FETCHED_AT, false);
      const [partition] = await sync.partitions();
      const items = dataset.records
        .filter((r) => r.direction === partition!.direction && r.state === partition!.state)
        .map((r) => searchItem(dataset, r));
      await sync.commitListPage({
        runId,
        items,
        fetchedAt: FETCHED_AT,
        checkpoint: {
          partition: partition!,
          operatorCount: items.length,
          oldest: null,
          finished: { complete: true, finishedAt: FETCHED_AT },
        },
      });
      assert.deepEqual(await heard.next(), { connectionId: 'client-3', what: 'archive' });
      await sync.finishRun(runId, FETCHED_AT);
      assert.deepEqual(await heard.next(), { connectionId: 'client-3', what: 'archive' });
    });

    test("the accountant's bank decisions are heard as the bank's change", async () => {
      const bank = await postgresBankDirectory(writer, () => 'marie').of('client-6');
      const account = {
        account: 'FR7630006000011234567890189',
        name: 'Compte',
        ledgerAccount: '512000',
        currency: 'EUR',
      };
      await bank.importLines(
        { name: 'releve.ofx', format: 'ofx' },
        () => [account],
        [
          {
            id: 'l1',
            account: account.account,
            line: { bookingDay: '2026-11-02', cents: 100, label: 'x', sourceLine: 0 },
          },
        ],
        AT,
        (snapshot) => snapshot.undecided.map((l) => ({ lineId: l.id, state: 'unmatched' })),
      );
      assert.deepEqual(await heard.next(), { connectionId: 'client-6', what: 'bank' });
    });

    test('a payload that is not a change is ignored and logged without its text', async () => {
      const before = warnings.length;
      const secret = 'Bearer-eyJhbGciOi-not-to-be-logged';
      await writer.query("SELECT pg_notify('invoice_desk_changes', $1)", [`${secret} not json`]);
      await writer.query("SELECT pg_notify('invoice_desk_changes', $1)", [
        JSON.stringify({ schema: fresh.schema, connectionId: secret, what: 'everything' }),
      ]);
      // Another firm's (another schema's) change is none of this one's: ignored, not logged.
      await writer.query("SELECT pg_notify('invoice_desk_changes', $1)", [
        JSON.stringify({ schema: 'another_firm', connectionId: 'client-9', what: 'marks' }),
      ]);
      await writer.query("SELECT pg_notify('invoice_desk_changes', $1)", [
        JSON.stringify({ schema: fresh.schema, connectionId: 'client-4', what: 'returns' }),
      ]);
      assert.deepEqual(await heard.next(), { connectionId: 'client-4', what: 'returns' });
      const said = warnings.slice(before);
      assert.equal(said.length, 2, said.join('\n'));
      assert.match(said[0]!, /not JSON/);
      assert.match(said[1]!, /not a change \(what\)/);
      assert.ok(!said.join('\n').includes(secret), 'the payload is never logged');
    });

    test('the session lost, it listens again and hears the next change', async () => {
      const admin = new pg.Client({ connectionString: TEST_PG_URL! });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = $1`,
          [`invoice-desk changes ${fresh.schema}`],
        );
        assert.equal(rows.length, 1, "the listener's session was ended");
      } finally {
        await admin.end();
      }
      for (let i = 0; i < 100 && reconnected === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(reconnected, 1, 'listening again');
      const onWriter = await postgresUserDataDirectory(writer, () => 'paul').of('client-5');
      await onWriter.markExceptionsHandled(
        [{ invoiceId: INVOICE, reasons: ['rejected'] }],
        null,
        'paul',
        AT,
      );
      assert.deepEqual(await heard.next(), { connectionId: 'client-5', what: 'exceptions' });
      assert.equal(heard.pending, 0, 'each change heard once');
    });
  },
);
