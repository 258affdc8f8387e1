// The company's accounting settings (issue 17, item 1): the French defaults a firm changes once,
// and the rules a setting must follow before it is kept. The user-data file keeps them
// (archive/user-data-store.ts); reading them back never loses a good setting because another one
// was damaged (settingsFromStored).
// Account numbers follow the PCG: digits only, the first one the class (4 third parties and VAT,
// 6 expenses, 7 revenue, 2 fixed assets), 445 the VAT accounts (art. A47 A-1 LPF: CompteNum starts
// with three digits of the PCG).
import { z } from 'zod';
import type {
  AccountPlan,
  AccountingSettings,
  AuxiliaryConvention,
  JournalKind,
} from '#shared/accounting.ts';
import { JOURNAL_KINDS } from '#shared/accounting.ts';
import { AppFailure } from '../app-failure.ts';

/** The longest auxiliary account code (Sage and most importers cut CompAuxNum at 17). */
export const AUXILIARY_MAX_LENGTH = 17;

export const DEFAULT_ACCOUNTING_SETTINGS: AccountingSettings = Object.freeze({
  siren: null,
  fiscalYearEnd: '12-31',
  journals: Object.freeze({
    sales: Object.freeze({ code: 'VT', label: 'Ventes' }),
    purchases: Object.freeze({ code: 'HA', label: 'Achats' }),
    misc: Object.freeze({ code: 'OD', label: 'Opérations diverses' }),
  }),
  accounts: Object.freeze({
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
  }),
  auxiliary: Object.freeze({ customerPrefix: 'C', supplierPrefix: 'F', stemLength: 8 }),
  reverseChargeRateBp: 2000,
}) as AccountingSettings;

/** A fresh, mutable copy of the defaults. */
export function defaultAccountingSettings(): AccountingSettings {
  return structuredClone(DEFAULT_ACCOUNTING_SETTINGS) as AccountingSettings;
}

/** Why a setting is refused: the screen words each one (fr + en); the CLI prints the message. */
export const SETTINGS_REASONS = [
  'account_format', // not 3 to 20 digits
  'account_class', // the wrong PCG class for this use (e.g. a revenue account not in class 7)
  'journal_code', // not 1 to 6 letters or digits
  'journal_label', // empty or too long
  'journal_duplicate', // two journals with the same code
  'siren', // not 9 digits with a valid check digit
  'fiscal_year_end', // not a real day MM-DD (29 February is refused: not every year has one)
  'auxiliary_prefix', // not 0 to 4 capital letters or digits
  'auxiliary_stem', // stem length out of range, or prefix + stem longer than 17
  'reverse_charge_rate', // not a whole number of basis points from 1 to 10000
  'missing', // the field is absent or of the wrong type
] as const;
export type SettingsReason = (typeof SETTINGS_REASONS)[number];

export interface SettingsProblem {
  /** Where, as dotted path: "accounts.customers", "journals.sales.code", "siren"… */
  path: string;
  reason: SettingsReason;
  /** Plain English, for logs and the CLI. */
  message: string;
}

/** Which PCG prefixes each account may start with ("where it matters"). */
const ACCOUNT_CLASSES: Record<keyof AccountPlan, readonly string[]> = {
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
};
export const ACCOUNT_KEYS = Object.keys(ACCOUNT_CLASSES) as (keyof AccountPlan)[];

const ACCOUNT_DIGITS = /^\d{3,20}$/;

/** Why `account` cannot be used where one of `classes` is expected; null when it can. */
export function accountProblem(
  account: string,
  classes: readonly string[],
): 'account_format' | 'account_class' | null {
  if (!ACCOUNT_DIGITS.test(account)) return 'account_format';
  if (!classes.some((prefix) => account.startsWith(prefix))) return 'account_class';
  return null;
}

/** SIREN: 9 digits whose Luhn sum is a multiple of 10 (La Poste's 356000000 is the one
 * exception INSEE documents: its digits add up to a multiple of 5). */
export function isValidSiren(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  if (value === '356000000') return true;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let digit = Number(value[8 - i]);
    if (i % 2 === 1) digit *= 2;
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

/** A real closing day MM-DD. 02-29 is refused: a year end must exist every year. */
export function isValidYearEnd(value: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

// ---- The zod schema: each refinement carries its reason code in `params.reason` ----

const trimmed = z.string().transform((s) => s.trim());
const fail = (reason: SettingsReason, message: string) => ({ message, params: { reason } });

function accountSchema(classes: readonly string[]) {
  return trimmed.superRefine((value, ctx) => {
    const problem = accountProblem(value, classes);
    if (problem === 'account_format')
      ctx.addIssue({ code: 'custom', ...fail(problem, 'an account number is 3 to 20 digits') });
    else if (problem === 'account_class')
      ctx.addIssue({
        code: 'custom',
        ...fail(problem, `this account must start with ${classes.join(' or ')} (PCG)`),
      });
  });
}

const accountPlanSchema = z.object(
  Object.fromEntries(ACCOUNT_KEYS.map((key) => [key, accountSchema(ACCOUNT_CLASSES[key])])) as {
    [K in keyof AccountPlan]: ReturnType<typeof accountSchema>;
  },
);

const journalSchema = z.object({
  code: trimmed
    .transform((s) => s.toUpperCase())
    .refine(
      (s) => /^[A-Z0-9]{1,6}$/.test(s),
      fail('journal_code', 'a journal code is 1 to 6 letters or digits'),
    ),
  label: trimmed.refine(
    (s) => s.length >= 1 && s.length <= 100,
    fail('journal_label', 'a journal label is 1 to 100 characters'),
  ),
});

const journalsSchema = z
  .object({ sales: journalSchema, purchases: journalSchema, misc: journalSchema })
  .superRefine((journals, ctx) => {
    const seen = new Map<string, JournalKind>();
    for (const kind of JOURNAL_KINDS) {
      const code = journals[kind].code;
      if (seen.has(code))
        ctx.addIssue({
          code: 'custom',
          path: [kind, 'code'],
          ...fail('journal_duplicate', `the journal code ${code} is used twice`),
        });
      else seen.set(code, kind);
    }
  });

const sirenSchema = z
  .string()
  .transform((s) => s.replace(/[\s.]/g, ''))
  .transform((s) => (s === '' ? null : s))
  .refine(
    (s) => s === null || isValidSiren(s),
    fail('siren', 'a SIREN is 9 digits with a valid check digit'),
  )
  .nullable();

const yearEndSchema = trimmed.refine(
  isValidYearEnd,
  fail('fiscal_year_end', 'the fiscal year end is a day MM-DD (02-29 is not allowed)'),
);

const prefixSchema = trimmed
  .transform((s) => s.toUpperCase())
  .refine(
    (s) => /^[A-Z0-9]{0,4}$/.test(s),
    fail('auxiliary_prefix', 'a prefix is 0 to 4 capital letters or digits'),
  );

const auxiliarySchema = z
  .object({
    customerPrefix: prefixSchema,
    supplierPrefix: prefixSchema,
    stemLength: z
      .number()
      .refine(
        (n) => Number.isInteger(n) && n >= 3 && n <= 16,
        fail('auxiliary_stem', 'the name stem is 3 to 16 letters'),
      ),
  })
  .superRefine((aux, ctx) => {
    const prefix = Math.max(aux.customerPrefix.length, aux.supplierPrefix.length);
    if (
      Number.isInteger(aux.stemLength) &&
      aux.stemLength <= 16 &&
      prefix + aux.stemLength > AUXILIARY_MAX_LENGTH
    )
      ctx.addIssue({
        code: 'custom',
        path: ['stemLength'],
        ...fail('auxiliary_stem', `prefix and stem together are at most ${AUXILIARY_MAX_LENGTH}`),
      });
  });

const rateSchema = z
  .number()
  .refine(
    (n) => Number.isInteger(n) && n >= 1 && n <= 10000,
    fail('reverse_charge_rate', 'the rate is a whole number of basis points from 1 to 10000'),
  );

/** The whole settings: what saveSettings accepts. Strings are trimmed, codes upper-cased. */
export const accountingSettingsSchema = z.object({
  siren: sirenSchema,
  fiscalYearEnd: yearEndSchema,
  journals: journalsSchema,
  accounts: accountPlanSchema,
  auxiliary: auxiliarySchema,
  reverseChargeRateBp: rateSchema,
});

function problemsOf(error: z.ZodError): SettingsProblem[] {
  return error.issues.map((issue) => {
    const params = (issue as { params?: { reason?: unknown } }).params;
    const reason = SETTINGS_REASONS.includes(params?.reason as SettingsReason)
      ? (params!.reason as SettingsReason)
      : 'missing';
    const path = issue.path.map(String).join('.');
    return {
      path,
      reason,
      message: reason === 'missing' ? `${path || 'settings'}: missing or not valid` : issue.message,
    };
  });
}

export type SettingsCheck =
  { ok: true; settings: AccountingSettings } | { ok: false; problems: SettingsProblem[] };

/** Checks settings as the user gave them; every problem is listed, each with its reason code. */
export function checkAccountingSettings(input: unknown): SettingsCheck {
  const parsed = accountingSettingsSchema.safeParse(input);
  return parsed.success
    ? { ok: true, settings: parsed.data as AccountingSettings }
    : { ok: false, problems: problemsOf(parsed.error) };
}

/** The settings as given, normalised, or an `invalid_input` failure whose details list
 * `{ problems: SettingsProblem[] }` (the screen words each reason; the message is English). */
export function validateAccountingSettings(input: unknown): AccountingSettings {
  const check = checkAccountingSettings(input);
  if (check.ok) return check.settings;
  throw new AppFailure(
    'invalid_input',
    `Accounting settings refused: ${check.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
    { problems: check.problems },
  );
}

// ---- Reading back what was stored: field by field, the default where one is damaged ----

function pick<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : structuredClone(fallback);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Settings read from the user-data file (already JSON-parsed, or undefined when absent or not
 * JSON): every good field kept, every absent or damaged one replaced by its default. Journals with
 * a duplicated code fall back to the defaults together, as do the auxiliary convention's fields. */
export function settingsFromStored(stored: unknown): AccountingSettings {
  const raw = asRecord(stored);
  const d = DEFAULT_ACCOUNTING_SETTINGS;
  const rawAccounts = asRecord(raw.accounts);
  const accounts = Object.fromEntries(
    ACCOUNT_KEYS.map((key) => [
      key,
      pick(accountSchema(ACCOUNT_CLASSES[key]), rawAccounts[key], d.accounts[key]),
    ]),
  ) as unknown as AccountPlan;
  const rawJournals = asRecord(raw.journals);
  const journalsEach = Object.fromEntries(
    JOURNAL_KINDS.map((kind) => [kind, pick(journalSchema, rawJournals[kind], d.journals[kind])]),
  );
  const journals = pick(journalsSchema, journalsEach, d.journals);
  const auxiliary: AuxiliaryConvention = pick(auxiliarySchema, raw.auxiliary, d.auxiliary);
  return {
    siren: pick(sirenSchema, raw.siren, d.siren),
    fiscalYearEnd: pick(yearEndSchema, raw.fiscalYearEnd, d.fiscalYearEnd),
    journals: journals as AccountingSettings['journals'],
    accounts,
    auxiliary,
    reverseChargeRateBp: pick(rateSchema, raw.reverseChargeRateBp, d.reverseChargeRateBp),
  };
}
