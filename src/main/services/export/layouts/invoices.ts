// The invoices export: one row per invoice of a search (live or archive), and a second sheet of
// VAT breakdown lines for the invoices whose details are known.
import type { Language } from '#shared/contract.ts';
import type { Invoice } from '#shared/operator/schemas.ts';
import { statusPaidDay } from '../../tax/rules.ts';
import { signedAmount as signedByType } from '#shared/invoices/amount-totals.ts';
import type { AnyIterable } from '../cells.ts';
import { aboutSheet, type AboutInfo } from '../about.ts';
import { mapRows, tableOf, type Field } from '../fields.ts';
import type { WorkbookPlan, WorkbookSheet } from '../workbook-writer.ts';
import { labelOf, wordsFor, type ExportWords } from '../words.ts';
import type { InvoiceRow } from '../invoice-row.ts';

/** When and by whose word an invoice is paid: its status 211/212 (the operator's word), else the
 * user's mark; undefined when neither says so. */
function paymentOf(row: InvoiceRow): { day: string | null; source: string } | undefined {
  const status = statusPaidDay(row.lifecycleCode, row.lifecycleDate);
  if (status) return status;
  const mark = row.paidMark;
  return mark
    ? { day: mark.paidOn, source: mark.source === 'bank' ? 'bank' : 'marked' }
    : undefined;
}

/** An amount as the VAT figures count it: a credit note (381 and the other codes) negative, the
 * screens' rule (#shared/invoices/amount-totals.ts). */
export function signedAmount(
  amount: number | undefined | null,
  type: string | number | undefined | null,
): number | undefined {
  return signedByType(amount, type) ?? undefined;
}

export function invoiceFields(words: ExportWords): Field<InvoiceRow>[] {
  const { columns, detail } = words.invoices;
  const x = words.export.columns;
  return [
    { header: columns.number, kind: 'id', value: (r) => r.number },
    { header: detail.invoiceDate, kind: 'date', value: (r) => r.invoiceDate },
    { header: detail.dueDate, kind: 'date', value: (r) => r.dueDate },
    { header: x.typeCode, kind: 'id', value: (r) => r.typeCode },
    { header: x.typeLabel, kind: 'text', value: (r) => labelOf(words.invoices.types, r.typeCode) },
    { header: x.sellerName, kind: 'text', value: (r) => r.sellerName },
    { header: x.sellerSiren, kind: 'id', value: (r) => r.sellerSiren },
    { header: x.sellerSiret, kind: 'id', value: (r) => r.sellerSiret },
    { header: x.sellerVat, kind: 'id', value: (r) => r.sellerVat },
    { header: x.buyerName, kind: 'text', value: (r) => r.buyerName },
    { header: x.buyerSiren, kind: 'id', value: (r) => r.buyerSiren },
    { header: x.buyerSiret, kind: 'id', value: (r) => r.buyerSiret },
    { header: x.buyerVat, kind: 'id', value: (r) => r.buyerVat },
    { header: x.htSigned, kind: 'amount', sum: true, value: (r) => signedAmount(r.ht, r.typeCode) },
    {
      header: x.tvaSigned,
      kind: 'amount',
      sum: true,
      value: (r) => signedAmount(r.tva, r.typeCode),
    },
    {
      header: x.ttcSigned,
      kind: 'amount',
      sum: true,
      value: (r) => signedAmount(r.ttc, r.typeCode),
    },
    { header: detail.currency, kind: 'id', isCurrency: true, value: (r) => r.currency },
    {
      header: columns.state,
      kind: 'text',
      value: (r) => labelOf(words.common.states, r.state) ?? r.state,
    },
    { header: x.stateCode, kind: 'id', value: (r) => r.state },
    { header: x.lifecycleCode, kind: 'id', value: (r) => r.lifecycleCode },
    {
      header: columns.lastStatus,
      kind: 'text',
      value: (r) => labelOf(words.invoices.lifecycle, r.lifecycleCode),
    },
    { header: x.lifecycleDate, kind: 'datetime', value: (r) => r.lifecycleDate },
    {
      header: columns.direction,
      kind: 'text',
      // Sales and purchases are never added together: totals per direction.
      totalsBy: true,
      value: (r) => labelOf(words.invoices.direction, r.direction) ?? r.direction,
    },
    { header: detail.platformInvoiceId, kind: 'id', value: (r) => r.invoiceId },
    { header: words.invoices.payment.paidOn, kind: 'date', value: (r) => paymentOf(r)?.day },
    {
      header: words.invoices.payment.source,
      kind: 'text',
      value: (r) => labelOf(words.invoices.payment.sources, paymentOf(r)?.source),
    },
  ];
}

type BusinessData = Invoice['businessData'];

/** What the VAT lines sheet reads of an invoice's details (a full invoice has it all). */
export interface VatDetails {
  invoiceId: Invoice['invoiceId'];
  businessData: Pick<BusinessData, 'invoiceId' | 'taxDetails'> & {
    /** BT-3: a credit note's lines count negative. */
    type?: BusinessData['type'] | null;
    monetary: Pick<BusinessData['monetary'], 'invoiceCurrency'>;
  };
}

/** One line per VAT breakdown entry of an invoice's details. */
export interface VatLine {
  invoice: VatDetails;
  index: number;
}

export function vatLineFields(words: ExportWords): Field<VatLine>[] {
  const { columns, detail } = words.invoices;
  const x = words.export.columns;
  const tax = (l: VatLine) => l.invoice.businessData.taxDetails[l.index];
  return [
    { header: columns.number, kind: 'id', value: (l) => l.invoice.businessData.invoiceId },
    { header: detail.platformInvoiceId, kind: 'id', value: (l) => l.invoice.invoiceId },
    { header: x.vatCategoryCode, kind: 'id', value: (l) => tax(l)?.categoryCode },
    {
      header: detail.vatCategory,
      kind: 'text',
      value: (l) => labelOf(words.invoices.vatCategories, tax(l)?.categoryCode),
    },
    { header: x.vatRate, kind: 'percent', value: (l) => tax(l)?.percent },
    {
      header: x.vatBaseSigned,
      kind: 'amount',
      sum: true,
      value: (l) => signedAmount(tax(l)?.taxableAmount.amount, l.invoice.businessData.type),
    },
    {
      header: x.vatAmountSigned,
      kind: 'amount',
      sum: true,
      value: (l) => signedAmount(tax(l)?.taxAmount.amount, l.invoice.businessData.type),
    },
    {
      header: detail.currency,
      kind: 'id',
      isCurrency: true,
      value: (l) => l.invoice.businessData.monetary.invoiceCurrency,
    },
  ];
}

export interface InvoicesExport {
  language: Language;
  /** The rows: every page of a live query, or every archived row matching the filters. */
  invoices: AnyIterable<InvoiceRow>;
  /** How many invoices to expect, when known. */
  total?: number;
  /** The details known for these invoices (archive): their VAT breakdowns make the second sheet. */
  details?: AnyIterable<VatDetails>;
  about: AboutInfo;
}

export function invoicesWorkbook(input: InvoicesExport): WorkbookPlan {
  const words = wordsFor(input.language);
  const invoices = tableOf(invoiceFields(words));
  const sheets: WorkbookSheet[] = [
    {
      kind: 'table',
      name: words.export.sheets.invoices,
      columns: invoices.columns,
      rows: mapRows(input.invoices, invoices.toRow),
      ...(input.total !== undefined ? { total: input.total } : {}),
      totalsLabel: words.export.totals,
    },
  ];
  const counted = [words.export.sheets.invoices];
  if (input.details) {
    const lines = tableOf(vatLineFields(words));
    sheets.push({
      kind: 'table',
      name: words.export.sheets.vatLines,
      columns: lines.columns,
      rows: mapRows(
        input.details,
        (invoice) =>
          invoice.businessData.taxDetails.map((_, index) => lines.toRow({ invoice, index })),
        true,
      ),
      totalsLabel: words.export.totals,
    });
    counted.push(words.export.sheets.vatLines);
  }
  sheets.push(aboutSheet(input.language, input.about, counted));
  return { sheets };
}
