// Moving a workstation's user data into the firm's (issue 30, item 6): each connection's marks,
// handled exceptions, settings, third parties, carried credit, declared returns, typed rates
// and bank file in the transaction its archive is copied in; counts equal and the same answers through the
// port on both stores; run again, nothing changes (no new history either); a copy that fails
// half-way leaves nothing of the connection; what the firm held is replaced, never lost (the
// history keeps it).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#shared/accounting-settings.ts';
import type { ThirdParty } from '#shared/accounting.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { userDataDirectory } from '#main/services/archive/user-data-directory.ts';
import type { UserDataPort } from '#main/services/archive/user-data-port.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { migrateConnection } from '#main/services/archive/postgres/migrate-connection.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { postgresBankDirectory } from '#main/services/archive/postgres/bank.ts';
import { bankDirectory } from '#main/services/archive/bank-directory.ts';
import type { BankPort, Propose } from '#main/services/archive/bank-port.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const silent = { info() {}, warn() {}, error() {} };
const MARKS = 1234; // more than a batch
const invoiceId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const Q3 = { from: '2026-07-01', to: '2026-09-30' };

const party = (key: string, auxiliary: string): ThirdParty => ({
  key,
  role: 'customer',
  name: `Client ${key}`,
  auxiliary,
  account: '706000',
  label: null,
  confirmed: true,
  updatedAt: NOW.toISOString(),
});

/** Every kind of user data a workstation keeps, written through its own port. */
async function writeUserData(mine: UserDataPort): Promise<void> {
  const ids = Array.from({ length: MARKS }, (_, i) => invoiceId(i + 1));
  await mine.markPaid(ids, '2026-03-01', 'virement', NOW);
  await mine.markExceptionsHandled(
    [{ invoiceId: ids[0]!, reasons: ['rejected', 'past_due'] }],
    'appelé',
    'marie',
    NOW,
  );
  await mine.saveAccountingSettings({ ...DEFAULT_ACCOUNTING_SETTINGS, siren: '552100554' }, NOW);
  await mine.saveThirdParties([
    party('380129866', 'CORANGE'),
    { ...party('552100554', 'FACME'), role: 'supplier', confirmed: false, label: 'Acme' },
  ]);
  await mine.saveCarriedCredit(Q3, 4200, NOW);
  await mine.saveDeclaredReturn({
    period: { ...Q3, label: '2026-Q3' },
    declaredOn: '2026-10-24',
    amountCents: 98_765,
    figures: { boxes: { '16': 98_765 } },
    by: 'marie',
    at: NOW.toISOString(),
  });
  await mine.saveInvoiceRate(ids[1]!, { currency: 'GBP', rate: '0.8662' }, NOW);
}

const unmatched: Propose = (snapshot) =>
  snapshot.undecided.map((l) => ({ lineId: l.id, state: 'unmatched' }));

/** A bank statement of two lines imported, one of them decided, the settings changed. */
async function writeBank(bank: BankPort): Promise<void> {
  const account = 'FR7630006000011234567890189';
  const line = (id: string, day: string, cents: number) => ({
    id,
    account,
    line: { bookingDay: day, cents, label: `VIR ${id}`, sourceLine: 0 },
  });
  await bank.importLines(
    { name: 'releve.xml', format: 'camt053' },
    () => [{ account, name: 'Compte courant', ledgerAccount: '512000', currency: 'EUR' }],
    [line('l1', '2026-03-02', 1200), line('l2', '2026-03-03', -300)],
    NOW,
    unmatched,
  );
  await bank.decide(
    'l1',
    () => ({ allocations: [{ invoiceId: invoiceId(1), cents: 1200 }], rule: null }),
    NOW,
    unmatched,
  );
  await bank.saveSettings({ windowDays: 40, toleranceCents: 3 });
}

/** What a reader of the bank port sees. */
async function bankSeen(bank: BankPort) {
  return {
    accounts: await bank.accounts(),
    settings: await bank.settings(),
    matches: await bank.matches(),
    toDecide: await bank.toDecide(),
  };
}

/** What a reader of the port sees, every kind of it. */
async function everything(port: UserDataPort) {
  return {
    marks: await port.paymentMarks(),
    exceptions: await port.handledExceptions(),
    settings: await port.accountingSettings(),
    thirdParties: await port.thirdParties(),
    credit: await port.carriedCredit(Q3),
    returns: await port.declaredReturns(),
    rates: await port.invoiceRates(),
  };
}

describe(
  "a workstation's user data moved into the firm's",
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let dataDir: string;
    let fresh: Awaited<ReturnType<typeof freshSchema>>;
    let admin: pg.Client;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'copy-user-'));
      fillDemoArchive(dataDir, 'synced', { invoices: 300, now: NOW, detailShare: 0.5 });
      fillDemoArchive(dataDir, 'clashing', { seed: 7, invoices: 200, now: NOW });
      const archives = new Archives({ dataDir, log: silent, now: () => NOW });
      try {
        const local = userDataDirectory(archives);
        await writeUserData(await local.of('synced'));
        await writeBank(await bankDirectory(dataDir).of('synced'));
        await writeUserData(await local.of('never-synced'));
        await (await local.of('clashing')).saveThirdParties([party('380129866', 'CORANGE')]);
        await (await local.of('clashing')).markPaid([invoiceId(1)], '2026-03-02', null, NOW);
      } finally {
        await archives.close();
      }
      fresh = await freshSchema('copy_user');
      admin = new pg.Client({ connectionString: TEST_PG_URL! });
      await admin.connect();
    });
    after(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin.end();
      await fresh.drop();
    });

    const historyRows = async (): Promise<number> =>
      (
        await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${fresh.schema}.user_data_history`,
        )
      ).rows[0]!.n;

    test('counts equal, the same answers from both stores; run again, the same', async () => {
      const moved = (await migrateConnection(fresh.pool, dataDir, 'synced', 'marie'))!;
      assert.ok(moved.archive, 'the archive moved');
      assert.deepEqual(moved.archive.to, moved.archive.from);
      const expected = {
        payment_marks: MARKS,
        exception_marks: 1,
        accounting_settings: 1,
        third_parties: 2,
        carried_credits: 1,
        declared_returns: 1,
        invoice_rates: 1,
      };
      assert.deepEqual(moved.userData, { from: expected, to: expected });
      const bankExpected = {
        bank_accounts: 1,
        bank_imports: 1,
        bank_lines: 2,
        bank_proposals: 2,
        bank_decisions: 1,
        bank_settings: 1,
      };
      assert.deepEqual(moved.bank, { from: bankExpected, to: bankExpected });
      assert.deepEqual(
        await bankSeen((await postgresBankDirectory(fresh.pool, () => 'paul').existing('synced'))!),
        await bankSeen((await bankDirectory(dataDir).existing('synced'))!),
        'the same bank on both stores',
      );

      const archives = new Archives({ dataDir, log: silent, now: () => NOW });
      try {
        const local = (await userDataDirectory(archives).existing('synced'))!;
        const firm = (await postgresUserDataDirectory(fresh.pool, () => 'paul').existing(
          'synced',
        ))!;
        assert.deepEqual(await everything(firm), await everything(local));
      } finally {
        await archives.close();
      }

      const history = await historyRows();
      // Each row moved of the accountant's words is a version, by the user migrating (the bank's:
      // its account, decision and settings).
      assert.equal(history, MARKS + 7 + 3);
      const again = (await migrateConnection(fresh.pool, dataDir, 'synced', 'marie'))!;
      assert.deepEqual(again.userData, { from: expected, to: expected });
      assert.deepEqual(again.archive?.to, moved.archive.to);
      assert.deepEqual(again.bank, { from: bankExpected, to: bankExpected });
      assert.equal(await historyRows(), history, 'run again, nothing changed');
    });

    test('user data of a connection never synced here moves alone', async () => {
      const moved = (await migrateConnection(fresh.pool, dataDir, 'never-synced', 'marie'))!;
      assert.equal(moved.archive, null);
      assert.equal(moved.userData?.to['payment_marks'], MARKS);
      assert.equal(
        await new PostgresArchives(fresh.pool, fresh.schema).ports.existing('never-synced'),
        null,
      );
      assert.equal(await migrateConnection(fresh.pool, dataDir, 'nothing-here', 'marie'), null);
    });

    test('a copy that fails half-way leaves nothing of the connection; what the firm had is kept', async () => {
      // Another workstation already gave CORANGE to another party of this client.
      const firm = await postgresUserDataDirectory(fresh.pool, () => 'paul').of('clashing');
      await firm.saveThirdParties([party('999999999', 'CORANGE')]);
      await firm.markPaid([invoiceId(1)], '2026-03-09', 'paul', NOW);
      const before = await historyRows();

      await assert.rejects(
        migrateConnection(fresh.pool, dataDir, 'clashing', 'marie'),
        /auxiliary account code .* nothing of it was moved/,
      );
      assert.equal(
        await new PostgresArchives(fresh.pool, fresh.schema).ports.existing('clashing'),
        null,
        'its archive was not left behind',
      );
      assert.equal((await firm.paymentMarks()).get(invoiceId(1))?.paidOn, '2026-03-09');
      assert.deepEqual(
        (await firm.thirdParties()).map((p) => p.key),
        ['999999999'],
      );
      assert.equal(await historyRows(), before, 'no version of a copy rolled back');

      // The clash settled in the firm's data, the copy goes through: the workstation's mark is
      // the last write, Paul's is kept in the history.
      await firm.saveThirdParties([{ ...party('999999999', 'CORANGE2') }]);
      const moved = (await migrateConnection(fresh.pool, dataDir, 'clashing', 'marie'))!;
      assert.ok(moved.archive);
      assert.equal((await firm.paymentMarks()).get(invoiceId(1))?.paidOn, '2026-03-02');
      assert.deepEqual(moved.userData?.to['third_parties'], 2, "the firm's party and this one");
      const { rows } = await admin.query<{ old: { paid_on: string; written_by: string } }>(
        `SELECT old FROM ${fresh.schema}.user_data_history
       WHERE connection_id = 'clashing' AND thing = 'payment_marks' AND written_by = 'marie'`,
      );
      assert.deepEqual(
        rows.map((r) => [r.old.paid_on, r.old.written_by]),
        [['2026-03-09', 'paul']],
      );
    });
  },
);
