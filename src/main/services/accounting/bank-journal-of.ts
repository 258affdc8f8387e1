// The bank journal of a connection's period as the accounting service builds it (issue 29, item
// 4): its bank read once through the bank port of the store chosen (archive/bank-book.ts: the
// firm's on its archive, issue 30) and the payable amounts of the invoices its matches name (for
// the lettering: an invoice is lettered when paid exactly). Null when the connection has no bank:
// the ledger is then the invoices' alone.
import type { ReportPeriod } from '#shared/reports.ts';
import type { ArchiveReads } from '../archive/ports.ts';
import type { BankPort } from '../archive/bank-port.ts';
import { readBankBook } from '../archive/bank-book.ts';
import { BankJournal } from './bank-journal.ts';
import { thirdPartyCents } from './entries.ts';

/** A day no invoice is dated or collected on: accountingRows then reads the ids asked alone. */
const NO_DAY = '1000-01-01';

export async function bankJournalOf(
  archive: Pick<ArchiveReads, 'connectionId' | 'bankInvoices' | 'accountingRows'>,
  bank: Pick<BankPort, 'accounts' | 'matches'> | null,
  period: ReportPeriod,
): Promise<BankJournal | null> {
  const book = await readBankBook(bank);
  if (!book || book.rows.length === 0) return null;
  const named = new Set<string>();
  for (const row of book.rows) for (const a of row.allocations) named.add(a.invoiceId);
  // Lettered: an invoice whose entry's 411 / 401 line is what it was to be paid (not one whose
  // advance was paid before, BT-113, nor one held or left out of the entries).
  const payable = new Map<string, number>();
  if (named.size > 0)
    for await (const batch of archive.bankInvoices())
      for (const invoice of batch)
        if (named.has(invoice.id)) payable.set(invoice.id, invoice.cents);
  const letterable = new Map<string, number>();
  if (payable.size > 0)
    for await (const batch of archive.accountingRows(NO_DAY, NO_DAY, [...payable.keys()]))
      for (const invoice of batch) {
        const id = invoice.row.invoiceId;
        const cents = thirdPartyCents(invoice);
        if (cents !== null && cents === payable.get(id)) letterable.set(id, cents);
      }
  return new BankJournal(book, period, letterable);
}
