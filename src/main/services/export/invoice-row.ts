// One flat row per invoice for the invoices export, built once from where the invoice comes from:
// a live search result, or an archived row (whose columns are already flat: it never goes through
// the operator's nested shape). The invoices layout reads only this.
import type { ArchiveRow, InvoiceParties } from '#shared/archive.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';
import type { PaymentMark } from '#shared/payments.ts';
import { centsToDecimal } from '../archive/amounts.ts';

export interface InvoiceRow extends InvoiceParties {
  /** The platform's id. */
  invoiceId: string;
  state: string;
  direction: string;
  /** BT-1, the seller's number. */
  number: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  /** BT-3, as text ("380", "381"). */
  typeCode: string | null;
  /** Amounts as the invoice gives them (unsigned), in currency units. */
  ht: number | null;
  tva: number | null;
  ttc: number | null;
  currency: string | null;
  lifecycleCode: string | null;
  lifecycleDate: string | null;
  /** The user's "paid" mark, when the export read the marks (archive exports). */
  paidMark: PaymentMark | null;
}

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

/** A live search result as a row. (No stream id: the search never sends it.) */
export function rowOfSearchItem(item: InvoiceSearchItem): InvoiceRow {
  const bd = item.businessData;
  const money = bd?.monetary;
  const type = bd?.type;
  return {
    invoiceId: item.metadata.invoiceId,
    state: item.metadata.state,
    direction: item.metadata.direction,
    number: orNull(bd?.invoiceId),
    invoiceDate: orNull(bd?.invoiceDate),
    dueDate: orNull(bd?.invoiceDueDate),
    typeCode: type === undefined || type === null ? null : String(type),
    sellerName: orNull(bd?.seller?.name),
    sellerSiren: orNull(bd?.seller?.siren),
    sellerSiret: orNull(bd?.seller?.siret),
    sellerVat: orNull(bd?.seller?.vatNumber),
    buyerName: orNull(bd?.buyer?.name),
    buyerSiren: orNull(bd?.buyer?.siren),
    buyerSiret: orNull(bd?.buyer?.siret),
    buyerVat: orNull(bd?.buyer?.vatNumber),
    ht: orNull(money?.taxBasisTotalAmount?.amount),
    tva: orNull(money?.taxTotalAmount?.amount),
    ttc: orNull(money?.invoiceAmount?.amount),
    currency: orNull(money?.invoiceCurrency ?? money?.invoiceAmount?.currency),
    lifecycleCode: orNull(item.lastStatusData?.code),
    lifecycleDate: orNull(item.lastStatusData?.date),
    paidMark: null,
  };
}

/**
 * An archived row as a row: amounts back from cents, exactly. Without a TTC the archive has no
 * amounts part for the invoice (as the operator's search result had none): HT, TVA and currency
 * stay empty too; without a status code, no status date.
 */
export function rowOfArchive(row: ArchiveRow, paidMark: PaymentMark | null = null): InvoiceRow {
  const amount = (cents: number | null) =>
    cents === null || row.ttcCents === null ? null : Number(centsToDecimal(cents));
  return {
    invoiceId: row.invoiceId,
    state: row.state,
    direction: row.direction,
    number: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    typeCode: row.typeCode,
    sellerName: row.sellerName,
    sellerSiren: row.sellerSiren,
    sellerSiret: row.sellerSiret,
    sellerVat: row.sellerVat,
    buyerName: row.buyerName,
    buyerSiren: row.buyerSiren,
    buyerSiret: row.buyerSiret,
    buyerVat: row.buyerVat,
    ht: amount(row.htCents),
    tva: amount(row.tvaCents),
    ttc: amount(row.ttcCents),
    currency: row.ttcCents === null ? null : row.currency,
    lifecycleCode: row.lifecycleCode,
    lifecycleDate: row.lifecycleCode === null ? null : row.lifecycleDate,
    paidMark,
  };
}
