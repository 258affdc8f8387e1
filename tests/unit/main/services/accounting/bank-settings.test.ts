// Issue 29: the bank journal and the suspense account among the accounting settings: their
// defaults, their rules, and settings stored before them read back with the defaults.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkAccountingSettings,
  defaultAccountingSettings,
  settingsFromStored,
} from '#main/services/accounting/settings.ts';
import { settingsProblems } from '#shared/accounting-form.ts';

test('defaults: BQ « Banque » and 471000', () => {
  const d = defaultAccountingSettings();
  assert.deepEqual(d.bankJournal, { code: 'BQ', label: 'Banque' });
  assert.equal(d.accounts.suspense, '471000');
});

test('settings saved before them read back with the defaults; a damaged one too', () => {
  const { bankJournal, ...old } = defaultAccountingSettings();
  void bankJournal;
  const { suspense, ...accounts } = old.accounts;
  void suspense;
  const read = settingsFromStored({ ...old, accounts });
  assert.deepEqual(read.bankJournal, { code: 'BQ', label: 'Banque' });
  assert.equal(read.accounts.suspense, '471000');
  // A caller written before them still saves: the defaults.
  const checked = checkAccountingSettings({
    ...old,
    accounts: { ...accounts, suspense: '471000' },
  });
  assert.ok(checked.ok && checked.settings.bankJournal.code === 'BQ');
  // Stored with another journal's code: the default, the journals told apart.
  const clash = settingsFromStored({ ...old, bankJournal: { code: 'OD', label: 'Banque' } });
  assert.equal(clash.bankJournal.code, 'BQ');
  const kept = settingsFromStored({ ...old, bankJournal: { code: 'BNP', label: 'BNP Paribas' } });
  assert.deepEqual(kept.bankJournal, { code: 'BNP', label: 'BNP Paribas' });
});

test('the form and main name the same problems', () => {
  const d = defaultAccountingSettings();
  const bad = {
    ...d,
    bankJournal: { code: 'HA', label: ' ' },
    accounts: { ...d.accounts, suspense: '512000' },
  };
  assert.deepEqual(
    settingsProblems(bad).map((p) => `${p.path} ${p.reason}`),
    [
      'bankJournal.code journal_duplicate',
      'bankJournal.label journal_label',
      'accounts.suspense account_class',
    ],
  );
  const main = checkAccountingSettings(bad);
  assert.ok(!main.ok);
  assert.deepEqual(
    main.problems.map((p) => `${p.path} ${p.reason}`).sort(),
    settingsProblems(bad)
      .map((p) => `${p.path} ${p.reason}`)
      .sort(),
  );
});
