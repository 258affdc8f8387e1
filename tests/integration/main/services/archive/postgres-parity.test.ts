// The same data in both stores gives the same answers (issue 30, "the reports … give the same
// figures from either store"): the demo operator's invoices written by a sync into the
// embedded SQLite archive and into the firm's PostgreSQL one, then every read the screens,
// reports, ledger, CA3, bank and portfolio make, compared one to one: pages in every sort
// (order included), filters, the search field's kinds of text, totals, and the streams (as
// sets: they promise no order but their sort's). The same bank statements imported into either
// store's bank give the same bank journal, FEC and portfolio's bank figures.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import type { ArchivePort } from '#main/services/archive/ports.ts';
import { ARCHIVE_SORT_KEYS, type ArchiveFilter } from '#shared/archive.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import type pg from 'pg';
import type { PayableInvoice } from '#shared/payable.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { bankDirectory } from '#main/services/archive/bank-directory.ts';
import type { BankDirectory } from '#main/services/archive/bank-port.ts';
import { postgresBankDirectory } from '#main/services/archive/postgres/bank.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { writeFec } from '#main/services/accounting/fec.ts';
import { confirmMatchOn, importBankFileInto } from '#main/services/bank/bank-on-port.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { searchItem, syncDataset } from './contract/archive-contract.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const ID = 'parity';

async function all<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
}

/** A stream's items in a fixed order (by the JSON of each: they promise no order). */
const asSet = <T>(items: T[]): string[] => items.map((i) => JSON.stringify(i)).sort();

describe(
  'the same answers from SQLite and PostgreSQL',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    const dataset = createDataset(11, 900, { startMs: NOW.getTime() });
    let dataDir: string;
    let sqliteArchives: Archives;
    let postgres: PostgresArchives;
    let drop: () => Promise<void>;
    let pool: pg.Pool;
    let lite: ArchivePort;
    let pg: ArchivePort;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'parity-'));
      sqliteArchives = new Archives({
        dataDir,
        log: { info() {}, warn() {}, error() {} },
        now: () => NOW,
      });
      const fresh = await freshSchema('parity');
      drop = fresh.drop;
      pool = fresh.pool;
      postgres = new PostgresArchives(fresh.pool, fresh.schema);
      await syncDataset(await sqliteArchives.ports.syncWrites(ID), dataset);
      await syncDataset(await postgres.ports.syncWrites(ID), dataset);
      lite = (await sqliteArchives.ports.existing(ID))!;
      pg = (await postgres.ports.existing(ID))!;
    });
    after(async () => {
      await sqliteArchives.close();
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    });

    test('every sort, both ways, page by page: the same rows in the same order', async () => {
      for (const key of ARCHIVE_SORT_KEYS)
        for (const descending of [false, true])
          for (const offset of [0, 250, 880]) {
            const options = { sort: { key, descending }, offset, limit: 60 };
            assert.deepEqual(
              await pg.queryInvoices(options),
              await lite.queryInvoices(options),
              `${key} ${descending ? 'desc' : 'asc'} from ${offset}`,
            );
          }
    });

    test('the filters and the search field find the same invoices, with the same totals', async () => {
      const rows = (await lite.queryInvoices({ limit: 900 })).rows;
      const named = rows.filter((r) => r.counterpartyName);
      const someone = named[7]!;
      const words = someone.counterpartyName!.split(/\s+/);
      const number = rows.find(
        (r) => r.invoiceNumber && r.invoiceNumber.length > 6,
      )!.invoiceNumber!;
      const filters: ArchiveFilter[] = [
        {},
        { direction: 'INBOUND' },
        { direction: 'OUTBOUND', states: ['DELIVERED', 'VALID'] },
        { kind: 'credit_note' },
        { kind: 'invoice', invoiceDateFrom: '2026-01-01', invoiceDateTo: '2026-02-28' },
        { dueDateFrom: '2026-02-01', dueDateTo: '2026-04-30' },
        { ttcMinCents: 10_000, ttcMaxCents: 500_000 },
        { lifecycleCodes: ['212', '210'] },
        { detailFetched: false },
        { detailFetched: true },
        { counterparty: someone.counterpartySiren! },
        { counterparty: someone.counterpartySiret ?? someone.counterpartySiren! },
        { counterparty: words[0]!.slice(0, 3) },
        { counterparty: words.join(' ').toUpperCase() },
        { text: number },
        { text: number.slice(-4) },
        { text: number.slice(2, 7).toLowerCase() },
        { text: words[0]! },
        { text: words[0]!.normalize('NFD').replace(/\p{M}/gu, '') },
        { text: `${words[0]!.slice(0, 2)} ${words.at(-1)!.slice(0, 3)}` },
        { text: someone.counterpartySiren! },
        { text: 'zz' },
        { text: '%_' },
      ];
      for (const filter of filters) {
        const label = JSON.stringify(filter);
        const page = {
          filter,
          sort: { key: 'invoiceDate', descending: true } as const,
          limit: 900,
        };
        const expected = await lite.queryInvoices(page);
        assert.deepEqual(await pg.queryInvoices(page), expected, label);
        assert.deepEqual(await pg.totals(filter), await lite.totals(filter), label);
        if (filter.text === number || filter.counterparty === someone.counterpartySiren)
          assert.ok(expected.total > 0, `${label} finds something`);
      }
    });

    test('the exports\u2019, reports\u2019, ledger\u2019s, CA3\u2019s and bank\u2019s reads hold the same items', async () => {
      const sort = { key: 'invoiceNumber', descending: false } as const;
      const reads: [string, (a: ArchivePort) => AsyncIterable<unknown[]>, boolean][] = [
        [
          'invoiceBatches',
          (a) => a.invoiceBatches({ filter: { direction: 'OUTBOUND' }, sort }),
          true,
        ],
        ['detailBatches', (a) => a.detailBatches({ filter: { detailFetched: true }, sort }), true],
        ['detailVatFacts', (a) => a.detailVatFacts({}, sort), true],
        [
          'vatRows',
          (a) =>
            a.vatRows({
              from: '2026-02-01',
              to: '2026-02-28',
              collectedSince: '2026-02-01',
              datedFrom: '2025-11-01',
              datedTo: '2026-02-28',
            }),
          false,
        ],
        ['payableRows', (a) => a.payableRows('2026-03-15'), false],
        ['payableRowsBetween', (a) => a.payableRowsBetween('2026-01-01', '2026-03-31'), false],
        ['datedRows', (a) => a.datedRows('2026-02-01', '2026-02-28'), false],
        ['accountingRows', (a) => a.accountingRows('2026-02-01', '2026-02-28'), false],
        ['ca3Rows', (a) => a.ca3Rows('2026-02-01', '2026-02-28', 366), false],
        ['bankInvoices', (a) => a.bankInvoices(), false],
      ];
      for (const [name, read, ordered] of reads) {
        const expected = await all(read(lite));
        const found = await all(read(pg));
        assert.ok(expected.length > 0, `${name} reads something`);
        if (ordered) assert.deepEqual(found, expected, name);
        else assert.deepEqual(asSet(found), asSet(expected), name);
      }
    });

    test('the company, the portfolio, the coverage, the statuses and the news agree', async () => {
      assert.deepEqual(await pg.company(), await lite.company());
      for (const day of ['2026-01-31', '2026-03-15']) {
        const figures = await lite.portfolioFigures(day);
        assert.deepEqual(await pg.portfolioFigures(day), figures);
        const [one, many] = await Promise.all([
          sqliteArchives.ports.portfolio([ID], day),
          postgres.ports.portfolio([ID, 'nobody'], day),
        ]);
        assert.deepEqual(many.get(ID), one.get(ID), 'the set-based portfolio: the same entry');
        assert.equal(many.get('nobody'), null);
      }
      assert.deepEqual(await pg.coverage(), await lite.coverage());
      assert.deepEqual(await pg.counts(), await lite.counts());
      assert.equal(await pg.lastSyncAt(), await lite.lastSyncAt());
      assert.equal(await pg.everyPartitionComplete(), await lite.everyPartitionComplete());
      for (const r of dataset.records.slice(0, 40))
        assert.deepEqual(
          await pg.statusHistory(r.invoiceId),
          await lite.statusHistory(r.invoiceId),
        );
      assert.deepEqual(
        await pg.statusesSeenSince('2000-01-01T00:00:00.000Z'),
        await lite.statusesSeenSince('2000-01-01T00:00:00.000Z'),
      );
      assert.deepEqual(await pg.news(500), await lite.news(500));
    });

    test('the same statements in either bank: the same bank journal, FEC and bank figures', async () => {
      const who = () => 'parity';
      const banks: [string, BankDirectory, ArchivePort][] = [
        ['sqlite', bankDirectory(dataDir), lite],
        ['postgres', postgresBankDirectory(pool, who), pg],
      ];
      const files = demoStatementFiles(demoStatements(dataset, { months: 3 }));
      for (const [, directory, archive] of banks) {
        const invoices: PayableInvoice[] = await all(archive.bankInvoices());
        const bank = await directory.of(ID);
        for (const file of files) await importBankFileInto(bank, () => invoices, file, NOW);
        // A suggestion confirmed and an automatic match confirmed: decisions and lettering.
        const rows = await bank.matches();
        for (const state of ['suggested', 'auto'])
          await confirmMatchOn(bank, () => invoices, rows.find((r) => r.state === state)!.id, NOW);
      }
      const [liteFigures, pgFigures] = await Promise.all([
        bankDirectory(dataDir).toDecideOf([ID, 'nobody']),
        postgresBankDirectory(pool, who).toDecideOf([ID, 'nobody']),
      ]);
      assert.ok(liteFigures.get(ID), 'the portfolio counts the lines to decide');
      assert.deepEqual(pgFigures, liteFigures, 'the portfolio’s bank figures');

      const period = parsePeriod('2025-12-01..2026-02-28');
      const ledgers = [
        createAccountingService({ archives: sqliteArchives, now: () => NOW }),
        createAccountingService({
          archives: { ports: postgres.ports, dataDir },
          userData: postgresUserDataDirectory(pool, who),
          bank: postgresBankDirectory(pool, who),
          now: () => NOW,
        }),
      ].map((service) => service.ledger(ID, period));
      const [liteLedger, pgLedger] = await Promise.all(ledgers);
      const bq = liteLedger!.entries.filter((e) => e.journal === 'treasury');
      assert.ok(bq.length > 50, `${bq.length} bank entries`);
      assert.ok(
        bq.some((e) => e.lines.some((l) => l.letter)),
        'lettered lines',
      );
      assert.deepEqual(pgLedger, liteLedger, 'the ledger, its bank journal included');
      const fecs = [];
      for (const [name, ledger] of [
        ['sqlite', liteLedger!],
        ['postgres', pgLedger!],
      ] as const) {
        const path = join(dataDir, `${name}.txt`);
        await writeFec(path, ledger, { separator: 'tab', encoding: 'utf-8' });
        fecs.push(readFileSync(path, 'utf8'));
      }
      assert.equal(fecs[1], fecs[0], 'the FEC');
    });

    test('a live page written through: the same news, and accents and case ignored alike', async () => {
      const [first, second] = dataset.records.filter((r) => r.direction === 'INBOUND');
      const accented = searchItem(dataset, first!);
      accented.metadata = {
        ...accented.metadata,
        invoiceId: '0a0a0a0a-0000-4000-8000-000000000001',
      };
      accented.businessData = {
        ...accented.businessData,
        seller: { ...accented.businessData?.seller, name: 'Société Générale d’Équipements' },
      };
      const paid = searchItem(dataset, second!);
      paid.lastStatusData = { code: 212, date: '2026-03-16T08:00:00.000Z' } as never;
      const response = { data: [accented, paid], meta: { count: 2 } };
      const at = '2026-03-16T09:00:00.000Z';
      assert.deepEqual(
        await pg.saveSearchPage({ q: 'x' }, response, at),
        await lite.saveSearchPage({ q: 'x' }, response, at),
      );
      const news = await lite.news(500);
      assert.ok(news.unread >= 2, 'a new invoice and a payment are news');
      assert.deepEqual(await pg.news(500), news);
      assert.deepEqual(
        await pg.statusHistory(second!.invoiceId),
        await lite.statusHistory(second!.invoiceId),
      );
      for (const text of ['societe generale', 'SOCIÉTÉ', 'equip', 'Générale d'])
        for (const filter of [{ text }, { counterparty: text }] as ArchiveFilter[]) {
          const expected = await lite.queryInvoices({ filter });
          assert.ok(expected.total >= 1, JSON.stringify(filter));
          assert.deepEqual(await pg.queryInvoices({ filter }), expected, JSON.stringify(filter));
        }
      assert.equal(await pg.markNewsRead({ upToId: news.newestId! }, at), news.unread);
    });
  },
);
