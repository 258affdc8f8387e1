// Archived invoices as the reports read them (archive row + details), for unit tests of the
// report computations: every field a report looks at can be set, the rest has plain defaults.
import type { Invoice, TaxDetail } from '#shared/operator/schemas.ts';
import type { ArchiveRow } from '#main/services/archive/sqlite/archive-store.ts';
import { vatFactsOf, type ReportItem } from '#main/services/tax/invoice.ts';

export interface Breakdown {
  category?: string;
  percent?: number;
  /** Euros, as the operator sends them. */
  base: number;
  vat: number;
}

export interface ReportSpec {
  n: number;
  direction?: 'INBOUND' | 'OUTBOUND';
  state?: string;
  type?: string;
  number?: string;
  invoiceDate?: string | null;
  dueDate?: string | null;
  createDate?: string;
  counterparty?: string;
  siren?: string | null;
  vat?: string | null;
  code?: string | null;
  statusDate?: string | null;
  currency?: string;
  /** taxPaymentOption; undefined: none given. */
  taxCode?: 3 | 5 | 29 | 35 | 72 | 432;
  iop?: 'UNKNOWN' | 'INVOICE_DATE' | 'DELIVERY_DATE' | 'PAYMENT_DATE';
  deliveryDate?: string;
  /** BT-40, the seller's country (default: none given, France). */
  sellerCountry?: string;
  /** BT-23 (default: none given). */
  processType?: string;
  breakdown?: Breakdown[];
  /** False: the details are not archived (the row's totals come from the search). */
  details?: boolean;
  /** BT-115 in cents, for the échéancier. */
  payableCents?: number | null;
}

export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const cents = (euros: number): number => Math.round(euros * 100);

export function reportItem(spec: ReportSpec): ReportItem & { detail: Invoice | null } {
  const breakdown = spec.breakdown ?? [{ category: 'S', percent: 20, base: 100, vat: 20 }];
  const ht = breakdown.reduce((s, b) => s + cents(b.base), 0);
  const tva = breakdown.reduce((s, b) => s + cents(b.vat), 0);
  const currency = spec.currency ?? 'EUR';
  const row: ArchiveRow = {
    invoiceId: uuid(spec.n),
    direction: spec.direction ?? 'OUTBOUND',
    state: spec.state ?? 'DELIVERED',
    invoiceNumber: spec.number ?? `F-${spec.n}`,
    typeCode: spec.type ?? '380',
    invoiceDate: spec.invoiceDate === undefined ? '2026-03-10' : spec.invoiceDate,
    dueDate: spec.dueDate === undefined ? null : spec.dueDate,
    createDate: spec.createDate ?? '2026-03-10T09:00:00.000Z',
    sellerName: 'Vendeur',
    sellerSiren: null,
    sellerSiret: null,
    sellerVat: null,
    buyerName: 'Acheteur',
    buyerSiren: null,
    buyerSiret: null,
    buyerVat: null,
    counterpartyName: spec.counterparty ?? 'Client Un',
    counterpartySiren: spec.siren === undefined ? '111111111' : spec.siren,
    counterpartySiret: null,
    counterpartyVat: spec.vat ?? null,
    htCents: ht,
    tvaCents: tva,
    ttcCents: ht + tva,
    currency,
    lifecycleCode: spec.code ?? null,
    lifecycleDate: spec.statusDate ?? (spec.code ? '2026-03-12T10:00:00.000Z' : null),
    searchFetchedAt: '2026-04-01T00:00:00.000Z',
    detailFetchedAt: spec.details === false ? null : '2026-04-01T00:00:00.000Z',
  };
  const taxDetails: TaxDetail[] = breakdown.map((b) => ({
    taxableAmount: { amount: b.base },
    taxAmount: { amount: b.vat },
    categoryCode: b.category ?? 'S',
    ...(b.percent !== undefined ? { percent: b.percent } : {}),
  }));
  const detail =
    spec.details === false
      ? null
      : ({
          streamId: uuid(spec.n),
          invoiceId: uuid(spec.n),
          businessData: {
            invoiceId: row.invoiceNumber!,
            invoiceDate: row.invoiceDate ?? '2026-03-10',
            type: row.typeCode!,
            ...(spec.taxCode !== undefined || spec.iop !== undefined
              ? {
                  taxPaymentOption: {
                    ...(spec.taxCode !== undefined ? { code: spec.taxCode } : {}),
                    ...(spec.iop !== undefined ? { iopCode: spec.iop } : {}),
                  },
                }
              : {}),
            monetary: {
              invoiceCurrency: currency,
              invoiceAmount: { amount: (ht + tva) / 100 },
              taxBasisTotalAmount: { amount: ht / 100 },
              taxTotalAmount: { amount: tva / 100, currency },
              payableAmount: { amount: (ht + tva) / 100 },
            },
            taxDetails,
            ...(spec.processType ? { processType: spec.processType } : {}),
            seller: {
              name: 'Vendeur',
              ...(spec.sellerCountry ? { postalAddress: { country: spec.sellerCountry } } : {}),
            },
            buyer: { name: 'Acheteur' },
            ...(spec.deliveryDate
              ? {
                  shipping: {
                    deliveryDate: spec.deliveryDate,
                    tradeParty: {
                      name: 'Acheteur',
                      postalAddress: { country: 'FR' },
                      identifiers: [],
                    },
                  },
                }
              : {}),
          },
        } as unknown as Invoice);
  return {
    row,
    detail,
    vat: detail ? vatFactsOf(detail) : null,
    ...(spec.payableCents !== undefined ? { payableCents: spec.payableCents } : {}),
  };
}

export const NO_COVERAGE = {
  archivedInvoices: 0,
  withDetails: 0,
  lastSyncAt: null,
  partitionsCut: 0,
  partitionsUnfinished: 0,
  completeSince: null,
};
