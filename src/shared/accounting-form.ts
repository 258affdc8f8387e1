// What a company's accounting settings and a third party's accounts may hold (issue 17), as the
// settings form words it on screen and as main checks the channels' arguments
// (src/main/contract-args.ts): one set of rules, pure, no UI words (the renderer translates the
// codes).
import type { AccountPlan, AccountingSettings, JournalKind } from './accounting.ts';

/** A PCG account: three digits of the plan first (art. A47 A-1 LPF: CompteNum), then digits or
 * capitals (a firm's own sub-accounts), 20 characters at most. */
export const ACCOUNT_PATTERN = /^\d{3}[0-9A-Z]{0,17}$/;
/** An auxiliary account code (CompAuxNum): capitals and digits, 17 at most. */
export const AUXILIARY_PATTERN = /^[0-9A-Z_]{1,17}$/;
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
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(2025, month, 0)).getUTCDate(); // 2025: not a leap year
}

/** The Luhn key every SIREN carries (INSEE): a typo in one digit fails it. */
export function sirenChecksumOk(siren: string): boolean {
  if (!SIREN_PATTERN.test(siren)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let digit = Number(siren[8 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export type SettingsProblemCode =
  | 'siren_format'
  | 'siren_checksum'
  | 'year_end'
  | 'journal_code'
  | 'journal_label'
  | 'journal_duplicate'
  | 'account'
  | 'prefix'
  | 'prefix_same'
  | 'stem'
  | 'rate';

/** One field of the form that cannot be saved, by its path (e.g. "accounts.customers"). */
export interface SettingsProblem {
  field: string;
  code: SettingsProblemCode;
}

/** Everything that keeps the settings from being saved; empty when they can be. */
export function settingsProblems(settings: AccountingSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const add = (field: string, code: SettingsProblemCode) => problems.push({ field, code });
  if (settings.siren !== null) {
    if (!SIREN_PATTERN.test(settings.siren)) add('siren', 'siren_format');
    else if (!sirenChecksumOk(settings.siren)) add('siren', 'siren_checksum');
  }
  if (!isFiscalYearEnd(settings.fiscalYearEnd)) add('fiscalYearEnd', 'year_end');
  const codes = new Map<string, JournalKind>();
  for (const kind of ['sales', 'purchases', 'misc'] as const) {
    const journal = settings.journals[kind];
    if (!JOURNAL_CODE_PATTERN.test(journal.code)) add(`journals.${kind}.code`, 'journal_code');
    else if (codes.has(journal.code)) add(`journals.${kind}.code`, 'journal_duplicate');
    codes.set(journal.code, kind);
    if (journal.label.trim() === '' || journal.label.length > 100)
      add(`journals.${kind}.label`, 'journal_label');
  }
  for (const key of Object.keys(settings.accounts) as (keyof AccountPlan)[])
    if (!ACCOUNT_PATTERN.test(settings.accounts[key])) add(`accounts.${key}`, 'account');
  const { customerPrefix, supplierPrefix, stemLength } = settings.auxiliary;
  if (!PREFIX_PATTERN.test(customerPrefix)) add('auxiliary.customerPrefix', 'prefix');
  if (!PREFIX_PATTERN.test(supplierPrefix)) add('auxiliary.supplierPrefix', 'prefix');
  else if (customerPrefix === supplierPrefix) add('auxiliary.supplierPrefix', 'prefix_same');
  if (!Number.isInteger(stemLength) || stemLength < 3 || stemLength > 13)
    add('auxiliary.stemLength', 'stem');
  const rate = settings.reverseChargeRateBp;
  if (!Number.isInteger(rate) || rate < 0 || rate > 10_000) add('reverseChargeRateBp', 'rate');
  return problems;
}
