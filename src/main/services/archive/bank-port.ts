// A connection's bank statements and their matches (issue 29) behind a port (issue 30, item 6 of
// the brief), as the archive's and the user data's: asynchronous, in the domain's words, found
// by connection id, and no transaction crossing it. What must be read and written together (an
// import, a decision, an undo: each proposes every undecided line again) is one call, handed
// the pure rule that proposes (`Propose`, bank/matching's), so that the store runs it inside
// its own transaction. Implementations: bank-directory.ts (the SQLite file of bank-store.ts)
// and postgres/bank.ts (the firm's server).
import type { BankFormat, MatchRule, Allocation, Proposal } from '#shared/bank.ts';
import type { BankAccount, BankMatchRow, NewLine, StoredLine } from './bank-store.ts';

export type { BankAccount, BankMatchRow, NewLine, StoredLine } from './bank-store.ts';

export interface BankSettings {
  windowDays: number;
  toleranceCents: number;
}

/** What proposing again reads, all of it from the transaction that writes the proposals. */
export interface BankSnapshot {
  accounts: BankAccount[];
  settings: BankSettings | null;
  /** The lines no decision covers, by day. */
  undecided: StoredLine[];
  /** What the decisions allocated, by invoice (cents). */
  settled: Map<string, number>;
}

/** The matching rule: proposals for the undecided lines (the others' are kept). */
export type Propose = (snapshot: BankSnapshot) => Proposal[];

/** The accountant's word on a line, given its row and what the decisions settled. */
export type Choose = (
  row: BankMatchRow,
  settled: ReadonlyMap<string, number>,
) => { allocations: Allocation[]; rule: MatchRule | null };

export interface BankPort {
  readonly connectionId: string;

  accounts(): Promise<BankAccount[]>;
  /** Sets an account's 512 account (and name); false when the account is unknown. */
  updateAccount(
    account: string,
    change: { ledgerAccount?: string; name?: string },
  ): Promise<boolean>;
  settings(): Promise<BankSettings | null>;
  saveSettings(settings: BankSettings): Promise<void>;

  /** Every line with its match, by day (those of `ids` only, when given). */
  matches(ids?: ReadonlySet<string>): Promise<BankMatchRow[]>;
  hasLine(lineId: string): Promise<boolean>;
  /** Lines unmatched that no decision covers, and suggestions to confirm. */
  toDecide(): Promise<BankToDecide>;
  /** A few values that change whenever the bank journal's entries would (a cache's key). */
  journalFacts(): Promise<unknown[]>;

  /** An import, in one transaction: the accounts `newAccounts` makes of those known, the lines
   * not stored yet (by their key), then every undecided line proposed again. */
  importLines(
    file: { name: string; format: BankFormat },
    newAccounts: (known: BankAccount[]) => BankAccount[],
    lines: readonly NewLine[],
    at: Date,
    propose: Propose,
  ): Promise<{ added: number; accountsAdded: BankAccount[] }>;
  /** Decides a line (what `choose` says; it may refuse by throwing: nothing written) and proposes
   * again; the line's row after, null when there is no such line. */
  decide(lineId: string, choose: Choose, at: Date, propose: Propose): Promise<BankMatchRow | null>;
  /** Takes a decision back and proposes again; the line's row after, null when no such line. */
  undecide(lineId: string, propose: Propose): Promise<BankMatchRow | null>;
  /** Proposes every undecided line again (the settings changed). */
  rematch(propose: Propose): Promise<void>;
}

/** The bank data of every connection, found by connection id. */
export interface BankDirectory {
  /** The connection's bank data, created on first use (to import). */
  of(connectionId: string): Promise<BankPort>;
  /** The connection's bank data if a statement was ever imported, else null; creates nothing. */
  existing(connectionId: string): Promise<BankPort | null>;
  /** What waits for the accountant (BankPort.toDecide) of each of these connections that has a
   * bank (absent: none), in one call whatever their number: the portfolio's bank figures. An
   * Error for a connection whose bank alone cannot be read (a damaged file): the others answer. */
  toDecideOf(connectionIds: readonly string[]): Promise<Map<string, BankToDecide | Error>>;
}

/** Lines unmatched that no decision covers, and suggestions to confirm. */
export interface BankToDecide {
  unmatched: number;
  suggested: number;
}
