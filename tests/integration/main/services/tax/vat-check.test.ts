// One VAT truth per client and period (issue 26, items 1 and 2), over the demo operator's data
// written into a real archive the way a sync writes it (its clock pinned), with a tenth of the
// invoices' details missing: for every month and quarter, the TVA report's net, the CA3's
// 16 − 23 (to the cent) and the entries' VAT accounts agree, or every difference is an invoice
// with its reason, and the differences add up to the totals'. Held invoices (207, 208) are held
// by all three. A paid mark on a VAT-on-payment invoice moves exactly its VAT into the mark's
// month on all three, says where its day came from, and undoing it moves it back.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { ReportPeriod, VatReport } from '#shared/reports.ts';
import type { VatCheck } from '#shared/vat-check.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { userDataStamp } from '#main/services/portfolio/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { reportWorkbook } from '#main/services/export/layouts/reports.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { dataRows, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { assertReadable } from '#support/workbook-checks.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const ID = 'demo';
const quiet = { info() {}, warn() {}, error() {} };
let dir: string;
let archives: Archives;
let accounting: ReturnType<typeof createAccountingService>;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'vat-check-'));
  fillDemoArchive(dir, ID, { invoices: 1200, now: NOW, detailShare: 0.9 });
  archives = new Archives({ dataDir: dir, log: quiet });
  accounting = createAccountingService({ archives, now: () => NOW });
});
after(async () => {
  await archives.close();
  rmSync(dir, { recursive: true, force: true });
});

const store = () => archives.existing(ID)!;
const check = async (label: string): Promise<VatCheck> =>
  (await computeReport(reportSourceOf(store()), 'vatCheck', parsePeriod(label), {
    now: NOW,
  })) as VatCheck;
const vatReport = async (period: ReportPeriod) =>
  (await computeReport(reportSourceOf(store()), 'vat', period, { now: NOW })) as VatReport;
const ca3 = async (period: ReportPeriod) =>
  (await computeReport(reportSourceOf(store()), 'ca3', period, { now: NOW })) as Ca3Report;

/** Every month and quarter the demo data covers (two years before its clock). */
const PERIODS: string[] = [];
for (const year of [2025, 2026]) {
  for (let m = 1; m <= 12 && `${year}-${m}` !== '2026-12'; m += 1)
    PERIODS.push(`${year}-${String(m).padStart(2, '0')}`);
  for (let q = 1; q <= 4; q += 1) PERIODS.push(`${year}-Q${q}`);
}

describe('the TVA report, the CA3 and the entries: equal, or explained invoice by invoice', () => {
  test('every month and quarter of the demo data', async () => {
    const reasons = new Set<string>();
    for (const label of PERIODS) {
      const c = await check(label);
      const report = await vatReport(parsePeriod(label));
      // The figures are the screens' own.
      assert.equal(c.vatReport.netCents, report.balance.netCents, `${label}: the TVA report's net`);
      assert.equal(
        c.ca3.collectedCents - c.ca3.deductibleCents,
        c.ca3.netCents,
        `${label}: the CA3's 16 − 23, to the cent`,
      );
      // The differences add up to the totals' gaps, side by side.
      for (const side of ['collectedCents', 'deductibleCents'] as const) {
        const sum = (pick: (d: VatCheck['differences'][number]) => number): number =>
          c.differences.reduce((s, d) => s + pick(d), 0);
        assert.equal(
          c.vatReport[side] - c.ca3[side],
          sum((d) => d.vatReport[side] - d.ca3[side]),
          `${label}: TVA report − CA3, ${side}`,
        );
        assert.equal(
          c.ca3[side] - c.entries[side],
          sum((d) => d.ca3[side] - d.entries[side]),
          `${label}: CA3 − entries, ${side}`,
        );
      }
      assert.equal(c.agrees, c.differences.length === 0);
      for (const d of c.differences) {
        assert.notEqual(d.reason, 'counted_differently', `${label}: ${d.number} has its reason`);
        reasons.add(d.reason);
      }
    }
    // The data holds what makes them differ: missing details, VAT due on another day.
    for (const reason of ['no_details', 'due_outside', 'due_inside'])
      assert.ok(reasons.has(reason), `some period differs by ${reason}`);
  });

  test('held invoices (207, 208): held apart by the TVA report as by the CA3 and the entries', async () => {
    // The returns list a held invoice in the period its VAT would be due in; the entries in the
    // period of its date (where its entry would be): the same invoices over the months.
    const heldByReport = new Set<string>();
    const heldByEntries = new Set<string>();
    for (const label of PERIODS.filter((p) => !p.includes('Q'))) {
      const period = parsePeriod(label);
      const report = await vatReport(period);
      const held = new Set(report.held.map((h) => h.invoiceId));
      for (const l of report.lines)
        assert.equal(held.has(l.invoiceId), false, `${label}: a held invoice is not counted`);
      for (const h of (await accounting.ledger(ID, period)).held) heldByEntries.add(h.invoiceId);
      for (const id of held) heldByReport.add(id);
      for (const h of report.held) assert.ok(h.reason === 'disputed' || h.reason === 'suspended');
      assert.deepEqual(
        [...held].sort(),
        (await ca3(period)).held.map((h) => h.invoiceId).sort(),
        `${label}: the same held invoices as the CA3`,
      );
    }
    assert.ok(heldByEntries.size > 0, 'the demo data holds disputed or suspended invoices');
    for (const id of heldByEntries) assert.ok(heldByReport.has(id), `${id} held in a TVA report`);
  });
});

describe('a paid mark makes VAT on payment due on its day (item 2)', () => {
  test('marking a VAT-on-payment purchase moves exactly its VAT into the mark’s month, on all three; unmarking moves it back', async () => {
    // A received invoice due on payment, with no 212: waiting in the TVA report of its month.
    const waiting = (
      await Promise.all(
        PERIODS.filter((p) => !p.includes('Q')).map((label) => vatReport(parsePeriod(label))),
      )
    )
      .flatMap((r) => r.pending)
      .find(
        (p) =>
          p.direction === 'INBOUND' &&
          !p.creditNote &&
          p.currency === 'EUR' &&
          (p.tvaCents ?? 0) > 0 &&
          p.collectedOn === null &&
          p.invoiceDate !== null &&
          p.invoiceDate < '2026-10-01',
      );
    assert.ok(waiting, 'a purchase due on payment, not paid');
    const vat = waiting.tvaCents!;
    const before = await check('2026-10');
    const user = archives.userData(ID);
    user.markPaid([waiting.invoiceId], '2026-10-20', 'virement', new Date('2026-10-21T09:00:00Z'));

    const marked = await check('2026-10');
    assert.equal(marked.vatReport.deductibleCents - before.vatReport.deductibleCents, vat);
    assert.equal(marked.ca3.deductibleCents - before.ca3.deductibleCents, vat, 'line 20');
    assert.equal(marked.entries.deductibleCents - before.entries.deductibleCents, vat);
    assert.equal(marked.vatReport.collectedCents, before.vatReport.collectedCents);
    // Where its day came from: the accountant's mark, when.
    const payment = marked.payments.find((p) => p.invoiceId === waiting.invoiceId);
    assert.ok(payment);
    assert.equal(payment.source, 'marked');
    assert.equal(payment.day, '2026-10-20');
    assert.equal(payment.markedAt, '2026-10-21T09:00:00.000Z');
    assert.equal(payment.vatCents, vat);
    // The CA3's line 20 names it, and the entries move 44564 → 44566 on that day.
    const line20 = (await ca3(parsePeriod('2026-10'))).boxes
      .find((b) => b.code === '20')!
      .contributions.find((c) => c.invoiceId === waiting.invoiceId);
    assert.equal(line20?.payment?.source, 'marked');
    const move = (await accounting.ledger(ID, parsePeriod('2026-10'))).entries.find(
      (e) => e.invoiceId === waiting.invoiceId && e.kind === 'vat_on_payment',
    );
    assert.ok(move);
    assert.equal(move.date, '2026-10-20');
    assert.match(move.label, /marquée payée/);
    // Its own month lists it as paid later, on the mark's day.
    const ownMonth = parsePeriod(waiting.invoiceDate!.slice(0, 7));
    const later = (await vatReport(ownMonth)).pending.find(
      (p) => p.invoiceId === waiting.invoiceId,
    );
    assert.equal(later?.collectedOn, '2026-10-20');
    assert.equal(later?.payment?.source, 'marked');

    user.unmarkPaid([waiting.invoiceId]);
    const undone = await check('2026-10');
    assert.deepEqual(
      [undone.vatReport, undone.ca3, undone.entries],
      [before.vatReport, before.ca3, before.entries],
    );
    const again = (await vatReport(ownMonth)).pending.find(
      (p) => p.invoiceId === waiting.invoiceId,
    );
    assert.equal(again?.collectedOn, waiting.collectedOn, 'waiting as before');
  });

  test('where a mark and the 212 disagree, the mark’s day counts and the 212’s is shown', async () => {
    const paid = (
      await Promise.all(PERIODS.filter((p) => !p.includes('Q')).map((label) => check(label)))
    )
      .flatMap((c) => c.payments)
      .find((p) => p.source === 'status_212' && p.day < '2026-09-01' && p.vatCents !== 0);
    assert.ok(paid, 'a VAT-on-payment invoice collected (212)');
    const from = paid.day.slice(0, 7);
    const beforeFrom = await check(from);
    const beforeNov = await check('2026-11');
    archives.userData(ID).markPaid([paid.invoiceId], '2026-11-03', null, NOW);
    try {
      const side = paid.direction === 'OUTBOUND' ? 'collectedCents' : 'deductibleCents';
      for (const source of ['vatReport', 'ca3', 'entries'] as const) {
        assert.equal(
          beforeFrom[source][side] - (await check(from))[source][side],
          paid.vatCents,
          `${source}: out of the 212's month`,
        );
        assert.equal(
          (await check('2026-11'))[source][side] - beforeNov[source][side],
          paid.vatCents,
          `${source}: into the mark's`,
        );
      }
      const moved = (await check('2026-11')).payments.find((p) => p.invoiceId === paid.invoiceId);
      assert.equal(moved?.source, 'marked');
      assert.equal(moved?.statusDay, paid.day, 'the operator’s day is shown');
    } finally {
      archives.userData(ID).unmarkPaid([paid.invoiceId]);
    }
  });

  test('the portfolio’s kept figures rest on the marks: a mark changes their stamp', async () => {
    const month = parsePeriod('2026-10');
    const user = archives.userData(ID);
    const stamp = userDataStamp(user, month, '2026-10-31');
    user.markPaid(['00000000-0000-4000-8000-000000000001'], '2026-10-02', null, NOW);
    assert.notEqual(userDataStamp(user, month, '2026-10-31'), stamp);
    user.unmarkPaid(['00000000-0000-4000-8000-000000000001']);
    assert.equal(userDataStamp(user, month, '2026-10-31'), stamp);
  });
});

describe('the Contrôle TVA workbook, read back with openpyxl', () => {
  test('the three side by side, each difference with its reason, each payment with its source', async () => {
    const report = await check('2026-Q3');
    assert.ok(report.differences.length > 0 && report.payments.length > 0);
    const path = join(dir, 'controle.xlsx');
    const about = { connectionName: 'Démo', appVersion: 'test', exportedAt: NOW };
    await writeWorkbook(path, reportWorkbook(report, 'fr', about));
    const book = readXlsx(path);
    assertReadable(book);
    const summary = sheetNamed(book, 'Contrôle TVA');
    const line = (label: string) => summary.rows.find((r) => r[0]?.v === label)?.map((c) => c.v);
    const euros = (cents: number) => cents / 100;
    assert.deepEqual(line('Rapport TVA')?.slice(1, 4), [
      euros(report.vatReport.collectedCents),
      euros(report.vatReport.deductibleCents),
      euros(report.vatReport.netCents),
    ]);
    assert.deepEqual(line('Écritures (comptes de TVA)')?.slice(1, 4), [
      euros(report.entries.collectedCents),
      euros(report.entries.deductibleCents),
      euros(report.entries.netCents),
    ]);
    const differences = dataRows(sheetNamed(book, 'Écarts'));
    assert.equal(differences.length, report.differences.length);
    const header = sheetNamed(book, 'Écarts').rows[0]!.map((c) => c.v);
    const reason = header.indexOf('Raison');
    assert.ok(reason >= 0);
    for (const row of differences) assert.equal(typeof row[reason]?.v, 'string');
    const payments = sheetNamed(book, 'Encaissements');
    const source = payments.rows[0]!.map((c) => c.v).indexOf('Payée selon');
    assert.ok(
      dataRows(payments).some((r) => r[source]?.v === 'statut 212 « Encaissée »'),
      'a payment day from the operator’s 212',
    );
  });
});
