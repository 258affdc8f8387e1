// The last readers of the firm's archive (issue 30): two workstations (two services, two data
// folders) connected to one firm archive on a real PostgreSQL server (scripts/with-postgres.sh).
// What A records is what B's ledger (its bank journal, the FEC's bank lines), B's portfolio (its
// bank figures) and B's exceptions list (the handled marks) read, and the other way round; no
// workstation's own bank or user-data file holds any of it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { CompanyProfile, Entry } from '#shared/accounting.ts';
import type { BankLineView, BankView } from '#shared/bank.ts';
import type { LedgerPage } from '#shared/contract.ts';
import type { ExceptionList, ExceptionRow } from '#shared/exceptions.ts';
import type { PortfolioRow } from '#shared/portfolio.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { bankDataPath } from '#main/services/archive/bank-store.ts';
import { userDataPath } from '#main/services/archive/user-data-store.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import {
  firmWithClient,
  type FirmWithClient,
  type Workstation,
} from '#support/firm-workstation.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENT = 'demo-admin';
const YEAR = parsePeriod('2026');

describe(
  'the ledger, portfolio and exceptions on the firm archive',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let firm: FirmWithClient;
    let a: Workstation;
    let b: Workstation;
    const files = demoStatementFiles(
      demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
    );

    before(async () => {
      firm = await firmWithClient('readers', { client: CLIENT, seed: 17, invoices: 600, now: NOW });
      a = await firm.workstation();
      b = await firm.workstation();
    });
    after(async () => {
      await firm?.close();
    });

    /** The workstation's bank journal of the year, as Comptabilité pages it. */
    const bankJournal = async (on: Workstation): Promise<LedgerPage> =>
      (
        await on.call<{ data: LedgerPage }>('accounting:ledger', {
          connectionId: CLIENT,
          period: YEAR,
          journal: 'treasury',
          offset: 0,
          limit: 500,
        })
      ).data;
    const entryOf = (page: LedgerPage, line: BankLineView): Entry =>
      page.entries.find((e) => e.pieceRef === line.id.slice(0, 16))!;
    const toSuspense = (entry: Entry): number =>
      entry.lines
        .filter((l) => l.account === '471000')
        .reduce((s, l) => s + l.debitCents + l.creditCents, 0);
    const bankFigures = async (on: Workstation): Promise<PortfolioRow['bank']> =>
      (await on.call<PortfolioRow[]>('portfolio:get', undefined)).find(
        (row) => row.connectionId === CLIENT,
      )?.bank;

    test('a statement imported and a suggestion confirmed on A: B’s bank journal and portfolio', async () => {
      // B's ledger is kept before anything is imported: what A records must compute it again.
      assert.equal((await bankJournal(b)).totalEntries, 0);
      assert.equal(await bankFigures(b), null, 'no bank yet');

      const file = files[0]!;
      const imported = await a.call<{ added: number }>('bank:import', {
        connectionId: CLIENT,
        fileName: file.name,
        base64: Buffer.from(file.bytes).toString('base64'),
      });
      assert.ok(imported.added > 0);
      const view = await a.call<BankView>('bank:view', { connectionId: CLIENT });
      const inYear = view.lines.filter((l) => l.day >= YEAR.from && l.day <= YEAR.to);

      // B's bank journal: one entry per line of the firm's bank, the same as A's.
      const onB = await bankJournal(b);
      assert.equal(onB.totalEntries, inYear.length);
      assert.ok(onB.totalEntries > 0);
      assert.deepEqual(onB.entries, (await bankJournal(a)).entries);

      // B's portfolio counts the firm's lines waiting for the accountant.
      const waiting = (state: string) => view.lines.filter((l) => l.state === state && !l.decided);
      assert.deepEqual(await bankFigures(b), {
        unmatched: waiting('unmatched').length,
        suggested: waiting('suggested').length,
      });
      assert.ok(waiting('suggested').length > 0, 'a suggestion to confirm');

      // A confirms a suggestion: on B, its money leaves the suspense account for the invoice's
      // third party, and the portfolio has one suggestion less.
      const suggestion = waiting('suggested')[0]!;
      assert.ok(toSuspense(entryOf(onB, suggestion)) > 0, 'a suggestion waits in 471');
      await a.call<BankLineView>('bank:confirm', { connectionId: CLIENT, lineId: suggestion.id });
      const after = entryOf(await bankJournal(b), suggestion);
      assert.equal(toSuspense(after), 0);
      assert.ok(after.lines.some((l) => l.account === '411000' || l.account === '401000'));
      assert.equal((await bankFigures(b))!.suggested, waiting('suggested').length - 1);

      // Neither workstation wrote a bank file of its own: the bank is the firm's.
      assert.equal(existsSync(bankDataPath(a.dataDir, CLIENT)), false);
      assert.equal(existsSync(bankDataPath(b.dataDir, CLIENT)), false);
    });

    test('the SIREN typed in A’s accounting settings is the one B’s portfolio shows', async () => {
      const rowOn = async (on: Workstation) =>
        (await on.call<PortfolioRow[]>('portfolio:get', undefined)).find(
          (row) => row.connectionId === CLIENT,
        )!;
      const found = (await rowOn(b)).siren;
      assert.ok(found, 'the invoices name the company');
      const typed = found === '732829320' ? '443061841' : '732829320';
      const { settings } = await a.call<CompanyProfile>('accounting:profile', {
        connectionId: CLIENT,
      });
      await a.call('accounting:saveSettings', {
        connectionId: CLIENT,
        settings: { ...settings, siren: typed },
      });
      assert.equal((await rowOn(b)).siren, typed);
      // B's ledger names it too (the FEC's file name).
      assert.equal((await bankJournal(b)).company.siren, typed);
    });

    test('an exception handled on A is handled on B’s list; B reopens it, A sees it open', async () => {
      const period = parsePeriod('2026-Q3');
      const list = (on: Workstation, show: 'open' | 'handled') =>
        on.call<ExceptionList>('exceptions:list', { connectionId: CLIENT, period, show });
      const open = await list(b, 'open');
      assert.ok(open.rows.length > 0, 'invoices to act on');
      const invoiceId = open.rows[0]!.invoiceId;

      const [marked] = await a.call<ExceptionRow[]>('exceptions:mark', {
        connectionId: CLIENT,
        period,
        invoiceIds: [invoiceId],
        note: 'relancé par téléphone',
      });
      assert.equal(marked!.handled, true);
      const handledOnB = await list(b, 'handled');
      assert.deepEqual(
        handledOnB.rows.map((r) => r.invoiceId),
        [invoiceId],
      );
      assert.equal(handledOnB.rows[0]!.mark!.note, 'relancé par téléphone');
      assert.equal(handledOnB.counts.open, open.counts.open - 1);

      assert.equal(
        await b.call<number>('exceptions:reopen', {
          connectionId: CLIENT,
          invoiceIds: [invoiceId],
        }),
        1,
      );
      assert.deepEqual((await list(a, 'handled')).rows, []);
      assert.deepEqual((await list(a, 'open')).counts, open.counts);

      // The marks are the firm's: no workstation wrote a user-data file of its own.
      assert.equal(existsSync(userDataPath(a.dataDir, CLIENT)), false);
      assert.equal(existsSync(userDataPath(b.dataDir, CLIENT)), false);
    });
  },
);
