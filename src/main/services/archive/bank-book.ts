// A connection's bank file as the accounting reads it (issue 29, item 4): its accounts (each with
// its 512 account) and every line with its match, read once; and a short stamp of what the bank
// journal rests on, so that a kept ledger is computed again after an import, a decision or a
// change of an account's 512. Read only: no file is made when the connection has none.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { BankStore, bankDataPath, type BankAccount, type BankMatchRow } from './bank-store.ts';

export interface BankBook {
  accounts: BankAccount[];
  /** Every line with its match, by day. */
  rows: BankMatchRow[];
}

/** Whose bank file, in which data folder (found by connection id, not by the archive's file). */
export interface BankBookArchive {
  dataDir: string;
  connectionId: string;
}

const bankPathOf = (archive: BankBookArchive): string =>
  bankDataPath(archive.dataDir, archive.connectionId);

function withBank<T>(archive: BankBookArchive, read: (bank: BankStore) => T): T | null {
  const path = bankPathOf(archive);
  if (!existsSync(path)) return null;
  const bank = new BankStore(path, archive.connectionId);
  try {
    return read(bank);
  } finally {
    bank.close();
  }
}

/** The accounts and the matched lines; null when the connection has no bank file. */
export function readBankBook(archive: BankBookArchive): BankBook | null {
  return withBank(archive, (bank) => ({ accounts: bank.accounts(), rows: bank.matches() }));
}

/** What the bank journal rests on, as a digest ('' without a bank file). */
export function bankStamp(archive: BankBookArchive): string {
  return (
    withBank(archive, (bank) =>
      createHash('sha256').update(JSON.stringify(bank.journalFacts())).digest('base64url'),
    ) ?? ''
  );
}

/** The lines waiting for the accountant (the portfolio's bank figures), one query; null when
 * the connection has no bank file. */
export function bankToDecide(
  dataDir: string,
  connectionId: string,
): { unmatched: number; suggested: number } | null {
  const path = bankDataPath(dataDir, connectionId);
  if (!existsSync(path)) return null;
  const bank = new BankStore(path, connectionId);
  try {
    return bank.toDecide();
  } finally {
    bank.close();
  }
}
