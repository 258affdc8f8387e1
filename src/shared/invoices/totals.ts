// An invoice's totals in the order an accountant reads them (EN 16931 BG-22), for the detail
// panel and the Excel export alike: the optional ones only when the invoice has them, discounts
// and prepaid amounts as negatives, each amount in its own currency or the invoice's.
import type { BusinessData } from '../operator/schemas.ts';

/** The key of each line's name in the invoices dictionaries (invoices.detail.<key>). */
export type TotalKey =
  | 'lineTotal'
  | 'allowanceTotal'
  | 'chargeTotal'
  | 'totalExclVat'
  | 'totalVat'
  | 'totalVatAccounting'
  | 'totalInclVat'
  | 'prepaid'
  | 'rounding'
  | 'payable';

export interface TotalLine {
  key: TotalKey;
  amount: number;
  currency: string;
  /** The amount with VAT and the amount to pay stand out. */
  emphasis?: 'total' | 'payable';
}

export function totalLines(m: BusinessData['monetary']): TotalLine[] {
  const own = (a: { currency?: string | null | undefined }): string =>
    a.currency ?? m.invoiceCurrency;
  const lines: TotalLine[] = [];
  const add = (line: TotalLine): void => void lines.push(line);
  if (m.lineTotalAmount)
    add({ key: 'lineTotal', amount: m.lineTotalAmount.amount, currency: own(m.lineTotalAmount) });
  if (m.allowanceTotalAmount) {
    add({
      key: 'allowanceTotal',
      amount: -Math.abs(m.allowanceTotalAmount.amount),
      currency: own(m.allowanceTotalAmount),
    });
  }
  if (m.chargeTotalAmount)
    add({
      key: 'chargeTotal',
      amount: m.chargeTotalAmount.amount,
      currency: own(m.chargeTotalAmount),
    });
  add({
    key: 'totalExclVat',
    amount: m.taxBasisTotalAmount.amount,
    currency: own(m.taxBasisTotalAmount),
  });
  add({ key: 'totalVat', amount: m.taxTotalAmount.amount, currency: own(m.taxTotalAmount) });
  if (m.taxTotalAmountAccounting) {
    add({
      key: 'totalVatAccounting',
      amount: m.taxTotalAmountAccounting.amount,
      currency: m.taxTotalAmountAccounting.currency ?? m.taxCurrency ?? m.invoiceCurrency,
    });
  }
  add({
    key: 'totalInclVat',
    amount: m.invoiceAmount.amount,
    currency: own(m.invoiceAmount),
    emphasis: 'total',
  });
  if (m.prepaidTotalAmount) {
    add({
      key: 'prepaid',
      amount: -Math.abs(m.prepaidTotalAmount.amount),
      currency: m.invoiceCurrency,
    });
  }
  if (m.roundingAmount)
    add({ key: 'rounding', amount: m.roundingAmount.amount, currency: m.invoiceCurrency });
  add({
    key: 'payable',
    amount: m.payableAmount.amount,
    currency: own(m.payableAmount),
    emphasis: 'payable',
  });
  return lines;
}
