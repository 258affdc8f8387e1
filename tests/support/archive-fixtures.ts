// Search items and full invoices shaped as the operator sends them, for archive tests.
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';

export interface ItemSpec {
  id: string;
  direction?: 'INBOUND' | 'OUTBOUND';
  state?: InvoiceSearchItem['metadata']['state'];
  createDate?: string;
  number?: string;
  type?: string | number;
  invoiceDate?: string;
  dueDate?: string;
  seller?: { name: string; siren?: string; siret?: string; vatNumber?: string };
  buyer?: { name: string; siren?: string; siret?: string; vatNumber?: string };
  ttc?: number;
  ht?: number;
  tva?: number;
  code?: string;
  statusDate?: string;
}

export function uuidOf(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function searchItem(spec: ItemSpec): InvoiceSearchItem {
  return {
    metadata: {
      invoiceId: spec.id,
      state: spec.state ?? 'DELIVERED',
      direction: spec.direction ?? 'INBOUND',
      createDate: spec.createDate ?? '2026-03-01T10:00:00.000Z',
    },
    ...(spec.code
      ? {
          lastStatusData: {
            code: spec.code,
            state: 'DELIVERED' as const,
            date: spec.statusDate ?? '2026-03-02T10:00:00.000Z',
          },
        }
      : {}),
    businessData: {
      invoiceId: spec.number ?? 'F-1',
      invoiceDate: spec.invoiceDate ?? '2026-03-01',
      ...(spec.dueDate ? { invoiceDueDate: spec.dueDate } : {}),
      type: spec.type ?? 380,
      monetary: {
        invoiceCurrency: 'EUR',
        invoiceAmount: { amount: spec.ttc ?? 120, currency: 'EUR' },
        taxBasisTotalAmount: { amount: spec.ht ?? 100, currency: 'EUR' },
        taxTotalAmount: { amount: spec.tva ?? 20, currency: 'EUR' },
      },
      seller: spec.seller ?? { name: 'Boulangerie Martin', siren: '111111111' },
      buyer: spec.buyer ?? { name: 'Cabinet Dupont', siren: '222222222' },
    },
  };
}

export function fullInvoice(item: InvoiceSearchItem, vatRate = 20): Invoice {
  const b = item.businessData!;
  return {
    streamId: item.metadata.invoiceId,
    invoiceId: item.metadata.invoiceId,
    date: '2026-03-01',
    originalFormat: 'UBL',
    originalFlavor: 'EN16931',
    originalNetwork: 'DOMESTIC_FR',
    way: item.metadata.direction === 'INBOUND' ? 'RECEIVED' : 'EMITTED',
    businessData: {
      invoiceId: b.invoiceId!,
      invoiceDate: b.invoiceDate!,
      type: b.type!,
      monetary: {
        invoiceCurrency: 'EUR',
        invoiceAmount: b.monetary!.invoiceAmount,
        taxBasisTotalAmount: b.monetary!.taxBasisTotalAmount!,
        taxTotalAmount: { amount: b.monetary!.taxTotalAmount!.amount, currency: 'EUR' },
        payableAmount: b.monetary!.invoiceAmount,
      },
      taxDetails: [
        {
          taxableAmount: { amount: b.monetary!.taxBasisTotalAmount!.amount },
          taxAmount: { amount: b.monetary!.taxTotalAmount!.amount },
          categoryCode: 'S',
          percent: vatRate,
        },
      ],
      seller: { ...b.seller!, name: b.seller!.name!, postalAddress: { country: 'FR' } },
      buyer: {
        ...b.buyer!,
        name: b.buyer!.name!,
        electronicAddress: '0225:222222222',
        postalAddress: { country: 'FR' },
      },
    },
  } as Invoice;
}
