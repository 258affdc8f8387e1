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
}

/**
 * Why an invoice counts as paid: the operator's word (its last lifecycle status is 211
 * "Paiement transmis" or 212 "Encaissée") or the user's mark.
 */
export type PaidSource = 'status_211' | 'status_212' | 'marked';

/** What is known of one invoice's payment: the operator's word (its archived last status, when
 * 211 or 212) and the user's mark, each null when absent. */
export interface InvoicePayment {
  invoiceId: string;
  status: { code: '211' | '212'; date: string | null } | null;
  mark: PaymentMark | null;
}

export interface PaymentMarkArgs {
  connectionId: string;
  invoiceIds: string[];
  paidOn: string;
  note?: string;
}

/**
 * A day typed by the user as the app shows dates (jj/mm/aaaa in French, dd/mm/yyyy in English:
 * both locales put the day first), or as YYYY-MM-DD: "YYYY-MM-DD", or null when it is not a
 * calendar day (31/02/2026) or cannot be read.
 */
export function parseUserDay(text: string): string | null {
  const value = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : ymd
      ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
      : [0, 0, 0];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
