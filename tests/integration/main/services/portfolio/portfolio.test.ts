// The portfolio service (issue 19, item 1) over real archive files of three companies (the demo
// data with three seeds) and one connection never synced: each row's figures equal that
// archive's own counts (the test's SQL on the file), its third parties to map and VAT equal the
// Comptabilité ledger's and the CA3 draft's of the month; no operator is asked (there is none).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { periodOf, shiftPeriod } from '#shared/report-period.ts';
import type { AgingReport } from '#shared/reports.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { defaultAccountingSettings } from '#main/services/accounting/settings.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { parisDay } from '#main/services/tax/rules.ts';
import { portfolioDetails, portfolioRows, vatOfReturn } from '#main/services/portfolio/index.ts';
import { archiveSql } from '#support/archive-sql.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const NOW = new Date('2026-03-15T12:00:00Z');
const TODAY = parisDay(NOW.toISOString())!;
const COMPANIES = [
  { id: 'client-a', name: 'Client A', seed: 42 },
  { id: 'client-b', name: 'Client B', seed: 7 },
  { id: 'client-c', name: 'Client C', seed: 13 },
];
let dir: string;
let archives: Archives;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'portfolio-'));
  for (const c of COMPANIES) fillDemoArchive(dir, c.id, { seed: c.seed, invoices: 300, now: NOW });
  archives = new Archives({ dataDir: dir, log: quiet });
});
after(async () => {
  await archives.close();
  rmSync(dir, { recursive: true, force: true });
});

function countOf(path: string, where: string, ...params: string[]): number {
  return archiveSql(path, (db) =>
    Number(
      (
        db.prepare(`SELECT count(*) AS n FROM invoices WHERE ${where}`).get(...params) as {
          n: number;
        }
      ).n,
    ),
  );
}

test('one row per connection, its figures equal to its own archive', async () => {
  const accounting = createAccountingService({ archives, now: () => NOW });
  archives
    .userData('client-c')
    .saveAccountingSettings({ ...defaultAccountingSettings(), siren: '732829320' }, NOW);
  const rows = await portfolioRows({
    references: () => [...COMPANIES, { id: 'never-synced', name: 'Client D' }],
    archives,
    accounting,
    now: () => NOW,
  });
  assert.deepEqual(
    rows.map((r) => r.connectionName),
    ['Client A', 'Client B', 'Client C', 'Client D'],
  );
  const month = TODAY.slice(0, 7);
  const sirens = new Set<string | null>();
  for (const c of COMPANIES) {
    const row = rows.find((r) => r.connectionId === c.id)!;
    const path = archives.existing(c.id)!.path;
    assert.equal(row.error, null);
    sirens.add(row.siren);
    if (c.id === 'client-c') assert.equal(row.siren, '732829320', 'the SIREN the accountant set');
    else assert.equal(row.siren, archives.existing(c.id)!.companySiren()!.siren);
    assert.ok(row.companyName);
    const f = row.figures!;
    assert.equal(
      f.issued,
      countOf(path, `direction = 'OUTBOUND' AND invoice_date LIKE ?`, `${month}-%`),
    );
    assert.equal(
      f.received,
      countOf(path, `direction = 'INBOUND' AND invoice_date LIKE ?`, `${month}-%`),
    );
    assert.ok(f.issued + f.received > 0, `${c.name} has invoices this month`);
    for (const code of ['213', '210', '207', '208'] as const)
      assert.equal(f.codes[code], countOf(path, 'lifecycle_code = ?', code), `${c.name} ${code}`);
    const period = periodOf('month', TODAY);
    const details = await portfolioDetails({ archives, accounting, now: () => NOW }, c.id);
    assert.equal(details.toMap, (await accounting.ledger(c.id, period)).toMap.length);
    // The VAT is the return due now's (issue 26): last month's, monthly by default.
    const due = shiftPeriod(period, -1);
    assert.equal(details.vatReturn?.period.label, due.label);
    const ca3 = (await computeReport(reportSourceOf(archives.existing(c.id)!), 'ca3', due, {
      now: NOW,
    })) as Ca3Report;
    assert.equal(details.vatCents, vatOfReturn(ca3));
    // Past due: the échéancier's own lines at least a day late, the screen the figure opens.
    const aging = await computeReport(reportSourceOf(archives.existing(c.id)!), 'aging', period, {
      now: NOW,
    });
    assert.equal(
      details.pastDue,
      (aging as AgingReport).lines.filter((l) => l.daysLate > 0).length,
      `${c.name}: past due as the échéancier counts it`,
    );
    assert.ok(details.pastDue! > 0, `${c.name}: something past due`);
    assert.ok(
      ca3.boxes.some((b) => b.amountCents !== 0),
      `${c.name}: a CA3 with figures`,
    );
  }
  assert.equal(sirens.size, 3, 'three companies, three SIRENs');
  assert.ok(rows.every((r) => r.companyName === null || r.companyName.length > 0));
  const never = rows.find((r) => r.connectionId === 'never-synced')!;
  assert.equal(never.figures, null);
  assert.equal(never.lastSyncAt, null);
  assert.deepEqual(await portfolioDetails({ archives, accounting }, 'never-synced'), {
    connectionId: 'never-synced',
    toMap: null,
    vatCents: null,
    pastDue: null,
    vatReturn: null,
  });
  assert.equal(archives.existing('never-synced'), null, 'reading made no archive');
});

test('the VAT of a return: tax due positive, a credit negative', () => {
  const boxes = (td: number, credit: number) =>
    ({
      boxes: [
        { code: 'TD', amountCents: td },
        { code: '25', amountCents: credit },
      ],
    }) as unknown as Ca3Report;
  assert.equal(vatOfReturn(boxes(12_300, 0)), 12_300);
  assert.equal(vatOfReturn(boxes(0, 4_500)), -4_500);
  assert.equal(vatOfReturn(boxes(0, 0)), 0);
});

test('an invoice the user marked paid is no longer past due on the portfolio, as on the échéancier', async () => {
  const accounting = createAccountingService({ archives, now: () => NOW });
  const id = 'client-b';
  const path = archives.existing(id)!.path;
  const aging = async (): Promise<AgingReport> =>
    (await computeReport(
      reportSourceOf(archives.existing(id)!),
      'aging',
      periodOf('month', TODAY),
      {
        now: NOW,
      },
    )) as AgingReport;
  const pastDueIds = (await aging()).lines
    .filter((l) => l.daysLate > 0)
    .slice(0, 2)
    .map((l) => l.invoiceId);
  assert.equal(pastDueIds.length, 2);
  const pastDue = async (): Promise<number> =>
    (await portfolioDetails({ archives, accounting, now: () => NOW }, id)).pastDue!;
  const before = await pastDue();
  // Two marked paid, one of them past due: the other (a rejected invoice) was never counted.
  const rejected = archiveSql(
    path,
    (db) =>
      (
        db
          .prepare(`SELECT invoice_id FROM invoices WHERE lifecycle_code = '213' LIMIT 1`)
          .get() as {
          invoice_id: string;
        }
      ).invoice_id,
  );
  archives.userData(id).markPaid([pastDueIds[0]!, rejected], '2026-03-01', null, NOW);
  assert.equal(await pastDue(), before - 1);
  assert.equal(await pastDue(), (await aging()).pastDue, 'the échéancier says the same');
  archives.userData(id).unmarkPaid([pastDueIds[0]!, rejected]);
  assert.equal(await pastDue(), before);
});
