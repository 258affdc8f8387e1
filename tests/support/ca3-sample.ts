// A hand-built CA3 draft (src/shared/ca3.ts) for the view's and the workbook's tests: a sale at
// 20 %, a credit note reducing it, a reverse-charge intra-EU purchase (B2, 08, 17, 20), a fixed
// asset (19), an export (E1), one invoice held, one lacking details, one refused; line 22 entered.
import type { Ca3Box, Ca3BoxCode, Ca3Contribution, Ca3Report } from '#shared/ca3.ts';

const base = {
  number: null,
  invoiceDate: '2026-08-03',
  dueDay: '2026-08-03',
  counterpartyName: 'Client Dupont',
  creditNote: false,
} satisfies Partial<Ca3Contribution>;

export const SALE: Ca3Contribution = {
  ...base,
  invoiceId: 'inv-sale-1',
  number: 'F-2026-001',
  direction: 'OUTBOUND',
  rule: 'sale_taxable',
  baseCents: 1_000_049,
  taxCents: 200_010,
};
export const CREDIT: Ca3Contribution = {
  ...base,
  invoiceId: 'inv-credit-1',
  number: 'AV-2026-001',
  invoiceDate: '2026-09-30',
  dueDay: '2026-09-30',
  direction: 'OUTBOUND',
  rule: 'credit_note',
  creditNote: true,
  baseCents: -100_000,
  taxCents: -20_000,
};
export const REVERSE: Ca3Contribution = {
  ...base,
  invoiceId: 'inv-rc-1',
  number: 'DE-778',
  counterpartyName: 'Müller GmbH',
  direction: 'INBOUND',
  rule: 'reverse_charge_intra_eu_goods',
  baseCents: 500_000,
  taxCents: 100_000,
};
export const ASSET: Ca3Contribution = {
  ...base,
  invoiceId: 'inv-asset-1',
  number: 'M-42',
  counterpartyName: 'Machines SA',
  direction: 'INBOUND',
  rule: 'purchase_fixed_asset',
  baseCents: 300_000,
  taxCents: 60_000,
};
export const EXPORT: Ca3Contribution = {
  ...base,
  invoiceId: 'inv-export-1',
  number: 'F-2026-002',
  counterpartyName: 'Acme Inc.',
  direction: 'OUTBOUND',
  rule: 'sale_export',
  baseCents: 250_000,
  taxCents: 0,
};

const box = (
  code: Ca3BoxCode,
  amountCents: number,
  contributions: Ca3Contribution[] = [],
  baseCents: number | null = null,
): Ca3Box => ({ code, amountCents, baseCents, contributions });

const invoice = {
  typeCode: '380',
  creditNote: false,
  dueDate: null,
  counterpartySiren: '552100554',
  currency: 'EUR',
  lifecycleDate: '2026-08-10T09:00:00.000Z',
};

/** Tax 16 = 2 000,10 − 200,00 + 1 000,00 = 2 800,10; deductible 19 600 + 20 1 000 + 22 150 = 1 750. */
export function sampleCa3(): Ca3Report {
  return {
    kind: 'ca3',
    period: { from: '2026-07-01', to: '2026-09-30', label: '2026-Q3' },
    company: { siren: '552100554', name: 'Démo SAS' },
    boxes: [
      box('A1', 900_049, [SALE, { ...CREDIT }]),
      box('A2', 0),
      box('A3', 0),
      box('A4', 0),
      box('B2', 500_000, [REVERSE]),
      box('B4', 0),
      box('E1', 250_000, [EXPORT]),
      box('E2', 0),
      box('F2', 0),
      box('08', 280_010, [SALE, CREDIT, REVERSE], 1_400_049),
      box('9B', 0, [], 0),
      box('09', 0, [], 0),
      box('T6', 0, [], 0),
      box('16', 280_010),
      box('17', 100_000, [REVERSE]),
      box('19', 60_000, [ASSET]),
      box('20', 100_000, [REVERSE]),
      box('21', 0),
      box('22', 15_000),
      box('23', 175_000),
      box('TD', 105_010),
      box('25', 0),
      box('27', 0),
      box('28', 105_010),
    ],
    carriedCreditCents: 15_000,
    held: [
      {
        ...invoice,
        invoiceId: 'inv-held-1',
        direction: 'INBOUND',
        state: 'RECEIVED',
        number: 'LIT-7',
        invoiceDate: '2026-08-12',
        counterpartyName: 'Fournisseur en litige',
        htCents: 40_000,
        tvaCents: 8_000,
        ttcCents: 48_000,
        lifecycleCode: '207',
        reason: 'disputed',
        wouldChange: [{ code: '20', cents: 8_000 }],
      },
    ],
    lacking: [
      {
        ...invoice,
        invoiceId: 'inv-nodetail-1',
        direction: 'OUTBOUND',
        state: 'DELIVERED',
        number: 'F-2026-003',
        invoiceDate: '2026-09-02',
        counterpartyName: 'Client sans détail',
        htCents: 10_000,
        tvaCents: 2_000,
        ttcCents: 12_000,
        lifecycleCode: null,
        reason: 'no_details',
        wouldChange: [
          { code: 'A1', cents: 10_000 },
          { code: '08', cents: 2_000 },
        ],
      },
    ],
    leftOut: [
      {
        ...invoice,
        invoiceId: 'inv-refused-1',
        direction: 'INBOUND',
        state: 'RECEIVED',
        number: 'REF-1',
        invoiceDate: '2026-07-20',
        counterpartyName: 'Fournisseur refusé',
        htCents: 5_000,
        tvaCents: 1_000,
        ttcCents: 6_000,
        lifecycleCode: '210',
        reason: '210',
      },
    ],
    reconciliation: {
      collectedReturnCents: 180_010,
      collectedEntriesCents: 180_010,
      deductibleReturnCents: 160_000,
      deductibleEntriesCents: 160_000,
      differenceCents: 0,
      collectedGapCents: 0,
      deductibleGapCents: 0,
      netEffectCents: 0,
      explanations: [],
    },
    coverage: {
      archivedInvoices: 1200,
      withDetails: 1180,
      lastSyncAt: '2026-11-20T08:15:00.000Z',
      partitionsCut: 0,
      partitionsUnfinished: 0,
      completeSince: null,
    },
    computedAt: '2026-11-22T12:00:00.000Z',
  };
}
