// Sums of invoice amounts as the screens show them under a result: HT, TVA and TTC per currency,
// credit notes negative (as the VAT report counts them). The archive sums in SQL (ArchiveStore
// .totals); the live screen sums the page the operator gave, here.
import type { ArchiveCurrencyTotals } from '../archive.ts';
import type { InvoiceSearchItem } from '../operator/schemas.ts';

/** UNTDID 1001 codes of credit notes (avoirs): 381 and its kin. */
export const CREDIT_NOTE_TYPE_CODES = [
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
] as const;

export function isCreditNoteType(code: string | number | null | undefined): boolean {
  if (code === null || code === undefined) return false;
  return (CREDIT_NOTE_TYPE_CODES as readonly string[]).includes(String(code).trim());
}

/** An amount as every screen and workbook shows it (one sign rule, issue 27): a credit note's
 * negative, as the VAT figures count it; null and undefined stay so. */
export function signedAmount<T extends number | null | undefined>(
  amount: T,
  type: string | number | boolean | null | undefined,
): T {
  if (amount === null || amount === undefined) return amount;
  const credit = typeof type === 'boolean' ? type : isCreditNoteType(type);
  return (credit ? -Math.abs(amount) : amount) as T;
}

const cents = (amount: number | undefined): number =>
  amount === undefined ? 0 : Math.round(amount * 100);

export interface PageTotals {
  /** Per currency, largest count first. */
  currencies: ArchiveCurrencyTotals[];
  /** Rows the operator gave no amount for (not in the sums). */
  withoutAmount: number;
}

/** The totals of the rows of one live page; a row without business data adds nothing. */
export function pageTotals(items: readonly InvoiceSearchItem[]): PageTotals {
  const byCurrency = new Map<string, ArchiveCurrencyTotals>();
  let withoutAmount = 0;
  for (const item of items) {
    const data = item.businessData;
    const money = data?.monetary;
    if (!money) {
      withoutAmount++;
      continue;
    }
    const currency = money.invoiceAmount.currency ?? money.invoiceCurrency ?? 'EUR';
    const sign = isCreditNoteType(data.type) ? -1 : 1;
    const sums = byCurrency.get(currency) ?? {
      currency,
      count: 0,
      htCents: 0,
      tvaCents: 0,
      ttcCents: 0,
    };
    sums.count++;
    sums.htCents += sign * cents(money.taxBasisTotalAmount?.amount);
    sums.tvaCents += sign * cents(money.taxTotalAmount?.amount);
    sums.ttcCents += sign * cents(money.invoiceAmount.amount);
    byCurrency.set(currency, sums);
  }
  const currencies = [...byCurrency.values()].sort(
    (a, b) => b.count - a.count || a.currency.localeCompare(b.currency),
  );
  return { currencies, withoutAmount };
}

/** The two directions, never added together (issue 27): sales (issued) and purchases (received). */
export const TOTALS_SIDES = ['OUTBOUND', 'INBOUND'] as const;
export type TotalsSide = (typeof TOTALS_SIDES)[number];

/** One direction's sums under a list. */
export interface SideTotals {
  direction: TotalsSide;
  count: number;
  currencies: ArchiveCurrencyTotals[];
}

/** The page's totals per direction, the directions it holds only, sales first. */
export function pageTotalsBySide(items: readonly InvoiceSearchItem[]): SideTotals[] {
  return TOTALS_SIDES.map((direction) => {
    const totals = pageTotals(items.filter((item) => item.metadata.direction === direction));
    return {
      direction,
      count: totals.currencies.reduce((n, c) => n + c.count, 0),
      currencies: totals.currencies,
    };
  }).filter((side) => side.count > 0);
}
