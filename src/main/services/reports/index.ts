// The accountant's reports over one connection's archive: TVA, échéancier, statuts. Pure
// computations (vat.ts, aging.ts, status.ts) over the invoices source.ts reads. Their workbooks
// are export's (export/layouts/reports.ts, export/report-export.ts): nothing here writes a file.
import { checkRange } from '#shared/report-period.ts';
import type { Report, ReportKind, ReportPeriod } from '#shared/reports.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { AccountingSettings, ThirdParty } from '#shared/accounting.ts';
import type { ArchiveStore } from '../archive/archive-store.ts';
import { readBesideArchive, readPaymentMarks } from '../archive/user-data-store.ts';
import { defaultAccountingSettings } from '../accounting/settings.ts';
import { accountChooser } from '../accounting/third-parties.ts';
import { computeCa3Report } from './ca3.ts';
import { computeAgingReport } from './aging.ts';
import { parisDay } from './rules.ts';
import {
  DELIVERY_WINDOW_DAYS,
  agingItems,
  reportCoverage,
  statusItems,
  vatItems,
} from './source.ts';
import { computeStatusReport } from './status.ts';
import { computeVatReport } from './vat.ts';
import type { Ca3Conversion } from '#shared/ca3.ts';
import { ratesBesideArchive, readRates } from '../rates/rates-file.ts';
import type { ConversionInputs } from '../tax/conversion.ts';

export { computeAgingReport, agingBucket, agingLine } from './aging.ts';
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

/** Computes one report of `period` from the archive. Throws a RangeError for a bad period. */
export function computeReport(
  store: ArchiveStore,
  kind: ReportKind,
  period: ReportPeriod,
  options: ComputeReportOptions = {},
): Report {
  checkRange(period);
  const now = options.now ?? new Date();
  const context = { coverage: reportCoverage(store), now };
  switch (kind) {
    case 'vat': {
      // Reverse charge is self-assessed at the settings' rate when a line gives none.
      const reverseChargeRateBp = (options.userData ?? readCa3UserData(store, period)).settings
        .reverseChargeRateBp;
      return computeVatReport(vatItems(store, period), period, { ...context, reverseChargeRateBp });
    }
    case 'aging': {
      const asOf = agingDay(period, now);
      const marks = options.paymentMarks ?? readPaymentMarks(store);
      return computeAgingReport(agingItems(store, asOf, marks), period, asOf, context);
    }
    case 'status':
      return computeStatusReport(statusItems(store, period), period, context);
    case 'ca3': {
      const user = options.userData ?? readCa3UserData(store, period);
      const found = store.companySiren();
      const conversions: Ca3Conversion[] = [];
      const report = computeCa3Report(store.ca3Rows(period.from, period.to, DELIVERY_WINDOW_DAYS), {
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
      });
      // The entries' check runs the rules again: one line per invoice.
      const seen = new Set<string>();
      report.conversions = conversions.filter(
        (c) => !seen.has(c.invoiceId) && seen.add(c.invoiceId),
      );
      return report;
    }
  }
}

/** The ECB rates imported into the data folder and the rates typed for this connection's
 * invoices (issue 26, item 3). */
function currencyInputs(store: ArchiveStore): ConversionInputs {
  return {
    rates: readRates(ratesBesideArchive(store.path)),
    typed: readBesideArchive(
      store,
      (user) => user.invoiceRates(),
      () => new Map(),
    ),
  };
}
