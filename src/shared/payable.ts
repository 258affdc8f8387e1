// What matching needs of an invoice: who pays whom, how much, its number and payment reference
// (BT-83), its day and the other party's names, SIREN and IBANs. Built from the operator's
// invoice (the archive's detail, or the demo data set): one shape for the import and the demo.
import type { Direction } from './operator/enums.ts';
import type { Invoice } from './operator/schemas.ts';

export interface PayableInvoice {
  id: string;
  /** OUTBOUND: a sale, paid to us (money in); INBOUND: a purchase, paid by us (money out). */
  direction: Direction;
  number: string;
  /** BT-83, when the invoice gives one other than its number. */
  paymentReference?: string;
  /** YYYY-MM-DD, the invoice's day (BT-2). */
  day: string;
  dueDay?: string;
  /** What is to be paid, in cents (> 0). */
  cents: number;
  currency: string;
  counterpartyName: string;
  tradingName?: string;
  counterpartySiren?: string;
  /** The other party's IBANs the invoice names (the supplier's account, a customer's mandate). */
  counterpartyIbans: string[];
}

const toCents = (amount: number): number => Math.round(amount * 100);

/** The payable facts of an invoice, or undefined when nothing is to be paid (a credit note, an
 * invoice already paid in full). */
export function payableOf(
  id: string,
  direction: Direction,
  invoice: Invoice,
): PayableInvoice | undefined {
  const data = invoice.businessData;
  if (String(data.type) === '381') return undefined;
  const cents = toCents(data.monetary.payableAmount.amount);
  if (!(cents > 0)) return undefined;
  const party = direction === 'OUTBOUND' ? data.buyer : data.seller;
  const ibans = new Set<string>();
  for (const means of data.paymentMeans ?? []) {
    // A transfer goes to the seller's (or its factor's) account, a direct debit is drawn on the
    // buyer's: the other party's account either way, seen from our side.
    if (direction === 'INBOUND' && means.bankTransfer?.iban) ibans.add(means.bankTransfer.iban);
    if (direction === 'OUTBOUND' && means.bankDirectDebit?.iban)
      ibans.add(means.bankDirectDebit.iban);
  }
  const reference = data.paymentMeans?.find((m) => m.paymentReference)?.paymentReference;
  return {
    id,
    direction,
    number: data.invoiceId,
    ...(reference && reference !== data.invoiceId ? { paymentReference: reference } : {}),
    day: data.invoiceDate,
    ...(data.invoiceDueDate ? { dueDay: data.invoiceDueDate } : {}),
    cents,
    currency: data.monetary.invoiceCurrency,
    counterpartyName: party.name,
    ...(party.tradingBusinessName ? { tradingName: party.tradingBusinessName } : {}),
    ...(party.siren ? { counterpartySiren: party.siren } : {}),
    counterpartyIbans: [...ibans],
  };
}

/** Invoice states that can be paid: not refused by the platform, not a duplicate. */
export const PAYABLE_STATES: ReadonlySet<string> = new Set([
  'DELIVERED',
  'DELIVERY_PENDING',
  'PROCESSING',
  'PENDING',
  'VALID',
  'CONVERTED',
  'NOT_DELIVERED',
]);
