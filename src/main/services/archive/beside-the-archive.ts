// What the readers of a connection's invoices (the reports, the ledger, the exceptions, the
// exports) need besides its archive: its user data found by connection id, the bank statements'
// matches (an invoice the bank paid counts as paid) and the ECB rates imported into the data
// folder. Built once by the composition root (services/index.ts) over the data folder.
import type { PaymentMark } from '#shared/payments.ts';
import type { ArchiveReads } from './ports.ts';
import { paymentMarksOf } from './payment-marks.ts';
import type { UserDataDirectory } from './user-data-port.ts';
import type { BankMatchRow } from './bank-store.ts';
import type { BankDirectory } from './bank-port.ts';
import { bankDirectory } from './bank-directory.ts';
import { ratesPath, readRates, type StoredRates } from '../rates/rates-file.ts';

/** Where a reader finds what is not in the archive. */
export interface BesideTheArchive {
  /** The user data of every connection (a report reads, never creates one). */
  userData: Pick<UserDataDirectory, 'existing'>;
  /** The bank statements' matches of a connection, none without a bank file. */
  bankMatches(connectionId: string): Promise<BankMatchRow[]>;
  /** The ECB rates imported into the data folder, null when none were. */
  ecbRates(): Promise<StoredRates | null>;
}

/** What lies beside the archives of the data folder `dataDir`; the bank's matches from `bank`
 * (the store chosen: the firm's on its store), by default the data folder's bank files. */
export function besideTheArchive(
  dataDir: string,
  userData: Pick<UserDataDirectory, 'existing'>,
  bank: Pick<BankDirectory, 'existing'> = bankDirectory(dataDir),
): BesideTheArchive {
  return {
    userData,
    bankMatches: async (connectionId) =>
      (await (await bank.existing(connectionId))?.matches()) ?? [],
    ecbRates: async () => readRates(ratesPath(dataDir)),
  };
}

/** The user's marks and the bank's payments of `archive`'s connection (payment-marks.ts). */
export async function marksBeside(
  archive: Pick<ArchiveReads, 'connectionId' | 'bankInvoices'>,
  beside: Pick<BesideTheArchive, 'userData' | 'bankMatches'>,
): Promise<Map<string, PaymentMark>> {
  const userData = await beside.userData.existing(archive.connectionId);
  return paymentMarksOf(archive, { userData, bankMatches: beside.bankMatches });
}
