// The accountant's reports over one connection's archive: TVA, échéancier, statuts. Pure
// computations (vat.ts, aging.ts, status.ts) over the invoices source.ts reads. Their workbooks
// are export's (export/layouts/reports.ts, export/report-export.ts): nothing here writes a file.
import { checkRange } from '#shared/report-period.ts';
import type { Report, ReportKind, ReportPeriod, VatReport } from '#shared/reports.ts';
import type { Ca3Report } from '#shared/ca3.ts';
import { vatCheckOf } from './vat-check-of.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { AccountingSettings, ThirdParty } from '#shared/accounting.ts';
import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';
import { readBesideArchive } from '../archive/user-data-store.ts';
import { readPaymentMarks } from '../archive/payment-marks.ts';
import { defaultAccountingSettings } from '../accounting/settings.ts';
import { accountChooser } from '../accounting/third-parties.ts';
import { computeCa3Report } from './ca3.ts';
import { computeAgingReport, countPastDue } from './aging.ts';
import { parisDay } from '../tax/rules.ts';
import {
  DELIVERY_WINDOW_DAYS,
  agingItems,
  reportCoverage,
  statusItems,
  vatItems,
} from './source.ts';
import { computeStatusReport } from './status.ts';
import { computeVatReport } from './vat.ts';
import { markedIn, withPayments } from '../tax/vat-due.ts';
import { systemClock } from '../clock.ts';
import type { Ca3Conversion } from '#shared/ca3.ts';
import { conversionInputs, type ConversionInputs } from '../tax/conversion.ts';
import { declaredAgainst } from '../tax/declared.ts';

export { computeAgingReport, agingBucket, agingLine, countPastDue, isPastDue } from './aging.ts';
export { computeStatusReport } from './status.ts';
export { computeVatReport, vatOutcome, summarise, type ReportContext } from './vat.ts';
export { reportCoverage } from './source.ts';
export { computeCa3Report, checkReturnPeriod } from './ca3.ts';

export interface ComputeReportOptions {
  /** The clock (default now): the échéancier is counted on today when the period ends later. */
  now?: Date;
  /** The user's payment marks (default: read from the user-data file beside the archive). */
  paymentMarks?: ReadonlyMap<string, PaymentMark>;
  /** The CA3's accounting settings, third parties and line 22 (default: read from the
   * user-data file beside the archive). */
  userData?: Ca3UserData;
  /** 'ca3' over a whole calendar year, for the CA12 (returns/ca12-of.ts). */
  wholeYear?: boolean;
}

/** What the CA3 reads of the user's own file: settings, the third-party memory, line 22. */
export interface Ca3UserData {
  settings: AccountingSettings;
  thirdParties: readonly ThirdParty[];
  carriedCreditCents: number;
}

/** The CA3's user data beside the archive, the defaults when the user never wrote any. */
export function readCa3UserData(store: ArchiveStore, period: ReportPeriod): Ca3UserData {
  return readBesideArchive(
    store,
    (user) => ({
      settings: user.readAccountingSettings(),
      thirdParties: user.thirdParties(),
      carriedCreditCents: user.carriedCredit(period),
    }),
    () => ({ settings: defaultAccountingSettings(), thirdParties: [], carriedCreditCents: 0 }),
  );
}

/** The day the échéancier counts ages at: the period's end, or today when it ends later. */
export function agingDay(period: ReportPeriod, now: Date): string {
  const today = parisDay(now.toISOString()) as string;
  return period.to < today ? period.to : today;
}

/** The échéancier's past due of `period` (AgingReport.pastDue), from the same rows, marks and
 * day as computeReport's 'aging', without building the report: the portfolio's figure. */
export function pastDueCount(
  store: ArchiveStore,
  period: ReportPeriod,
  now: Date,
  paymentMarks: ReadonlyMap<string, PaymentMark> = readPaymentMarks(store),
): number {
  const asOf = agingDay(period, now);
  return countPastDue(agingItems(store, asOf, paymentMarks), asOf);
}

/** Computes one report of `period` from the archive. Throws a RangeError for a bad period. */
export function computeReport(
  store: ArchiveStore,
  kind: ReportKind,
  period: ReportPeriod,
  options: ComputeReportOptions = {},
): Report {
  checkRange(period);
  const now = options.now ?? systemClock.now();
  const context = { coverage: reportCoverage(store), now };
  switch (kind) {
    case 'vat': {
      // Reverse charge is self-assessed at the settings' rate when a line gives none.
      const reverseChargeRateBp = (options.userData ?? readCa3UserData(store, period)).settings
        .reverseChargeRateBp;
      // The accountant's paid marks make VAT on payment due on their day (tax/vat-due.ts).
      const marks = options.paymentMarks ?? readPaymentMarks(store);
      return computeVatReport(vatItems(store, period, marks), period, {
        ...context,
        reverseChargeRateBp,
      });
    }
    case 'aging': {
      const asOf = agingDay(period, now);
      const marks = options.paymentMarks ?? readPaymentMarks(store);
      return computeAgingReport(agingItems(store, asOf, marks), period, asOf, context);
    }
    case 'status':
      return computeStatusReport(statusItems(store, period), period, context);
    case 'vatCheck': {
      // The Contrôle TVA (tax/vat-check.ts): the three computed on the same user data.
      const userData = options.userData ?? readCa3UserData(store, period);
      const paymentMarks = options.paymentMarks ?? readPaymentMarks(store);
      const same = { ...options, now, userData, paymentMarks };
      return vatCheckOf(store, period, {
        vat: computeReport(store, 'vat', period, same) as VatReport,
        ca3: computeReport(store, 'ca3', period, same) as Ca3Report,
        settings: userData.settings,
        thirdParties: userData.thirdParties,
        marks: paymentMarks,
        currency: currencyInputs(store),
        now,
      });
    }
    case 'ca3': {
      const user = options.userData ?? readCa3UserData(store, period);
      const found = store.companySiren();
      const marks = options.paymentMarks ?? readPaymentMarks(store);
      const rows = store.ca3Rows(
        period.from,
        period.to,
        DELIVERY_WINDOW_DAYS,
        markedIn(marks, period),
      );
      const conversions: Ca3Conversion[] = [];
      const report = computeCa3Report(withPayments(rows, marks), {
        period,
        currency: {
          ...currencyInputs(store),
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
      const declared = readBesideArchive(
        store,
        (user) => user.declaredReturn(period),
        () => null,
      );
      if (declared) report.declared = declaredAgainst(declared, report);
      return report;
    }
  }
}

/** The ECB rates imported into the data folder and the rates typed for this connection's
 * invoices (issue 26, item 3). */
export function currencyInputs(store: ArchiveStore): ConversionInputs {
  return conversionInputs(
    store.path,
    readBesideArchive(
      store,
      (user) => user.invoiceRates(),
      () => new Map(),
    ),
  );
}
