// Issue 29, item 4: the bank journal (BQ) and the lettering, on the demo archive and its demo
// statements. One entry per statement line of the period, balanced: the account's 512 against
// the 411 / 401 auxiliary accounts of the invoices a match paid, or 471 for what no invoice
// takes; the invoices paid exactly and their lines share a lettering code (EcritureLet, DateLet)
// in the FEC, which the project's independent checker passes; undoing a match moves its money
// back to 471 and takes the letter off; a new 512 for the account is used at once.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Entry, Ledger } from '#shared/accounting.ts';
import { customPeriod, parsePeriod } from '#shared/report-period.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { openBankData, type BankMatchRow } from '#main/services/archive/bank-store.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { fecFileName, writeFec } from '#main/services/accounting/fec.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { confirmMatch, importBankFile, undoMatch } from '#main/services/bank/bank-import.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { checkFecFile } from '#support/fec-checker.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const CONNECTION = 'demo-admin';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
let archives: Archives;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'bank-journal-'));
  fillDemoArchive(dir, CONNECTION, { invoices: 3000, now: NOW });
  archives = new Archives({ dataDir: dir, log: quiet });
});

after(async () => {
  await archives.close();
  rmSync(dir, { recursive: true, force: true });
});

const accounting = () => createAccountingService({ archives, now: () => NOW });
const ledgerOf = (period: ReportPeriod): Promise<Ledger> => accounting().ledger(CONNECTION, period);

function withBank<T>(use: (bank: ReturnType<typeof openBankData>) => T): T {
  const bank = openBankData(dir, CONNECTION);
  try {
    return use(bank);
  } finally {
    bank.close();
  }
}

const invoices = () => [...archives.existing(CONNECTION)!.bankInvoices()];
const bankEntries = (ledger: Ledger): Entry[] =>
  ledger.entries.filter((e) => e.journal === 'treasury');
const net = (entry: Entry, account: string): number =>
  entry.lines
    .filter((l) => l.account === account)
    .reduce((s, l) => s + l.debitCents - l.creditCents, 0);

test('without statements the ledger has its three journals; with them, BQ: one entry per line', async () => {
  const quarter = parsePeriod('2026-Q3');
  const before = await ledgerOf(quarter);
  assert.deepEqual(
    before.journals.map((j) => j.code),
    ['VT', 'HA', 'OD'],
  );
  assert.equal(bankEntries(before).length, 0);

  const files = demoStatementFiles(
    demoStatements(createDataset(42, 3000, { startMs: NOW.getTime() })),
  );
  const all = invoices();
  for (const file of files) withBank((bank) => importBankFile(bank, () => all, file, NOW));
  const rows = withBank((bank) => bank.matches()).filter(
    (r) => r.day >= quarter.from && r.day <= quarter.to,
  );
  assert.ok(rows.length > 100, `${rows.length} lines in the quarter`);

  const ledger = await ledgerOf(quarter);
  const bq = ledger.journals.find((j) => j.journal === 'treasury');
  assert.ok(bq, 'the BQ journal is listed');
  assert.equal(bq.code, 'BQ');
  assert.equal(bq.label, 'Banque');
  const entries = bankEntries(ledger);
  assert.equal(entries.length, rows.length, 'one entry per statement line');
  assert.equal(bq.entries, rows.length);
  assert.equal(bq.debitCents, bq.creditCents);
  assert.equal(ledger.debitCents, ledger.creditCents);

  const byDay = new Map<string, BankMatchRow[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  let toThirdParties = 0;
  let toSuspense = 0;
  for (const entry of entries) {
    const debit = entry.lines.reduce((s, l) => s + l.debitCents, 0);
    const credit = entry.lines.reduce((s, l) => s + l.creditCents, 0);
    assert.equal(debit, credit, `entry ${entry.number} balanced`);
    assert.equal(entry.kind, 'bank_line');
    assert.equal(entry.pieceDate, entry.date);
    // The 512 moves by the line's amount; the rest goes to 411 / 401 or 471.
    const bank = net(entry, '512000');
    assert.ok(bank !== 0, 'a 512 line');
    const thirdParty = net(entry, '411000') + net(entry, '401000');
    const suspense = net(entry, '471000');
    assert.equal(bank + thirdParty + suspense, 0);
    if (thirdParty !== 0) toThirdParties += 1;
    if (suspense !== 0) toSuspense += 1;
    for (const line of entry.lines)
      if (line.account === '411000' || line.account === '401000')
        assert.ok(line.auxiliary, 'a third-party line has its auxiliary account');
      else assert.equal(line.auxiliary, null);
  }
  const paying = rows.filter((r) => r.state === 'auto' || r.state === 'confirmed');
  const waiting = rows.filter((r) => r.state === 'suggested' || r.state === 'unmatched');
  assert.ok(toThirdParties >= paying.length * 0.95, `${toThirdParties} of ${paying.length}`);
  assert.ok(toSuspense >= waiting.length, `${toSuspense} ≥ ${waiting.length}`);
  // A sale paid: 512 debited, the customer's 411 credited with the invoice's own auxiliary.
  const sale = entries.find((e) => net(e, '411000') < 0 && net(e, '471000') === 0);
  assert.ok(sale);
  assert.ok(net(sale, '512000') > 0);
  // A supplier paid: 512 credited, 401 debited.
  const purchase = entries.find((e) => net(e, '401000') > 0);
  assert.ok(purchase);
  assert.ok(net(purchase, '512000') < 0);
});

test('the invoices the bank paid exactly and their lines share a letter; the FEC passes the checker', async () => {
  // Every invoice of the demo and every line: a letter's lines balance on their auxiliary.
  const period = customPeriod('2024-01-01', '2026-11-30');
  const ledger = await ledgerOf(period);
  const lettered = ledger.entries.flatMap((e) =>
    e.lines.filter((l) => l.letter).map((l) => ({ entry: e, line: l })),
  );
  assert.ok(lettered.length > 200, `${lettered.length} lettered lines`);
  const byLetter = new Map<string, { balance: number; kinds: Set<string>; days: Set<string> }>();
  for (const { entry, line } of lettered) {
    assert.ok(line.account === '411000' || line.account === '401000');
    assert.ok(line.letterDay && line.letterDay >= entry.date, 'lettered after the entry');
    const key = `${line.account}|${line.auxiliary}|${line.letter}`;
    const seen = byLetter.get(key) ?? { balance: 0, kinds: new Set(), days: new Set() };
    seen.balance += line.debitCents - line.creditCents;
    seen.kinds.add(entry.kind);
    seen.days.add(line.letterDay);
    byLetter.set(key, seen);
  }
  const complete = [...byLetter.values()].filter(
    (s) => s.kinds.has('invoice') && s.kinds.has('bank_line'),
  );
  assert.ok(complete.length > 100, `${complete.length} letters with their invoices and lines`);
  const unbalanced = complete.filter((s) => s.balance !== 0);
  assert.deepEqual(unbalanced, [], 'each letter balances on its auxiliary account');
  for (const s of byLetter.values()) assert.equal(s.days.size, 1, 'one DateLet per letter');

  const out = mkdtempSync(join(dir, 'fec-'));
  const path = join(out, fecFileName(ledger.company.siren, period.to));
  const written = await writeFec(path, ledger, {
    separator: 'tab',
    encoding: 'iso-8859-15',
    closingDate: period.to,
  });
  const check = checkFecFile(path, { encoding: 'iso-8859-15', closingDate: period.to });
  assert.deepEqual(check.problems, []);
  assert.equal(check.debitCents, check.creditCents);
  assert.equal(written.entries, check.entries);
  const bq = check.records.filter((r) => r.JournalCode === 'BQ');
  assert.equal(
    bq.length,
    bankEntries(ledger).reduce((s, e) => s + e.lines.length, 0),
  );
  assert.ok(bq.every((r) => r.JournalLib === 'Banque'));
  const letters = check.records.filter((r) => r.EcritureLet !== '');
  assert.equal(letters.length, lettered.length);
  assert.ok(letters.every((r) => /^[A-Z]{3,}$/.test(r.EcritureLet!) && /^\d{8}$/.test(r.DateLet!)));
  assert.ok(check.records.some((r) => r.JournalCode === 'VT' && r.EcritureLet !== ''));
  assert.ok(readdirSync(out).length === 1);
});

test('undoing a match sends its money to 471 and takes the letter off; a new 512 is used', async () => {
  const quarter = parsePeriod('2026-Q3');
  const ledger = await ledgerOf(quarter);
  const entry = bankEntries(ledger).find(
    (e) => net(e, '411000') < 0 && e.lines.some((l) => l.letter) && net(e, '471000') === 0,
  );
  assert.ok(entry);
  const letter = entry.lines.find((l) => l.letter)!.letter!;
  const row = withBank((bank) => bank.matches()).find(
    (r) => r.day === entry.date && r.allocations.some((a) => a.invoiceId === entry.invoiceId),
  );
  assert.ok(row);
  const all = invoices();
  withBank((bank) => confirmMatch(bank, () => all, row.id, NOW, []));

  const undone = await ledgerOf(quarter);
  const same = bankEntries(undone).find((e) => e.pieceRef === entry.pieceRef)!;
  assert.equal(net(same, '411000'), 0);
  assert.equal(net(same, '471000'), -net(same, '512000'));
  assert.ok(
    !undone.entries.some((e) =>
      e.lines.some((l) => l.letter === letter && e.invoiceId === entry.invoiceId),
    ),
  );

  withBank((bank) => {
    undoMatch(bank, () => all, row.id);
    bank.updateAccount(row.account, { ledgerAccount: '512100' });
  });
  const again = await ledgerOf(quarter);
  const back = bankEntries(again).find((e) => e.pieceRef === entry.pieceRef)!;
  assert.ok(net(back, '411000') < 0, 'matched again');
  assert.equal(net(back, '512000'), 0);
  assert.ok(net(back, '512100') > 0, 'the account’s new 512');
});
