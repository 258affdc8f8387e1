// A connection's bank as the accounting reads it (issue 29, item 4): its accounts (each with its
// 512 account) and every line with its match, read once; and a short stamp of what the bank
// journal rests on, so that a kept ledger is computed again after an import, a decision or a
// change of an account's 512. Read through the bank port of the store chosen (issue 30: the
// firm's on its archive, else the workstation's bank file); read only, nothing is created.
import { createHash } from 'node:crypto';
import type { BankAccount, BankMatchRow, BankPort } from './bank-port.ts';

export interface BankBook {
  accounts: BankAccount[];
  /** Every line with its match, by day. */
  rows: BankMatchRow[];
}

/** The accounts and the matched lines; null when the connection has no bank. */
export async function readBankBook(
  bank: Pick<BankPort, 'accounts' | 'matches'> | null,
): Promise<BankBook | null> {
  if (!bank) return null;
  const [accounts, rows] = await Promise.all([bank.accounts(), bank.matches()]);
  return { accounts, rows };
}

/** What the bank journal rests on, as a digest ('' without a bank). */
export async function bankStamp(bank: Pick<BankPort, 'journalFacts'> | null): Promise<string> {
  if (!bank) return '';
  return createHash('sha256')
    .update(JSON.stringify(await bank.journalFacts()))
    .digest('base64url');
}
