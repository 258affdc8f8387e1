// Invoices the accountant marked paid (data only the user wrote, kept apart from the archive:
// src/main/services/archive/user-data-store.ts), as they cross to the renderer and the exports.

/** How many invoices one mark or unmark may name (a screen's selection, never the archive). */
export const MAX_PAYMENT_MARK_IDS = 1000;

/** A manual "paid" mark: the day the user says it was paid, an optional note, when it was set. */
export interface PaymentMark {
  invoiceId: string;
  /** YYYY-MM-DD, the payment day the user gave. */
  paidOn: string;
  note: string | null;
  /** ISO date-time the mark was set ("marquée payée le … par vous"). */
  markedAt: string;
  /** On the firm's archive, who set it when another workstation's user did (its writer as the
   * firm records it, issue 30); absent: this user's own mark. */
  markedBy?: string;
  /** Absent: the user's own mark. 'bank': what a bank statement's match paid (issue 29, item 3),
   * on the day of the line that completed the payment; never stored, read from the matches. */
  source?: 'bank';
  /** With source 'bank': the statement lines that paid it, oldest first. */
  bankLines?: string[];
}

/**
 * Why an invoice counts as paid: the operator's word (its last lifecycle status is 211
 * "Paiement transmis" or 212 "Encaissée"), the user's mark, or a bank statement's match.
 */
export type PaidSource = 'status_211' | 'status_212' | 'marked' | 'bank';

/** What is known of one invoice's payment: the operator's word (its archived last status, when
 * 211 or 212) and the user's mark, each null when absent. */
export interface InvoicePayment {
  invoiceId: string;
  status: { code: '211' | '212'; date: string | null } | null;
  mark: PaymentMark | null;
  /** Paid in full by matched bank statement lines (issue 29): the day of the line that completed
   * it, and the lines; absent when the bank paid it nothing in full. */
  bank?: { paidOn: string; lineIds: string[] };
}

export interface PaymentMarkArgs {
  connectionId: string;
  invoiceIds: string[];
  paidOn: string;
  note?: string;
}
