// The accounting service (issue 17): the AccountingService the handlers, the browser host and the
// CLI call, over each connection's archive (read only: the invoices) and its user-data file (the
// company's settings and its third parties' accounts, which a rebuild of the archive never
// loses). Reads never create a file: a connection never synced has an empty ledger, one whose
// user never saved anything the default settings and an empty memory.
import type { AccountingSettings, CompanyProfile, Ledger, ThirdParty } from '#shared/accounting.ts';
import { checkRange } from '#shared/report-period.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { AppFailure } from '../app-failure.ts';
import type { Archives } from '../archive/archives.ts';
import type { UserDataDirectory, UserDataPort } from '../archive/user-data-port.ts';
import { userDataDirectory } from '../archive/user-data-directory.ts';
import type { BankDirectory } from '../archive/bank-port.ts';
import { bankDirectory } from '../archive/bank-directory.ts';
import { besideTheArchive, marksBeside } from '../archive/beside-the-archive.ts';
import { coverageOf } from '../archive/coverage.ts';
import { markedIn, withPayments } from '../tax/vat-due.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { AccountingService, CsvImportResult } from './accounting.ts';
import { ledgerBuilder } from './ledger.ts';
import { bankJournalOf } from './bank-journal-of.ts';
import { defaultAccountingSettings, validateAccountingSettings } from './settings.ts';
import { exportThirdPartiesCsv, importThirdPartiesCsv } from './third-parties-csv.ts';
import { accountChooser, mapThirdParties, type ThirdPartyStore } from './third-parties.ts';
import { systemClock } from '../clock.ts';

export type { AccountingService } from './accounting.ts';
export { buildLedger } from './ledger.ts';
export { invoiceOutcome } from './entries.ts';

/** Where the service finds a connection's archive (its port) and its user data (found by
 * connection id): the app's registry (archive/archives.ts). */
export type AccountingFiles = Pick<Archives, 'ports' | 'dataDir' | 'userData' | 'existingUserData'>;

/** Where the service finds what the accountants wrote: by default the workstation's own files
 * beside the archives; the composition root passes the store chosen (issue 30: on the firm's
 * archive, the firm's user data and bank, so that every workstation's ledger is the same). */
export interface AccountingStores {
  userData: UserDataDirectory;
  bank: Pick<BankDirectory, 'existing'>;
}

export type AccountingServiceOptions = {
  /** The clock (tests): when a ledger is computed and a choice made. */
  now?: () => Date;
} & (
  | ({ archives: AccountingFiles } & Partial<AccountingStores>)
  | ({ archives: Pick<Archives, 'ports' | 'dataDir'> } & AccountingStores)
);

/** The stores the options name, else the files beside the embedded archives. */
function storesOf(options: AccountingServiceOptions): AccountingStores {
  const { archives } = options;
  const files = 'userData' in archives ? (archives as AccountingFiles) : null;
  const userData = options.userData ?? (files && userDataDirectory(files));
  if (!userData) throw new TypeError('createAccountingService: no user data directory given');
  return { userData, bank: options.bank ?? bankDirectory(archives.dataDir) };
}

/** The third-party memory read once from the user data, its saves kept to be written after (the
 * rules of third-parties.ts are synchronous: they check every choice before saving any). */
async function memoryOf(
  user: UserDataPort | null,
): Promise<{ store: ThirdPartyStore; saved: () => readonly ThirdParty[] | null }> {
  const parties = user ? await user.thirdParties() : [];
  const codes = user ? await user.auxiliaryCodes() : new Map();
  let saved: readonly ThirdParty[] | null = null;
  return {
    store: {
      thirdParties: () => [...parties],
      thirdParty: (key, role) => parties.find((p) => p.key === key && p.role === role) ?? null,
      saveThirdParties: (list) => {
        saved = list;
      },
      auxiliaryCodes: () => new Map(codes),
    },
    saved: () => saved,
  };
}

export function createAccountingService(options: AccountingServiceOptions): AccountingService {
  const { archives } = options;
  const now = options.now ?? systemClock.now;
  const { userData, bank: banks } = storesOf(options);
  const beside = besideTheArchive(archives.dataDir, userData, banks);
  const settingsOf = async (connectionId: string): Promise<AccountingSettings> =>
    (await (await userData.existing(connectionId))?.accountingSettings()) ??
    defaultAccountingSettings();
  const profile = async (connectionId: string): Promise<CompanyProfile> => {
    const archive = await archives.ports.existing(connectionId);
    return {
      settings: await settingsOf(connectionId),
      foundSiren: (await archive?.company())?.siren ?? null,
    };
  };
  const thirdParties = async (connectionId: string): Promise<ThirdParty[]> =>
    (await (await userData.existing(connectionId))?.thirdParties()) ?? [];
  /** The user's choices applied to the memory (rules in third-parties.ts), then saved. */
  const remember = async (
    connectionId: string,
    apply: (store: ThirdPartyStore) => void,
  ): Promise<void> => {
    const user = await userData.of(connectionId);
    const memory = await memoryOf(user);
    apply(memory.store);
    const saved = memory.saved();
    if (saved) await user.saveThirdParties(saved);
  };
  return {
    profile,

    async saveSettings(connectionId, settings) {
      // Checked before anything is written: a refusal lists every problem, nothing is lost.
      const valid = validateAccountingSettings(settings);
      await (await userData.of(connectionId)).saveAccountingSettings(valid, now());
      return profile(connectionId);
    },

    async ledger(connectionId, period: ReportPeriod): Promise<Ledger> {
      try {
        checkRange(period);
      } catch (error) {
        if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
        throw error;
      }
      const settings = await settingsOf(connectionId);
      const user = await userData.existing(connectionId);
      const parties = user ? await user.thirdParties() : [];
      const chooser = accountChooser({ thirdParties: () => parties }, settings);
      const archive = await archives.ports.existing(connectionId);
      const found = (await archive?.company()) ?? null;
      // The accountant's paid marks and the bank's matches move VAT on payment on their day
      // (tax/vat-due.ts, archive/payment-marks.ts).
      const marks = archive ? await marksBeside(archive, beside) : new Map<string, PaymentMark>();
      const coverage = await coverageOf(archive);
      // The bank journal (BQ) and its lettering, over the bank of the store chosen
      // (bank-journal-of.ts).
      const bank = archive
        ? await bankJournalOf(archive, await banks.existing(connectionId), period)
        : null;
      const builder = ledgerBuilder({
        bank,
        period,
        settings,
        chooser,
        company: { siren: found?.siren ?? null, name: found?.name ?? null },
        coverage,
        now: now(),
        // An invoice in another currency at the CA3's rate and source (issue 26, item 3).
        currency: {
          rates: await beside.ecbRates(),
          typed: (await user?.invoiceRates()) ?? new Map(),
        },
      });
      // A batch at a time: 100,000 invoices' rows are never all held at once.
      if (archive)
        for await (const batch of archive.accountingRows(period.from, period.to, [
          ...markedIn(marks, period),
          ...(bank?.invoiceIds() ?? []),
        ]))
          for (const row of withPayments(batch, marks)) builder.add(row);
      return builder.finish();
    },

    thirdParties,

    async mapThirdParties(connectionId, choices) {
      const settings = await settingsOf(connectionId);
      await remember(connectionId, (store) => mapThirdParties(store, settings, choices, now()));
      return (await userData.of(connectionId)).thirdParties();
    },

    async exportThirdPartiesCsv(connectionId) {
      const parties = await thirdParties(connectionId);
      return exportThirdPartiesCsv({ thirdParties: () => parties });
    },

    async importThirdPartiesCsv(connectionId, csv) {
      let result: CsvImportResult | undefined;
      await remember(connectionId, (store) => {
        result = importThirdPartiesCsv(store, csv, now());
      });
      return result!;
    },
  };
}
