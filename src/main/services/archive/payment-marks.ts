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
import { BankStore } from './bank-store.ts';
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
  const marks = new Map<string, PaymentMark>();
  if (!existsSync(path)) return marks;
  const bank = new BankStore(path, archive.connectionId);
  let rows;
  try {
    rows = bank.matches().filter((r) => r.state === 'auto' || r.state === 'confirmed');
  } finally {
    bank.close();
  }
  if (rows.length === 0) return marks;
  const paid = new Set(rows.flatMap((r) => r.allocations.map((a) => a.invoiceId)));
  const invoices = [...archive.bankInvoices()].filter((i) => paid.has(i.id));
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
