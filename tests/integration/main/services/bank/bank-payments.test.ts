// Issue 29, item 3: a bank match is a payment. On the demo archive and its demo statements, an
// invoice a match paid in full leaves the échéancier's "sans paiement connu" for its paid list
// (source: the bank statement, on the line's day), the portfolio's past due count drops, VAT
// on payment counts it on that day; undoing the match moves all of them back. The user's own
// mark stays the one kept where both say something.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport, VatReport } from '#shared/reports.ts';
import { openBankData } from '#main/services/archive/bank-store.ts';
import { readBankMarks, readPaymentMarks } from '#main/services/archive/payment-marks.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { UserDataStore } from '#main/services/archive/user-data-store.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { confirmMatch, importBankFile, undoMatch } from '#main/services/bank/bank-import.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { computeReport, pastDueCount } from '#main/services/reports/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const CONNECTION = 'demo-admin';
// The demo statements run to October 2026: the échéancier of that month, as of its last day.
const MONTH = parsePeriod('2026-10');
let dir: string;
let store: ArchiveStore;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'bank-payments-'));
  fillDemoArchive(dir, CONNECTION, { invoices: 3000, now: NOW });
  store = openArchive(dir, CONNECTION);
});

after(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const aging = async (): Promise<AgingReport> =>
  (await computeReport(reportSourceOf(store), 'aging', MONTH, { now: NOW })) as AgingReport;

function withBank<T>(use: (bank: ReturnType<typeof openBankData>) => T): T {
  const bank = openBankData(dir, CONNECTION);
  try {
    return use(bank);
  } finally {
    bank.close();
  }
}

test('a match pays its invoice in the échéancier, the past due count and VAT on payment; undone, it does not', async () => {
  const invoices = [...store.bankInvoices()];
  const before = await aging();
  const pastDueBefore = await pastDueCount(reportSourceOf(store), MONTH, NOW);
  assert.equal(readBankMarks(store).size, 0, 'no bank file, no bank payment');

  const files = demoStatementFiles(
    demoStatements(createDataset(42, 3000, { startMs: NOW.getTime() })),
  );
  for (const file of files) withBank((bank) => importBankFile(bank, () => invoices, file, NOW));

  const marks = readBankMarks(store);
  assert.ok(marks.size > 100, `the demo statements pay invoices (${marks.size})`);
  // An invoice past due before, which a match paid this month (the paid list holds the
  // period's payments, as it does those of a status).
  const unpaid = new Map(before.lines.map((l) => [l.invoiceId, l]));
  // Paid by one line: undoing it gives the whole amount back (a part paid by an earlier line
  // stays off the aged balance, issue 29 item 3: aged-balance.test.ts).
  const paidByBank = [...marks.values()].find(
    (m) =>
      unpaid.get(m.invoiceId)?.daysLate &&
      m.paidOn >= MONTH.from &&
      m.paidOn <= before.asOf &&
      m.bankLines?.length === 1,
  );
  assert.ok(paidByBank, 'a past due invoice the bank paid');
  assert.equal(paidByBank.source, 'bank');
  assert.ok(paidByBank.bankLines && paidByBank.bankLines.length > 0);

  const after = await aging();
  assert.ok(!after.lines.some((l) => l.invoiceId === paidByBank.invoiceId));
  const paid = after.paid.find((p) => p.invoiceId === paidByBank.invoiceId);
  assert.ok(paid, 'in the paid list');
  assert.equal(paid.paidSource, 'bank');
  assert.equal(paid.paidOn, paidByBank.paidOn);
  assert.equal(paid.markedAt, null, 'nothing of the user to take off');
  assert.equal(before.paidByBank, 0);
  assert.ok(after.paidByBank > 0, 'the screen counts what the bank paid');
  const pastDueAfter = await pastDueCount(reportSourceOf(store), MONTH, NOW);
  assert.ok(pastDueAfter < pastDueBefore, `${pastDueAfter} < ${pastDueBefore}`);

  // VAT on payment: the invoices it counts on a bank payment say so, on the line's day.
  const quarter = parsePeriod('2026-Q3');
  const vat = (await computeReport(reportSourceOf(store), 'vat', quarter, {
    now: NOW,
  })) as VatReport;
  const byBank = vat.lines.filter((l) => l.payment?.source === 'bank');
  assert.ok(byBank.length > 0, 'VAT on payment counts bank payments');
  for (const line of byBank) {
    assert.equal(line.payment!.day, marks.get(line.invoiceId)!.paidOn);
    assert.equal(line.payment!.markedAt, null);
  }

  // Undo the match ("no invoice"): the invoice is back where it was, and so is the count.
  const lineId = paidByBank.bankLines!.at(-1)!;
  withBank((bank) => confirmMatch(bank, () => invoices, lineId, NOW, []));
  assert.ok(!readBankMarks(store).has(paidByBank.invoiceId));
  const undone = await aging();
  assert.deepEqual(
    undone.lines.find((l) => l.invoiceId === paidByBank.invoiceId),
    unpaid.get(paidByBank.invoiceId),
  );
  assert.equal(await pastDueCount(reportSourceOf(store), MONTH, NOW), pastDueAfter + 1);
  // And back again: the match handed back to matching pays it once more.
  withBank((bank) => undoMatch(bank, () => invoices, lineId));
  assert.equal(readBankMarks(store).get(paidByBank.invoiceId)?.paidOn, paidByBank.paidOn);
});

test("the user's own mark is the one kept where the bank says another day", () => {
  const [bankMark] = readBankMarks(store).values();
  assert.ok(bankMark);
  const user = new UserDataStore(join(dir, 'archive', `${CONNECTION}.user.sqlite`), CONNECTION);
  try {
    user.markPaid([bankMark.invoiceId], '2026-01-02', 'Vu avec le client', NOW);
  } finally {
    user.close();
  }
  const mark = readPaymentMarks(store).get(bankMark.invoiceId)!;
  assert.equal(mark.source, undefined);
  assert.equal(mark.paidOn, '2026-01-02');
  assert.equal(mark.note, 'Vu avec le client');
});
