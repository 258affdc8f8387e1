// An invoice bank matching may pay (issue 29), as either store reads it: what is payable (the
// details' when archived, else the row's TTC), the payment means' IBANs and reference, the other
// party's trading name. One rule for both stores (sqlite/bank-invoices.ts, postgres/).
import type { ArchiveRow } from '#shared/archive.ts';
import type { PayableInvoice } from '#shared/payable.ts';
import type { InvoiceFacts } from './invoice-facts.ts';

/** What the rule reads of an archive row. */
export type PayableRowBasics = Pick<
  ArchiveRow,
  | 'invoiceId'
  | 'direction'
  | 'invoiceNumber'
  | 'invoiceDate'
  | 'dueDate'
  | 'counterpartyName'
  | 'counterpartySiren'
  | 'ttcCents'
  | 'currency'
>;

/** The invoice that can be paid, or null when nothing is payable (the row is dated and
 * numbered: the stores read only such rows). */
export function bankInvoice(
  row: PayableRowBasics,
  facts: InvoiceFacts | null,
): PayableInvoice | null {
  const payable = facts?.payableAmount ?? null;
  const cents = payable !== null ? Math.round(payable * 100) : row.ttcCents;
  if (!cents || cents <= 0) return null;
  const ibans = new Set(
    row.direction === 'INBOUND'
      ? (facts?.transferIbans ?? [])
      : row.direction === 'OUTBOUND'
        ? (facts?.debitIbans ?? [])
        : [],
  );
  const reference = facts?.paymentReference;
  const trading = row.direction === 'OUTBOUND' ? facts?.buyerTradingName : facts?.sellerTradingName;
  return {
    id: row.invoiceId,
    direction: row.direction as PayableInvoice['direction'],
    number: row.invoiceNumber!,
    ...(reference && reference !== row.invoiceNumber ? { paymentReference: reference } : {}),
    day: row.invoiceDate!,
    ...(row.dueDate ? { dueDay: row.dueDate } : {}),
    cents,
    currency: row.currency ?? 'EUR',
    counterpartyName: row.counterpartyName ?? '',
    ...(trading ? { tradingName: trading } : {}),
    ...(row.counterpartySiren ? { counterpartySiren: row.counterpartySiren } : {}),
    counterpartyIbans: [...ibans],
  };
}
