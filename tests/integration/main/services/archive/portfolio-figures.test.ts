// The portfolio's figures (issue 19, schema step 9) are counts kept by triggers as the sync
// writes: on a real SQLite file, after a real sync over HTTP from the demo operator, after later
// writes that change statuses and dates, and on an archive written before the step, they equal
// a direct count of the invoices (a second SQLite connection, the test's own SQL).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { PORTFOLIO_FIGURES_VERSION, SCHEMA_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { ACT_ON_CODES, type PortfolioFigures } from '#shared/portfolio.ts';
import { archiveSql } from '#support/archive-sql.ts';
import { recordedClient } from '#support/sync-requests.ts';
import { searchItem, uuidOf } from '#support/archive-fixtures.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-figures-'));
  dirs.push(dir);
  return dir;
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The same figures counted from the invoices themselves. */
function counted(path: string, asOf: string): PortfolioFigures {
  return archiveSql(path, (db) => {
    const n = (sql: string, ...params: string[]): number =>
      Number(
        (
          db.prepare(`SELECT count(*) AS n FROM invoices WHERE ${sql}`).get(...params) as {
            n: number;
          }
        ).n,
      );
    const month = asOf.slice(0, 7);
    const codes = {} as PortfolioFigures['codes'];
    for (const code of ACT_ON_CODES) codes[code] = n('lifecycle_code = ?', code);
    return {
      company: null,
      asOf,
      month,
      issued: n(`direction = 'OUTBOUND' AND substr(invoice_date, 1, 7) = ?`, month),
      received: n(`direction = 'INBOUND' AND substr(invoice_date, 1, 7) = ?`, month),
      codes,
      archived: n('invoice_date IS NOT NULL'),
    };
  });
}

/** Days spread over the archive's months, so that every month's and due day's rows count. */
function daysOf(store: ArchiveStore): string[] {
  const months = new Set<string>();
  for (const row of store.iterateInvoices())
    if (row.invoiceDate) months.add(row.invoiceDate.slice(0, 7));
  return [...months].sort().flatMap((m) => [`${m}-01`, `${m}-15`]);
}

function assertFiguresEqualCounts(store: ArchiveStore, what: string): void {
  assert.deepEqual(store.portfolioFigures('2026-01-01').company, store.companySiren(), what);
  assert.ok(store.companySiren(), `${what}: the company is named`);
  const days = daysOf(store);
  assert.ok(days.length >= 4, `${what}: invoices over several months`);
  for (const day of days)
    assert.deepEqual(
      { ...store.portfolioFigures(day), company: null },
      counted(store.path, day),
      `${what} on ${day}`,
    );
}

// The operator's clock, set: the same invoices, statuses and days on any day the test runs (issue
// 25); the figures are read for the archive's own days.
const NOW = new Date('2026-11-22T12:00:00Z');

describe('the portfolio figures of a synced archive', () => {
  let demoOperator: RunningDemoOperator;
  before(async () => {
    demoOperator = await startDemoOperator({ seed: 5, invoices: 600, now: NOW });
  });
  after(() => demoOperator.close());

  test('equal a direct count after a sync, and after later writes change statuses and dates', async () => {
    const store = openArchive(dataDir(), 'synced');
    const { client } = recordedClient(demoOperator, { retryBaseDelayMs: 5 });
    const summary = await runSync({
      client,
      archive: new SqliteArchive(store),
      requestsPerMinute: 600_000,
      details: false,
    });
    assert.equal(summary.cancelled, false);
    const counts = store.counts();
    assert.ok(counts.invoices > 300, 'the sync archived the demo invoices');
    assertFiguresEqualCounts(store, 'after the sync');
    // Something to act on in the demo data, so that the equality is not of zeros.
    const sample = store.portfolioFigures(daysOf(store).at(-1)!);
    assert.ok(
      sample.archived > 0 && sample.codes['213'] + sample.codes['210'] > 0,
      JSON.stringify(sample),
    );

    // Later writes: a rejection, a payment, a date moved to another month, a new invoice.
    const rows = [...store.iterateInvoices()].slice(0, 3);
    const later = '2026-12-01T10:00:00.000Z';
    store.upsertSearchItems(
      [
        searchItem({
          id: rows[0]!.invoiceId,
          direction: 'OUTBOUND',
          code: '213',
          statusDate: later,
          invoiceDate: '2026-01-10',
        }),
        searchItem({
          id: rows[1]!.invoiceId,
          direction: 'INBOUND',
          code: '212',
          statusDate: later,
          dueDate: '2026-02-01',
        }),
        searchItem({
          id: rows[2]!.invoiceId,
          direction: 'INBOUND',
          state: 'DUPLICATED',
          invoiceDate: '2026-02-20',
        }),
        searchItem({
          id: uuidOf(999_998),
          direction: 'INBOUND',
          invoiceDate: '2026-02-02',
        }),
        searchItem({
          id: uuidOf(999_999),
          direction: 'OUTBOUND',
          code: '207',
          invoiceDate: '2026-01-31',
          dueDate: '2026-01-31',
        }),
      ],
      later,
    );
    assertFiguresEqualCounts(store, 'after later writes');
    assert.equal(
      store.portfolioFigures('2026-01-31').issued,
      counted(store.path, '2026-01-31').issued,
    );
    store.close();
  });
});

test('an archive written before the figures gets them counted when it is opened', () => {
  const dir = dataDir();
  const old = openArchive(dir, 'older', { schemaVersion: PORTFOLIO_FIGURES_VERSION - 1 });
  old.close();
  fillDemoArchive(dir, 'older-filled', {
    seed: 7,
    invoices: 400,
    now: new Date('2026-06-15T08:00:00Z'),
    detailShare: 0,
  });
  // Written at step 8, then opened by this app.
  const dir2 = dataDir();
  const before8 = openArchive(dir2, 'upgraded', { schemaVersion: PORTFOLIO_FIGURES_VERSION - 1 });
  const source = openArchive(dir, 'older-filled');
  const items = [...source.iterateDetails()].map((i) => i.searchItem);
  source.close();
  before8.upsertSearchItems(items, '2026-06-15T08:00:00.000Z');
  before8.close();
  const upgraded = openArchive(dir2, 'upgraded');
  assert.equal(upgraded.schemaVersion(), SCHEMA_VERSION); // the figures' step and those after
  assertFiguresEqualCounts(upgraded, 'after the upgrade');
  upgraded.close();
});

test('a day that is not a day is refused', () => {
  const store = openArchive(dataDir(), 'bad-day');
  assert.throws(() => store.portfolioFigures('2026-13'), RangeError);
  store.close();
});
