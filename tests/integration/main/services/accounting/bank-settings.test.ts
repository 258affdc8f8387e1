// Issue 29: the bank journal's code and label and the suspense account are accounting settings
// (defaults BQ "Banque" and 471000): saved through the accounting service (validated), the
// ledger's bank journal and the FEC use them at once, and the FEC checker still passes.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ledger } from '#shared/accounting.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { openBankData } from '#main/services/archive/bank-store.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { defaultAccountingSettings } from '#main/services/accounting/settings.ts';
import { fecFileName, writeFec } from '#main/services/accounting/fec.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { importBankFile } from '#main/services/bank/bank-import.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { checkFecFile } from '#support/fec-checker.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const CONNECTION = 'demo-admin';
const QUARTER = parsePeriod('2026-Q3');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
let archives: Archives;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'bank-settings-'));
  fillDemoArchive(dir, CONNECTION, { invoices: 1500, now: NOW });
  archives = new Archives({ dataDir: dir, log: quiet });
  const all = [...archives.existing(CONNECTION)!.bankInvoices()];
  const files = demoStatementFiles(
    demoStatements(createDataset(42, 1500, { startMs: NOW.getTime() }), { months: 6 }),
  );
  const bank = openBankData(dir, CONNECTION);
  try {
    for (const file of files) importBankFile(bank, () => all, file, NOW);
  } finally {
    bank.close();
  }
});

after(async () => {
  await archives.close();
  rmSync(dir, { recursive: true, force: true });
});

const accounting = () => createAccountingService({ archives, now: () => NOW });
const bankLines = (ledger: Ledger) =>
  ledger.entries.filter((e) => e.journal === 'treasury').flatMap((e) => e.lines);

test('the defaults: BQ « Banque » and 471000', async () => {
  const ledger = await accounting().ledger(CONNECTION, QUARTER);
  const bq = ledger.journals.find((j) => j.journal === 'treasury');
  assert.deepEqual([bq?.code, bq?.label], ['BQ', 'Banque']);
  assert.ok(
    bankLines(ledger).some((l) => l.account === '471000'),
    'unmatched lines wait in 471',
  );
});

test('a bank journal code another journal has, or a suspense account outside 47: refused, nothing kept', async () => {
  const service = accounting();
  const d = defaultAccountingSettings();
  for (const [settings, path] of [
    [{ ...d, bankJournal: { code: 'VT', label: 'Banque' } }, 'bankJournal.code'],
    [{ ...d, accounts: { ...d.accounts, suspense: '512000' } }, 'accounts.suspense'],
  ] as const) {
    await assert.rejects(service.saveSettings(CONNECTION, settings), (error: unknown) => {
      assert.ok(error instanceof AppFailure);
      const problems = (error.details as { problems: { path: string }[] }).problems;
      assert.deepEqual(
        problems.map((p) => p.path),
        [path],
      );
      return true;
    });
  }
  const profile = await service.profile(CONNECTION);
  assert.equal(profile.settings.bankJournal.code, 'BQ');
  assert.equal(profile.settings.accounts.suspense, '471000');
});

test('changed, the ledger and the FEC use them; the FEC checker passes', async () => {
  const service = accounting();
  const d = defaultAccountingSettings();
  await service.saveSettings(CONNECTION, {
    ...d,
    bankJournal: { code: 'bq2', label: 'Banque Populaire' },
    accounts: { ...d.accounts, suspense: '471100' },
  });
  const ledger = await service.ledger(CONNECTION, QUARTER);
  const bq = ledger.journals.find((j) => j.journal === 'treasury');
  assert.deepEqual([bq?.code, bq?.label], ['BQ2', 'Banque Populaire'], 'code upper-cased');
  const lines = bankLines(ledger);
  assert.ok(lines.some((l) => l.account === '471100'));
  assert.ok(!lines.some((l) => l.account === '471000'));

  const out = mkdtempSync(join(dir, 'fec-'));
  const path = join(out, fecFileName(ledger.company.siren, QUARTER.to));
  await writeFec(path, ledger, {
    separator: 'tab',
    encoding: 'iso-8859-15',
    closingDate: QUARTER.to,
  });
  const check = checkFecFile(path, { encoding: 'iso-8859-15', closingDate: QUARTER.to });
  assert.deepEqual(check.problems, []);
  const bank = check.records.filter((r) => r.JournalCode === 'BQ2');
  assert.equal(bank.length, lines.length);
  assert.ok(bank.every((r) => r.JournalLib === 'Banque Populaire'));
  assert.ok(!check.records.some((r) => r.JournalCode === 'BQ'));
  assert.ok(bank.some((r) => r.CompteNum === '471100'));
});
