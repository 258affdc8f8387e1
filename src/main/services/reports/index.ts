// The accountant's reports over one connection's archive: TVA, échéancier, statuts. Pure
// computations (vat.ts, aging.ts, status.ts) over the invoices source.ts reads. Their workbooks
// are export's (export/layouts/reports.ts, export/report-export.ts): nothing here writes a file.
import { checkRange } from '#shared/report-period.ts';
import type { Report, ReportKind, ReportPeriod, VatReport } from '#shared/reports.ts';
import type { Ca3Report } from '#shared/ca3.ts';
import { vatCheckOf } from './vat-check-of.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { AccountingSettings, ThirdParty } from '#shared/accounting.ts';
import type { UserDataPort } from '../archive/user-data-port.ts';
import { defaultAccountingSettings } from '../accounting/settings.ts';
import { accountChooser } from '../accounting/third-parties.ts';
import { computeCa3Report } from './ca3.ts';
import { PastDueCounter, computeAgingReport } from './aging.ts';
import { partsPaidOf, withOpenItemFacts } from './aging-source.ts';
import { parisDay } from '../tax/rules.ts';
import {
  DELIVERY_WINDOW_DAYS,
  agingBatches,
  agingItems,
  allOf,
  coverageOf,
  statusItems,
  vatItems,
} from './source.ts';
import { computeStatusReport } from './status.ts';
import { computeVatReport } from './vat.ts';
import { markedIn, withPayments } from '../tax/vat-due.ts';
import { systemClock } from '../clock.ts';
import type { Ca3Conversion } from '#shared/ca3.ts';
import type { ConversionInputs } from '../tax/conversion.ts';
import { declaredAgainst } from '../tax/declared.ts';
import { sourceMarks, type ReportSource } from './report-source.ts';

export { computeAgingReport, agingBucket, agingLine, countPastDue, isPastDue } from './aging.ts';
export { computeStatusReport } from './status.ts';
export { computeVatReport, vatOutcome, summarise, type ReportContext } from './vat.ts';
export { reportCoverage, coverageOf } from './source.ts';
export {
  besideTheArchive,
  sourceMarks,
  type BesideTheArchive,
  type ReportSource,
} from './report-source.ts';
export { computeCa3Report, checkReturnPeriod } from './ca3.ts';

export interface ComputeReportOptions {
  /** The clock (default now): the échéancier is counted on today when the period ends later. */
  now?: Date;
  /** The user's payment marks and the bank's (default: read from the source). */
  paymentMarks?: ReadonlyMap<string, PaymentMark>;
  /** The CA3's accounting settings, third parties and line 22 (default: read from the
   * connection's user data). */
  userData?: Ca3UserData;
  /** 'ca3' over a whole calendar year, for the CA12 (returns/ca12-of.ts). */
  wholeYear?: boolean;
  /** The échéancier's day, YYYY-MM-DD (issue 29: the aged balance as of any date); default
   * agingDay's. */
  asOf?: string;
}

/** What the CA3 reads of the user's own file: settings, the third-party memory, line 22. */
export interface Ca3UserData {
  settings: AccountingSettings;
  thirdParties: readonly ThirdParty[];
  carriedCreditCents: number;
}

/** The CA3's user data of the connection, the defaults when the user never wrote any. */
export async function readCa3UserData(
  userData: UserDataPort | null,
  period: ReportPeriod,
): Promise<Ca3UserData> {
  if (!userData)
    return { settings: defaultAccountingSettings(), thirdParties: [], carriedCreditCents: 0 };
  const [settings, thirdParties, carriedCreditCents] = await Promise.all([
    userData.accountingSettings(),
    userData.thirdParties(),
    userData.carriedCredit(period),
  ]);
  return { settings, thirdParties, carriedCreditCents };
}

/** The day the échéancier counts ages at: the period's end, or today when it ends later. */
export function agingDay(period: ReportPeriod, now: Date): string {
  const today = parisDay(now.toISOString()) as string;
  return period.to < today ? period.to : today;
}

/** The échéancier's past due of `period` (AgingReport.pastDue), from the same rows, marks and
 * day as computeReport's 'aging', without building the report: the portfolio's figure. */
export async function pastDueCount(
  source: ReportSource,
  period: ReportPeriod,
  now: Date,
  paymentMarks?: ReadonlyMap<string, PaymentMark>,
): Promise<number> {
  const asOf = agingDay(period, now);
  const marks = paymentMarks ?? (await sourceMarks(source));
  const parts = await partsPaidOf(source.archive.connectionId, source);
  // Batch by batch, keeping only what the credit notes' allocation reads of each open item.
  const counter = new PastDueCounter(asOf);
  for await (const batch of agingBatches(source.archive, asOf, marks))
    counter.add(withOpenItemFacts(batch, parts));
  return counter.count();
}

/** The invoices past due on `asOf` by the échéancier's rule, credit notes allocated, by id:
 * what the exceptions list says is late (the same reads as pastDueCount). */
export async function pastDueOnDay(
  source: Pick<ReportSource, 'archive' | 'bankMatches'>,
  asOf: string,
  paymentMarks: ReadonlyMap<string, PaymentMark>,
): Promise<Map<string, { dueOn: string; daysLate: number }>> {
  const parts = await partsPaidOf(source.archive.connectionId, source);
  const counter = new PastDueCounter(asOf);
  for await (const batch of agingBatches(source.archive, asOf, paymentMarks))
    counter.add(withOpenItemFacts(batch, parts));
  return counter.pastDue();
}

/** Computes one report of `period` from the archive. Rejects with a RangeError for a bad
 * period. */
export async function computeReport(
  source: ReportSource,
  kind: ReportKind,
  period: ReportPeriod,
  options: ComputeReportOptions = {},
): Promise<Report> {
  checkRange(period);
  const { archive } = source;
  const now = options.now ?? systemClock.now();
  const context = { coverage: await coverageOf(archive), now };
  const userData = async (): Promise<Ca3UserData> =>
    options.userData ??
    readCa3UserData(await source.userData.existing(archive.connectionId), period);
  const marksOf = async (): Promise<ReadonlyMap<string, PaymentMark>> =>
    options.paymentMarks ?? (await sourceMarks(source));
  switch (kind) {
    case 'vat': {
      // Reverse charge is self-assessed at the settings' rate when a line gives none.
      const reverseChargeRateBp = (await userData()).settings.reverseChargeRateBp;
      // The accountant's paid marks make VAT on payment due on their day (tax/vat-due.ts).
      const marks = await marksOf();
      return computeVatReport(await vatItems(archive, period, marks), period, {
        ...context,
        reverseChargeRateBp,
      });
    }
    case 'aging': {
      const asOf = options.asOf ?? agingDay(period, now);
      const marks = await marksOf();
      const items = withOpenItemFacts(
        await agingItems(archive, asOf, marks),
        await partsPaidOf(archive.connectionId, source),
      );
      return computeAgingReport(items, period, asOf, context, { allocateCredits: true });
    }
    case 'status':
      return computeStatusReport(await statusItems(archive, period), period, context);
    case 'vatCheck': {
      // The Contrôle TVA (tax/vat-check.ts): the three computed on the same user data.
      const user = await userData();
      const paymentMarks = await marksOf();
      const same = { ...options, now, userData: user, paymentMarks };
      return vatCheckOf(archive, period, {
        vat: (await computeReport(source, 'vat', period, same)) as VatReport,
        ca3: (await computeReport(source, 'ca3', period, same)) as Ca3Report,
        settings: user.settings,
        thirdParties: user.thirdParties,
        marks: paymentMarks,
        currency: await currencyInputs(source),
        now,
      });
    }
    case 'ca3': {
      const user = await userData();
      const found = await archive.company();
      const marks = await marksOf();
      const rows = await allOf(
        archive.ca3Rows(period.from, period.to, DELIVERY_WINDOW_DAYS, markedIn(marks, period)),
      );
      const conversions: Ca3Conversion[] = [];
      const report = computeCa3Report(withPayments(rows, marks), {
        period,
        currency: {
          ...(await currencyInputs(source)),
          converted: (invoiceId, c) => conversions.push({ invoiceId, ...c }),
        },
        settings: user.settings,
        chooser: accountChooser({ thirdParties: () => [...user.thirdParties] }, user.settings),
        carriedCreditCents: user.carriedCreditCents,
        company: { siren: found?.siren ?? null, name: found?.name ?? null },
        coverage: context.coverage,
        now,
        ...(options.wholeYear ? { wholeYear: true } : {}),
      });
      // The entries' check runs the rules again: one line per invoice.
      const seen = new Set<string>();
      report.conversions = conversions.filter(
        (c) => !seen.has(c.invoiceId) && seen.add(c.invoiceId),
      );
      // A declared period's exports say so, with what changed since (issue 26, item 6).
      const declared =
        (await (await source.userData.existing(archive.connectionId))?.declaredReturn(period)) ??
        null;
      if (declared) report.declared = declaredAgainst(declared, report);
      return report;
    }
  }
}

/** The ECB rates imported into the data folder and the rates typed for this connection's
 * invoices (issue 26, item 3). */
export async function currencyInputs(source: ReportSource): Promise<ConversionInputs> {
  const userData = await source.userData.existing(source.archive.connectionId);
  return {
    rates: await source.ecbRates(),
    typed: (await userData?.invoiceRates()) ?? new Map(),
  };
}
