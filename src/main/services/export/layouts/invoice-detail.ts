// One invoice as a readable one-sheet workbook, laid out like the detail panel: header, platform
// metadata, parties, VAT breakdown, totals, payment means, references, delivery. Labels in
// column A, values in B; the VAT breakdown is a small table across columns A to E.
import type { Language } from '#shared/contract.ts';
import {
  codeLabel,
  paymentMeansLabel,
  REFERENCE_FIELDS,
  postalAddressLines,
  taxPaymentLabel,
} from '#shared/invoices/labels.ts';
import { totalLines } from '#shared/invoices/totals.ts';
import type { Invoice, Payee, PostalAddress } from '#shared/operator/schemas.ts';
import type { CellValue } from '../cells.ts';
import { aboutSheet, type AboutInfo } from '../about.ts';
import type { DocCell, DocLine } from '../protocol.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { labelOf, wordsFor, type ExportWords } from '../words.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';

const id = (value: CellValue): DocCell => ({ value, kind: 'id' });
const date = (value: CellValue): DocCell => ({ value, kind: 'date' });

/** Parts of a value on one line: LibreOffice shows a line break of a formula-string cell as
 * nothing ("République69003 Lyon"), and a long one wraps across the row anyway. */
const ONE_LINE = ', ';

function address(a: PostalAddress | undefined | null): string | undefined {
  return postalAddressLines(a).join(ONE_LINE) || undefined;
}

export function invoiceDetailLines(invoice: Invoice, words: ExportWords): DocLine[] {
  const { detail } = words.invoices;
  const bd = invoice.businessData;
  const m = bd.monetary;
  const currency = m.invoiceCurrency;
  const amount = (value: number | undefined, own?: string | null): DocCell => ({
    value,
    kind: 'amount',
    currency: own ?? currency,
  });
  const lines: DocLine[] = [];
  const field = (label: string, value: CellValue | DocCell): void => {
    const empty = typeof value === 'object' && value !== null ? value.value : value;
    if (empty !== undefined && empty !== null && empty !== '')
      lines.push({ cells: [label, value] });
  };
  const section = (title: string): void => {
    if (lines.length) lines.push({ cells: [] });
    lines.push({ style: 'section', cells: [title] });
  };

  lines.push({
    style: 'title',
    cells: [interpolate(detail.dialogLabel, { number: bd.invoiceId })],
  });

  section(detail.header);
  field(detail.number, id(bd.invoiceId));
  field(detail.type, codeLabel(bd.type, words.invoices.types));
  field(detail.invoiceDate, date(bd.invoiceDate));
  field(detail.dueDate, date(bd.invoiceDueDate));
  if (bd.processType) {
    field(detail.processType, codeLabel(bd.processType, words.invoices.processTypes));
  }
  field(detail.currency, id(currency));
  if (m.taxCurrency && m.taxCurrency !== currency) field(detail.taxCurrency, id(m.taxCurrency));
  const option = bd.taxPaymentOption;
  if (option) {
    field(detail.taxPaymentOption, taxPaymentLabel(option, words.invoices.taxPayment));
    if (option.debitTaxPaymentActive !== undefined) {
      field(detail.debitOption, option.debitTaxPaymentActive ? detail.yes : detail.no);
    }
  }

  section(detail.metadata);
  field(detail.platformInvoiceId, id(invoice.invoiceId));
  field(detail.streamId, id(invoice.streamId));
  field(detail.platformDate, date(invoice.date));
  field(detail.format, `${invoice.originalFormat} · ${invoice.originalFlavor}`);
  field(
    detail.network,
    labelOf(words.invoices.networks, invoice.originalNetwork) ?? invoice.originalNetwork,
  );
  field(detail.way, labelOf(words.invoices.ways, invoice.way) ?? invoice.way);

  section(detail.parties);
  const party = (title: string, p: Payee | undefined | null): void => {
    if (!p) return;
    lines.push({ style: 'strong', cells: [title, p.name] });
    field(detail.tradingName, p.tradingBusinessName);
    field(detail.siren, id(p.siren));
    field(detail.siret, id(p.siret));
    field(detail.vatNumber, id(p.vatNumber));
    field(detail.electronicAddress, id(p.electronicAddress));
    field(detail.postalAddress, address(p.postalAddress));
    const c = p.contact;
    if (c) {
      field(
        detail.contact,
        [c.personName, c.departmentName, c.phoneNumber, c.email].filter(Boolean).join(ONE_LINE),
      );
    }
    for (const identifier of p.identifiers ?? []) {
      const type = identifier.type ?? 'other';
      field(
        labelOf(detail.identifierTypes, type) ?? detail.identifierTypes.other,
        id(`${identifier.scheme}:${identifier.value}`),
      );
    }
  };
  party(detail.seller, bd.seller);
  party(detail.buyer, bd.buyer);
  party(detail.payee, bd.payee);

  section(detail.vatBreakdown);
  if (bd.taxDetails.length === 0) lines.push({ cells: [detail.noVat] });
  else {
    lines.push({
      style: 'header',
      cells: [
        detail.vatCategory,
        detail.vatRate,
        detail.vatBase,
        detail.vatAmount,
        detail.vatExemption,
      ],
    });
    for (const tax of bd.taxDetails) {
      const category = codeLabel(tax.categoryCode, words.invoices.vatCategories);
      lines.push({
        cells: [
          tax.taxType && tax.taxType !== 'VAT' ? `${category} (${tax.taxType})` : category,
          { value: tax.percent, kind: 'percent' },
          amount(tax.taxableAmount.amount),
          amount(tax.taxAmount.amount),
          [tax.exemptionReasonCode, tax.exemptionReason].filter(Boolean).join(' · '),
        ],
      });
    }
  }

  section(detail.totals);
  for (const line of totalLines(m)) {
    lines.push({
      ...(line.emphasis ? { style: 'strong' as const } : {}),
      cells: [detail[line.key], amount(line.amount, line.currency)],
    });
  }

  section(detail.payment);
  if (!bd.paymentMeans?.length) lines.push({ cells: [detail.noPayment] });
  for (const means of bd.paymentMeans ?? []) {
    field(
      detail.paymentMeans,
      paymentMeansLabel(means.typeCode, means.label, words.invoices.paymentCodes),
    );
    field(detail.iban, id(means.bankTransfer?.iban));
    field(detail.bic, id(means.bankTransfer?.bic));
    field(detail.accountName, means.bankTransfer?.accountName);
    field(detail.paymentReference, id(means.paymentReference));
    if (means.creditCard)
      field(detail.card, `${means.creditCard.cardId} · ${means.creditCard.cardHolderName}`);
    field(detail.directDebit, id(means.bankDirectDebit?.iban));
  }

  section(detail.references);
  const before = lines.length;
  for (const key of REFERENCE_FIELDS)
    field(words.invoices.referenceFields[key], id(bd.referenceData?.[key]));
  for (const extra of bd.referenceData?.additionalReferenceIds ?? []) {
    field(interpolate(detail.additionalReference, { code: extra.typeCode }), id(extra.id));
  }
  for (const doc of bd.referencedDocuments ?? []) {
    lines.push({
      cells: [
        detail.referencedDocuments,
        id(interpolate(detail.referencedInvoice, { number: doc.invoiceId })),
        date(doc.date),
      ],
    });
  }
  if (lines.length === before) lines.push({ cells: [detail.noReferences] });

  if (bd.shipping) {
    section(detail.shipping);
    field(detail.deliveryDate, date(bd.shipping.deliveryDate));
    field(
      detail.deliverTo,
      [bd.shipping.tradeParty.name, address(bd.shipping.tradeParty.postalAddress)]
        .filter(Boolean)
        .join(ONE_LINE),
    );
  }
  return lines;
}

export interface InvoiceDetailExport {
  language: Language;
  invoice: Invoice;
  about: AboutInfo;
}

export function invoiceDetailWorkbook(input: InvoiceDetailExport): WorkbookPlan {
  const words = wordsFor(input.language);
  return {
    sheets: [
      {
        kind: 'document',
        name: words.export.sheets.invoice,
        widths: [34, 44, 18, 18, 30],
        lines: invoiceDetailLines(input.invoice, words),
      },
      aboutSheet(input.language, input.about, []),
    ],
  };
}
