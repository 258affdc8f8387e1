// The contract of the archive's ports (services/archive/ports.ts), written once for every
// implementation: a second store (the firm's shared archive) runs these same tests by adding an
// entry to the list in archive-contract.test.ts. Everything goes through the ports: the sync's
// writes (a page with its checkpoint), the write-through, and every kind of read the screens,
// reports, ledger, exports, bank, portfolio and CLI make. The data is the demo operator's (same
// seed, fixed clock), and what a read should return is worked out from that data here, not from
// the store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDataset, type Dataset } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';
import type { InvoiceRecord } from '#main/demo-operator/data/records.ts';
import {
  BATCH_SIZE,
  type ArchivePort,
  type ArchivesPort,
  type PartitionState,
  type SyncWrites,
} from '#main/services/archive/ports.ts';
import type { ArchiveRow } from '#shared/archive.ts';
import { isCreditNoteType, signedAmount } from '#shared/invoices/amount-totals.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';

export interface ArchiveImplementation {
  name: string;
  /** Why this implementation's tests skip here (its server is not running), if they do. */
  skip?: string;
  /** A fresh set of archives, empty, and what ends it (files removed, connections closed). */
  open(): Promise<{ archives: ArchivesPort; close(): Promise<void> }>;
}

const NOW = new Date('2026-03-15T10:00:00.000Z');
const FETCHED_AT = '2026-03-15T09:00:00.000Z';
const INVOICES = 600;
const A = 'contract-a';
const B = 'contract-b';
/** Every fourth invoice is left without its detail (a sync stopped before the details). */
const detailed = (index: number): boolean => index % 4 !== 3;

export function searchItem(
  dataset: Dataset,
  r: InvoiceRecord,
  withStatus = true,
): InvoiceSearchItem {
  const status = withStatus ? dataset.lastStatus(r, NOW.getTime()) : undefined;
  return {
    metadata: {
      invoiceId: r.invoiceId,
      state: r.state,
      direction: r.direction,
      createDate: r.createDate,
    },
    ...(status ? { lastStatusData: status } : {}),
    businessData: searchBusinessData(dataset.invoice(r)),
  };
}

async function all<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for await (const batch of batches) {
    assert.ok(batch.length > 0 && batch.length <= BATCH_SIZE, `a batch of ${batch.length}`);
    rows.push(...batch);
  }
  return rows;
}

/** Writes a whole dataset as a sync does: each partition's pages with their checkpoints, the
 * details, the end of the run. */
export async function syncDataset(sync: SyncWrites, dataset: Dataset): Promise<number> {
  const { runId, resumed } = await sync.beginRun(FETCHED_AT, true);
  assert.equal(resumed, false);
  const partitions = await sync.partitions();
  let added = 0;
  for (const partition of partitions) {
    const records = dataset.records.filter(
      (r) => r.direction === partition.direction && r.state === partition.state,
    );
    const pageSize = 200;
    for (let at = 0; at === 0 || at < records.length; at += pageSize) {
      const page = records.slice(at, at + pageSize).map((r) => searchItem(dataset, r));
      const last = at + pageSize >= records.length;
      const result = await sync.commitListPage({
        runId,
        items: page,
        fetchedAt: FETCHED_AT,
        checkpoint: last
          ? {
              partition,
              operatorCount: records.length,
              oldest: null,
              finished: { complete: true, finishedAt: FETCHED_AT },
            }
          : { partition, operatorCount: records.length, oldest: null, nextOffset: at + pageSize },
      });
      added += result.added;
    }
  }
  const todo = new Set(await sync.detailTodo(runId));
  for (const [index, r] of dataset.records.entries()) {
    assert.ok(todo.has(r.invoiceId), 'every invoice listed waits for its detail');
    if (detailed(index)) await sync.commitDetail(dataset.invoice(r), FETCHED_AT);
  }
  await sync.finishRun(runId, FETCHED_AT);
  return added;
}

export function archiveContract(implementations: readonly ArchiveImplementation[]): void {
  for (const implementation of implementations)
    describe(`the archive ports: ${implementation.name}`, { skip: implementation.skip }, () => {
      const dataset = createDataset(42, INVOICES, { startMs: NOW.getTime() });
      const other = createDataset(7, 50, { startMs: NOW.getTime(), company: 'Autre Client SAS' });
      let archives: ArchivesPort;
      let close: () => Promise<void>;
      let a: ArchivePort;
      let added: number;

      before(async () => {
        ({ archives, close } = await implementation.open());
        added = await syncDataset(await archives.syncWrites(A), dataset);
        await syncDataset(await archives.syncWrites(B), other);
        a = (await archives.existing(A))!;
      });
      after(() => close());

      test('a sync writes each page with its checkpoint; the coverage and run say so', async () => {
        assert.equal(added, INVOICES);
        assert.deepEqual(await a.counts(), {
          invoices: INVOICES,
          details: dataset.records.filter((_, i) => detailed(i)).length,
        });
        assert.equal(await a.everyPartitionComplete(), true);
        assert.equal(await a.hasUnfinishedSync(), false);
        assert.equal(await a.lastSyncAt(), FETCHED_AT);
        const coverage = await a.coverage();
        assert.ok(coverage.every((c) => c.complete === true && c.finished === true));
        assert.equal(
          coverage.reduce((n, c) => n + (c.operatorCount ?? 0), 0),
          INVOICES,
        );
        assert.equal(await a.filterRefused(), null);
        const stats = await a.stats();
        assert.equal(stats.connectionId, A);
        assert.equal(stats.invoices, INVOICES);
        assert.ok(stats.sizeBytes > 0);
      });

      test('a page written again changes nothing; a checkpoint mid-list is where a resumed run goes on', async () => {
        const sync = await archives.syncWrites(A);
        const { runId } = await sync.beginRun(FETCHED_AT, false);
        assert.equal(await a.hasUnfinishedSync(), true);
        const partition = (await sync.partitions()).find(
          (p) => p.direction === 'OUTBOUND' && p.state !== '*',
        ) as PartitionState;
        const records = dataset.records.filter(
          (r) => r.direction === partition.direction && r.state === partition.state,
        );
        const result = await sync.commitListPage({
          runId,
          items: records.slice(0, 5).map((r) => searchItem(dataset, r)),
          fetchedAt: FETCHED_AT,
          checkpoint: { partition, operatorCount: records.length, oldest: null, nextOffset: 200 },
        });
        assert.equal(result.added, 0);
        assert.equal(result.updated, 0);
        assert.equal(result.unchanged, Math.min(5, records.length));
        const after = (await sync.partitions()).find(
          (p) => p.direction === partition.direction && p.state === partition.state,
        )!;
        assert.equal(after.runId, runId);
        assert.equal(after.nextOffset, 200);
        assert.equal(after.everFinished, true); // a boolean, not SQLite's 1
        assert.equal(
          (await archives.syncWrites(A).then((s) => s.beginRun(FETCHED_AT, false))).resumed,
          true,
        );
        await sync.finishRun(runId, FETCHED_AT);
        assert.equal(await a.hasUnfinishedSync(), false);
      });

      test('the status and detail phases: what is asked is not asked again in the run', async () => {
        const sync = await archives.syncWrites(B);
        const { runId } = await sync.beginRun('2026-03-15T11:00:00.000Z', true);
        const todo = await sync.statusTodo(runId);
        assert.ok(todo.length > 0, 'invoices not final wait for their status');
        const asked = todo.slice(0, 3);
        const records = other.records.filter((r) => asked.includes(r.invoiceId));
        await sync.commitStatusPage({
          runId,
          items: records.map((r) => searchItem(other, r)),
          asked,
          fetchedAt: '2026-03-15T11:00:00.000Z',
        });
        const left = await sync.statusTodo(runId);
        assert.ok(asked.every((id) => !left.includes(id)));
        const details = await sync.detailTodo(runId);
        assert.ok(details.length > 0);
        await sync.commitDetailFailed(details[0]!, 'not_found', runId);
        assert.ok(!(await sync.detailTodo(runId)).includes(details[0]!));
        await sync.finishRun(runId, '2026-03-15T11:00:00.000Z');
      });

      test('an invoice is read with its row, search item and detail, or its list data only', async () => {
        const r = dataset.records[0]!;
        const found = (await a.invoice(r.invoiceId))!;
        assert.equal(found.row.invoiceId, r.invoiceId.toLowerCase());
        assert.equal(found.row.direction, r.direction);
        assert.equal(found.searchItem.metadata.invoiceId, r.invoiceId);
        assert.equal(found.detail?.invoiceId, r.invoiceId);
        const listOnly = (await a.invoice(dataset.records[3]!.invoiceId))!;
        assert.equal(listOnly.detail, null);
        assert.equal(listOnly.row.detailFetchedAt, null);
        assert.equal(await a.invoice('00000000-0000-0000-0000-000000000000'), null);
        const history = await a.statusHistory(r.invoiceId);
        const status = dataset.lastStatus(r, NOW.getTime());
        if (status) assert.equal(history.at(-1)?.code, String(status.code));
        const since = await a.statusesSeenSince('2000-01-01T00:00:00.000Z');
        assert.ok(
          since.every((s) => typeof s.invoiceId === 'string' && typeof s.seenAt === 'string'),
        );
      });

      test('the archive screen: a page, its total, the totals, by filter and sort', async () => {
        const outbound = dataset.records.filter((r) => r.direction === 'OUTBOUND').length;
        const page = await a.queryInvoices({
          filter: { direction: 'OUTBOUND' },
          sort: { key: 'invoiceNumber', descending: false },
          limit: 25,
        });
        assert.equal(page.total, outbound);
        assert.equal(page.rows.length, 25);
        assert.ok(page.rows.every((row) => row.direction === 'OUTBOUND'));
        const numbers = page.rows.map((row) => row.invoiceNumber ?? '');
        assert.deepEqual(numbers, [...numbers].sort());
        const totals = await a.totals({ direction: 'OUTBOUND' });
        assert.equal(totals.count, outbound);
        const someone = page.rows[0]!;
        const bySiren = await a.queryInvoices({
          filter: { counterparty: someone.counterpartySiren! },
        });
        assert.ok(bySiren.rows.every((row) => row.counterpartySiren === someone.counterpartySiren));
        const byNumber = await a.queryInvoices({ filter: { text: someone.invoiceNumber! } });
        assert.ok(byNumber.rows.some((row) => row.invoiceId === someone.invoiceId));
        const detailedOnly = await a.queryInvoices({ filter: { detailFetched: false } });
        assert.equal(detailedOnly.total, dataset.records.filter((_, i) => !detailed(i)).length);
      });

      test('the amounts sort as the screens show them: a credit note negative, below every invoice', async () => {
        // Issue 27, item 7: a credit note of 2 000 € sorted above an invoice of 10 € (its
        // unsigned amount); both stores order by the same signed key.
        for (const key of ['ttcCents', 'htCents', 'tvaCents'] as const) {
          for (const descending of [false, true]) {
            const page = await a.queryInvoices({ sort: { key, descending }, limit: INVOICES });
            assert.equal(page.rows.length, INVOICES);
            const amounts = page.rows
              .map((row) => signedAmount(row[key], row.typeCode))
              .filter((cents): cents is number => cents !== null);
            const expected = [...amounts].sort((x, y) => (descending ? y - x : x - y));
            assert.deepEqual(
              amounts,
              expected,
              `${key} ${descending ? 'descending' : 'ascending'}`,
            );
            const empties = page.rows.findIndex((row) => row[key] === null);
            if (empties >= 0)
              assert.ok(
                page.rows.slice(empties).every((row) => row[key] === null),
                'empty last',
              );
          }
        }
        const ascending = await a.queryInvoices({
          sort: { key: 'ttcCents', descending: false },
          limit: INVOICES,
        });
        const credit = ascending.rows.filter((row) => isCreditNoteType(row.typeCode));
        const invoices = ascending.rows.filter((row) => !isCreditNoteType(row.typeCode));
        assert.ok(credit.length > 0, 'the dataset has credit notes');
        const largestCredit = Math.max(...credit.map((row) => row.ttcCents ?? 0));
        const smallestInvoice = Math.min(...invoices.map((row) => row.ttcCents ?? Infinity));
        assert.ok(largestCredit > smallestInvoice, 'unsigned, they would interleave');
        assert.ok(
          ascending.rows.slice(0, credit.length).every((row) => isCreditNoteType(row.typeCode)),
          'every credit note before the first invoice',
        );
      });

      test('streams come in batches, every row once, in the order asked', async () => {
        const sort = { key: 'createDate', descending: false } as const;
        const rows = await all(a.invoiceBatches({ sort }));
        assert.equal(rows.length, INVOICES);
        assert.equal(new Set(rows.map((row) => row.invoiceId)).size, INVOICES);
        const dates = rows.map((row) => row.createDate ?? '');
        assert.deepEqual(dates, [...dates].sort());
        const withDetails = await all(a.detailBatches({ filter: { detailFetched: true }, sort }));
        assert.equal(withDetails.length, (await a.counts()).details);
        assert.ok(withDetails.every((d) => d.detail !== null && d.searchItem.metadata.invoiceId));
        const facts = await all(a.detailVatFacts({ detailFetched: true }, sort));
        assert.deepEqual(
          facts.map((f) => f.invoiceId),
          withDetails.map((d) => d.row.invoiceId),
        );
        assert.ok(facts.every((f) => Array.isArray(f.taxDetails)));
      });

      test("the reports', the ledger's, the return's and the bank's reads", async () => {
        const from = '2026-01-01';
        const to = '2026-01-31';
        const inMonth = (row: ArchiveRow): boolean =>
          row.invoiceDate === null || (row.invoiceDate >= from && row.invoiceDate <= to);
        const dated = await all(a.datedRows(from, to));
        assert.ok(dated.length > 0 && dated.every(inMonth));
        const expected = dataset.records.filter((r) => {
          const day = dataset.invoice(r).businessData?.invoiceDate;
          return day !== undefined && day >= from && day <= to;
        }).length;
        assert.equal(dated.filter((row) => row.invoiceDate !== null).length, expected);
        const vat = await all(
          a.vatRows({
            from,
            to,
            collectedSince: from,
            datedFrom: '2025-01-01',
            datedTo: to,
          }),
        );
        assert.ok(vat.length > 0);
        assert.ok(vat.some((v) => v.facts !== null) && vat.some((v) => v.facts === null));
        const ledger = await all(a.accountingRows(from, to));
        assert.ok(ledger.length >= expected);
        assert.ok(ledger.some((l) => l.facts !== null && Array.isArray(l.facts.taxDetails)));
        const ca3 = await all(a.ca3Rows(from, to, 366));
        assert.ok(ca3.length >= ledger.length);
        assert.ok(ca3.every((c) => 'deliveryDate' in c));
        const payable = await all(a.payableRows('2026-03-15'));
        assert.ok(payable.length > 0);
        const between = await all(a.payableRowsBetween(from, to));
        assert.ok(between.every((p) => inMonth(p.row)));
        const bank = await all(a.bankInvoices());
        assert.ok(
          bank.length > 0 && bank.every((b) => b.cents > 0 && typeof b.number === 'string'),
        );
      });

      test('the payable rows say which invoice each credit note credits (BT-25)', async () => {
        // The demo's credit notes and duplicates name their invoice in their search item and
        // their details alike (a quarter of them have no details archived).
        const credited = new Map(dataset.records.map((r) => [r.invoiceId, r.ref?.number ?? null]));
        const payable = await all(a.payableRows('2026-12-31'));
        assert.equal(payable.length, INVOICES);
        for (const { row, creditedNumber } of payable)
          assert.equal(creditedNumber, credited.get(row.invoiceId), row.invoiceId);
        const naming = payable.filter((p) => p.creditedNumber !== null);
        assert.ok(naming.some((p) => isCreditNoteType(p.row.typeCode)));
        assert.ok(naming.some((p) => p.row.detailFetchedAt === null));
        const between = await all(a.payableRowsBetween('2025-01-01', '2026-12-31'));
        assert.ok(between.some((p) => p.creditedNumber !== null));
        for (const { row, creditedNumber } of between)
          assert.equal(creditedNumber, credited.get(row.invoiceId), row.invoiceId);
      });

      test('the company, the portfolio figures and the kept details', async () => {
        const company = (await a.company())!;
        assert.match(company.siren, /^\d{9}$/);
        const figures = await a.portfolioFigures('2026-03-15');
        assert.equal(figures.asOf, '2026-03-15');
        assert.equal(figures.month, '2026-03');
        assert.deepEqual(figures.company, company);
        assert.equal(figures.archived, INVOICES);
        const version = (await a.archiveVersion())!;
        assert.equal(typeof version, 'number');
        assert.equal(await a.keptPortfolioDetails('2026-03'), null);
        const kept = {
          month: '2026-03',
          archiveVersion: version,
          userStamp: 'stamp',
          toMap: 2,
          vatCents: 12345,
          pastDue: 3,
        };
        await a.keepPortfolioDetails(kept);
        assert.deepEqual(await a.keptPortfolioDetails('2026-03'), kept);
        assert.equal(await a.archiveVersion(), version, 'keeping details is not a change');
      });

      test('the portfolio reads many connections in one call', async () => {
        const entries = await archives.portfolio([A, B, 'contract-none'], '2026-03-15');
        assert.deepEqual([...entries.keys()], [A, B, 'contract-none']);
        const one = entries.get(A) as Exclude<
          ReturnType<typeof entries.get>,
          Error | null | undefined
        >;
        assert.equal(one.figures.archived, INVOICES);
        assert.equal(one.everyPartitionComplete, true);
        assert.equal(one.hasUnfinishedSync, false);
        assert.equal(one.lastSyncAt, FETCHED_AT);
        const two = entries.get(B) as typeof one;
        assert.equal(two.figures.archived, 50);
        assert.notEqual(two.figures.company?.siren, one.figures.company?.siren);
        assert.equal(entries.get('contract-none'), null);
      });

      test('no archive is made by a read; read() hands a port and its answer back', async () => {
        assert.equal(await archives.existing('contract-none'), null);
        assert.equal(await archives.read('contract-none', async () => 1), null);
        assert.equal(await archives.existing('contract-none'), null);
        const counted = await archives.read(
          B,
          async (archive) => (await archive.counts()).invoices,
        );
        assert.equal(counted, 50);
      });

      test('the write-through: a live page, a detail and a saved answer, read back offline', async () => {
        const c = await archives.open('contract-c');
        assert.deepEqual(await c.counts(), { invoices: 0, details: 0 });
        const records = dataset.records.slice(0, 3);
        const result = await c.saveSearchPage(
          { q: 'x', offset: 0, limit: 50 },
          { data: records.map((r) => searchItem(dataset, r)), meta: { count: 3 } },
          FETCHED_AT,
        );
        assert.equal(result.added, 3);
        assert.equal(await c.saveDetail(dataset.invoice(records[0]!), FETCHED_AT), true);
        assert.equal(
          (await c.invoice(records[0]!.invoiceId))?.detail?.invoiceId,
          records[0]!.invoiceId,
        );
        await c.saveResponse('directory', 'key', { hello: 'world' }, FETCHED_AT);
        assert.deepEqual(await c.savedResponse('directory', 'key'), {
          response: { hello: 'world' },
          fetchedAt: FETCHED_AT,
        });
        assert.equal(await c.savedResponse('directory', 'other'), null);
        assert.equal(await c.newestAnswerAt(), FETCHED_AT);
        assert.equal(await c.lastSyncAt(), null);
      });

      test('the invoice a credit note credits follows its writes: pages, details, none', async () => {
        const c = await archives.open('contract-credited');
        const r = dataset.records.find((x) => x.ref && isCreditNoteType(x.type))!;
        const naming = <T extends { businessData?: object }>(json: T, docs?: unknown[]): T => {
          const copy = structuredClone(json);
          const b = copy.businessData as { referencedDocuments?: unknown };
          if (docs) b.referencedDocuments = docs;
          else delete b.referencedDocuments;
          return copy;
        };
        const doc = (invoiceId: string) => ({ invoiceId, date: '2026-01-05', type: '380' });
        const page = async (docs?: unknown[]) => {
          const data = [naming(searchItem(dataset, r), docs)];
          await c.saveSearchPage({ q: 'credited' }, { data, meta: { count: 1 } }, FETCHED_AT);
        };
        const detail = (docs?: unknown[]) =>
          c.saveDetail(naming(dataset.invoice(r), docs), FETCHED_AT);
        const credited = async () =>
          (await all(c.payableRows('2026-12-31'))).map((p) => p.creditedNumber);
        await page([doc(''), doc('F-A')]);
        assert.deepEqual(await credited(), ['F-A']);
        await page([doc('F-B')]); // merged into the stored item
        assert.deepEqual(await credited(), ['F-B']);
        assert.equal(await detail(), true); // details naming none: the search's still
        assert.deepEqual(await credited(), ['F-B']);
        await detail([doc('F-C')]);
        assert.deepEqual(await credited(), ['F-C']);
        await page([doc('F-D')]); // the details' win over a later page
        assert.deepEqual(await credited(), ['F-C']);
        await detail([]);
        assert.deepEqual(await credited(), [null]);
      });

      test('news: what a sync after the first finds, read and marked read', async () => {
        const sync = await archives.syncWrites(B);
        const at = '2026-03-16T08:00:00.000Z';
        const { runId } = await sync.beginRun(at, false);
        // Invoices this archive did not hold: news once its first sync has finished.
        const items = dataset.records.slice(0, 4).map((r) => searchItem(dataset, r));
        const partition = (await sync.partitions())[0]!;
        const result = await sync.commitListPage({
          runId,
          items,
          fetchedAt: at,
          checkpoint: { partition, operatorCount: 54, oldest: null, nextOffset: 200 },
        });
        await sync.finishRun(runId, at);
        const b = (await archives.existing(B))!;
        const found = await b.newsFoundSince('2026-03-16T00:00:00.000Z');
        const total = Object.values(found).reduce((n, c) => n + c, 0);
        assert.equal(result.added, 4);
        assert.equal(found.new, 4, 'the invoices new to the archive are news');
        const news = await b.news(500);
        assert.equal(news.unread, total);
        const first = news.groups[0]!.invoices[0]!;
        const marked = await b.markNewsRead({ ids: first.ids }, at);
        assert.equal(marked, first.ids.length);
        assert.equal((await b.news(500)).unread, total - first.ids.length);
        await b.markNewsRead({ upToId: news.newestId! }, at);
        assert.equal((await b.news(500)).unread, 0);
      });
    });
}
