// Bank statements (issue 29): the one shape every parser gives (CFONB 120, CAMT.053, OFX), the
// matches of their lines to invoices, and the import's summary. Amounts are integer cents,
// signed from the account holder's side: + money in (a customer pays), − money out.

export const BANK_FORMATS = ['cfonb120', 'camt053', 'ofx'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];

/** A balance as the bank states it, with its day when the format gives one. */
export interface StatedBalance {
  cents: number;
  /** YYYY-MM-DD */
  day?: string;
}

export interface StatementLine {
  /** The bank's own id of the movement (CAMT AcctSvcrRef, OFX FITID, CFONB reference), if any. */
  bankRef?: string;
  /** YYYY-MM-DD, the booking day. */
  bookingDay: string;
  /** YYYY-MM-DD, the value day, when given. */
  valueDay?: string;
  /** Signed cents: + credit (money in), − debit (money out). */
  cents: number;
  label: string;
  /** Free remittance text and structured references, joined by spaces. */
  remittance?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  endToEndId?: string;
  /** 1-based line of the file where the movement starts (0 when the format gives none). */
  sourceLine: number;
}

export interface Statement {
  /** The account: its IBAN when known (a French RIB is turned into its IBAN), else as given. */
  account: string;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  opening?: StatedBalance;
  closing?: StatedBalance;
  lines: StatementLine[];
}

/** A parsed file: one or more statements (several accounts or days may share a file). */
export interface BankFile {
  format: BankFormat;
  statements: Statement[];
}

/** The rule that made a match (issue 29, tiers a to d). */
export const MATCH_RULES = [
  'reference',
  'amount-counterparty',
  'grouped',
  'partial',
  'tolerance',
] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

export const MATCH_STATES = ['auto', 'suggested', 'confirmed', 'unmatched'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

// ---- The Banque screen (issue 29, item 5): what crosses to the renderer ----

/** An invoice a line pays or may pay, as the screen names it. */
export interface BankInvoiceRef {
  invoiceId: string;
  number: string;
  counterpartyName: string;
  /** What this line gives to it, in cents (positive). */
  cents: number;
}

export interface BankLineView {
  id: string;
  /** The account's IBAN. */
  account: string;
  /** YYYY-MM-DD, the booking day. */
  day: string;
  cents: number;
  label: string;
  counterpartyName: string | null;
  state: MatchState;
  rule: MatchRule | null;
  invoices: BankInvoiceRef[];
  /** Suggested sets, best first. */
  suggestions: BankInvoiceRef[][];
  /** The accountant's decision (confirmed, or no invoice): undo hands it back to matching. */
  decided: boolean;
  /** On the firm's archive (issue 30), a decided line's ISO date-time of decision. */
  decidedAt?: string;
  /** On the firm's archive, who decided it when another workstation's user did; absent: this
   * user ("par vous"). */
  decidedBy?: string;
}

export interface BankAccountView {
  account: string;
  name: string;
  ledgerAccount: string;
  currency: string;
}

export interface BankView {
  connectionId: string;
  accounts: BankAccountView[];
  /** Newest first. */
  lines: BankLineView[];
}

export interface BankImportResult {
  file: string;
  format: BankFormat;
  lines: number;
  added: number;
  already: number;
  accountsAdded: number;
  auto: number;
  suggested: number;
  confirmed: number;
  unmatched: number;
}

/** The details of an import refused (AppError.details): the file's line, when known. */
export interface BankRefusal {
  line: number | null;
  reason: string;
}

/** A statement line as matching reads it (main's bank/matching.ts), with its stored id. */
export interface LineToMatch extends StatementLine {
  id: string;
}

/** Part of a line's amount given to one invoice, in cents. */
export interface Allocation {
  invoiceId: string;
  cents: number;
}

/** What matching proposes for one line: matched, suggestions to confirm, or nothing. */
export type Proposal =
  | { lineId: string; state: 'auto'; rule: MatchRule; allocations: Allocation[] }
  | { lineId: string; state: 'suggested'; rule: MatchRule; candidates: Allocation[][] }
  | { lineId: string; state: 'unmatched' };
