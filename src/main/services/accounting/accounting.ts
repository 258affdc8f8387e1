// What the app, the browser host and the CLI ask of the accounting (issue 17): the company's
// settings, its third parties' accounts, a period's entries, and the FEC. One instance per app
// (services/index.ts), working on the connection named in each call: its archive (read only) and
// its user-data file (settings and third parties, which a rebuild of the archive never loses).
import type {
  AccountingSettings,
  CompanyProfile,
  FecEncoding,
  FecSeparator,
  Ledger,
  ThirdParty,
  ThirdPartyChoice,
  ThirdPartyRole,
} from '#shared/accounting.ts';
import type { ReportPeriod } from '#shared/reports.ts';

/** Why a choice (from the queue, the list or a CSV line) is refused; the screen words each one. */
export const THIRD_PARTY_PROBLEMS = [
  'key', // not a SIREN, a VAT number or NAME:…
  'role', // not client / fournisseur (customer / supplier)
  'name', // empty or longer than 200 characters
  'auxiliary_format', // not 1 to 17 letters, digits or - _ .
  'auxiliary_taken', // another third party has this auxiliary code
  'account_format', // not 3 to 20 digits
  'account_class', // not a revenue (7) account for a customer, an expense (6) or asset (2) one for a supplier
  'label', // longer than 200 characters
  'repeated', // a later line of the file gives the same third party (that one is kept)
  'columns', // a CSV line with fewer columns than the header's
  'quote', // a CSV line with a quote opened and never closed
  'encoding', // a CSV line with characters that could not be read (not UTF-8)
] as const;
export type ThirdPartyProblem = (typeof THIRD_PARTY_PROBLEMS)[number];

/** The accountant's choice for one third party (#shared/accounting.ts). */
export type { ThirdPartyChoice };

export interface CsvImportResult {
  added: number;
  updated: number;
  /** Lines refused, 1-based as a spreadsheet numbers them, with the reason in words (English,
   * for the CLI) and its code (THIRD_PARTY_PROBLEMS above: the screen words it). */
  refused: { line: number; reason: string; code: ThirdPartyProblem }[];
}

export interface FecOptions {
  separator: FecSeparator;
  encoding: FecEncoding;
  /** The closing date written in the file name (YYYY-MM-DD); default: the period's last day. */
  closingDate?: string;
}

export interface FecSummary {
  /** The file's legal name, <SIREN>FEC<AAAAMMJJ>.txt. */
  fileName: string;
  entries: number;
  lines: number;
  debitCents: number;
  creditCents: number;
}

/** What the AccountChooser gives an entry for a third party: remembered, or suggested. */
export interface AccountChoice {
  auxiliary: string;
  account: string;
  label: string | null;
  confirmed: boolean;
  suggestedFrom: 'memory' | 'default' | 'invoice_reference' | 'same_name';
}

/** The third-party memory as the entries see it while a ledger is built: the remembered
 * choice, else a suggestion (suggested auxiliary codes are reserved for the run, so two new
 * parties never get the same code). */
export interface AccountChooser {
  choose(party: {
    key: string;
    role: ThirdPartyRole;
    name: string;
    /** The invoice's BT-19 accounting reference when it looks like a PCG account, else null. */
    invoiceAccount: string | null;
    /** The default account for this invoice (goods / services / intra-EU / export…). */
    defaultAccount: string;
  }): AccountChoice;
  /** The suggested codes made again in a fixed order, old code → new (third-parties.ts): the
   * ledger calls it once all its parties were met. */
  settleSuggestions?(): Map<string, string>;
}

/** Async: the archive and the user data are read through their ports (issue 28). */
export interface AccountingService {
  profile(connectionId: string): Promise<CompanyProfile>;
  saveSettings(connectionId: string, settings: AccountingSettings): Promise<CompanyProfile>;
  ledger(connectionId: string, period: ReportPeriod): Promise<Ledger>;
  thirdParties(connectionId: string): Promise<ThirdParty[]>;
  /** Remembers the accountant's choices; later invoices of these parties use them. */
  mapThirdParties(connectionId: string, choices: ThirdPartyChoice[]): Promise<ThirdParty[]>;
  exportThirdPartiesCsv(connectionId: string): Promise<string>;
  importThirdPartiesCsv(connectionId: string, csv: string): Promise<CsvImportResult>;
}
