// Archived invoices as the entries read them (archive row + the facts of their details), for
// unit tests of the pre-accounting: every field an entry looks at can be set, the rest has plain
// defaults. And a stand-in AccountChooser (the memory's own is third-parties.ts), and the choice
// an accountant makes from Comptabilité's queue.
import type { AccountingFacts, AccountingRow } from '#main/services/archive/ports.ts';
import type {
  AccountChoice,
  AccountChooser,
  ThirdPartyChoice,
} from '#main/services/accounting/accounting.ts';
import type { ThirdPartyToMap } from '#shared/accounting.ts';
import type { ArchiveRow } from '#shared/archive.ts';

/** A party of the queue mapped as the accountant would: its suggested auxiliary code, and the
 * suggested account unless another is given. */
export function choiceFor(
  party: ThirdPartyToMap,
  account: string = party.suggestedAccount,
): ThirdPartyChoice {
  const { key, role, name, suggestedAuxiliary: auxiliary } = party;
  return { key, role, name, auxiliary, account, label: null };
}

export interface RateSpec {
  category?: string;
  percent?: number;
  /** Euros, as the operator sends them. */
  base: number;
  vat: number;
}

export interface InvoiceSpec {
  n?: number;
  direction?: 'INBOUND' | 'OUTBOUND';
  state?: string;
  type?: string;
  number?: string;
  invoiceDate?: string | null;
  code?: string | null;
  statusDate?: string | null;
  processType?: string;
  /** BT-8 code; null: none given (default 5, VAT on the invoice date). */
  taxCode?: number | null;
  iop?: string;
  currency?: string;
  /** Euros; default the sums of `rates`. */
  ht?: number;
  tva?: number;
  ttc?: number;
  /** BT-111, euros. */
  tvaEur?: number;
  rates?: RateSpec[];
  sellerCountry?: string;
  buyerCountry?: string;
  sellerVat?: string | null;
  accountingCostId?: string;
  /** False: the details are not archived. */
  details?: boolean;
  partyName?: string;
  partySiren?: string | null;
}

const US = { name: 'Notre Société SAS', siren: '552100554', vat: 'FR40552100554' };

const sum = (values: number[]): number => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;

export function accountingRow(spec: InvoiceSpec = {}): AccountingRow {
  const n = spec.n ?? 1;
  const inbound = spec.direction === 'INBOUND';
  const rates = spec.rates ?? [{ category: 'S', percent: 20, base: 100, vat: 20 }];
  const ht = spec.ht ?? sum(rates.map((r) => r.base));
  const tva = spec.tva ?? sum(rates.map((r) => r.vat));
  const ttc = spec.ttc ?? sum([ht, tva]);
  const party = {
    name: spec.partyName ?? (inbound ? 'Fournisseur Dupont SARL' : 'Client Martin SA'),
    siren: spec.partySiren === undefined ? (inbound ? '732829320' : '443061841') : spec.partySiren,
    vat: spec.sellerVat === undefined ? null : spec.sellerVat,
  };
  const seller = inbound ? party : US;
  const buyer = inbound ? US : party;
  const row: ArchiveRow = {
    invoiceId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    direction: spec.direction ?? 'OUTBOUND',
    state: spec.state ?? 'VALID',
    invoiceNumber: spec.number ?? `F-${n}`,
    typeCode: spec.type ?? '380',
    invoiceDate: spec.invoiceDate === undefined ? '2026-10-15' : spec.invoiceDate,
    dueDate: null,
    createDate: '2026-10-15T09:00:00Z',
    sellerName: seller.name,
    sellerSiren: seller.siren,
    sellerSiret: null,
    sellerVat: seller.vat,
    buyerName: buyer.name,
    buyerSiren: buyer.siren,
    buyerSiret: null,
    buyerVat: buyer.vat,
    counterpartyName: party.name,
    counterpartySiren: party.siren,
    counterpartySiret: null,
    counterpartyVat: party.vat,
    htCents: Math.round(ht * 100),
    tvaCents: Math.round(tva * 100),
    ttcCents: Math.round(ttc * 100),
    currency: spec.currency ?? 'EUR',
    lifecycleCode: spec.code ?? null,
    lifecycleDate: spec.statusDate ?? null,
    searchFetchedAt: '2026-11-01T00:00:00Z',
    detailFetchedAt: spec.details === false ? null : '2026-11-01T00:00:00Z',
  };
  const facts: AccountingFacts = {
    processType: spec.processType ?? 'S1',
    taxPaymentCode: spec.taxCode === undefined ? 5 : spec.taxCode,
    taxPaymentIop: spec.iop ?? null,
    currency: spec.currency ?? 'EUR',
    invoiceAmount: ttc,
    taxBasisTotal: ht,
    taxTotal: tva,
    taxTotalAccounting: spec.tvaEur,
    taxDetails: rates.map((r) => ({
      categoryCode: r.category ?? 'S',
      ...(r.percent !== undefined ? { percent: r.percent } : {}),
      taxableAmount: { amount: r.base },
      taxAmount: { amount: r.vat },
    })),
    sellerCountry: spec.sellerCountry ?? 'FR',
    buyerCountry: spec.buyerCountry ?? 'FR',
    accountingCostId: spec.accountingCostId ?? null,
  };
  return { row, facts: spec.details === false ? null : facts };
}

/** Remembers nothing unless told: a party in `confirmed` gets its account, the others the
 * suggestion (the invoice's account, else the default) with a code from their name. */
export function standInChooser(
  confirmed: Record<string, Partial<AccountChoice>> = {},
): AccountChooser & { asked: Parameters<AccountChooser['choose']>[0][] } {
  const asked: Parameters<AccountChooser['choose']>[0][] = [];
  return {
    asked,
    choose(party) {
      asked.push(party);
      const known = confirmed[party.key];
      const code = `${party.role === 'customer' ? 'C' : 'F'}${party.name
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .slice(0, 8)}`;
      if (known)
        return {
          auxiliary: known.auxiliary ?? code,
          account: known.account ?? party.defaultAccount,
          label: known.label ?? null,
          confirmed: true,
          suggestedFrom: 'memory',
        };
      return {
        auxiliary: code,
        account: party.invoiceAccount ?? party.defaultAccount,
        label: null,
        confirmed: false,
        suggestedFrom: party.invoiceAccount ? 'invoice_reference' : 'default',
      };
    },
  };
}
