// The rules the settings form words before saving (and main checks again): each field that
// cannot be saved is named with its reason, and the defaults pass.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccountingSettings } from '#shared/accounting.ts';
import { isFiscalYearEnd, isValidSiren, settingsProblems } from '#shared/accounting-form.ts';

function defaults(): AccountingSettings {
  return {
    siren: null,
    fiscalYearEnd: '12-31',
    journals: {
      sales: { code: 'VT', label: 'Ventes' },
      purchases: { code: 'HA', label: 'Achats' },
      misc: { code: 'OD', label: 'Opérations diverses' },
    },
    accounts: {
      customers: '411000',
      suppliers: '401000',
      revenueGoods: '707000',
      revenueServices: '706000',
      revenueIntraEu: '707100',
      revenueExport: '707200',
      expenseGoods: '607000',
      expenseServices: '604000',
      vatCollected: '445710',
      vatDeductible: '445660',
      vatDeductibleAssets: '445620',
      vatCollectedOnPayment: '445740',
      vatDeductibleOnPayment: '445640',
      vatReverseChargeDue: '445200',
      vatReverseChargeDeductible: '445662',
      roundingLoss: '658000',
      roundingGain: '758000',
      suspense: '471000',
    },
    auxiliary: { customerPrefix: 'C', supplierPrefix: 'F', stemLength: 8 },
    reverseChargeRateBp: 2000,
    vatRegime: 'monthly',
    legalForm: 'company',
    department: null,
    bankJournal: { code: 'BQ', label: 'Banque' },
  };
}

test('the French defaults and a real SIREN can be saved', () => {
  assert.deepEqual(settingsProblems(defaults()), []);
  assert.deepEqual(settingsProblems({ ...defaults(), siren: '552100554' }), []);
});

test('every field that cannot be saved is named with its reason', () => {
  const bad = defaults();
  bad.siren = '552100555'; // wrong check digit
  bad.fiscalYearEnd = '02-29';
  bad.journals.purchases.code = 'VT';
  bad.journals.misc.code = 'o d';
  bad.journals.misc.label = ' ';
  bad.accounts.customers = '41A';
  bad.accounts.revenueGoods = '607000';
  bad.auxiliary.customerPrefix = 'CLI-';
  bad.auxiliary.stemLength = 16; // 16 letters after a 4-letter prefix: over 17
  bad.auxiliary.supplierPrefix = 'FOUR';
  bad.reverseChargeRateBp = 0;
  bad.vatRegime = 'yearly' as AccountingSettings['vatRegime'];
  bad.department = '20'; // Corsica is 2A or 2B
  assert.deepEqual(
    settingsProblems(bad).map((p) => `${p.path} ${p.reason}`),
    [
      'siren siren',
      'fiscalYearEnd fiscal_year_end',
      'journals.purchases.code journal_duplicate',
      'journals.misc.code journal_code',
      'journals.misc.label journal_label',
      'accounts.customers account_format',
      'accounts.revenueGoods account_class',
      'auxiliary.customerPrefix auxiliary_prefix',
      'auxiliary.stemLength auxiliary_stem',
      'reverseChargeRateBp reverse_charge_rate',
      'vatRegime vat_regime',
      'department department',
    ],
  );
});

test('SIREN check digit and year ends', () => {
  assert.ok(isValidSiren('552100554'));
  assert.ok(isValidSiren('356000000')); // La Poste, INSEE's documented exception
  assert.ok(!isValidSiren('552100555'));
  assert.ok(!isValidSiren('55210055'));
  assert.ok(isFiscalYearEnd('06-30'));
  assert.ok(!isFiscalYearEnd('06-31'));
  assert.ok(!isFiscalYearEnd('02-29'));
  assert.ok(!isFiscalYearEnd('13-01'));
});
