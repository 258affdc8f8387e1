// One archived invoice as the reports read it: its archive row (columns in integer cents) and, for
// the TVA report, its full details. Shared helpers to name it in a report.
import type { Direction } from '#shared/operator/enums.ts';
import type { Invoice } from '#shared/operator/schemas.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { ReportInvoice, VatPayment } from '#shared/reports.ts';
import type { ArchiveRow } from '#shared/archive.ts';
import { invoiceFacts, operatorLine, type InvoiceFacts } from '../archive/invoice-facts.ts';
import { isCreditNote, parisDay } from './rules.ts';

export interface ReportItem {
  row: ArchiveRow;
  /** What the TVA report reads of the invoice's details, null when they are not archived. */
  vat?: VatFacts | null;
  /** BT-115 "amount to pay" in cents, when the archive knows it (the échéancier). */
  payableCents?: number | null;
  /** The user's "paid" mark (user data, not the operator's), when there is one (the échéancier,
   * and VAT on payment: tax/vat-due.ts paymentDay). */
  mark?: PaymentMark | null;
  /** The payment VAT on payment counts, when the caller resolved it (else from `mark` and the
   * row's 212 status). */
  payment?: VatPayment | null;
  /** The parts the bank's matches paid, each on its day (the aged balance, issue 29). */
  partsPaid?: readonly { day: string; cents: number }[];
  /** On a credit note: the number of the invoice it credits (BT-25), when it names one. */
  credits?: string | null;
}

/** One VAT breakdown entry (BG-23) as the operator wrote it (amounts as numbers). */
export interface BreakdownEntry {
  categoryCode?: string | null;
  percent?: number | null;
  taxableAmount?: { amount?: unknown } | null;
  taxAmount?: { amount?: unknown } | null;
}

/** The few fields of an invoice's details the TVA report needs (the archive's columns, read
 * by source.ts without parsing the invoice). */
export interface VatFacts {
  number: string | null;
  type: string | null;
  /** BT-8: taxPaymentOption.code and .iopCode. */
  taxPaymentCode: number | null;
  taxPaymentIop: string | null;
  deliveryDate: string | null;
  currency: string | null;
  /** BT-109 and BT-110, for an invoice without breakdown. */
  basis: unknown;
  tax: unknown;
  taxDetails: readonly BreakdownEntry[];
  /** BT-40, the seller's country: a foreign seller's untaxed line is self-assessed. */
  sellerCountry: string | null;
  /** BT-23: goods (B*, M*) or services (S*). */
  processType: string | null;
}

/** The TVA report's facts of an invoice's details, by the archive's one extractor. */
export function vatFactsOf(invoice: Invoice): VatFacts {
  return vatFactsFrom(invoiceFacts(invoice));
}

/** The TVA report's view of the facts the archive keeps (archive/invoice-facts.ts). */
export function vatFactsFrom(facts: InvoiceFacts): VatFacts {
  return {
    number: facts.number,
    type: facts.type,
    taxPaymentCode: facts.taxPaymentCode,
    taxPaymentIop: facts.taxPaymentIop,
    deliveryDate: facts.deliveryDate,
    currency: facts.currency,
    basis: facts.taxBasisTotal,
    tax: facts.taxTotal,
    taxDetails: facts.vatLines.map(operatorLine),
    sellerCountry: facts.sellerCountry,
    processType: facts.processType,
  };
}

export function directionOf(row: ArchiveRow): Direction {
  return row.direction === 'INBOUND' ? 'INBOUND' : 'OUTBOUND';
}

/** The day an invoice is dated: its invoice date, else its deposit day. */
export function invoiceDay(row: ArchiveRow): string | null {
  return row.invoiceDate ?? parisDay(row.createDate);
}

export function reportInvoice(row: ArchiveRow): ReportInvoice {
  return {
    invoiceId: row.invoiceId,
    direction: directionOf(row),
    state: row.state,
    number: row.invoiceNumber,
    typeCode: row.typeCode,
    creditNote: isCreditNote(row.typeCode),
    invoiceDate: invoiceDay(row),
    dueDate: row.dueDate,
    counterpartyName: row.counterpartyName,
    counterpartySiren: row.counterpartySiren,
    htCents: row.htCents,
    tvaCents: row.tvaCents,
    ttcCents: row.ttcCents,
    currency: row.currency ?? 'EUR',
    lifecycleCode: row.lifecycleCode,
    lifecycleDate: row.lifecycleDate,
  };
}

/** Issued invoices first (collected VAT, receivables), then received ones. */
export const DIRECTION_ORDER: readonly Direction[] = ['OUTBOUND', 'INBOUND'];

/** Issued before received: the order of every report's sides and lines. */
export function compareDirections(a: Direction, b: Direction): number {
  return DIRECTION_ORDER.indexOf(a) - DIRECTION_ORDER.indexOf(b);
}

export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
