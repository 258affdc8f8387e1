// The accounting service (issue 17): the AccountingService the handlers, the browser host and the
// CLI call, over each connection's archive (read only: the invoices) and its user-data file (the
// company's settings and its third parties' accounts, which a rebuild of the archive never
// loses). Reads never create a file: a connection never synced has an empty ledger, one whose
// user never saved anything the default settings and an empty memory.
import type { AccountingSettings, CompanyProfile, Ledger, ThirdParty } from '#shared/accounting.ts';
import { checkRange } from '#shared/report-period.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { AppFailure } from '../app-failure.ts';
import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';
import type { UserDataStore } from '../archive/user-data-store.ts';
import { reportCoverage } from '../archive/coverage.ts';
import { readPaymentMarks } from '../archive/payment-marks.ts';
import { markedIn, withPayments } from '../tax/vat-due.ts';
import { conversionInputs } from '../tax/conversion.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { AccountingService } from './accounting.ts';
import { buildLedger } from './ledger.ts';
import { bankJournalOf } from './bank-journal-of.ts';
import { defaultAccountingSettings, validateAccountingSettings } from './settings.ts';
import { exportThirdPartiesCsv, importThirdPartiesCsv } from './third-parties-csv.ts';
import { accountChooser, mapThirdParties } from './third-parties.ts';
import { systemClock } from '../clock.ts';

export type { AccountingService } from './accounting.ts';
export { buildLedger } from './ledger.ts';
export { invoiceOutcome } from './entries.ts';

/** Where the service finds a connection's files: the app's registry (archive/archives.ts). */
export interface AccountingFiles {
  /** The connection's archive if it exists (never created by a read). */
  existing(connectionId: string): ArchiveStore | null;
  /** The connection's user data, created on first write. */
  userData(connectionId: string): UserDataStore;
  /** The connection's user data if the user ever wrote some (never created by a read). */
  existingUserData(connectionId: string): UserDataStore | null;
}

export interface AccountingServiceOptions {
  archives: AccountingFiles;
  /** The clock (tests): when a ledger is computed and a choice made. */
  now?: () => Date;
}

export function createAccountingService(options: AccountingServiceOptions): AccountingService {
  const { archives } = options;
  const now = options.now ?? systemClock.now;
  const settingsOf = (connectionId: string): AccountingSettings =>
    archives.existingUserData(connectionId)?.readAccountingSettings() ??
    defaultAccountingSettings();
  const profile = (connectionId: string): CompanyProfile => ({
    settings: settingsOf(connectionId),
    foundSiren: archives.existing(connectionId)?.companySiren()?.siren ?? null,
  });
  return {
    profile,

    saveSettings(connectionId, settings) {
      // Checked before anything is written: a refusal lists every problem, nothing is lost.
      const valid = validateAccountingSettings(settings);
      archives.userData(connectionId).saveAccountingSettings(valid, now());
      return profile(connectionId);
    },

    ledger(connectionId, period: ReportPeriod): Ledger {
      try {
        checkRange(period);
      } catch (error) {
        if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
        throw error;
      }
      const settings = settingsOf(connectionId);
      const memory = archives.existingUserData(connectionId);
      const chooser = accountChooser(memory ?? { thirdParties: () => [] }, settings);
      const store = archives.existing(connectionId);
      const found = store?.companySiren() ?? null;
      // The accountant's paid marks and the bank's matches move VAT on payment on their day
      // (tax/vat-due.ts, archive/payment-marks.ts).
      const marks = store ? readPaymentMarks(store) : new Map<string, PaymentMark>();
      // The bank journal (BQ) and its lettering, over the bank file (bank-journal-of.ts).
      const bank = store ? bankJournalOf(store, period) : null;
      const also = [...markedIn(marks, period), ...(bank?.invoiceIds() ?? [])];
      const rows = store ? store.accountingRows(period.from, period.to, also) : [];
      return buildLedger(withPayments(rows, marks), {
        bank,
        period,
        settings,
        chooser,
        company: { siren: found?.siren ?? null, name: found?.name ?? null },
        coverage: reportCoverage(store),
        now: now(),
        // An invoice in another currency at the CA3's rate and source (issue 26, item 3).
        ...(store
          ? { currency: conversionInputs(store.path, memory?.invoiceRates() ?? new Map()) }
          : {}),
      });
    },

    thirdParties(connectionId): ThirdParty[] {
      return archives.existingUserData(connectionId)?.thirdParties() ?? [];
    },

    mapThirdParties(connectionId, choices) {
      return mapThirdParties(
        archives.userData(connectionId),
        settingsOf(connectionId),
        choices,
        now(),
      );
    },

    exportThirdPartiesCsv(connectionId) {
      return exportThirdPartiesCsv(
        archives.existingUserData(connectionId) ?? { thirdParties: () => [] },
      );
    },

    importThirdPartiesCsv(connectionId, csv) {
      return importThirdPartiesCsv(archives.userData(connectionId), csv, now());
    },
  };
}
