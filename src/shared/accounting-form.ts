// What a company's accounting settings and a third party's accounts may hold (issue 17), as the
// settings form words it on screen and as main checks the channels' arguments
// (src/main/contract-args.ts): one set of rules, pure, no UI words (the renderer translates the
// codes).
import type { AccountPlan, AccountingSettings } from './accounting.ts';
import { DEPARTMENT_PATTERN, LEGAL_FORMS, VAT_REGIMES } from './tax-calendar.ts';

/** A PCG account: 3 to 20 digits, the first three of the plan (art. A47 A-1 LPF: CompteNum). */
export const ACCOUNT_PATTERN = /^\d{3,20}$/;
/** An auxiliary account code (CompAuxNum): capitals and digits, 17 at most (Sage and most
 * importers cut it there). */
export const AUXILIARY_PATTERN = /^[0-9A-Z]{1,17}$/;
export const AUXILIARY_MAX_LENGTH = 17;
/** A journal code (JournalCode): VT, HA, OD… */
export const JOURNAL_CODE_PATTERN = /^[0-9A-Z]{1,6}$/;
/** The prefix of new auxiliary codes ("C", "F"), possibly empty. */
export const PREFIX_PATTERN = /^[0-9A-Z]{0,4}$/;
export const SIREN_PATTERN = /^\d{9}$/;

/** A page of entries at most (the screen asks 50 or 100). */
export const MAX_LEDGER_PAGE = 500;
/** Choices sent at once ("Valider tout" on the queue shown). */
export const MAX_THIRD_PARTY_CHOICES = 5000;
/** A CSV of third parties the user imports: 5 million characters (tens of thousands of lines). */
export const MAX_CSV_CHARS = 5_000_000;

/** "MM-DD", a day every year has (02-29 is not). */
export function isFiscalYearEnd(value: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Number(m[1]) - 1];
  const day = Number(m[2]);
  return days !== undefined && day >= 1 && day <= days;
}

/** The Luhn key every SIREN carries (INSEE): a typo in one digit fails it. La Poste's 356000000
 * is the one exception INSEE documents. */
export function isValidSiren(siren: string): boolean {
  if (!SIREN_PATTERN.test(siren)) return false;
  if (siren === '356000000') return true;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let digit = Number(siren[8 - i]);
    if (i % 2 === 1) digit *= 2;
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

/** Why a setting is refused, as the accounting service says it too
 * (services/accounting/settings.ts SETTINGS_REASONS): the screen words each one. */
export const SETTINGS_REASONS = [
  'account_format',
  'account_class',
  'journal_code',
  'journal_label',
  'journal_duplicate',
  'siren',
  'fiscal_year_end',
  'auxiliary_prefix',
  'auxiliary_stem',
  'reverse_charge_rate',
  'missing',
  'vat_regime',
  'legal_form',
  'department',
] as const;
export type SettingsReason = (typeof SETTINGS_REASONS)[number];

/** One field of the form that cannot be saved, by its dotted path ("accounts.customers"). */
export interface SettingsFieldProblem {
  path: string;
  reason: SettingsReason;
}

/** Which PCG prefixes each account may start with (the service's rule). */
export const ACCOUNT_CLASSES: Record<keyof AccountPlan, readonly string[]> = {
  customers: ['4'],
  suppliers: ['4'],
  revenueGoods: ['7'],
  revenueServices: ['7'],
  revenueIntraEu: ['7'],
  revenueExport: ['7'],
  expenseGoods: ['6', '2'],
  expenseServices: ['6', '2'],
  vatCollected: ['445'],
  vatDeductible: ['445'],
  vatDeductibleAssets: ['445'],
  vatCollectedOnPayment: ['445'],
  vatDeductibleOnPayment: ['445'],
  vatReverseChargeDue: ['445'],
  vatReverseChargeDeductible: ['445'],
  roundingLoss: ['6'],
  roundingGain: ['7'],
  suspense: ['47'],
};

/** Everything that keeps the settings from being saved, before asking main (which checks the
 * same again and has the last word); empty when they can be. */
export function settingsProblems(settings: AccountingSettings): SettingsFieldProblem[] {
  const problems: SettingsFieldProblem[] = [];
  const add = (path: string, reason: SettingsReason) => problems.push({ path, reason });
  if (settings.siren !== null && !isValidSiren(settings.siren)) add('siren', 'siren');
  if (!isFiscalYearEnd(settings.fiscalYearEnd)) add('fiscalYearEnd', 'fiscal_year_end');
  const codes = new Set<string>();
  for (const kind of ['sales', 'purchases', 'misc'] as const) {
    const journal = settings.journals[kind];
    if (!JOURNAL_CODE_PATTERN.test(journal.code)) add(`journals.${kind}.code`, 'journal_code');
    else if (codes.has(journal.code)) add(`journals.${kind}.code`, 'journal_duplicate');
    codes.add(journal.code);
    const label = journal.label.trim();
    if (label === '' || label.length > 100) add(`journals.${kind}.label`, 'journal_label');
  }
  // The bank journal (issue 29): the same rules, its code none of the three's.
  {
    const journal = settings.bankJournal;
    if (!JOURNAL_CODE_PATTERN.test(journal.code)) add('bankJournal.code', 'journal_code');
    else if (codes.has(journal.code)) add('bankJournal.code', 'journal_duplicate');
    const label = journal.label.trim();
    if (label === '' || label.length > 100) add('bankJournal.label', 'journal_label');
  }
  for (const key of Object.keys(ACCOUNT_CLASSES) as (keyof AccountPlan)[]) {
    const account = settings.accounts[key];
    if (!ACCOUNT_PATTERN.test(account)) add(`accounts.${key}`, 'account_format');
    else if (!ACCOUNT_CLASSES[key].some((prefix) => account.startsWith(prefix)))
      add(`accounts.${key}`, 'account_class');
  }
  const { customerPrefix, supplierPrefix, stemLength } = settings.auxiliary;
  if (!PREFIX_PATTERN.test(customerPrefix)) add('auxiliary.customerPrefix', 'auxiliary_prefix');
  if (!PREFIX_PATTERN.test(supplierPrefix)) add('auxiliary.supplierPrefix', 'auxiliary_prefix');
  const prefix = Math.max(customerPrefix.length, supplierPrefix.length);
  if (
    !Number.isInteger(stemLength) ||
    stemLength < 3 ||
    stemLength > 16 ||
    prefix + stemLength > AUXILIARY_MAX_LENGTH
  )
    add('auxiliary.stemLength', 'auxiliary_stem');
  const rate = settings.reverseChargeRateBp;
  if (!Number.isInteger(rate) || rate < 1 || rate > 10_000)
    add('reverseChargeRateBp', 'reverse_charge_rate');
  if (!VAT_REGIMES.includes(settings.vatRegime)) add('vatRegime', 'vat_regime');
  if (!LEGAL_FORMS.includes(settings.legalForm)) add('legalForm', 'legal_form');
  if (settings.department !== null && !DEPARTMENT_PATTERN.test(settings.department))
    add('department', 'department');
  return problems;
}
