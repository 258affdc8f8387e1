// What a report reads of one connection, through the ports (issue 28): its archive (ArchiveReads),
// its user data found by connection id (settings, third parties, line 22, marks, typed rates),
// the bank's matches (paid invoices count as paid) and the ECB rates imported into the data
// folder. computeReport (index.ts) takes one; the composition root builds it (services/index.ts).
import { existsSync } from 'node:fs';
import type { PaymentMark } from '#shared/payments.ts';
import type { ArchiveReads } from '../archive/ports.ts';
import type { UserDataDirectory } from '../archive/user-data-port.ts';
import { bankDataPath, openBankData, type BankMatchRow } from '../archive/bank-store.ts';
import { paymentMarksOf } from '../archive/payment-marks.ts';
import { ratesPath, readRates, type StoredRates } from '../rates/rates-file.ts';

/** Where a report finds what is not in the archive. */
export interface BesideTheArchive {
  /** The user data of every connection (a report reads, never creates one). */
  userData: Pick<UserDataDirectory, 'existing'>;
  /** The bank statements' matches of a connection, none without a bank file. */
  bankMatches(connectionId: string): Promise<BankMatchRow[]>;
  /** The ECB rates imported into the data folder, null when none were. */
  ecbRates(): Promise<StoredRates | null>;
}

export interface ReportSource extends BesideTheArchive {
  archive: ArchiveReads;
}

/** What lies beside the archives of the data folder `dataDir`. */
export function besideTheArchive(
  dataDir: string,
  userData: Pick<UserDataDirectory, 'existing'>,
): BesideTheArchive {
  return {
    userData,
    bankMatches: async (connectionId) => {
      if (!existsSync(bankDataPath(dataDir, connectionId))) return [];
      const bank = openBankData(dataDir, connectionId);
      try {
        return bank.matches();
      } finally {
        bank.close();
      }
    },
    ecbRates: async () => readRates(ratesPath(dataDir)),
  };
}

/** The user's marks and the bank's payments of the source's connection (archive/payment-marks.ts). */
export async function sourceMarks(source: ReportSource): Promise<Map<string, PaymentMark>> {
  const userData = await source.userData.existing(source.archive.connectionId);
  return paymentMarksOf(source.archive, { userData, bankMatches: source.bankMatches });
}
