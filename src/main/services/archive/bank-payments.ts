// What the matches say was paid (issue 29, item 3): an invoice is paid by the bank on the day of
// the line that completes its payable amount, counting automatic and confirmed matches only
// (a suggestion pays nothing until the accountant confirms it). A part paid leaves the rest due.
// Every reader of payments counts them (payment-marks.ts: source "bank", with its lines) beside
// the operator's 211/212 and the user's marks. In archive/ because it reads the bank file's
// matches as they are, like the user's marks: no matching rule here.
import type { BankMatchRow } from './bank-store.ts';
import type { PayableInvoice } from '#shared/payable.ts';

export interface BankPayment {
  invoiceId: string;
  /** Cents the matched lines allocated to the invoice. */
  paidCents: number;
  /** What is left to pay (0 when paid in full). */
  dueCents: number;
  /** YYYY-MM-DD of the line that completed the payment; null while a part is still due. */
  paidOn: string | null;
  /** The statement lines that paid it, oldest first. */
  lineIds: string[];
}

export function bankPayments(
  rows: readonly BankMatchRow[],
  invoices: Iterable<PayableInvoice>,
): Map<string, BankPayment> {
  const payable = new Map<string, number>();
  for (const invoice of invoices) payable.set(invoice.id, invoice.cents);
  const payments = new Map<string, BankPayment>();
  const paying = rows
    .filter((r) => r.state === 'auto' || r.state === 'confirmed')
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.id < b.id ? -1 : 1));
  for (const row of paying) {
    for (const { invoiceId, cents } of row.allocations) {
      const owed = payable.get(invoiceId);
      if (owed === undefined) continue; // not an invoice of the archive (any more)
      const payment = payments.get(invoiceId) ?? {
        invoiceId,
        paidCents: 0,
        dueCents: owed,
        paidOn: null,
        lineIds: [],
      };
      payment.paidCents += cents;
      payment.dueCents = Math.max(0, owed - payment.paidCents);
      payment.lineIds.push(row.id);
      if (payment.dueCents === 0 && payment.paidOn === null) payment.paidOn = row.day;
      payments.set(invoiceId, payment);
    }
  }
  return payments;
}

/** The parts each invoice was paid by the matches that pay (automatic or confirmed), each on
 * its line's day, oldest first: the aged balance takes off those paid by its day. */
export function bankParts(
  rows: readonly BankMatchRow[],
): Map<string, { day: string; cents: number }[]> {
  const parts = new Map<string, { day: string; cents: number }[]>();
  const paying = rows
    .filter((r) => r.state === 'auto' || r.state === 'confirmed')
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.id < b.id ? -1 : 1));
  for (const row of paying)
    for (const { invoiceId, cents } of row.allocations) {
      const list = parts.get(invoiceId);
      if (list) list.push({ day: row.day, cents });
      else parts.set(invoiceId, [{ day: row.day, cents }]);
    }
  return parts;
}
