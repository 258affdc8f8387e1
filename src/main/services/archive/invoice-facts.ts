// The VAT and accounting facts of an invoice, read once from the operator's JSON when the
// archive writes it (schema step 14: the invoice_facts and invoice_vat_lines tables, and the
// invoices' payable_amount), so that the reports, the entries, the CA3, the exports' VAT sheet
// and bank matching read columns instead of parsing JSON at every query. One extractor: the
// store's writes, the step's backfill and the tests all call it.
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { toCents } from './amounts.ts';

/** One VAT breakdown line (BG-23), amounts as the operator wrote them. */
export interface VatLine {
  /** BT-118, e.g. S, Z, E, AE, K. */
  categoryCode: string | null;
  /** BT-119. */
  percent: number | null;
  /** BT-116 and BT-117. */
  taxableAmount: number | null;
  taxAmount: number | null;
}

/** What the reads of the archive need of an invoice's details. Amounts are the operator's
 * numbers (up to 2 decimals): toCents turns them into cents. Texts are kept as written (an
 * empty text stays empty: each reader decides what it means). */
export interface InvoiceFacts {
  /** The platform's id as the details write it (the archive's key is its lower case). */
  platformId: string | null;
  /** BT-1, BT-3 and BT-23 (goods B*, M* or services S*). */
  number: string | null;
  type: string | null;
  processType: string | null;
  /** BT-8: taxPaymentOption.code (a number) and .iopCode. */
  taxPaymentCode: number | null;
  taxPaymentIop: string | null;
  /** BT-72. */
  deliveryDate: string | null;
  /** BT-5. */
  currency: string | null;
  /** BT-112 TTC, BT-109 HT, BT-110 TVA, BT-111 TVA in the accounting currency, BT-115 left to
   * pay. */
  invoiceAmount: number | null;
  taxBasisTotal: number | null;
  taxTotal: number | null;
  taxTotalAccounting: number | null;
  payableAmount: number | null;
  /** BT-40 and BT-55. */
  sellerCountry: string | null;
  buyerCountry: string | null;
  /** BT-19, the buyer's accounting reference. */
  accountingCostId: string | null;
  /** BT-28 and BT-45: the parties' trading names (bank matching). */
  sellerTradingName: string | null;
  buyerTradingName: string | null;
  /** BT-83 of the first payment means that gives one. */
  paymentReference: string | null;
  /** BT-84 of the credit transfers, and BT-91 of the direct debits, in the invoice's order. */
  transferIbans: string[];
  debitIbans: string[];
  vatLines: VatLine[];
}

/** A VAT line in the operator's shape (BG-23), which the reports' and the entries' rules read:
 * the one place a line goes back to it. */
export function operatorLine(line: VatLine): {
  categoryCode: string | null;
  percent: number | null;
  taxableAmount: { amount: number | null };
  taxAmount: { amount: number | null };
} {
  return {
    categoryCode: line.categoryCode,
    percent: line.percent,
    taxableAmount: { amount: line.taxableAmount },
    taxAmount: { amount: line.taxAmount },
  };
}

/** The facts of details that hold none of them. */
export const NO_FACTS: InvoiceFacts = Object.freeze({
  platformId: null,
  number: null,
  type: null,
  processType: null,
  taxPaymentCode: null,
  taxPaymentIop: null,
  deliveryDate: null,
  currency: null,
  invoiceAmount: null,
  taxBasisTotal: null,
  taxTotal: null,
  taxTotalAccounting: null,
  payableAmount: null,
  sellerCountry: null,
  buyerCountry: null,
  accountingCostId: null,
  sellerTradingName: null,
  buyerTradingName: null,
  paymentReference: null,
  transferIbans: [],
  debitIbans: [],
  vatLines: [],
});

/** A JSON value where text is expected: numbers become their text, anything else null. */
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** An amount: the operator's number (a decimal text read as one: older archives' JSON was not
 * always checked), else null. */
function amount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && toCents(value) !== null) return Number(value.trim());
  return null;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const amountOf = (holder: unknown): number | null => amount(record(holder).amount);

/** The facts of a stored detail (an operator Invoice, or its stored JSON parsed: the step's
 * backfill reads what older versions wrote, so nothing is assumed present). */
export function invoiceFacts(detail: Invoice | Record<string, unknown>): InvoiceFacts {
  const invoice = record(detail);
  const b = record(invoice.businessData);
  const option = record(b.taxPaymentOption);
  const monetary = record(b.monetary);
  const seller = record(b.seller);
  const buyer = record(b.buyer);
  const means = list(b.paymentMeans).map(record);
  const ibans = (kind: 'bankTransfer' | 'bankDirectDebit'): string[] =>
    means
      .map((m) => record(m[kind]).iban)
      .filter((i): i is string => typeof i === 'string' && i !== '');
  const reference = means.map((m) => m.paymentReference).find((r) => typeof r === 'string' && r);
  return {
    platformId: text(invoice.invoiceId),
    number: text(b.invoiceId),
    type: text(b.type),
    processType: text(b.processType),
    taxPaymentCode: typeof option.code === 'number' ? option.code : null,
    taxPaymentIop: text(option.iopCode),
    deliveryDate: text(record(b.shipping).deliveryDate),
    currency: text(monetary.invoiceCurrency),
    invoiceAmount: amountOf(monetary.invoiceAmount),
    taxBasisTotal: amountOf(monetary.taxBasisTotalAmount),
    taxTotal: amountOf(monetary.taxTotalAmount),
    taxTotalAccounting: amountOf(monetary.taxTotalAmountAccounting),
    payableAmount: amountOf(monetary.payableAmount),
    sellerCountry: text(record(seller.postalAddress).country),
    buyerCountry: text(record(buyer.postalAddress).country),
    accountingCostId: text(record(b.referenceData).accountingCostId),
    sellerTradingName: text(seller.tradingBusinessName),
    buyerTradingName: text(buyer.tradingBusinessName),
    paymentReference: typeof reference === 'string' ? reference : null,
    transferIbans: ibans('bankTransfer'),
    debitIbans: ibans('bankDirectDebit'),
    vatLines: list(b.taxDetails)
      .map(record)
      .map((line) => ({
        categoryCode: text(line.categoryCode),
        percent: typeof line.percent === 'number' ? line.percent : null,
        taxableAmount: amountOf(line.taxableAmount),
        taxAmount: amountOf(line.taxAmount),
      })),
  };
}

/** What is left to pay (BT-115) as the archive knows it: the details' when archived (even
 * absent there), else the search item's. */
export function payableAmount(
  item: InvoiceSearchItem | Record<string, unknown>,
  detail: Invoice | Record<string, unknown> | null,
): number | null {
  return amountOf(record(record(record(detail ?? item).businessData).monetary).payableAmount);
}

/** The number of the invoice a credit note credits (BT-25: the first referenced document
 * that names one), as the archive knows it: the details' referenced documents when they list
 * any (even none), else the search item's. A column of invoices from schema step 16, read by the
 * aged balance's allocation of credit notes (reports/open-items.ts). */
export function creditedNumber(
  item: InvoiceSearchItem | Record<string, unknown>,
  detail: Invoice | Record<string, unknown> | null,
): string | null {
  const docsOf = (holder: unknown): unknown =>
    record(record(holder).businessData).referencedDocuments;
  const docs = docsOf(detail) ?? docsOf(item);
  const named = list(docs)
    .map((doc) => record(doc).invoiceId)
    .find((id) => typeof id === 'string' && id !== '');
  return typeof named === 'string' ? named : null;
}

/** The facts' columns in invoice_facts, in the order factRow gives their values (what is left
 * to pay is a column of invoices: payableAmount, known with or without details). Named apart
 * from the invoices' columns, so that filters and sorts read alike with the facts joined. */
export const FACT_COLUMNS = [
  'platform_id',
  'number',
  'type',
  'process_type',
  'tax_payment_code',
  'tax_payment_iop',
  'delivery_date',
  'invoice_currency',
  'invoice_amount',
  'tax_basis_total',
  'tax_total',
  'tax_total_accounting',
  'seller_country',
  'buyer_country',
  'accounting_cost_id',
  'seller_trading_name',
  'buyer_trading_name',
  'payment_reference',
  'transfer_ibans',
  'debit_ibans',
] as const;

/** IBANs in one column, one a line (an IBAN has no line break). */
const IBAN_SEPARATOR = '\n';
const joined = (ibans: readonly string[]): string | null =>
  ibans.length > 0 ? ibans.join(IBAN_SEPARATOR) : null;
const split = (value: unknown): string[] =>
  typeof value === 'string' && value !== '' ? value.split(IBAN_SEPARATOR) : [];

/** The values of FACT_COLUMNS for `facts`. */
export function factRow(facts: InvoiceFacts): (string | number | null)[] {
  return [
    facts.platformId,
    facts.number,
    facts.type,
    facts.processType,
    facts.taxPaymentCode,
    facts.taxPaymentIop,
    facts.deliveryDate,
    facts.currency,
    facts.invoiceAmount,
    facts.taxBasisTotal,
    facts.taxTotal,
    facts.taxTotalAccounting,
    facts.sellerCountry,
    facts.buyerCountry,
    facts.accountingCostId,
    facts.sellerTradingName,
    facts.buyerTradingName,
    facts.paymentReference,
    joined(facts.transferIbans),
    joined(facts.debitIbans),
  ];
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The facts read back from FACT_COLUMNS' values (starting at `at` in a record), the
 * invoice's VAT lines and its payable_amount. */
export function factsFromRecord(
  values: readonly unknown[],
  at: number,
  vatLines: VatLine[],
  payable: unknown,
): InvoiceFacts {
  const v = (index: number): unknown => values[at + index];
  return {
    platformId: str(v(0)),
    number: str(v(1)),
    type: str(v(2)),
    processType: str(v(3)),
    taxPaymentCode: num(v(4)),
    taxPaymentIop: str(v(5)),
    deliveryDate: str(v(6)),
    currency: str(v(7)),
    invoiceAmount: num(v(8)),
    taxBasisTotal: num(v(9)),
    taxTotal: num(v(10)),
    taxTotalAccounting: num(v(11)),
    payableAmount: num(payable),
    sellerCountry: str(v(12)),
    buyerCountry: str(v(13)),
    accountingCostId: str(v(14)),
    sellerTradingName: str(v(15)),
    buyerTradingName: str(v(16)),
    paymentReference: str(v(17)),
    transferIbans: split(v(18)),
    debitIbans: split(v(19)),
    vatLines,
  };
}

/** invoice_vat_lines' columns after rid and line, in VatLine's order. */
export const VAT_LINE_COLUMNS = ['category_code', 'percent', 'taxable_amount', 'tax_amount'];

export function vatLineFromRecord(values: readonly unknown[], at: number): VatLine {
  return {
    categoryCode: str(values[at]),
    percent: num(values[at + 1]),
    taxableAmount: num(values[at + 2]),
    taxAmount: num(values[at + 3]),
  };
}
