// The invoices export: one row per invoice of a search (live or archive), and a second sheet of
// VAT breakdown lines for the invoices whose details are known.
import type { Language } from '#shared/contract.ts';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import type { PaymentMark } from '#shared/payments.ts';
import { statusPaidDay } from '../../reports/rules.ts';
import type { AnyIterable } from '../cells.ts';
import { aboutSheet, type AboutInfo } from '../about.ts';
import { mapRows, tableOf, type Field } from '../fields.ts';
import type { WorkbookPlan, WorkbookSheet } from '../workbook-writer.ts';
import { labelOf, wordsFor, type ExportWords } from '../words.ts';
import { isCreditNote } from '../../reports/rules.ts';

/** A search result, live or rebuilt from an archived row, with the user's "paid" mark when the
 * export read the marks (archive exports). (No stream id: the operator's search never sends it,
 * only the full invoice does; the one-invoice export shows it.) */
export type InvoiceListEntry = InvoiceSearchItem & { paidMark?: PaymentMark | null };

/** When and by whose word an invoice is paid: its status 211/212 (the operator's word), else the
 * user's mark; undefined when neither says so. */
function paymentOf(e: InvoiceListEntry): { day: string | null; source: string } | undefined {
  const status = statusPaidDay(e.lastStatusData?.code ?? null, e.lastStatusData?.date ?? null);
  if (status) return status;
  return e.paidMark ? { day: e.paidMark.paidOn, source: 'marked' } : undefined;
}

/** An amount as the VAT figures count it: a credit note (381 and the other codes) negative. */
export function signedAmount(
  amount: number | undefined | null,
  type: string | number | undefined | null,
): number | undefined {
  if (amount === undefined || amount === null) return undefined;
  return isCreditNote(type) ? -Math.abs(amount) : amount;
}

export function invoiceFields(words: ExportWords): Field<InvoiceListEntry>[] {
  const { columns, detail } = words.invoices;
  const x = words.export.columns;
  const bd = (e: InvoiceListEntry) => e.businessData;
  const money = (e: InvoiceListEntry) => e.businessData?.monetary;
  return [
    { header: columns.number, kind: 'id', value: (e) => bd(e)?.invoiceId },
    { header: detail.invoiceDate, kind: 'date', value: (e) => bd(e)?.invoiceDate },
    { header: detail.dueDate, kind: 'date', value: (e) => bd(e)?.invoiceDueDate },
    { header: x.typeCode, kind: 'id', value: (e) => typeCode(bd(e)?.type) },
    {
      header: x.typeLabel,
      kind: 'text',
      value: (e) => labelOf(words.invoices.types, typeCode(bd(e)?.type)),
    },
    { header: x.sellerName, kind: 'text', value: (e) => bd(e)?.seller?.name },
    { header: x.sellerSiren, kind: 'id', value: (e) => bd(e)?.seller?.siren },
    { header: x.sellerSiret, kind: 'id', value: (e) => bd(e)?.seller?.siret },
    { header: x.sellerVat, kind: 'id', value: (e) => bd(e)?.seller?.vatNumber },
    { header: x.buyerName, kind: 'text', value: (e) => bd(e)?.buyer?.name },
    { header: x.buyerSiren, kind: 'id', value: (e) => bd(e)?.buyer?.siren },
    { header: x.buyerSiret, kind: 'id', value: (e) => bd(e)?.buyer?.siret },
    { header: x.buyerVat, kind: 'id', value: (e) => bd(e)?.buyer?.vatNumber },
    {
      header: x.htSigned,
      kind: 'amount',
      sum: true,
      value: (e) => signedAmount(money(e)?.taxBasisTotalAmount?.amount, bd(e)?.type),
    },
    {
      header: x.tvaSigned,
      kind: 'amount',
      sum: true,
      value: (e) => signedAmount(money(e)?.taxTotalAmount?.amount, bd(e)?.type),
    },
    {
      header: x.ttcSigned,
      kind: 'amount',
      sum: true,
      value: (e) => signedAmount(money(e)?.invoiceAmount?.amount, bd(e)?.type),
    },
    {
      header: detail.currency,
      kind: 'id',
      isCurrency: true,
      value: (e) => money(e)?.invoiceCurrency ?? money(e)?.invoiceAmount?.currency,
    },
    {
      header: columns.state,
      kind: 'text',
      value: (e) => labelOf(words.common.states, e.metadata.state) ?? e.metadata.state,
    },
    { header: x.stateCode, kind: 'id', value: (e) => e.metadata.state },
    { header: x.lifecycleCode, kind: 'id', value: (e) => e.lastStatusData?.code },
    {
      header: columns.lastStatus,
      kind: 'text',
      value: (e) => labelOf(words.invoices.lifecycle, e.lastStatusData?.code),
    },
    { header: x.lifecycleDate, kind: 'datetime', value: (e) => e.lastStatusData?.date },
    {
      header: columns.direction,
      kind: 'text',
      value: (e) => labelOf(words.invoices.direction, e.metadata.direction) ?? e.metadata.direction,
    },
    { header: detail.platformInvoiceId, kind: 'id', value: (e) => e.metadata.invoiceId },
    { header: words.invoices.payment.paidOn, kind: 'date', value: (e) => paymentOf(e)?.day },
    {
      header: words.invoices.payment.source,
      kind: 'text',
      value: (e) => labelOf(words.invoices.payment.sources, paymentOf(e)?.source),
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
  invoices: AnyIterable<InvoiceListEntry>;
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

function typeCode(type: string | number | undefined | null): string | undefined {
  return type === undefined || type === null ? undefined : String(type);
}
