// The Banque screen's calls over a real archive (the demo operator's invoices) and a real bank
// file: the demo statements imported, lines named with invoice numbers, a refused file naming its
// line, confirm / change by number / undo, an account's 512 account changed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import {
  bankView,
  confirmBankLine,
  importBankStatement,
  saveBankAccount,
  undoBankLine,
  type BankScreenDeps,
} from '#main/services/bank/bank-screen.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const AT = new Date('2026-11-23T09:00:00Z');
let dir: string;
let archive: ArchiveStore;
let deps: BankScreenDeps;
const files = demoStatementFiles(
  demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
);

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'bank-screen-'));
  fillDemoArchive(dir, 'demo-admin', { seed: 17, invoices: 600, now: NOW });
  archive = openArchive(dir, 'demo-admin');
  deps = { dataDir: dir, bankInvoices: async () => [...archive.bankInvoices()] };
});
after(() => {
  archive.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a truncated statement is refused with its line and reason, nothing imported', async () => {
  const cfonb = new TextDecoder().decode(files[0]!.bytes).trimEnd().split('\n');
  const truncated = new TextEncoder().encode(cfonb.slice(0, -1).join('\n') + '\n');
  await assert.rejects(
    () => importBankStatement(deps, 'demo-admin', { name: 'cut.cfonb', bytes: truncated }, AT),
    (error: unknown) => {
      assert.ok(error instanceof AppFailure);
      assert.equal(error.kind, 'invalid_input');
      const details = error.details as { line: number | null; reason: string };
      assert.ok(details.reason.length > 0);
      return true;
    },
  );
  assert.deepEqual((await bankView(deps, 'demo-admin')).lines, []);
});

test('the demo statements imported: summary, accounts, lines named by invoice number', async () => {
  let auto = 0;
  for (const file of files) {
    const r = await importBankStatement(deps, 'demo-admin', file, AT);
    assert.equal(r.added, r.lines);
    auto += r.auto;
  }
  assert.ok(auto > 0);
  const again = await importBankStatement(deps, 'demo-admin', files[0]!, AT);
  assert.equal(again.added, 0);
  assert.equal(again.already, again.lines);
  const view = await bankView(deps, 'demo-admin');
  assert.equal(view.accounts.length, 1);
  assert.equal(view.accounts[0]!.ledgerAccount, '512000');
  const matched = view.lines.find((l) => l.state === 'auto')!;
  assert.match(matched.invoices[0]!.number, /\d/);
  assert.notEqual(matched.invoices[0]!.number, matched.invoices[0]!.invoiceId);
  // Newest first.
  assert.ok(view.lines[0]!.day >= view.lines.at(-1)!.day);
});

test('confirm, change by invoice number, undo', async () => {
  const view = await bankView(deps, 'demo-admin');
  const line = view.lines.find((l) => l.state === 'auto' && l.invoices.length === 1)!;
  const confirmed = await confirmBankLine(deps, 'demo-admin', line.id, AT);
  assert.equal(confirmed.state, 'confirmed');
  assert.deepEqual(confirmed.invoices, line.invoices);
  const none = await confirmBankLine(deps, 'demo-admin', line.id, AT, []);
  assert.equal(none.state, 'unmatched');
  assert.equal(none.decided, true);
  assert.deepEqual(none.invoices, []);
  const back = await confirmBankLine(deps, 'demo-admin', line.id, AT, [line.invoices[0]!.number]);
  assert.deepEqual(
    back.invoices.map((i) => i.number),
    [line.invoices[0]!.number],
  );
  await assert.rejects(
    () => confirmBankLine(deps, 'demo-admin', line.id, AT, ['NOPE-404']),
    (e: unknown) => e instanceof AppFailure && e.kind === 'not_found',
  );
  const undone = await undoBankLine(deps, 'demo-admin', line.id);
  assert.equal(undone.state, 'auto');
});

test('an account’s name and 512 account are kept', async () => {
  const [account] = (await bankView(deps, 'demo-admin')).accounts;
  const accounts = await saveBankAccount(deps, 'demo-admin', {
    account: account!.account,
    name: 'Compte courant',
    ledgerAccount: '512100',
  });
  assert.equal(accounts[0]!.ledgerAccount, '512100');
  assert.equal((await bankView(deps, 'demo-admin')).accounts[0]!.name, 'Compte courant');
  await assert.rejects(
    () => saveBankAccount(deps, 'demo-admin', { account: 'FR00', name: 'x', ledgerAccount: '512' }),
    (e: unknown) => e instanceof AppFailure && e.kind === 'not_found',
  );
});
