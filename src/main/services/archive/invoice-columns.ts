// The searchable columns of one archived invoice, read from the operator's search item and,
// once fetched, the full invoice (whose business data wins: it is the complete record).
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { toCents } from './amounts.ts';
import type { UpsertResult } from './ports.ts';

/** UNTDID 1001 codes of credit notes (avoirs): one list with the screens' totals. */
export { CREDIT_NOTE_TYPE_CODES } from '#shared/invoices/amount-totals.ts';

/** Lifecycle codes after which nothing more happens: 210 Refusée, 212 Encaissée, 213 Rejetée. */
export const FINAL_LIFECYCLE_CODES = ['210', '212', '213'] as const;
/** Invoice states that end the invoice's journey (rejected or failed on the platform). */
export const FINAL_STATES = [
  'INVALID',
  'DUPLICATED',
  'WRONG_ROUTING',
  'CONVERSION_FAILED',
] as const;

export interface InvoiceColumns {
  invoice_id: string;
  direction: string;
  state: string;
  invoice_number: string | null;
  type_code: string | null;
  invoice_date: string | null;
  due_date: string | null;
  create_date: string | null;
  seller_name: string | null;
  seller_siren: string | null;
  seller_siret: string | null;
  seller_vat: string | null;
  buyer_name: string | null;
  buyer_siren: string | null;
  buyer_siret: string | null;
  buyer_vat: string | null;
  counterparty_name: string | null;
  counterparty_siren: string | null;
  counterparty_siret: string | null;
  counterparty_vat: string | null;
  ht_cents: number | null;
  tva_cents: number | null;
  ttc_cents: number | null;
  currency: string | null;
  lifecycle_code: string | null;
  lifecycle_date: string | null;
}

interface PartyLike {
  name?: string | null;
  siren?: string | null;
  siret?: string | null;
  vatNumber?: string | null;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;

export function columnsOf(item: InvoiceSearchItem, detail?: Invoice | null): InvoiceColumns {
  const search = item.businessData;
  const full = detail?.businessData;
  const seller: PartyLike = full?.seller ?? search?.seller ?? {};
  const buyer: PartyLike = full?.buyer ?? search?.buyer ?? {};
  // Received (INBOUND): the other party is the seller; issued (OUTBOUND): the buyer.
  const other = item.metadata.direction === 'INBOUND' ? seller : buyer;
  const money = full?.monetary ?? search?.monetary;
  return {
    invoice_id: item.metadata.invoiceId.toLowerCase(),
    direction: item.metadata.direction,
    state: item.metadata.state,
    invoice_number: text(full?.invoiceId ?? search?.invoiceId),
    type_code: text(full?.type ?? search?.type),
    invoice_date: text(full?.invoiceDate ?? search?.invoiceDate),
    due_date: text(full?.invoiceDueDate ?? search?.invoiceDueDate),
    create_date: text(item.metadata.createDate),
    seller_name: text(seller.name),
    seller_siren: text(seller.siren),
    seller_siret: text(seller.siret),
    seller_vat: text(seller.vatNumber),
    buyer_name: text(buyer.name),
    buyer_siren: text(buyer.siren),
    buyer_siret: text(buyer.siret),
    buyer_vat: text(buyer.vatNumber),
    counterparty_name: text(other.name),
    counterparty_siren: text(other.siren),
    counterparty_siret: text(other.siret),
    counterparty_vat: text(other.vatNumber),
    ht_cents: toCents(money?.taxBasisTotalAmount?.amount),
    tva_cents: toCents(money?.taxTotalAmount?.amount),
    ttc_cents: toCents(money?.invoiceAmount?.amount),
    currency: text(money?.invoiceCurrency ?? money?.invoiceAmount?.currency),
    lifecycle_code: text(item.lastStatusData?.code),
    lifecycle_date: text(item.lastStatusData?.date),
  };
}

export const INVOICE_COLUMN_NAMES = Object.keys(
  columnsOf({
    metadata: { invoiceId: 'x', direction: 'INBOUND', state: 'VALID', createDate: null },
  }),
) as (keyof InvoiceColumns)[];

/** The stored search item updated with a newer one: a page read without expand keeps the
 * business data read before. */
export function mergeSearchItems(
  previous: InvoiceSearchItem | undefined,
  next: InvoiceSearchItem,
): InvoiceSearchItem {
  if (!previous) return next;
  return {
    ...previous,
    ...next,
    ...(next.lastStatusData === undefined && previous.lastStatusData !== undefined
      ? { lastStatusData: previous.lastStatusData }
      : {}),
    ...(next.businessData === undefined && previous.businessData !== undefined
      ? { businessData: previous.businessData }
      : {}),
  };
}

/** What an archived invoice's status was before a write (either store's stored row). */
export interface StatusBefore {
  state: string;
  lifecycleCode: string | null;
  lifecycleDate: string | null;
}

/** The upsert's one rule for an invoice archived before: unchanged when its state and lifecycle
 * (code and date) are what they were (the sync's early stop rests on it), else updated. Counted
 * into `result`. */
export function countKnown(
  result: UpsertResult,
  invoiceId: string,
  before: StatusBefore,
  after: Pick<InvoiceColumns, 'state' | 'lifecycle_code' | 'lifecycle_date'>,
): void {
  if (
    before.state === after.state &&
    before.lifecycleCode === after.lifecycle_code &&
    before.lifecycleDate === after.lifecycle_date
  ) {
    result.unchanged++;
    result.unchangedIds.push(invoiceId);
  } else result.updated++;
}

export function isFinal(state: string, lifecycleCode: string | null): boolean {
  return (
    (FINAL_STATES as readonly string[]).includes(state) ||
    (lifecycleCode !== null && (FINAL_LIFECYCLE_CODES as readonly string[]).includes(lifecycleCode))
  );
}
