// Pre-accounting (issue 17): a connection is one company, a client of the firm. Its settings,
// the memory of its third parties' accounts, and the journal entries of a period, as they cross
// to the renderer and the CLI. Computed in main (src/main/services/accounting/) from the archive
// and the user-data file. Amounts in integer cents; days as YYYY-MM-DD.
// The rules each entry follows are in docs/accounting.md (PCG, art. A47 A-1 LPF).
import type { Direction } from './operator/enums.ts';
import type { ReportCoverage, ReportPeriod } from './reports.ts';
import type { LegalForm, VatRegime } from './tax-calendar.ts';

export type JournalKind = 'sales' | 'purchases' | 'misc';
export const JOURNAL_KINDS = ['sales', 'purchases', 'misc'] as const;
/** The journals of a ledger: the settings' three, and the bank journal ('treasury': BQ, issue 29 item 4) when
 * the connection has bank statements in the period. */
export type LedgerJournal = JournalKind | 'treasury';
export const LEDGER_JOURNALS = [...JOURNAL_KINDS, 'treasury'] as const;

export interface Journal {
  code: string; // VT, HA, OD by default
  label: string; // Ventes, Achats, Opérations diverses
}

/** The company's accounts, with French defaults (PCG) a firm changes once. */
export interface AccountPlan {
  customers: string; // 411000 collective account of customers
  suppliers: string; // 401000 collective account of suppliers
  revenueGoods: string; // 707000
  revenueServices: string; // 706000
  revenueIntraEu: string; // 707100 intra-EU deliveries (category K)
  revenueExport: string; // 707200 exports outside the EU (category G)
  expenseGoods: string; // 607000
  expenseServices: string; // 604000
  vatCollected: string; // 445710 TVA collectée
  vatDeductible: string; // 445660 TVA déductible sur autres biens et services
  vatDeductibleAssets: string; // 445620 TVA déductible sur immobilisations
  vatCollectedOnPayment: string; // 445740 TVA collectée en attente d'encaissement
  vatDeductibleOnPayment: string; // 445640 TVA déductible en attente de paiement
  vatReverseChargeDue: string; // 445200 TVA due intracommunautaire (autoliquidation)
  vatReverseChargeDeductible: string; // 445662 TVA déductible intracommunautaire
  roundingLoss: string; // 658000 a rounding difference on the debit side
  roundingGain: string; // 758000 a rounding difference on the credit side
  suspense: string; // 471000 the bank lines no invoice explains (issue 29): compte d'attente
}

/** How a new third party's auxiliary account code is made: prefix + a stem of its name. */
export interface AuxiliaryConvention {
  customerPrefix: string; // "C"
  supplierPrefix: string; // "F"
  stemLength: number; // letters of the name kept (default 8)
}

export interface AccountingSettings {
  /** The company's SIREN as the user set it; null: found from its invoices (see `siren`). */
  siren: string | null;
  /** The fiscal year's last day as MM-DD (default 12-31). */
  fiscalYearEnd: string;
  journals: Record<JournalKind, Journal>;
  accounts: AccountPlan;
  auxiliary: AuxiliaryConvention;
  /** VAT rate of a reverse-charge purchase, in basis points, when the invoice gives none (2000). */
  reverseChargeRateBp: number;
  /** How the company files its VAT (CGI 287): a CA3 a month (the default) or a quarter, or the
   * simplified regime's CA12 a year (issue 26, item 4). */
  vatRegime: VatRegime;
  /** What the CA3's legal due day rests on (CGI annexe IV art. 39; shared/tax-calendar.ts). */
  legalForm: LegalForm;
  /** The registered office's department ("75", "2A", "974"); null when not set. */
  department: string | null;
  /** The bank journal of the statements' entries (issue 29): BQ "Banque" by default. */
  bankJournal: Journal;
}

/** The company as the accounting sees it: settings, and the SIREN found from its invoices
 * (the seller of issued invoices, the buyer of received ones). */
export interface CompanyProfile {
  settings: AccountingSettings;
  foundSiren: string | null;
}

export type ThirdPartyRole = 'customer' | 'supplier';

/** The accountant's choice for one third party (from the queue, the memory list or a CSV). */
export interface ThirdPartyChoice {
  key: string;
  role: ThirdPartyRole;
  name: string;
  /** Auxiliary account code, unique per connection (e.g. "FORANGE"). */
  auxiliary: string;
  /** Revenue (7xx) or expense (6xx) account; a 2xx account makes its purchases fixed assets. */
  account: string;
  /** The entries' label for this party's invoices; null: the party's name. */
  label: string | null;
}

/** One third party's accounts, remembered per connection. Keyed by SIREN, or the VAT number
 * for a foreign party (or "NAME:<name>" when an invoice gives neither). */
export interface ThirdParty extends ThirdPartyChoice {
  /** True once the accountant chose (or imported) it; false for the app's suggestion. */
  confirmed: boolean;
  updatedAt: string;
  /** On the firm's archive (issue 30), who set it last when another workstation's user did;
   * absent: this user. */
  updatedBy?: string;
}

/** A new third party of the period waiting for the accountant's choice. */
export interface ThirdPartyToMap {
  key: string;
  role: ThirdPartyRole;
  name: string;
  suggestedAuxiliary: string;
  suggestedAccount: string;
  /** Why this account: the firm's default, the invoice's own accounting reference (BT-19)… */
  suggestedFrom: 'default' | 'invoice_reference' | 'same_name';
  invoices: number;
  /** Sum of the party's invoices HT in the period, in cents. */
  htCents: number;
}

export interface EntryLine {
  account: string;
  accountLabel: string;
  /** Only on the 401 / 411 lines. */
  auxiliary: string | null;
  auxiliaryLabel: string | null;
  label: string;
  debitCents: number;
  creditCents: number;
  /** EcritureLet: the lettering code of a 411 / 401 line an invoice and the bank lines that paid
   * it in full share (issue 29, item 4); absent when not lettered. */
  letter?: string;
  /** DateLet (YYYY-MM-DD): the day of the bank line that completed the payment. */
  letterDay?: string;
}

/** An invoice's entry, the move of its VAT on payment, or a bank statement line (BQ). */
export type EntryKind = 'invoice' | 'vat_on_payment' | 'bank_line';

/** One balanced entry: an invoice, or the move of an invoice's VAT on payment (212 date). */
export interface Entry {
  journal: LedgerJournal;
  /** EcritureNum: continuous in chronological order across the period (1, 2, 3…). */
  number: number;
  date: string;
  kind: EntryKind;
  /** The invoice (a bank line's: the first invoice it paid, '' when none). */
  invoiceId: string;
  /** PieceRef and PieceDate: the invoice's number and date (a bank line's reference and day). */
  pieceRef: string;
  pieceDate: string;
  label: string;
  direction: Direction;
  creditNote: boolean;
  lines: EntryLine[];
  /** A third party of this entry still has the app's suggested accounts. */
  provisional: boolean;
  /** Cents sent to the rounding account to balance (0 when none). */
  roundingCents: number;
}

/** Why an invoice gives no entry (left out) or waits for the accountant (held). */
export const LEFT_OUT_REASONS = [
  'refused', // 210 Refusée
  'rejected', // 213 Rejetée
  'invalid', // the platform's INVALID / WRONG_ROUTING / CONVERSION_FAILED / NOT_DELIVERED
  'duplicated', // DUPLICATED
  'no_details', // the archive has not its full business data (sync with details)
  'foreign_currency', // another currency with no euro VAT total
  'totals_mismatch', // HT + TVA ≠ TTC, or the VAT breakdown does not add up
  'no_vat_breakdown', // no taxDetails
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export const HELD_REASONS = ['disputed', 'suspended'] as const; // 207 En litige, 208 Suspendue
export type HeldReason = (typeof HELD_REASONS)[number];

export interface InvoiceAside<R extends string> {
  invoiceId: string;
  number: string | null;
  invoiceDate: string | null;
  direction: Direction;
  counterpartyName: string | null;
  ttcCents: number | null;
  reason: R;
  /** Words for the reason's specifics (e.g. "HT 100,00 + TVA 20,00 ≠ TTC 121,00"). */
  detail: string | null;
}

export interface JournalTotals {
  journal: LedgerJournal;
  code: string;
  label: string;
  entries: number;
  lines: number;
  debitCents: number;
  creditCents: number;
}

/** The entries of a period and everything set aside, as the screen, the FEC and the CLI see them. */
export interface Ledger {
  period: ReportPeriod;
  company: { siren: string | null; name: string | null };
  journals: JournalTotals[];
  entries: Entry[];
  held: InvoiceAside<HeldReason>[];
  leftOut: InvoiceAside<LeftOutReason>[];
  toMap: ThirdPartyToMap[];
  debitCents: number;
  creditCents: number;
  coverage: ReportCoverage;
  computedAt: string;
}

export type FecSeparator = 'tab' | 'pipe';
export type FecEncoding = 'utf-8' | 'iso-8859-15';
