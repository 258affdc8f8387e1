// An archived purchase of the demo data made into a UK software supplier's invoice in GBP,
// reverse charged (AE, the French buyer self-assesses at 20 %): 3 811,20 £, no VAT on the
// invoice (issue 26, finding 3). For the tests of currencies in the CA3 and the entries.
import assert from 'node:assert/strict';
import type { Invoice } from '#shared/operator/schemas.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';

/** Rewrites one purchase dated between `from` and `to` (not held nor refused); its id and day. */
export function makeGbpPurchase(
  dataDir: string,
  now: Date,
  window: { from: string; to: string },
): { id: string; day: string } {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    const row = archive
      .queryInvoices({
        filter: {
          direction: 'INBOUND',
          invoiceDateFrom: window.from,
          invoiceDateTo: window.to,
          detailFetched: true,
        },
        sort: { key: 'invoiceId' },
        limit: 50,
      })
      .rows.find(
        (r) => r.lifecycleCode === null || !['207', '208', '210', '213'].includes(r.lifecycleCode),
      );
    assert.ok(row, 'a purchase with its details');
    const detail = structuredClone(archive.getInvoice(row.invoiceId)!.detail!) as Invoice;
    const b = detail.businessData!;
    const gbp = (amount: number) => ({ amount, currency: 'GBP' });
    b.taxPaymentOption = undefined;
    b.monetary = {
      invoiceCurrency: 'GBP',
      taxCurrency: 'EUR',
      invoiceAmount: gbp(3811.2),
      taxBasisTotalAmount: gbp(3811.2),
      taxTotalAmount: gbp(0),
      taxTotalAmountAccounting: { amount: 0, currency: 'EUR' },
      payableAmount: gbp(3811.2),
    } as typeof b.monetary;
    b.taxDetails = [
      {
        categoryCode: 'AE',
        percent: 20,
        taxableAmount: { amount: 3811.2 },
        taxAmount: { amount: 0 },
      },
    ] as typeof b.taxDetails;
    b.seller = {
      ...b.seller!,
      name: 'Northwind Software Ltd',
      siren: undefined,
      vatNumber: 'GB123456789',
      postalAddress: { country: 'GB', city: 'London', postalCode: 'EC1A 1BB' },
    } as typeof b.seller;
    archive.saveDetail(detail, now.toISOString());
    return { id: row.invoiceId, day: b.invoiceDate! };
  } finally {
    archive.close();
  }
}
