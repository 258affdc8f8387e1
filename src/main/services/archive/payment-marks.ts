// The payments every reader counts beside the operator's 211/212 statuses (issue 29, item 3):
// the user's own marks, then what the bank statements' matches paid (automatic or confirmed: a
// suggestion pays nothing), as marks of source 'bank' on the day of the line that completed the
// payment. Where the user marked an invoice, the user's mark is the one kept: the accountant's
// word is the last. The échéancier, the portfolio, VAT on payment (the TVA report, the CA3, the
// entries, the Contrôle TVA) and the exports all read them here, so a match moves every one of
// them and undoing it moves them back: nothing is stored, the matches are read as they are.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PayableInvoice } from '#shared/payable.ts';
import type { PaymentMark } from '#shared/payments.ts';
import { bankPayments } from './bank-payments.ts';
import { BankStore, type BankMatchRow } from './bank-store.ts';
import type { ArchiveReads } from './ports.ts';
import type { UserDataPort } from './user-data-port.ts';
import { readPaymentMarks as readUserPaymentMarks } from './user-data-store.ts';

/** What the marks are read from: an archive's file and the invoices bank matching may pay. */
export interface MarkedArchive {
  path: string;
  connectionId: string;
  bankInvoices(): Iterable<PayableInvoice>;
}

/** The user's marks and the bank's payments of the connection of `archive` (for `invoiceIds`
 * only, when given). */
export function readPaymentMarks(
  archive: MarkedArchive,
  invoiceIds?: readonly string[],
): Map<string, PaymentMark> {
  const marks = readUserPaymentMarks(archive, invoiceIds);
  const wanted = invoiceIds ? new Set(invoiceIds) : null;
  for (const mark of readBankMarks(archive).values()) {
    if (marks.has(mark.invoiceId) || (wanted && !wanted.has(mark.invoiceId))) continue;
    marks.set(mark.invoiceId, mark);
  }
  return marks;
}

/** The invoices the bank's matches paid in full, as marks of source 'bank'; none without a
 * bank file. */
export function readBankMarks(archive: MarkedArchive): Map<string, PaymentMark> {
  const path = join(dirname(archive.path), `${archive.connectionId}.bank.sqlite`);
  if (!existsSync(path)) return new Map();
  const bank = new BankStore(path, archive.connectionId);
  let rows;
  try {
    rows = paying(bank.matches());
  } finally {
    bank.close();
  }
  if (rows.length === 0) return new Map();
  const paid = paidIds(rows);
  return bankMarks(
    rows,
    [...archive.bankInvoices()].filter((i) => paid.has(i.id)),
  );
}

/** What the marks of one connection are read from, beside its archive (the ports' way: found by
 * connection id, no file's path). */
export interface MarkSources {
  /** The connection's user data, null when the user never wrote any. */
  userData: Pick<UserDataPort, 'paymentMarks'> | null;
  /** The bank statements' matches of the connection, none without a bank file. */
  bankMatches(connectionId: string): Promise<BankMatchRow[]>;
}

/** The user's marks and the bank's payments of the connection of `archive`, through the ports
 * (readPaymentMarks' rule: the user's mark is the one kept where both say something). */
export async function paymentMarksOf(
  archive: Pick<ArchiveReads, 'connectionId' | 'bankInvoices'>,
  sources: MarkSources,
  invoiceIds?: readonly string[],
): Promise<Map<string, PaymentMark>> {
  const marks = (await sources.userData?.paymentMarks(invoiceIds)) ?? new Map();
  const rows = paying(await sources.bankMatches(archive.connectionId));
  if (rows.length === 0) return marks;
  const paid = paidIds(rows);
  const invoices: PayableInvoice[] = [];
  for await (const batch of archive.bankInvoices())
    for (const invoice of batch) if (paid.has(invoice.id)) invoices.push(invoice);
  const wanted = invoiceIds ? new Set(invoiceIds) : null;
  for (const mark of bankMarks(rows, invoices).values()) {
    if (marks.has(mark.invoiceId) || (wanted && !wanted.has(mark.invoiceId))) continue;
    marks.set(mark.invoiceId, mark);
  }
  return marks;
}

/** The matches that pay (automatic or confirmed: a suggestion pays nothing). */
function paying(rows: readonly BankMatchRow[]): BankMatchRow[] {
  return rows.filter((r) => r.state === 'auto' || r.state === 'confirmed');
}

function paidIds(rows: readonly BankMatchRow[]): Set<string> {
  return new Set(rows.flatMap((r) => r.allocations.map((a) => a.invoiceId)));
}

/** The invoices paid in full by `rows`, as marks of source 'bank'. */
function bankMarks(
  rows: readonly BankMatchRow[],
  invoices: readonly PayableInvoice[],
): Map<string, PaymentMark> {
  const marks = new Map<string, PaymentMark>();
  for (const payment of bankPayments(rows, invoices).values()) {
    if (payment.paidOn === null) continue; // a part paid: the rest is still due
    marks.set(payment.invoiceId, {
      invoiceId: payment.invoiceId,
      paidOn: payment.paidOn,
      note: null,
      // The day the money moved: a bank payment has no moment of its own.
      markedAt: `${payment.paidOn}T00:00:00.000Z`,
      source: 'bank',
      bankLines: payment.lineIds,
    });
  }
  return marks;
}

/** The marks as a short digest: what a kept ledger or portfolio figure rests on (VAT on
 * payment moves on a mark's day), so that a mark, an unmark, a confirmed or undone bank match
 * computes them again. */
export function marksStamp(marks: ReadonlyMap<string, PaymentMark>): string {
  const days = [...marks.values()]
    .map((m) => `${m.invoiceId}=${m.paidOn}${m.source === 'bank' ? 'b' : ''}`)
    .sort()
    .join(',');
  return createHash('sha256').update(days).digest('base64url');
}
