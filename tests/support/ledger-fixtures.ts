// Hand-built ledgers for the FEC writer's and the entries workbook's tests: entries as the engine
// makes them (services/accounting/entries.ts), written out here so that those tests do not
// depend on the engine's rules.
import type {
  Entry,
  EntryLine,
  InvoiceAside,
  HeldReason,
  LeftOutReason,
  Ledger,
} from '#shared/accounting.ts';

const line = (
  account: string,
  accountLabel: string,
  debitCents: number,
  creditCents: number,
  label: string,
  auxiliary: [string, string] | null = null,
): EntryLine => ({
  account,
  accountLabel,
  auxiliary: auxiliary?.[0] ?? null,
  auxiliaryLabel: auxiliary?.[1] ?? null,
  label,
  debitCents,
  creditCents,
});

/** A sale: 411 TTC debit, 706 HT and 44571 VAT credit. */
export function saleEntry(
  number: number,
  date: string,
  pieceRef: string,
  ht: number,
  vat: number,
  customer = 'Dupont SA',
): Entry {
  return {
    journal: 'sales',
    number,
    date,
    kind: 'invoice',
    invoiceId: `inv-${pieceRef}`,
    pieceRef,
    pieceDate: date,
    label: customer,
    direction: 'OUTBOUND',
    creditNote: false,
    lines: [
      line('411000', 'Clients', ht + vat, 0, customer, ['CDUPONT', customer]),
      line('706000', 'Prestations de services', 0, ht, customer),
      line('445710', 'TVA collectée', 0, vat, customer),
    ],
    provisional: false,
    roundingCents: 0,
  };
}

/** A purchase: 6xx HT and 44566 VAT debit, 401 TTC credit; or its credit note, sides reversed. */
export function purchaseEntry(
  number: number,
  date: string,
  pieceRef: string,
  ht: number,
  vat: number,
  supplier = 'Orange',
  creditNote = false,
): Entry {
  const side = (cents: number, debit: boolean): [number, number] =>
    debit !== creditNote ? [cents, 0] : [0, cents];
  return {
    journal: 'purchases',
    number,
    date,
    kind: 'invoice',
    invoiceId: `inv-${pieceRef}`,
    pieceRef,
    pieceDate: date,
    label: supplier,
    direction: 'INBOUND',
    creditNote,
    lines: [
      line('604000', 'Achats de prestations', ...side(ht, true), supplier),
      line('445660', 'TVA déductible', ...side(vat, true), supplier),
      line('401000', 'Fournisseurs', ...side(ht + vat, false), supplier, ['FORANGE', supplier]),
    ],
    provisional: true,
    roundingCents: 0,
  };
}

const held: InvoiceAside<HeldReason> = {
  invoiceId: 'inv-held',
  number: 'F-HELD',
  invoiceDate: '2026-03-10',
  direction: 'INBOUND',
  counterpartyName: 'Litige SARL',
  ttcCents: 12000,
  reason: 'disputed',
  detail: null,
};
const leftOut: InvoiceAside<LeftOutReason> = {
  invoiceId: 'inv-out',
  number: 'F-OUT',
  invoiceDate: '2026-03-11',
  direction: 'OUTBOUND',
  counterpartyName: 'Écart SA',
  ttcCents: 12100,
  reason: 'totals_mismatch',
  detail: 'HT 100,00 + TVA 20,00 ≠ TTC 121,00',
};

/** A ledger of these entries, its journals' totals summed from them. */
export function ledgerOf(entries: Entry[], siren: string | null = '552100554'): Ledger {
  const journals = (
    [
      ['sales', 'VT', 'Ventes'],
      ['purchases', 'HA', 'Achats'],
      ['misc', 'OD', 'Opérations diverses'],
    ] as const
  ).map(([journal, code, label]) => {
    const of = entries.filter((e) => e.journal === journal);
    const lines = of.flatMap((e) => e.lines);
    return {
      journal,
      code,
      label,
      entries: of.length,
      lines: lines.length,
      debitCents: lines.reduce((s, l) => s + l.debitCents, 0),
      creditCents: lines.reduce((s, l) => s + l.creditCents, 0),
    };
  });
  return {
    period: { from: '2026-03-01', to: '2026-03-31', label: '2026-03' },
    company: { siren, name: 'Société Démo' },
    journals,
    entries,
    held: [held],
    leftOut: [leftOut],
    toMap: [],
    debitCents: journals.reduce((s, j) => s + j.debitCents, 0),
    creditCents: journals.reduce((s, j) => s + j.creditCents, 0),
    coverage: {
      archivedInvoices: entries.length + 2,
      withDetails: entries.length + 2,
      lastSyncAt: '2026-04-01T08:00:00.000Z',
      partitionsCut: 0,
      partitionsUnfinished: 0,
      completeSince: null,
    },
    computedAt: '2026-04-01T09:00:00.000Z',
  };
}
