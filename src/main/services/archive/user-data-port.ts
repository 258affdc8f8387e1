// What the user wrote about one connection's invoices, beside what the operator said (issue 28,
// item 4): payment marks, handled exceptions, accounting settings, third parties, declared
// returns and the credit carried to the next one, typed exchange rates. Found by connection id,
// never by a file's path; asynchronous, so that a database on another machine can implement it.
// The embedded implementation: user-data-directory.ts (one SQLite file per connection).
import type { AccountingSettings, ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import type { ExceptionHandled } from '#shared/exceptions.ts';
import type { PaymentMark } from '#shared/payments.ts';

/** A period as the user data keys it (its first and last day, both included). */
export interface Period {
  from: string;
  to: string;
}

/** A VAT return recorded as declared: the day, the amount and the figures it was declared on
 * (services/tax/declared.ts reads them). */
export interface DeclaredReturnRecord {
  period: Period & { label: string };
  declaredOn: string;
  amountCents: number;
  figures: unknown;
  by: string;
  at: string;
}

/** A rate the user typed for an invoice in another currency (units per euro, as text). */
export interface TypedRate {
  currency: string;
  rate: string;
  typedAt: string;
}

/** One connection's user data. */
export interface UserDataPort {
  readonly connectionId: string;

  /** The marks of these invoices (all marks without a list), by invoice id. */
  paymentMarks(invoiceIds?: readonly string[]): Promise<Map<string, PaymentMark>>;
  /** Marks the invoices paid on `paidOn` (a mark already there is replaced). */
  markPaid(
    invoiceIds: readonly string[],
    paidOn: string,
    note: string | null,
    at: Date,
  ): Promise<void>;
  /** Takes the marks off; how many there were. */
  unmarkPaid(invoiceIds: readonly string[]): Promise<number>;

  /** The exceptions the user handled, by invoice id. */
  handledExceptions(): Promise<Map<string, ExceptionHandled>>;
  markExceptionsHandled(
    marks: readonly { invoiceId: string; reasons: readonly string[] }[],
    note: string | null,
    by: string,
    at: Date,
  ): Promise<void>;
  /** Opens the exceptions again; how many were handled. */
  reopenExceptions(invoiceIds: readonly string[]): Promise<number>;

  /** The settings kept, each damaged or absent one read as its default. */
  accountingSettings(): Promise<AccountingSettings>;
  /** Keeps settings the caller already validated. */
  saveAccountingSettings(settings: AccountingSettings, at: Date): Promise<void>;

  thirdParties(): Promise<ThirdParty[]>;
  thirdParty(key: string, role: ThirdPartyRole): Promise<ThirdParty | null>;
  saveThirdParties(list: readonly ThirdParty[]): Promise<void>;
  /** Every auxiliary code in use, with whom it belongs to. */
  auxiliaryCodes(): Promise<Map<string, { key: string; role: ThirdPartyRole; name: string }>>;

  /** The credit carried into the return of `period` (line 22), in cents; 0 when none. */
  carriedCredit(period: Period): Promise<number>;
  saveCarriedCredit(period: Period, cents: number, at: Date): Promise<void>;
  declaredReturn(period: Period): Promise<DeclaredReturnRecord | null>;
  declaredReturns(): Promise<DeclaredReturnRecord[]>;
  saveDeclaredReturn(record: DeclaredReturnRecord): Promise<void>;
  /** Forgets a declaration; whether there was one. */
  removeDeclaredReturn(period: Period): Promise<boolean>;

  /** The rates typed for invoices, by invoice id. */
  invoiceRates(): Promise<Map<string, TypedRate>>;
  /** Keeps (or, with null, forgets) the rate typed for one invoice. */
  saveInvoiceRate(
    invoiceId: string,
    rate: { currency: string; rate: string } | null,
    at: Date,
  ): Promise<void>;
}

/** The user data of every connection, found by connection id. */
export interface UserDataDirectory {
  /** The connection's user data, created on first use (to write). */
  of(connectionId: string): Promise<UserDataPort>;
  /** The connection's user data if the user ever wrote some, else null; creates nothing (to read). */
  existing(connectionId: string): Promise<UserDataPort | null>;
}
