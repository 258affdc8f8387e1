// The portfolio's details at scale (issue 19, item 5): the month's third parties to map and VAT
// are kept in each archive (schema step 11) and read back, after a restart too, without
// computing the month again; a sync that writes something new, a third party mapped, line 22
// entered or a new month computes them again, and what is read back always equals the ledger's
// and the CA3 draft's of the moment. Reading the portfolio leaves no archive file open. Real
// SQLite files, a real sync over HTTP from the demo operator (its clock pinned).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import type { AgingReport } from '#shared/reports.ts';
import { periodOf, shiftPeriod } from '#shared/report-period.ts';
import { dueReturnOf } from '#main/services/tax/due-return.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { portfolioDetails, portfolioRows, vatOfReturn } from '#main/services/portfolio/index.ts';
import { damageArchiveFile } from '#support/damaged-archive.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { recordedClient } from '#support/sync-requests.ts';
import { choiceFor } from '#support/accounting-fixtures.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const NOW = new Date('2026-03-15T12:00:00Z');
const MONTH = periodOf('month', '2026-03-15');
const ID = 'client';
let demoOperator: RunningDemoOperator;
let dir: string;

before(async () => {
  demoOperator = await startDemoOperator({ seed: 11, invoices: 400, now: NOW });
  dir = mkdtempSync(join(tmpdir(), 'portfolio-kept-'));
});
after(async () => {
  await demoOperator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A registry (a process of the app) whose ledger calls are counted: one per computation. */
function app(now = NOW) {
  const archives = new Archives({ dataDir: dir, log: quiet });
  const accounting = createAccountingService({ archives, now: () => now });
  const counted = {
    computations: 0,
    ledger: async (id: string, period: typeof MONTH) => {
      counted.computations += 1;
      return await accounting.ledger(id, period);
    },
  };
  const details = () => portfolioDetails({ archives, accounting: counted, now: () => now }, ID);
  /** The same figures computed afresh, as Comptabilité and Rapports show them: the month's
   * third parties, the VAT of the return due now (issue 26: last month's, monthly by default). */
  const truth = async (period = MONTH) => ({
    connectionId: ID,
    toMap: (await accounting.ledger(ID, period)).toMap.length,
    vatCents: await archives.ports.read(ID, async () => {
      const source = reportSourceOf(archives.existing(ID)!);
      const ca3 = await computeReport(source, 'ca3', shiftPeriod(period, -1), { now });
      return vatOfReturn(ca3 as Ca3Report);
    }),
    vatReturn: archives.read(ID, (store) =>
      dueReturnOf({ company: store.companySiren(), user: archives.existingUserData(ID) }, now),
    ),
    pastDue: await archives.ports.read(ID, async () => {
      const source = reportSourceOf(archives.existing(ID)!);
      return ((await computeReport(source, 'aging', period, { now })) as AgingReport).pastDue;
    }),
  });
  return { archives, accounting, counted, details, truth };
}

async function sync(archives: Archives): Promise<void> {
  const { client } = recordedClient(demoOperator, { retryBaseDelayMs: 5 });
  const summary = await archives.sync(ID, { client, requestsPerMinute: 600_000 });
  assert.equal(summary.cancelled, false);
}

test('kept in the archive, read back after a restart without computing, always equal to the ledger and the CA3', async () => {
  const first = app();
  await sync(first.archives);
  const computed = await first.details();
  assert.equal(first.counted.computations, 1);
  assert.deepEqual(computed, await first.truth());
  assert.ok(computed.toMap! > 0 && computed.vatCents !== 0, JSON.stringify(computed));
  assert.deepEqual(await first.details(), computed);
  assert.equal(first.counted.computations, 1, 'the second reading computes nothing');
  await first.archives.close();

  const restarted = app();
  assert.deepEqual(await restarted.details(), computed);
  assert.equal(restarted.counted.computations, 0, 'a restarted app reads them back');

  // A sync that finds nothing new (statuses re-read, unchanged) leaves them kept.
  await sync(restarted.archives);
  assert.deepEqual(await restarted.details(), computed);
  assert.equal(restarted.counted.computations, 0, 'a sync that wrote nothing new');
  await restarted.archives.close();
});

test('a write that changes an invoice, a third party mapped, line 22 or a new month computes them again', async () => {
  const { archives, accounting, counted, details, truth } = app();
  const before = await details();
  const start = counted.computations;

  // As the sync writes a new status: one of the month's invoices rejected.
  archives.read(ID, (store) => {
    const [row] = store.datedRows(MONTH.from, MONTH.to);
    const item = store.getInvoice(row!.invoiceId)!.searchItem;
    const status = { code: '213', state: 'DELIVERED' as const, date: NOW.toISOString() };
    store.upsertSearchItems([{ ...item, lastStatusData: status }], NOW.toISOString());
  });
  assert.deepEqual(await details(), await truth());
  assert.equal(counted.computations, start + 1, 'the archive changed');

  // The accountant maps a third party of the month (Comptabilité's queue).
  const [party] = (await accounting.ledger(ID, MONTH)).toMap;
  await accounting.mapThirdParties(ID, [choiceFor(party!)]);
  const mapped = await details();
  assert.equal(counted.computations, start + 2, 'the third parties changed');
  assert.deepEqual(mapped, await truth());
  assert.equal(mapped.toMap, before.toMap! - 1, 'one fewer to map');

  // Line 22: a credit carried from the previous return.
  archives.userData(ID).saveCarriedCredit(shiftPeriod(MONTH, -1), 123_45, NOW);
  const carried = await details();
  assert.equal(counted.computations, start + 3, 'line 22 changed');
  assert.deepEqual(carried, await truth());
  // The return adds its rounded boxes (issue 26, item 7): 123,45 € is 123 € on line 22.
  assert.equal(carried.vatCents, mapped.vatCents! - 123_00);
  assert.deepEqual(await details(), carried);
  assert.equal(counted.computations, start + 3);
  await archives.close();

  // The next month: its own figures, not the last month's.
  const april = app(new Date('2026-04-02T09:00:00Z'));
  const next = await april.details();
  assert.equal(april.counted.computations, 1);
  assert.deepEqual(next, await april.truth(periodOf('month', '2026-04-02')));
  await april.archives.close();
});

test(
  'reading the portfolio leaves no archive or user-data file open',
  { skip: process.platform !== 'linux' },
  async () => {
    const { archives, accounting } = app();
    const openFiles = () =>
      readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((path) => path.startsWith(dir));
    assert.deepEqual(openFiles(), []);
    const rows = await portfolioRows({
      references: () => [{ id: ID, name: 'Client' }],
      archives,
      accounting,
      now: () => NOW,
    });
    assert.equal(rows[0]!.error, null);
    assert.ok(rows[0]!.figures!.issued + rows[0]!.figures!.received > 0);
    await portfolioDetails({ archives, accounting, now: () => NOW }, ID);
    assert.deepEqual(openFiles(), [], 'every file read was closed');
    // A connection the user works on stays open (its screens, its sync): the portfolio reads it
    // through that store and leaves it so.
    const open = archives.open(ID);
    await portfolioRows({
      references: () => [{ id: ID, name: 'Client' }],
      archives,
      accounting,
      now: () => NOW,
    });
    await portfolioDetails({ archives, accounting, now: () => NOW }, ID);
    assert.equal(archives.open(ID), open);
    assert.ok(openFiles().some((path) => path.endsWith(`${ID}.sqlite`)));
    assert.deepEqual(
      openFiles().filter((path) => path.includes('.user.')),
      [],
      'the user data it read closed again',
    );
    await archives.close();
  },
);

test('a damaged archive met by the portfolio’s reading is said on its row, noted and set aside; the others are read', async () => {
  const own = mkdtempSync(join(tmpdir(), 'portfolio-damaged-'));
  try {
    fillDemoArchive(own, 'sound', { seed: 3, invoices: 300, now: NOW });
    fillDemoArchive(own, 'damaged', { seed: 4, invoices: 300, now: NOW });
    damageArchiveFile(archivePath(own, 'damaged'), 'header');
    const archives = new Archives({ dataDir: own, log: quiet });
    const accounting = createAccountingService({ archives, now: () => NOW });
    const rows = await portfolioRows({
      references: () => [
        { id: 'damaged', name: 'Abîmé' },
        { id: 'sound', name: 'Sain' },
      ],
      archives,
      accounting,
      now: () => NOW,
    });
    assert.match(rows[0]!.error ?? '', /damaged/i);
    assert.equal(rows[0]!.figures, null);
    assert.equal(rows[1]!.error, null);
    assert.ok(rows[1]!.figures!.issued + rows[1]!.figures!.received > 0);
    assert.ok(archives.damage('damaged'), 'noted for every process');
    await archives.checked('damaged'); // its setting aside has ended
    assert.equal(existsSync(archivePath(own, 'damaged')), false, 'set aside with its date');
    await assert.rejects(() =>
      portfolioDetails({ archives, accounting, now: () => NOW }, 'damaged'),
    );
    await archives.close();
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
});
