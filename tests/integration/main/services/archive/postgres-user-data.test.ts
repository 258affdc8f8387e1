// The firm's shared work on PostgreSQL (issue 30, item 4): two workstations (two pools, two
// users) write the same client's user data; the last write wins, each row says who wrote it and
// when, and the history keeps both versions, append-only even for the app's own role.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#shared/accounting-settings.ts';
import { openPool } from '#main/services/archive/postgres/database.ts';
import { initFirm } from '#main/services/archive/postgres/firm-setup.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const INVOICE = '00000000-0000-4000-8000-00000000000a';
const MONDAY = new Date('2026-11-23T09:00:00.000Z');
const TUESDAY = new Date('2026-11-24T14:00:00.000Z');

interface HistoryRow {
  what: string;
  thing: string;
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
  written_by: string;
}

describe('shared user data on the firm server', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `shared_${suffix}`;
  const role = `app_${suffix}`;
  let marie: pg.Pool;
  let paul: pg.Pool;
  let admin: pg.Client;

  before(async () => {
    const made = await initFirm({ connectionString: TEST_PG_URL! }, { schema, appRole: role });
    const appUrl = new URL(TEST_PG_URL!);
    appUrl.username = role;
    appUrl.password = '';
    // Two workstations: each its own pool, through the app's role firm init made.
    marie = openPool({ url: appUrl.toString(), password: made.appPassword!, schema });
    paul = openPool({ url: appUrl.toString(), password: made.appPassword!, schema });
    admin = new pg.Client({ connectionString: TEST_PG_URL! });
    await admin.connect();
  });
  after(async () => {
    await marie.end();
    await paul.end();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`DROP OWNED BY ${role}`).catch(() => {});
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  const history = async (connectionId: string): Promise<HistoryRow[]> =>
    (
      await admin.query<HistoryRow>(
        `SELECT what, thing, old, new, written_by FROM ${schema}.user_data_history
         WHERE connection_id = $1 ORDER BY id`,
        [connectionId],
      )
    ).rows;

  test('the same mark from two workstations: the last wins, the history keeps both', async () => {
    const onMarie = await postgresUserDataDirectory(marie, () => 'marie').of('client-1');
    const onPaul = (await postgresUserDataDirectory(paul, () => 'paul').existing('client-1'))!;
    assert.ok(onPaul, "Marie's client is Paul's too");

    await onMarie.markPaid([INVOICE], '2026-11-20', 'chèque', MONDAY);
    await onPaul.markPaid([INVOICE], '2026-11-21', 'virement', TUESDAY);

    const seenByMarie = (await onMarie.paymentMarks()).get(INVOICE);
    assert.equal(seenByMarie?.paidOn, '2026-11-21', "Paul's later word is Marie's too");
    assert.equal(seenByMarie?.note, 'virement');
    const { rows } = await admin.query<{ written_by: string; written_at: Date }>(
      `SELECT written_by, written_at FROM ${schema}.payment_marks WHERE connection_id = $1`,
      ['client-1'],
    );
    assert.equal(rows[0]?.written_by, 'paul', 'the row says who wrote it');
    assert.ok(rows[0]?.written_at instanceof Date, 'and when');

    const kept = await history('client-1');
    assert.deepEqual(
      kept.map((h) => [h.what, h.thing, h.written_by]),
      [
        ['marks', 'payment_marks', 'marie'],
        ['marks', 'payment_marks', 'paul'],
      ],
    );
    assert.equal(kept[0]!.old, null, 'a new mark has no old version');
    assert.equal(kept[0]!.new?.['paid_on'], '2026-11-20');
    assert.equal(kept[1]!.old?.['paid_on'], '2026-11-20', "Marie's version is kept");
    assert.equal(kept[1]!.old?.['written_by'], 'marie');
    assert.equal(kept[1]!.new?.['paid_on'], '2026-11-21');

    await onMarie.unmarkPaid([INVOICE]);
    const last = (await history('client-1')).at(-1)!;
    assert.deepEqual([last.written_by, last.new, last.old?.['note']], ['marie', null, 'virement']);
  });

  test('every kind of shared work records who and when; a write that changes nothing adds nothing', async () => {
    const onMarie = await postgresUserDataDirectory(marie, () => 'marie').of('client-2');
    const period = { from: '2026-07-01', to: '2026-09-30' };
    await onMarie.markExceptionsHandled(
      [{ invoiceId: INVOICE, reasons: ['rejected'] }],
      'appelé',
      'marie',
      MONDAY,
    );
    const settings = { ...DEFAULT_ACCOUNTING_SETTINGS, siren: '552100554' };
    await onMarie.saveAccountingSettings(settings, MONDAY);
    await onMarie.saveThirdParties([
      {
        key: '380129866',
        role: 'customer',
        name: 'Orange',
        auxiliary: 'CORANGE',
        account: '706000',
        label: null,
        confirmed: true,
        updatedAt: MONDAY.toISOString(),
      },
    ]);
    await onMarie.saveCarriedCredit(period, 1200, MONDAY);
    await onMarie.saveDeclaredReturn({
      period: { ...period, label: '2026-Q3' },
      declaredOn: '2026-10-24',
      amountCents: 5000,
      figures: {},
      by: 'marie',
      at: MONDAY.toISOString(),
    });
    await onMarie.saveInvoiceRate(INVOICE, { currency: 'GBP', rate: '0.8662' }, MONDAY);
    const kinds = (await history('client-2')).map((h) => [h.what, h.written_by]);
    assert.deepEqual(kinds, [
      ['exceptions', 'marie'],
      ['settings', 'marie'],
      ['third-parties', 'marie'],
      ['returns', 'marie'],
      ['returns', 'marie'],
      ['rates', 'marie'],
    ]);
    for (const table of [
      'exception_marks',
      'accounting_settings',
      'third_parties',
      'carried_credits',
      'declared_returns',
      'invoice_rates',
    ]) {
      const { rows } = await admin.query<{ written_by: string }>(
        `SELECT written_by FROM ${schema}.${table} WHERE connection_id = 'client-2'`,
      );
      assert.deepEqual(
        rows.map((r) => r.written_by),
        ['marie'],
        `${table} says who`,
      );
    }
    // Paul saves the very same settings: nothing changed, so no version and Marie stays the writer.
    const onPaul = await postgresUserDataDirectory(paul, () => 'paul').of('client-2');
    await onPaul.saveAccountingSettings(settings, MONDAY);
    assert.equal((await history('client-2')).length, kinds.length);
  });

  test("the history is append-only, even for the app's own role", async () => {
    await assert.rejects(
      marie.query('DELETE FROM user_data_history'),
      /permission denied|append-only/,
    );
    await assert.rejects(
      marie.query("UPDATE user_data_history SET written_by = 'nobody'"),
      /permission denied|append-only/,
    );
    await assert.rejects(
      admin.query(`DELETE FROM ${schema}.user_data_history`),
      /append-only/,
      "the schema's owner cannot rewrite it either",
    );
  });
});
