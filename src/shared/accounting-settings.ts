// The company's accounting settings (issue 17, item 1): the French defaults a firm changes once,
// and the rules a setting must follow before it is kept. Their shape lives here, below both the
// archive's user-data file and the accounting (issue 28, item 6); main's services/accounting/
// settings.ts adds the refusal the handlers throw. The user-data file keeps them
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
} from './accounting.ts';
import { JOURNAL_KINDS } from './accounting.ts';
import {
  ACCOUNT_CLASSES,
  ACCOUNT_PATTERN,
  AUXILIARY_MAX_LENGTH,
  SETTINGS_REASONS,
  isFiscalYearEnd,
  isValidSiren,
  type SettingsReason,
} from './accounting-form.ts';
import { DEPARTMENT_PATTERN, LEGAL_FORMS, VAT_REGIMES } from './tax-calendar.ts';

export { AUXILIARY_MAX_LENGTH };

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
    suspense: '471000',
  }),
  auxiliary: Object.freeze({ customerPrefix: 'C', supplierPrefix: 'F', stemLength: 8 }),
  reverseChargeRateBp: 2000,
  vatRegime: 'monthly',
  legalForm: 'company',
  department: null,
  bankJournal: Object.freeze({ code: 'BQ', label: 'Banque' }),
}) as AccountingSettings;

/** A fresh, mutable copy of the defaults. */
export function defaultAccountingSettings(): AccountingSettings {
  return structuredClone(DEFAULT_ACCOUNTING_SETTINGS) as AccountingSettings;
}

// The rules' data (reason codes, PCG classes, SIREN key, year end) are shared with the settings
// form (src/shared/accounting-form.ts): one set of rules, which the screen checks first and this
// service checks again with the last word.
export { SETTINGS_REASONS, type SettingsReason, isValidSiren };
export const isValidYearEnd = isFiscalYearEnd;

export interface SettingsProblem {
  /** Where, as dotted path: "accounts.customers", "journals.sales.code", "siren"… */
  path: string;
  reason: SettingsReason;
  /** Plain English, for logs and the CLI. */
  message: string;
}

export const ACCOUNT_KEYS = Object.keys(ACCOUNT_CLASSES) as (keyof AccountPlan)[];

const ACCOUNT_DIGITS = ACCOUNT_PATTERN;

/** Why `account` cannot be used where one of `classes` is expected; null when it can. */
export function accountProblem(
  account: string,
  classes: readonly string[],
): 'account_format' | 'account_class' | null {
  if (!ACCOUNT_DIGITS.test(account)) return 'account_format';
  if (!classes.some((prefix) => account.startsWith(prefix))) return 'account_class';
  return null;
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

// The VAT regime and what the CA3's due day rests on (issue 26): absent in settings saved before,
// so each has its default.
const oneOf = <T extends string>(values: readonly T[], reason: SettingsReason, message: string) =>
  z
    .string()
    .refine((s) => (values as readonly string[]).includes(s), fail(reason, message))
    .transform((s) => s as T);
const regimeSchema = oneOf(
  VAT_REGIMES,
  'vat_regime',
  'the VAT regime is monthly, quarterly or simplified',
).default('monthly');
const legalFormSchema = oneOf(
  LEGAL_FORMS,
  'legal_form',
  'the legal form is company, sa, individual or other',
).default('company');
const departmentSchema = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .transform((s) => (s === '' ? null : /^\d$/.test(s) ? `0${s}` : s))
  .refine(
    (s) => s === null || DEPARTMENT_PATTERN.test(s),
    fail('department', 'a department is 01 to 95, 2A, 2B or 971 to 976'),
  )
  .nullable()
  .default(null);

// The bank journal (issue 29): absent in settings saved before, so BQ "Banque".
const bankJournalSchema = journalSchema.default({ code: 'BQ', label: 'Banque' });

/** The whole settings: what saveSettings accepts. Strings are trimmed, codes upper-cased. */
export const accountingSettingsSchema = z
  .object({
    siren: sirenSchema,
    fiscalYearEnd: yearEndSchema,
    journals: journalsSchema,
    accounts: accountPlanSchema,
    auxiliary: auxiliarySchema,
    reverseChargeRateBp: rateSchema,
    vatRegime: regimeSchema,
    legalForm: legalFormSchema,
    department: departmentSchema,
    bankJournal: bankJournalSchema,
  })
  .superRefine((settings, ctx) => {
    const code = settings.bankJournal.code;
    if (JOURNAL_KINDS.some((kind) => settings.journals[kind].code === code))
      ctx.addIssue({
        code: 'custom',
        path: ['bankJournal', 'code'],
        ...fail('journal_duplicate', `the journal code ${code} is used twice`),
      });
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
    vatRegime: pick(regimeSchema, raw.vatRegime, d.vatRegime),
    legalForm: pick(legalFormSchema, raw.legalForm, d.legalForm),
    department: pick(departmentSchema, raw.department, d.department),
    bankJournal: bankJournalOf(raw.bankJournal, journals as AccountingSettings['journals']),
  };
}

/** The stored bank journal, else BQ "Banque"; the default too when its code is another
 * journal's (the FEC's journals are told apart by their codes). */
function bankJournalOf(stored: unknown, journals: AccountingSettings['journals']) {
  const d = DEFAULT_ACCOUNTING_SETTINGS.bankJournal;
  const bank = pick(journalSchema, stored ?? d, d);
  return JOURNAL_KINDS.some((kind) => journals[kind].code === bank.code)
    ? structuredClone(d)
    : bank;
}
