// Runtime validation of every channel's arguments, in main: the renderer is not trusted.
// Typed against the contract, so a schema that drifts from it fails to compile.
import { z } from 'zod';
import { ARCHIVE_SORT_KEYS } from '#shared/archive.ts';
import { LANGUAGE_PREFERENCES, type ArgsOf, type Channel } from '#shared/contract.ts';
import { DIRECTIONS, INVOICE_SEARCH_LIMITS, INVOICE_STATES } from '#shared/operator/enums.ts';
import { REPORT_KINDS } from '#shared/reports.ts';
import { MAX_PAYMENT_MARK_IDS } from '#shared/payments.ts';
import { operatorUrlSchema, webhookCreateSchema } from '#shared/operator/schemas.ts';
import { LEDGER_JOURNALS } from '#shared/accounting.ts';
import { SYNC_EVERY_HOURS_MAX } from '#shared/sync-round.ts';
import { EXCEPTION_SHOWS, MAX_EXCEPTION_IDS, MAX_EXCEPTION_NOTE } from '#shared/exceptions.ts';
import { MAX_NEWS_IDS } from '#shared/news.ts';
import type { AccountPlan } from '#shared/accounting.ts';
import {
  ACCOUNT_CLASSES,
  ACCOUNT_PATTERN,
  AUXILIARY_PATTERN,
  MAX_CSV_CHARS,
  MAX_LEDGER_PAGE,
  MAX_THIRD_PARTY_CHOICES,
} from '#shared/accounting-form.ts';
import { LEGAL_FORMS, VAT_REGIMES } from '#shared/tax-calendar.ts';

const noArgs = z.undefined().or(z.null().transform(() => undefined));
const id = z.string().min(1).max(200);
/** A background sync interval in whole hours; 0 = never. */
const syncHours = z.number().int().min(0).max(SYNC_EVERY_HOURS_MAX);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
const cents = z.number().int().min(-1e15).max(1e15);

const archiveFilter = z.strictObject({
  invoiceDateFrom: day.optional(),
  invoiceDateTo: day.optional(),
  dueDateFrom: day.optional(),
  dueDateTo: day.optional(),
  counterparty: z.string().max(200).optional(),
  text: z.string().max(200).optional(),
  ttcMinCents: cents.optional(),
  ttcMaxCents: cents.optional(),
  kind: z.enum(['invoice', 'credit_note']).optional(),
  lifecycleCodes: z
    .array(z.string().regex(/^\d{3}$/))
    .max(50)
    .optional(),
  direction: z.enum(DIRECTIONS).optional(),
  states: z.array(z.enum(INVOICE_STATES)).max(INVOICE_STATES.length).optional(),
  detailFetched: z.boolean().optional(),
});
const archiveSort = z.strictObject({
  key: z.enum(ARCHIVE_SORT_KEYS),
  descending: z.boolean().optional(),
});
/** A calendar day that exists (not 2026-02-30). */
const realDay = day.refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, 'not a calendar date');
/** The invoices one payment mark names: operator uuids, a screen's selection at most. */
const markedIds = z.array(z.uuid()).min(1).max(MAX_PAYMENT_MARK_IDS);
const reportPeriod = z.strictObject({ from: day, to: day, label: z.string().min(1).max(40) });

// Two targets share the kind 'invoices': a union of their own on 'source' (zod refuses a
// discriminator value listed twice).
const exportTarget = z.discriminatedUnion('kind', [
  z.discriminatedUnion('source', [
    z.strictObject({
      kind: z.literal('invoices'),
      source: z.literal('live'),
      q: z.string().max(4000).optional(),
    }),
    z.strictObject({
      kind: z.literal('invoices'),
      source: z.literal('archive'),
      filter: archiveFilter.optional(),
      sort: archiveSort.optional(),
    }),
  ]),
  z.strictObject({ kind: z.literal('invoice'), invoiceId: z.uuid() }),
  z.strictObject({ kind: z.literal('directory'), q: z.string().trim().min(1).max(1000) }),
  z.strictObject({ kind: z.literal('participants'), value: z.string().trim().min(1).max(200) }),
  z.strictObject({ kind: z.literal('webhooks') }),
  z.strictObject({
    kind: z.literal('report'),
    report: z.enum(REPORT_KINDS),
    period: reportPeriod,
    asOf: realDay.optional(),
  }),
  z.strictObject({
    kind: z.literal('fec'),
    period: reportPeriod,
    separator: z.enum(['tab', 'pipe']),
    encoding: z.enum(['utf-8', 'iso-8859-15']),
  }),
  z.strictObject({ kind: z.literal('entries'), period: reportPeriod }),
  z.strictObject({
    kind: z.literal('exceptions'),
    period: reportPeriod,
    show: z.enum(EXCEPTION_SHOWS),
  }),
  z.strictObject({ kind: z.literal('ca12'), year: z.number().int().min(1900).max(2999) }),
  z.strictObject({ kind: z.literal('d441'), closing: realDay, from: realDay.optional() }),
]);

// ---- Pre-accounting (issue 17): the same rules the settings form words on screen ----
/** A period of real days, in order (the ledger refuses more than ten years itself). */
const accountingPeriod = z
  .strictObject({ from: realDay, to: realDay, label: z.string().min(1).max(40) })
  .refine((p) => p.from <= p.to, { message: 'the period ends before it starts', path: ['to'] });
const account = z.string().regex(ACCOUNT_PATTERN, 'expected a PCG account (3 to 20 digits)');
// Shapes only: the accounting service checks every rule (services/accounting/settings.ts) and
// names each field it refuses, which the settings form shows under that field.
const setting = z.string().max(100);
const journal = z.strictObject({ code: setting, label: z.string().max(200) });
const accountingSettings = z.strictObject({
  siren: setting.nullable(),
  fiscalYearEnd: setting,
  journals: z.strictObject({ sales: journal, purchases: journal, misc: journal }),
  accounts: z.strictObject(
    Object.fromEntries(Object.keys(ACCOUNT_CLASSES).map((key) => [key, setting])) as {
      [K in keyof AccountPlan]: typeof setting;
    },
  ),
  auxiliary: z.strictObject({
    customerPrefix: setting,
    supplierPrefix: setting,
    stemLength: z.number().int(),
  }),
  reverseChargeRateBp: z.number().int(),
  // Issue 26: optional, so that a caller written before them still saves (the defaults).
  vatRegime: z.enum(VAT_REGIMES).default('monthly'),
  legalForm: z.enum(LEGAL_FORMS).default('company'),
  department: setting.nullable().default(null),
  // Issue 29: optional, so that a caller written before it still saves (BQ "Banque").
  bankJournal: journal.default({ code: 'BQ', label: 'Banque' }),
});
const thirdPartyChoice = z.strictObject({
  key: z.string().trim().min(1).max(200),
  role: z.enum(['customer', 'supplier']),
  name: z.string().max(300),
  auxiliary: z.string().regex(AUXILIARY_PATTERN, 'expected 1 to 17 capital letters or digits'),
  account,
  label: z.string().trim().max(200).nullable(),
});

/** The firm's server as the settings screen types it (issue 30): the password goes to the
 * keychain only; a URL that is not postgres:// is refused before any connection. */
const firmConnectArgs = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^postgres(ql)?:\/\/[^/\s]+/, 'postgres://user@host:port/database'),
  password: z.string().min(1).max(4096),
  tls: z.enum(['verify', 'no-verify', 'off']),
  caFile: z.string().trim().min(1).max(4096).optional(),
});

type ArgSchemas = { [C in Channel]: z.ZodType<ArgsOf<C>, unknown> };

export const argSchemas = {
  'app:info': noArgs,
  'settings:get': noArgs,
  'settings:update': z.strictObject({
    language: z.enum(LANGUAGE_PREFERENCES).optional(),
    activeConnectionId: id.optional(),
    workOffline: z.boolean().optional(),
    hideDemo: z.boolean().optional(),
  }),
  'connections:list': noArgs,
  'connections:save': z.strictObject({
    id: id.optional(),
    name: z.string().trim().min(1).max(100),
    baseUrl: operatorUrlSchema,
    tokenUrl: operatorUrlSchema,
    clientId: z.string().trim().min(1).max(200),
    customerId: z.uuid().optional(),
    clientSecret: z.string().min(1).max(4096).optional(),
    secretStorage: z.enum(['keychain', 'session']).optional(),
    requestsPerMinute: z.number().int().min(1).max(100_000).optional(),
  }),
  'connections:delete': z.strictObject({ id }),
  'connections:test': z.strictObject({ id }),
  'vault:status': noArgs,
  'invoices:search': z.strictObject({
    q: z.string().max(4000).optional(),
    offset: z.number().int().min(0).max(INVOICE_SEARCH_LIMITS.offsetMax),
    limit: z.number().int().min(INVOICE_SEARCH_LIMITS.limitMin).max(INVOICE_SEARCH_LIMITS.limitMax),
  }),
  'invoices:get': z.strictObject({ invoiceId: z.uuid() }),
  'directory:search': z.strictObject({
    q: z.string().trim().min(1).max(1000),
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  'participants:search': z.strictObject({
    value: z.string().trim().min(1).max(200),
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  'webhooks:list': noArgs,
  'webhooks:create': webhookCreateSchema,
  'webhooks:delete': z.strictObject({ webhookId: id }),
  'archive:search': z.strictObject({
    filter: archiveFilter.optional(),
    sort: archiveSort.optional(),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(1000),
  }),
  'archive:status': z.strictObject({ connectionId: id }),
  'archive:clear': z.strictObject({ connectionId: id }),
  'archive:invoiceStatus': z.strictObject({ invoiceId: z.uuid() }),
  'archive:rebuild': z.strictObject({ connectionId: id }),
  'sync:start': z.strictObject({ details: z.boolean().optional() }),
  'sync:cancel': noArgs,
  'syncRound:start': z.strictObject({ scope: z.enum(['due', 'all']).optional() }),
  'syncRound:cancel': noArgs,
  'syncRound:status': noArgs,
  'syncRound:schedule': noArgs,
  'syncRound:setSchedule': z.strictObject({
    everyHours: syncHours.optional(),
    connectionId: id.optional(),
    connectionEveryHours: syncHours.nullable().optional(),
  }),
  'export:start': z.strictObject({ exportId: z.uuid(), target: exportTarget }),
  'export:cancel': z.strictObject({ exportId: z.uuid() }),
  'reports:get': z.strictObject({
    report: z.enum(REPORT_KINDS),
    period: reportPeriod,
    asOf: realDay.optional(),
  }),
  'payments:mark': z.strictObject({
    connectionId: id,
    invoiceIds: markedIds,
    paidOn: realDay,
    note: z.string().trim().max(500).optional(),
  }),
  'payments:unmark': z.strictObject({ connectionId: id, invoiceIds: markedIds }),
  'payments:get': z.strictObject({ connectionId: id, invoiceIds: markedIds }),
  'archive:totals': z.strictObject({ filter: archiveFilter.optional() }),
  'accounting:profile': z.strictObject({ connectionId: id }),
  // Line 22 in cents: a credit is never negative; under a hundred billion euros.
  'reports:setCarriedCredit': z.strictObject({
    connectionId: id,
    period: reportPeriod,
    cents: z.number().int().min(0).max(10_000_000_000_000),
  }),
  'accounting:saveSettings': z.strictObject({ connectionId: id, settings: accountingSettings }),
  'accounting:ledger': z.strictObject({
    connectionId: id,
    period: accountingPeriod,
    journal: z.enum(LEDGER_JOURNALS).optional(),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(MAX_LEDGER_PAGE),
  }),
  'accounting:thirdParties': z.strictObject({ connectionId: id }),
  'accounting:mapThirdParties': z.strictObject({
    connectionId: id,
    choices: z.array(thirdPartyChoice).min(1).max(MAX_THIRD_PARTY_CHOICES),
  }),
  'accounting:exportThirdParties': z.strictObject({ connectionId: id }),
  'accounting:importThirdParties': z.strictObject({
    connectionId: id,
    csv: z.string().max(MAX_CSV_CHARS, 'the file is too large (5 MB at most)'),
  }),
  'portfolio:get': noArgs,
  'portfolio:details': z.strictObject({ connectionId: id }),
  'exceptions:list': z.strictObject({
    connectionId: id,
    period: accountingPeriod,
    show: z.enum(EXCEPTION_SHOWS),
  }),
  'exceptions:mark': z.strictObject({
    connectionId: id,
    period: accountingPeriod,
    invoiceIds: z.array(z.uuid()).min(1).max(MAX_EXCEPTION_IDS),
    note: z.string().trim().max(MAX_EXCEPTION_NOTE).optional(),
  }),
  'exceptions:reopen': z.strictObject({
    connectionId: id,
    invoiceIds: z.array(z.uuid()).min(1).max(MAX_EXCEPTION_IDS),
  }),
  'news:list': z.strictObject({ connectionId: id }),
  'news:markRead': z.union([
    z.strictObject({
      connectionId: id,
      ids: z.array(z.number().int().min(1)).min(1).max(MAX_NEWS_IDS),
    }),
    z.strictObject({ connectionId: id, upToId: z.number().int().min(1) }),
  ]),
  'tax:dueReturn': z.strictObject({ connectionId: id }),
  'tax:declared': z.strictObject({ connectionId: id, period: accountingPeriod }),
  'tax:declare': z.strictObject({
    connectionId: id,
    period: accountingPeriod,
    declaredOn: realDay,
    amountCents: z.number().int().min(-1e13).max(1e13),
  }),
  'tax:undeclare': z.strictObject({ connectionId: id, period: accountingPeriod }),
  'tax:ca12': z.strictObject({ connectionId: id, year: z.number().int().min(1900).max(2999) }),
  'rates:kept': noArgs,
  'rates:import': z.strictObject({
    fileName: z.string().min(1).max(255),
    // The published history is about 2 MB; 20 MB of text is surely not it.
    csv: z.string().max(20_000_000, 'the file is too large (20 MB at most)'),
  }),
  'bank:view': z.strictObject({ connectionId: id }),
  'bank:import': z.strictObject({
    connectionId: id,
    fileName: z.string().min(1).max(255),
    // 16 MB of file at most (base64 is 4 characters for 3 bytes).
    base64: z
      .string()
      .min(1)
      .max(Math.ceil((16 * 1024 * 1024) / 3) * 4, 'the file is too large (16 MB at most)')
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64'),
  }),
  'bank:confirm': z.strictObject({
    connectionId: id,
    lineId: id,
    invoiceNumbers: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  }),
  'bank:undo': z.strictObject({ connectionId: id, lineId: id }),
  'bank:saveAccount': z.strictObject({
    connectionId: id,
    account: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(100),
    ledgerAccount: z.string().regex(/^512[0-9A-Z]{0,9}$/, 'a 512 account, e.g. 512100'),
  }),
  'firm:state': noArgs,
  'firm:test': firmConnectArgs,
  'firm:connect': firmConnectArgs,
  'firm:disconnect': noArgs,
  'firm:clients': noArgs,
} satisfies ArgSchemas;
