// No secret in the firm's database (issue 30, item 7): the demo operator's invoices read over
// real HTTP by the operator client (OAuth client credentials: a client secret, access tokens)
// and written by the sync's ports into the firm's archive, through the app's role that
// `firm init` makes, with the firm's shared work (every user data table, the bank's, and their
// history); then
// the whole database dumped with pg_dump and searched for the client
// secret, every access token the operator issued, and both roles' passwords.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { openPool } from '#main/services/archive/postgres/database.ts';
import { initFirm } from '#main/services/archive/postgres/firm-setup.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { postgresBankDirectory } from '#main/services/archive/postgres/bank.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#shared/accounting-settings.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const FETCHED_AT = NOW.toISOString();

const USER_DATA_TABLES = [
  'user_data',
  'payment_marks',
  'exception_marks',
  'accounting_settings',
  'third_parties',
  'carried_credits',
  'declared_returns',
  'invoice_rates',
  'user_data_history',
  'bank_accounts',
  'bank_lines',
  'bank_decisions',
];

/** One row of every kind of shared work, as the screens write it. */
async function writeSharedWork(pool: pg.Pool, connectionId: string, at: Date): Promise<void> {
  const mine = await postgresUserDataDirectory(pool, () => 'marie').of(connectionId);
  const invoice = '00000000-0000-4000-8000-000000000001';
  const period = { from: '2026-01-01', to: '2026-03-31' };
  await mine.markPaid([invoice], '2026-03-01', 'virement reçu', at);
  await mine.markExceptionsHandled(
    [{ invoiceId: invoice, reasons: ['rejected'] }],
    'vu',
    'marie',
    at,
  );
  await mine.saveAccountingSettings({ ...DEFAULT_ACCOUNTING_SETTINGS, siren: '552100554' }, at);
  await mine.saveThirdParties([
    {
      key: '380129866',
      role: 'customer',
      name: 'Orange',
      auxiliary: 'CORANGE',
      account: '706000',
      label: null,
      confirmed: true,
      updatedAt: at.toISOString(),
    },
  ]);
  await mine.saveCarriedCredit(period, 1500, at);
  await mine.saveDeclaredReturn({
    period: { ...period, label: '2026-Q1' },
    declaredOn: '2026-04-20',
    amountCents: 1000,
    figures: {},
    by: 'marie',
    at: at.toISOString(),
  });
  await mine.saveInvoiceRate(invoice, { currency: 'GBP', rate: '0.8662' }, at);
  const bank = await postgresBankDirectory(pool, () => 'marie').of(connectionId);
  const account = 'FR7630006000011234567890189';
  await bank.importLines(
    { name: 'releve.xml', format: 'camt053' },
    () => [{ account, name: 'Compte courant', ledgerAccount: '512000', currency: 'EUR' }],
    [
      {
        id: 'l1',
        account,
        line: { bookingDay: '2026-03-02', cents: 1200, label: 'VIR ORANGE', sourceLine: 0 },
      },
    ],
    at,
    (snapshot) => snapshot.undecided.map((l) => ({ lineId: l.id, state: 'unmatched' })),
  );
  await bank.decide(
    'l1',
    () => ({ allocations: [{ invoiceId: invoice, cents: 1200 }], rule: null }),
    at,
    () => [],
  );
}

describe('the firm database holds no secret', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `secrets_${suffix}`;
  const role = `app_${suffix}`;
  let operator: RunningDemoOperator;
  let appPassword: string;
  const tokens: string[] = [];

  before(async () => {
    operator = await startDemoOperator({ seed: 5, invoices: 450, now: NOW });
  });
  after(async () => {
    await operator.close();
    const admin = new pg.Client({ connectionString: TEST_PG_URL! });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`DROP OWNED BY ${role}`).catch(() => {});
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  test('a sync from the demo operator, then pg_dump: no client secret, token or password', async () => {
    const admin = new URL(TEST_PG_URL!);
    const made = await initFirm({ connectionString: TEST_PG_URL! }, { schema, appRole: role });
    appPassword = made.appPassword!;
    const appUrl = new URL(TEST_PG_URL!);
    appUrl.username = role;
    appUrl.password = '';
    const pool = openPool({ url: appUrl.toString(), password: appPassword, schema });
    const archives = new PostgresArchives(pool, schema);
    const { clientId, clientSecret } = operator.clients.user;
    // The tokens the operator hands out, as the client receives them.
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input instanceof Request ? input.url : input).startsWith(operator.tokenUrl)) {
        const body = (await response.clone().json()) as { access_token?: string };
        if (body.access_token) tokens.push(body.access_token);
      }
      return response;
    };
    const client = new OperatorClient({
      connection: { baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl, clientId },
      getClientSecret: async () => clientSecret,
      fetch: recording,
    });
    try {
      const sync = await archives.ports.syncWrites('demo-user');
      const { runId } = await sync.beginRun(FETCHED_AT, true);
      const [partition] = await sync.partitions();
      let written = 0;
      for (let offset = 0; offset <= 400; offset += 200) {
        const page = await client.searchInvoices({
          expand: ['businessData', 'lastStatusData'],
          offset,
          limit: 200,
        });
        const last = page.data.length < 200;
        const result = await sync.commitListPage({
          runId,
          items: page.data,
          fetchedAt: FETCHED_AT,
          checkpoint: last
            ? {
                partition: partition!,
                operatorCount: 450,
                oldest: null,
                finished: { complete: true, finishedAt: FETCHED_AT },
              }
            : { partition: partition!, operatorCount: 450, oldest: null, nextOffset: offset + 200 },
        });
        written += result.added;
        if (last) break;
      }
      for (const id of (await sync.detailTodo(runId)).slice(0, 60))
        await sync.commitDetail(await client.getInvoice(id), FETCHED_AT);
      const directory = await client.searchDirectory({ q: 'name:"A*"', limit: 20 });
      const archive = await archives.ports.open('demo-user');
      await archive.saveResponse('directory', 'q=name:A*', directory, FETCHED_AT);
      await sync.finishRun(runId, FETCHED_AT);
      assert.ok(written >= 400, `the sync wrote the operator's invoices (${written})`);
      assert.equal((await archive.counts()).details, 60);
      // The shared work too (its tables and their history), written through the app's role.
      await writeSharedWork(pool, 'demo-user', NOW);
    } finally {
      await archives.close();
    }
    assert.ok(tokens.length > 0, 'the client was handed a token');

    const dump = execFileSync(
      join(process.env['INVOICE_DESK_TEST_PG_BIN'] ?? '/usr/lib/postgresql/15/bin', 'pg_dump'),
      ['--dbname', TEST_PG_URL!, '--schema', schema, '--data-only', '--no-owner'],
      { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 },
    );
    assert.match(dump, /COPY .*\.invoice_json/, 'the dump holds the archive');
    for (const table of USER_DATA_TABLES)
      assert.match(
        dump,
        new RegExp(`COPY \\S+\\.${table} .*\\n[^\\\\]`),
        `the dump holds ${table}'s rows`,
      );
    assert.ok(dump.includes(operator.clients.user.clientId), 'an identifier is no secret: found');
    const secrets: [string, string][] = [
      ['the client secret', clientSecret],
      ...tokens.map((t, i): [string, string] => [`access token ${i + 1}`, t]),
      ['the app role password', appPassword],
      ['the administrator password', decodeURIComponent(admin.password)],
    ];
    for (const [what, secret] of secrets) {
      assert.ok(secret.length >= 8, `${what} is a real secret`);
      assert.ok(!dump.includes(secret), `${what} is in the dump`);
    }
  });
});
