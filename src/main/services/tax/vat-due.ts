// The VAT due in a period (issue 26, item 1): the decisions the TVA report (reports/vat.ts), the
// CA3 (reports/ca3-rules.ts) and the entries (accounting/entries.ts) share, made here once so
// that the three agree: whether an invoice counts at all (left out: refused, rejected, rejected
// by the platform; held: disputed 207 or suspended 208), the day its VAT became due by its own
// BT-8 (invoice date, delivery date, payment), and the day it was paid, from the operator's 212
// "Encaissée" status or the accountant's paid mark (the mark wins: the accountant records what
// the bank says; the other day is kept to be shown). Pure. The rules: docs/accounting.md.
import type { PaymentMark } from '#shared/payments.ts';
import type { VatPayment, VatRule } from '#shared/reports.ts';
import { collectedOn, exclusionReason, taxPointRule } from '../tax/rules.ts';

export type { VatPayment } from '#shared/reports.ts';

/** The day an invoice was paid for VAT on payment, and where that day came from: the
 * accountant's mark when there is one (its day counts), else the operator's 212 status. The
 * other source's day is kept when it says another day. Null when neither says it was paid. */
export function paymentDay(
  row: { lifecycleCode: string | null; lifecycleDate: string | null },
  mark: PaymentMark | null | undefined,
): VatPayment | null {
  const status = collectedOn(row.lifecycleCode, row.lifecycleDate);
  if (mark) {
    const bank = mark.source === 'bank';
    return {
      day: mark.paidOn,
      source: bank ? 'bank' : 'marked',
      markedAt: bank ? null : mark.markedAt,
      note: mark.note,
      statusDay: status !== null && status !== mark.paidOn ? status : null,
    };
  }
  if (status === null) return null;
  return { day: status, source: 'status_212', markedAt: null, note: null, statusDay: null };
}

/** Where an invoice stands for VAT: it counts, it is held for the accountant's decision
 * (disputed 207, suspended 208: what it would change is shown), or it is left out (refused 210,
 * rejected 213, or rejected by the platform: the state or code is the reason). */
export type VatStanding =
  | { kind: 'counts' }
  | { kind: 'held'; reason: 'disputed' | 'suspended' }
  | { kind: 'left_out'; reason: string };

const HELD: Record<string, 'disputed' | 'suspended'> = { '207': 'disputed', '208': 'suspended' };

export function vatStanding(row: { state: string; lifecycleCode: string | null }): VatStanding {
  const excluded = exclusionReason(row.state, row.lifecycleCode);
  if (excluded !== null) return { kind: 'left_out', reason: excluded };
  const held = row.lifecycleCode !== null ? HELD[row.lifecycleCode] : undefined;
  return held ? { kind: 'held', reason: held } : { kind: 'counts' };
}

/** The day an invoice's own VAT becomes due by its BT-8, and why. */
export interface DueDay {
  rule: VatRule;
  /** Null for VAT on payment while not paid. */
  day: string | null;
  /** The payment the day comes from (VAT on payment, when paid). */
  payment: VatPayment | null;
}

/**
 * The day an invoice's VAT becomes due (art. 269 CGI, its BT-8): its invoice date (codes 3, 5),
 * its delivery date (29, 35; its invoice date when it gives none), or the day it was paid
 * (72, 432: `payment`, from paymentDay). Goods between member states have their own day
 * (tax/rules.ts intraEuDay), which the callers apply per line.
 */
export function vatDueDay(
  facts: { taxPaymentCode: number | null; taxPaymentIop: string | null },
  invoiceDate: string,
  deliveryDate: string | null,
  payment: VatPayment | null,
): DueDay {
  switch (taxPointRule(facts)) {
    case 'invoice_date':
      return { rule: 'invoice_date', day: invoiceDate, payment: null };
    case 'delivery_date':
      return deliveryDate && /^\d{4}-\d{2}-\d{2}$/.test(deliveryDate)
        ? { rule: 'delivery_date', day: deliveryDate, payment: null }
        : { rule: 'delivery_unknown', day: invoiceDate, payment: null };
    case 'payment_date':
      return { rule: 'payment_date', day: payment?.day ?? null, payment };
    case 'unknown':
      return { rule: 'unknown', day: invoiceDate, payment: null };
  }
}

/** The payment of an invoice read for the books: the one its reader resolved with the
 * accountant's marks (`payment`), else the operator's 212 status alone. */
export function paymentOf(invoice: {
  row: { lifecycleCode: string | null; lifecycleDate: string | null };
  payment?: VatPayment | null;
}): VatPayment | null {
  return invoice.payment !== undefined ? invoice.payment : paymentDay(invoice.row, null);
}

/** The invoices the accountant marked paid within `period` (their VAT on payment may be due in
 * it whatever their dates): the readers add them to the period's candidates. */
export function markedIn(
  marks: ReadonlyMap<string, PaymentMark>,
  period: { from: string; to: string },
): string[] {
  const ids: string[] = [];
  for (const mark of marks.values())
    if (mark.paidOn >= period.from && mark.paidOn <= period.to) ids.push(mark.invoiceId);
  return ids.sort();
}

/** Each candidate with its payment resolved against the accountant's marks. */
export function* withPayments<T extends { row: RowPaid & { invoiceId: string } }>(
  candidates: Iterable<T>,
  marks: ReadonlyMap<string, PaymentMark>,
): Generator<T & { payment: VatPayment | null }> {
  for (const candidate of candidates)
    yield { ...candidate, payment: paymentDay(candidate.row, marks.get(candidate.row.invoiceId)) };
}

type RowPaid = { lifecycleCode: string | null; lifecycleDate: string | null };
