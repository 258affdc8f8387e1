// Comptabilité's kept ledgers: the last ledger of each connection, sent a page at a time
// ('accounting:ledger') and read whole by the exceptions list, computed again only when what it
// rests on changed.
import { LedgerPages } from '../services/accounting/ledger-pages.ts';
import { marksStamp } from '../services/archive/payment-marks.ts';
import { besideTheArchive, marksBeside } from '../services/archive/beside-the-archive.ts';
import { bankDirectory } from '../services/archive/bank-directory.ts';
import { bankStamp } from '../services/archive/bank-book.ts';
import { ratesPath, ratesStamp } from '../services/rates/rates-file.ts';
import type { HandlerServices } from './types.ts';

export interface KeptLedgers {
  pages: LedgerPages;
  /** What a connection's kept ledger rests on, as one string: a change computes it again. */
  stamp(connectionId: string): Promise<string>;
}

/** `services.userData` and `services.bank`: the store chosen (the firm's on its archive, issue
 * 30), which the accounting service's ledger reads too; without a bank, the data folder's files. */
export function keptLedgers(
  services: Pick<HandlerServices, 'archives' | 'userData'> & Partial<Pick<HandlerServices, 'bank'>>,
): KeptLedgers {
  const { archives, userData } = services;
  const banks = services.bank ?? bankDirectory(archives.dataDir);
  const beside = besideTheArchive(archives.dataDir, userData, banks);
  return { pages: new LedgerPages(), stamp: ledgerStamp };

  /** What a kept ledger rests on: the archive (its version: any write of an invoice, by a sync
   * or a live search's write-through; its date, which the ledger's coverage shows) and what the
   * accountant wrote (settings, third parties), here or from another process (the CLI's
   * `accounts import`): when any of it changed, the next page computes the ledger again. */
  async function ledgerStamp(connectionId: string): Promise<string> {
    const user = await userData.existing(connectionId);
    const parties = (await user?.thirdParties()) ?? [];
    let newest = '';
    for (const party of parties) if (party.updatedAt > newest) newest = party.updatedAt;
    const archive = await archives.ports.existing(connectionId);
    return JSON.stringify([
      (await archive?.archiveVersion()) ?? null,
      archives.archiveDate(connectionId),
      parties.length,
      newest,
      (await user?.accountingSettings()) ?? null,
      // A paid mark moves VAT on payment (tax/vat-due.ts): marking or unmarking recomputes, and
      // so does a bank match confirmed or undone (archive/payment-marks.ts).
      marksStamp(archive ? await marksBeside(archive, beside) : new Map()),
      // An invoice in another currency is booked at the imported or typed rate (issue 26, item 3).
      ratesStamp(ratesPath(archives.dataDir)),
      [...((await user?.invoiceRates()) ?? new Map())],
      // The bank journal (BQ): an import, a decision or an account's 512 changed.
      await bankStamp(await banks.existing(connectionId)),
    ]);
  }
}
