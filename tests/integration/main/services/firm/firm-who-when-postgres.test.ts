// Who and when on every shared thing of the firm's archive (issue 30, item 4), against a real
// PostgreSQL server (scripts/with-postgres.sh): another workstation's user (Marie, writing
// through the firm's ports under her own name) and this workstation (the app, its channels)
// write the same client's shared work; this workstation's screens and workbooks say who did
// what and when, never "vous" for Marie's, and two writes of the same thing keep both in the
// history (the last write wins).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Sourced } from '#shared/contract.ts';
import type { ThirdParty, ThirdPartyChoice } from '#shared/accounting.ts';
import type { BankLineView, BankView } from '#shared/bank.ts';
import type { DeclaredReturn } from '#shared/declared.ts';
import type { ExportResult } from '#shared/exports.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport } from '#shared/reports.ts';
import type { InvoicePayment } from '#shared/payments.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import type { PayableInvoice } from '#shared/payable.ts';
import { postgresBankDirectory } from '#main/services/archive/postgres/bank.ts';
import { partiesSayingWho } from '#main/services/archive/writers-named.ts';
import { confirmMatchOn } from '#main/services/bank/bank-on-port.ts';
import { besideTheArchive } from '#main/services/archive/beside-the-archive.ts';
import {
  exceptionList,
  markExceptionsHandled,
  type ExceptionsDeps,
} from '#main/services/exceptions/index.ts';
import { reasonKey } from '#shared/exceptions.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import {
  firmWithClient,
  type FirmWithClient,
  type Workstation,
} from '#support/firm-workstation.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENT = 'demo-admin';
const MARIE = 'marie@poste-2';

describe('who and when on the firm archive', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let firm: FirmWithClient;
  let outDir: string;
  let here: Workstation;

  before(async () => {
    firm = await firmWithClient('whowhen', { client: CLIENT, seed: 17, invoices: 600, now: NOW });
    outDir = mkdtempSync(join(tmpdir(), 'firm-who-when-out-'));
    here = await firm.workstation({ chooseExportPath: async (name) => join(outDir, name) });
  });
  after(async () => {
    await firm?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  /** Every version the firm's history keeps of one table's rows, oldest first. */
  const history = async (thing: string) =>
    (
      await firm.pool.query<{ old: unknown; new: unknown; written_by: string }>(
        `SELECT old, new, written_by FROM user_data_history
         WHERE connection_id = $1 AND thing = $2 ORDER BY id`,
        [CLIENT, thing],
      )
    ).rows;

  test('the échéancier’s workbook says who marked each paid invoice, and never “vous” for Marie’s', async () => {
    const period = parsePeriod('2026-11');
    const aging = async () =>
      (await here.call<Sourced<AgingReport>>('reports:get', { report: 'aging', period })).data;
    const [first, second] = (await aging()).lines.filter((line) => line.amountCents > 0);
    assert.ok(first && second);
    const marie = await postgresUserDataDirectory(firm.pool, () => MARIE).of(CLIENT);
    await marie.markPaid([first.invoiceId], '2026-11-20', null, new Date('2026-11-21T08:15:00Z'));
    await here.call('payments:mark', {
      connectionId: CLIENT,
      invoiceIds: [second.invoiceId],
      paidOn: '2026-11-21',
    });
    const report = await aging();

    const result = await here.call<ExportResult>('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'report', report: 'aging', period },
    });
    assert.ok(result.savedTo);
    const book = readXlsx(result.savedTo);
    const paid = sheetNamed(book, 'Payées');
    const ids = column(paid, 'Identifiant plateforme').map((c) => c.v);
    assert.equal(ids.length, report.paid.length);
    const by = column(paid, 'Marquée par');
    const at = column(paid, 'Marquée le');
    assert.equal(by[ids.indexOf(first.invoiceId)]?.v, MARIE);
    assert.equal(at[ids.indexOf(first.invoiceId)]?.t, 'd', 'when, as a date-time cell');
    assert.equal(by[ids.indexOf(second.invoiceId)]?.v, 'vous');
    // A status's payment has no mark: no one to name.
    const byStatus = report.paid.find((p) => p.paidSource !== 'marked' && p.markedAt === null);
    if (byStatus) assert.equal(by[ids.indexOf(byStatus.invoiceId)]?.v, null);

    // The summary counts Marie's mark apart, and says "par vous" only of this user's own.
    const summary = sheetNamed(book, 'Échéancier');
    const text = summary.rows.flat().map((c) => String(c.v ?? ''));
    const counts = text.find((t) => t.startsWith('Hors des chiffres'));
    assert.match(String(counts), /1 marquée payée par vous et 1 marquée payée par d’autres postes/);
    assert.ok(text.some((t) => t.includes('par vous ou un autre poste du cabinet')));
  });

  test('a bank match says who decided it and when; a change keeps both in the history', async () => {
    const [file] = demoStatementFiles(
      demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
    );
    assert.ok(file);
    await here.call('bank:import', {
      connectionId: CLIENT,
      fileName: file.name,
      base64: Buffer.from(file.bytes).toString('base64'),
    });
    const view = async () =>
      (await here.call<BankView>('bank:view', { connectionId: CLIENT })).lines;
    const [hers, mine] = (await view()).filter((l) => l.state === 'auto');
    assert.ok(hers && mine);
    // On one workstation nothing is said of an undecided line.
    assert.equal(hers.decidedAt, undefined);

    // Marie confirms one on her workstation, this user the other here.
    const invoices: PayableInvoice[] = [];
    const archive = await here.services.archives.ports.existing(CLIENT);
    for await (const batch of archive!.bankInvoices()) invoices.push(...batch);
    const marie = await postgresBankDirectory(firm.pool, () => MARIE).of(CLIENT);
    await confirmMatchOn(marie, () => invoices, hers.id, new Date('2026-11-21T09:30:00Z'));
    const confirmed = await here.call<BankLineView>('bank:confirm', {
      connectionId: CLIENT,
      lineId: mine.id,
    });
    assert.equal(confirmed.decidedAt, NOW.toISOString(), 'this user’s own, when');
    assert.equal(confirmed.decidedBy, undefined, 'and no name: "par vous"');

    const lines = new Map((await view()).map((l) => [l.id, l]));
    assert.equal(lines.get(hers.id)?.state, 'confirmed');
    assert.equal(lines.get(hers.id)?.decidedBy, MARIE);
    assert.equal(lines.get(hers.id)?.decidedAt, '2026-11-21T09:30:00.000Z');
    assert.equal(lines.get(mine.id)?.decidedBy, undefined);
    assert.equal(lines.get(mine.id)?.decidedAt, NOW.toISOString());

    // This user changes Marie's decision (no invoice): the last write wins, and says so; the
    // history keeps Marie's and this user's.
    const changed = await here.call<BankLineView>('bank:confirm', {
      connectionId: CLIENT,
      lineId: hers.id,
      invoiceNumbers: [],
    });
    assert.equal(changed.state, 'unmatched');
    assert.equal(changed.decidedBy, undefined);
    const versions = (await history('bank_decisions')).filter(
      (v) => (v.new as { line_id?: string } | null)?.line_id === hers.id,
    );
    assert.deepEqual(
      versions.map((v) => v.written_by),
      [MARIE, versions[1]?.written_by],
    );
    assert.notEqual(versions[1]?.written_by, MARIE);
    assert.deepEqual((versions[1]?.old as { written_by?: string }).written_by, MARIE);
  });

  test('Comptabilité’s third parties are the firm’s and say who set their accounts, and when', async () => {
    const party: ThirdPartyChoice = {
      key: '552100554',
      role: 'customer',
      name: 'DUPONT ET FILS',
      auxiliary: 'CDUPONT',
      account: '706000',
      label: null,
    };
    const marie = await postgresUserDataDirectory(firm.pool, () => MARIE).of(CLIENT);
    await marie.saveThirdParties([
      { ...party, confirmed: true, updatedAt: '2026-11-21T10:05:00.000Z' },
    ]);
    const memory = () =>
      here.call<ThirdParty[]>('accounting:thirdParties', { connectionId: CLIENT });
    const seen = (await memory()).find((p) => p.key === party.key);
    assert.equal(seen?.account, '706000', 'Marie’s choice, read from the firm’s archive');
    assert.equal(seen?.updatedBy, MARIE);
    assert.equal(seen?.updatedAt, '2026-11-21T10:05:00.000Z');

    // This user changes its account here: the last write wins, said as this user's own; the
    // history keeps Marie's version and this one.
    const after = await here.call<ThirdParty[]>('accounting:mapThirdParties', {
      connectionId: CLIENT,
      choices: [{ ...party, account: '706100' }],
    });
    const mine = after.find((p) => p.key === party.key);
    assert.equal(mine?.account, '706100');
    assert.equal(mine?.updatedBy, undefined);
    assert.equal(mine?.updatedAt, NOW.toISOString());
    const versions = (await history('third_parties')).filter(
      (v) => (v.new as { key?: string } | null)?.key === party.key,
    );
    assert.deepEqual(
      versions.map((v) => (v.new as { account: string }).account),
      ['706000', '706100'],
    );
    assert.equal(versions[0]?.written_by, MARIE);
    assert.notEqual(versions[1]?.written_by, MARIE);
    // And Marie's workstation reads this user's choice, named.
    const onHers = await partiesSayingWho(marie, () => MARIE).thirdParty(party.key, party.role);
    assert.equal(onHers?.account, '706100');
    assert.equal(onHers?.updatedBy, versions[1]?.written_by);
  });

  test('a declared period says who declared it and when; declared again, both are kept', async () => {
    const period = parsePeriod('2026-10');
    const marie = await postgresUserDataDirectory(firm.pool, () => MARIE).of(CLIENT);
    await marie.saveDeclaredReturn({
      period,
      declaredOn: '2026-11-15',
      amountCents: 123_400,
      figures: { boxes: {}, invoices: {} },
      by: 'marie',
      at: '2026-11-15T09:00:00.000Z',
    });
    const declared = await here.call<DeclaredReturn | null>('tax:declared', {
      connectionId: CLIENT,
      period,
    });
    assert.equal(declared?.by, 'marie');
    assert.equal(declared?.at, '2026-11-15T09:00:00.000Z');
    assert.equal(declared?.declaredOn, '2026-11-15');

    // This user records it again (another amount): the last write wins, the history keeps both.
    const again = await here.call<DeclaredReturn>('tax:declare', {
      connectionId: CLIENT,
      period,
      declaredOn: '2026-11-16',
      amountCents: 120_000,
    });
    assert.notEqual(again.by, 'marie');
    assert.equal(again.at, NOW.toISOString());
    const versions = await history('declared_returns');
    assert.deepEqual(
      versions.map((v) => (v.new as { declared_by: string; amount_cents: number }).amount_cents),
      [123_400, 120_000],
    );
    assert.equal(versions[0]?.written_by, MARIE);
    assert.notEqual(versions[1]?.written_by, MARIE);
  });

  test('a handled exception says who handled it and when, on the firm’s user data', async () => {
    const period = parsePeriod('2026-11');
    const services = here.services;
    // The exceptions list over the firm's user data (the data path the screens take on it).
    const deps: ExceptionsDeps = {
      archives: services.archives.ports,
      userData: services.userData,
      beside: besideTheArchive(here.dataDir, services.userData, services.bank),
      ledger: (id, p) => services.accounting.ledger(id, p),
      userName: () => 'paul',
      now: () => NOW,
    };
    const open = await exceptionList(deps, CLIENT, period, 'open');
    const [row] = open.rows;
    assert.ok(row, 'an invoice to act on');
    const marie = await postgresUserDataDirectory(firm.pool, () => MARIE).of(CLIENT);
    await marie.markExceptionsHandled(
      [{ invoiceId: row.invoiceId, reasons: row.reasons.map(reasonKey) }],
      'Relancé par téléphone',
      'marie',
      new Date('2026-11-21T14:40:00Z'),
    );
    const seen = (await exceptionList(deps, CLIENT, period, 'all')).rows.find(
      (r) => r.invoiceId === row.invoiceId,
    );
    assert.equal(seen?.handled, true);
    assert.equal(seen?.mark?.by, 'marie');
    assert.equal(seen?.mark?.at, '2026-11-21T14:40:00.000Z');
    assert.equal(seen?.mark?.note, 'Relancé par téléphone');

    // Paul marks it again with his note: his wins, Marie's stays in the history.
    const [mine] = await markExceptionsHandled(deps, CLIENT, period, [row.invoiceId], 'Avoir reçu');
    assert.equal(mine?.mark?.by, 'paul');
    assert.equal(mine?.mark?.at, NOW.toISOString());
    const versions = (await history('exception_marks')).filter(
      (v) => (v.new as { invoice_id?: string } | null)?.invoice_id === row.invoiceId,
    );
    assert.deepEqual(
      versions.map((v) => (v.new as { note: string }).note),
      ['Relancé par téléphone', 'Avoir reçu'],
    );
    assert.equal(versions[0]?.written_by, MARIE);
  });

  test('a paid mark made again on this workstation wins, and the history keeps Marie’s', async () => {
    const period = parsePeriod('2026-11');
    const report = (
      await here.call<Sourced<AgingReport>>('reports:get', { report: 'aging', period })
    ).data;
    const line = report.lines.find((l) => l.amountCents > 0);
    assert.ok(line);
    const marie = await postgresUserDataDirectory(firm.pool, () => MARIE).of(CLIENT);
    await marie.markPaid(
      [line.invoiceId],
      '2026-11-18',
      'Virement',
      new Date('2026-11-21T08:00:00Z'),
    );
    await here.call('payments:mark', {
      connectionId: CLIENT,
      invoiceIds: [line.invoiceId],
      paidOn: '2026-11-19',
    });
    const [payment] = await here.call<InvoicePayment[]>('payments:get', {
      connectionId: CLIENT,
      invoiceIds: [line.invoiceId],
    });
    assert.equal(payment?.mark?.paidOn, '2026-11-19');
    assert.equal(payment?.mark?.markedBy, undefined, 'this user’s own now');
    const versions = (await history('payment_marks')).filter(
      (v) => (v.new as { invoice_id?: string } | null)?.invoice_id === line.invoiceId,
    );
    assert.deepEqual(
      versions.map((v) => (v.new as { paid_on: string }).paid_on),
      ['2026-11-18', '2026-11-19'],
    );
    assert.equal(versions[0]?.written_by, MARIE);
    assert.notEqual(versions[1]?.written_by, MARIE);
  });
});
