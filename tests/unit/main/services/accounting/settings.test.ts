import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccountingSettings } from '#shared/accounting.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import {
  checkAccountingSettings,
  DEFAULT_ACCOUNTING_SETTINGS,
  defaultAccountingSettings,
  isValidSiren,
  isValidYearEnd,
  settingsFromStored,
  validateAccountingSettings,
} from '#main/services/accounting/settings.ts';

const reasons = (input: unknown) => {
  const check = checkAccountingSettings(input);
  return check.ok ? [] : check.problems.map((p) => `${p.path} ${p.reason}`);
};

test('the French defaults: VT / HA / OD, 411 / 401, 706 / 707, 445xx, C / F and 8 letters', () => {
  const d = DEFAULT_ACCOUNTING_SETTINGS;
  assert.deepEqual(d.journals, {
    sales: { code: 'VT', label: 'Ventes' },
    purchases: { code: 'HA', label: 'Achats' },
    misc: { code: 'OD', label: 'Opérations diverses' },
  });
  assert.equal(d.fiscalYearEnd, '12-31');
  assert.equal(d.siren, null);
  assert.equal(d.accounts.customers, '411000');
  assert.equal(d.accounts.suppliers, '401000');
  assert.equal(d.accounts.revenueServices, '706000');
  assert.equal(d.accounts.revenueGoods, '707000');
  assert.equal(d.accounts.vatReverseChargeDue, '445200');
  assert.equal(d.accounts.vatReverseChargeDeductible, '445662');
  assert.deepEqual(d.auxiliary, { customerPrefix: 'C', supplierPrefix: 'F', stemLength: 8 });
  assert.equal(d.reverseChargeRateBp, 2000);
  assert.deepEqual(checkAccountingSettings(d), { ok: true, settings: defaultAccountingSettings() });
  // The copy is the caller's own: changing it leaves the defaults alone.
  const copy = defaultAccountingSettings();
  copy.accounts.customers = '411100';
  assert.equal(DEFAULT_ACCOUNTING_SETTINGS.accounts.customers, '411000');
});

test('SIREN: 9 digits with the Luhn check digit, spaces allowed, empty means "found from invoices"', () => {
  assert.ok(isValidSiren('552100554'));
  assert.ok(isValidSiren('732829320'));
  assert.ok(isValidSiren('356000000')); // La Poste, the documented exception
  assert.ok(!isValidSiren('552100553'));
  assert.ok(!isValidSiren('55210055'));
  assert.ok(!isValidSiren('55210055A'));
  const s = defaultAccountingSettings();
  const ok = (siren: string) => validateAccountingSettings({ ...s, siren }).siren;
  assert.equal(ok('552 100 554'), '552100554');
  assert.equal(ok('  '), null);
  assert.deepEqual(reasons({ ...s, siren: '552100553' }), ['siren siren']);
  assert.deepEqual(reasons({ ...s, siren: '12345' }), ['siren siren']);
});

test('fiscal year end: a real day MM-DD, 29 February refused', () => {
  for (const good of ['12-31', '06-30', '02-28', '09-30']) assert.ok(isValidYearEnd(good), good);
  for (const bad of [
    '02-29',
    '02-30',
    '04-31',
    '13-01',
    '00-10',
    '12-00',
    '1231',
    '12/31',
    '2026-12-31',
  ])
    assert.ok(!isValidYearEnd(bad), bad);
  const s = defaultAccountingSettings();
  assert.deepEqual(reasons({ ...s, fiscalYearEnd: '06-31' }), ['fiscalYearEnd fiscal_year_end']);
});

test('accounts: 3 to 20 digits, of the PCG class their use needs', () => {
  const s = defaultAccountingSettings();
  const withAccounts = (accounts: Partial<AccountingSettings['accounts']>) => ({
    ...s,
    accounts: { ...s.accounts, ...accounts },
  });
  assert.deepEqual(
    reasons(
      withAccounts({
        customers: '511000', // a bank account, not a third party
        suppliers: '40', // too short
        revenueGoods: '607000', // an expense where revenue goes
        expenseServices: '213500', // a fixed asset: allowed for purchases
        expenseGoods: '707000',
        vatCollected: '44571', // five digits, class 445: fine
        vatDeductible: '445 66', // not digits only
        vatReverseChargeDue: '401000', // not a VAT account
        roundingGain: '123456789012345678901', // 21 digits
      }),
    ),
    [
      'accounts.customers account_class',
      'accounts.suppliers account_format',
      'accounts.revenueGoods account_class',
      'accounts.expenseGoods account_class',
      'accounts.vatDeductible account_format',
      'accounts.vatReverseChargeDue account_class',
      'accounts.roundingGain account_format',
    ],
  );
  // Spaces around are trimmed, not refused.
  assert.equal(
    validateAccountingSettings(withAccounts({ customers: ' 41100000 ' })).accounts.customers,
    '41100000',
  );
});

test('journals: 1 to 6 letters or digits, upper-cased, each code once', () => {
  const s = defaultAccountingSettings();
  const j = (sales: string, purchases: string, misc: string) => ({
    ...s,
    journals: {
      sales: { code: sales, label: 'Ventes' },
      purchases: { code: purchases, label: 'Achats' },
      misc: { code: misc, label: 'OD' },
    },
  });
  assert.deepEqual(validateAccountingSettings(j('ve', 'ac1', 'od')).journals.purchases, {
    code: 'AC1',
    label: 'Achats',
  });
  assert.deepEqual(reasons(j('VENTES1', 'H-A', '')), [
    'journals.sales.code journal_code',
    'journals.purchases.code journal_code',
    'journals.misc.code journal_code',
  ]);
  assert.deepEqual(reasons(j('VT', 'vt', 'OD')), ['journals.purchases.code journal_duplicate']);
});

test('the auxiliary convention and the reverse-charge rate', () => {
  const s = defaultAccountingSettings();
  const aux = (customerPrefix: string, supplierPrefix: string, stemLength: number) => ({
    ...s,
    auxiliary: { customerPrefix, supplierPrefix, stemLength },
  });
  assert.deepEqual(validateAccountingSettings(aux('cl', '', 10)).auxiliary, {
    customerPrefix: 'CL',
    supplierPrefix: '',
    stemLength: 10,
  });
  assert.deepEqual(reasons(aux('C-', 'FOURN', 8)), [
    'auxiliary.customerPrefix auxiliary_prefix',
    'auxiliary.supplierPrefix auxiliary_prefix',
  ]);
  assert.deepEqual(reasons(aux('C', 'F', 2)), ['auxiliary.stemLength auxiliary_stem']);
  assert.deepEqual(reasons(aux('CLI', 'F', 15)), ['auxiliary.stemLength auxiliary_stem']);
  assert.deepEqual(reasons({ ...s, reverseChargeRateBp: 20.5 }), [
    'reverseChargeRateBp reverse_charge_rate',
  ]);
  assert.deepEqual(reasons({ ...s, reverseChargeRateBp: 0 }), [
    'reverseChargeRateBp reverse_charge_rate',
  ]);
});

test('validateAccountingSettings refuses with invalid_input listing every problem and its reason', () => {
  const s = defaultAccountingSettings();
  assert.throws(
    () => validateAccountingSettings({ ...s, siren: '1', fiscalYearEnd: '31-12', journals: null }),
    (error: unknown) => {
      assert.ok(error instanceof AppFailure);
      assert.equal(error.kind, 'invalid_input');
      const problems = (error.details as { problems: { path: string; reason: string }[] }).problems;
      assert.deepEqual(
        problems.map((p) => `${p.path} ${p.reason}`),
        ['siren siren', 'fiscalYearEnd fiscal_year_end', 'journals missing'],
      );
      assert.match(error.message, /siren: a SIREN is 9 digits/);
      return true;
    },
  );
});

test('settings read back: a damaged setting falls back to its default, never the rest', () => {
  const stored = {
    siren: '552100554',
    fiscalYearEnd: '02-30', // damaged
    journals: { sales: { code: 'VE', label: 'Ventes' }, purchases: 42 }, // purchases damaged
    accounts: { customers: '41100000', suppliers: '511', revenueGoods: '707100' },
    auxiliary: { customerPrefix: 'CL', supplierPrefix: 'FO', stemLength: 99 },
    reverseChargeRateBp: 1000,
  };
  const read = settingsFromStored(stored);
  assert.equal(read.siren, '552100554');
  assert.equal(read.fiscalYearEnd, '12-31');
  assert.deepEqual(read.journals.sales, { code: 'VE', label: 'Ventes' });
  assert.deepEqual(read.journals.purchases, { code: 'HA', label: 'Achats' });
  assert.equal(read.accounts.customers, '41100000');
  assert.equal(read.accounts.suppliers, '401000');
  assert.equal(read.accounts.revenueGoods, '707100');
  assert.equal(read.accounts.vatCollected, '445710');
  assert.deepEqual(read.auxiliary, DEFAULT_ACCOUNTING_SETTINGS.auxiliary);
  assert.equal(read.reverseChargeRateBp, 1000);
  assert.ok(checkAccountingSettings(read).ok);
  // Journals that clash once read back fall back together: the file never yields two VT.
  const clash = settingsFromStored({ journals: { sales: { code: 'HA', label: 'x' } } });
  assert.deepEqual(clash.journals, DEFAULT_ACCOUNTING_SETTINGS.journals);
  for (const nothing of [undefined, null, 'text', [], 12])
    assert.deepEqual(settingsFromStored(nothing), defaultAccountingSettings());
});

test('the VAT regime, legal form and department (issue 26): defaults, normalised, refused', () => {
  const d = defaultAccountingSettings();
  assert.equal(d.vatRegime, 'monthly');
  assert.equal(d.legalForm, 'company');
  assert.equal(d.department, null);
  // Settings saved before these fields existed still save, with the defaults.
  const { vatRegime: _r, legalForm: _l, department: _d, ...older } = d;
  const check = checkAccountingSettings(older);
  assert.ok(
    check.ok && check.settings.vatRegime === 'monthly' && check.settings.department === null,
  );
  const given = checkAccountingSettings({
    ...d,
    vatRegime: 'quarterly',
    legalForm: 'sa',
    department: ' 2a ',
  });
  assert.ok(given.ok);
  assert.equal(given.settings.department, '2A');
  assert.equal(given.settings.legalForm, 'sa');
  const typedShort = checkAccountingSettings({ ...d, department: '1' });
  assert.ok(typedShort.ok && typedShort.settings.department === '01');
  const refused = checkAccountingSettings({
    ...d,
    vatRegime: 'yearly',
    legalForm: 'sarl',
    department: '96',
  });
  assert.ok(!refused.ok);
  assert.deepEqual(
    refused.problems.map((p) => `${p.path} ${p.reason}`),
    ['vatRegime vat_regime', 'legalForm legal_form', 'department department'],
  );
  // Read back: a damaged one falls back to its default, the others kept.
  const read = settingsFromStored({ vatRegime: 'simplified', legalForm: 42, department: '974' });
  assert.equal(read.vatRegime, 'simplified');
  assert.equal(read.legalForm, 'company');
  assert.equal(read.department, '974');
});
