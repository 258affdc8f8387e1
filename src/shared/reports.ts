// The accountant's reports (TVA, échéancier, statuts) as they cross to the renderer and the CLI.
// Computed in main from the archive (src/main/services/reports/). Amounts in integer cents.
import type { VatCheck } from './vat-check.ts';
import type { Direction } from './operator/enums.ts';
import type { PaidSource } from './payments.ts';
import type { Ca3Report } from './ca3.ts';

export const REPORT_KINDS = ['vat', 'aging', 'status', 'ca3', 'vatCheck'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A period of days, both ends included (YYYY-MM-DD), and how the user named it:
 * a month "2026-10", a quarter "2026-Q3", a year "2026", or a custom range "2026-01-15..2026-02-14". */
export interface ReportPeriod {
  from: string;
  to: string;
  label: string;
}

/** What the archive held when the report was computed: a report is never better than it. */
export interface ReportCoverage {
  /** Invoices in the archive, and how many of them have their full details. */
  archivedInvoices: number;
  withDetails: number;
  /** The last finished sync (ISO), null when the archive was never synced. */
  lastSyncAt: string | null;
  /** Direction × state partitions the operator's 1,200-row window cut (older invoices missing). */
  partitionsCut: number;
  /** Partitions no sync has read to their end yet. */
  partitionsUnfinished: number;
  /** When partitions were cut: the archive holds every invoice deposited since this time (ISO),
   * older ones only in part. Null when nothing was cut. */
  completeSince: string | null;
}

/** An invoice as a report names it (in a list of pending, excluded or rejected invoices). */
export interface ReportInvoice {
  invoiceId: string;
  direction: Direction;
  state: string;
  number: string | null;
  typeCode: string | null;
  creditNote: boolean;
  invoiceDate: string | null;
  dueDate: string | null;
  counterpartyName: string | null;
  counterpartySiren: string | null;
  htCents: number | null;
  tvaCents: number | null;
  ttcCents: number | null;
  currency: string;
  lifecycleCode: string | null;
  /** ISO date-time of the last lifecycle status. */
  lifecycleDate: string | null;
}

// ---- TVA ----

/**
 * How the day the VAT became due was chosen for an invoice (BT-8 taxPaymentOption):
 * - invoice_date: the invoice's date (codes 3 and 5, or INVOICE_DATE);
 * - delivery_date: the delivery date (codes 29 and 35, or DELIVERY_DATE);
 * - delivery_unknown: delivery rule but the invoice gives no delivery date: its invoice date;
 * - payment_date: the date of its 212 "Encaissée" status (codes 72 and 432, or PAYMENT_DATE);
 * - unknown: the invoice says nothing usable: its invoice date;
 * - no_details: the invoice's details are not archived yet: its invoice date, and its totals
 *   (rate unknown) from the search.
 */
export const VAT_RULES = [
  'invoice_date',
  'delivery_date',
  'delivery_unknown',
  'payment_date',
  'unknown',
  'no_details',
  // Goods between member states (an intra-EU delivery K, or a self-assessed acquisition): the
  // 15th of the month after the delivery, or the invoice date when earlier (CGI art. 269).
  'intra_eu',
] as const;
export type VatRule = (typeof VAT_RULES)[number];

/** Why an invoice dated in the period does not count: its state or its last lifecycle code. */
export const VAT_EXCLUSION_STATES = [
  'INVALID',
  'DUPLICATED',
  'WRONG_ROUTING',
  'CONVERSION_FAILED',
  'NOT_DELIVERED',
] as const;
export const VAT_EXCLUSION_CODES = ['210', '213'] as const;

/** One VAT breakdown entry (BG-23) of a counted invoice: the detail behind the figures. */
export interface VatLine {
  invoiceId: string;
  direction: Direction;
  number: string | null;
  typeCode: string | null;
  creditNote: boolean;
  invoiceDate: string | null;
  counterpartyName: string | null;
  counterpartySiren: string | null;
  rule: VatRule;
  /** The day the VAT became due, YYYY-MM-DD, and its month YYYY-MM. */
  taxPointDate: string;
  month: string;
  /** Null for an invoice counted without its details (rate unknown). */
  category: string | null;
  percent: number | null;
  /** Signed: a credit note counts negative. */
  baseCents: number;
  vatCents: number;
  currency: string;
  /** Reverse charge (issue 18): VAT the buyer self-assesses on a purchase shown 0 € on the
   * invoice, at the French rate (`percent`), on both sides: the deductible line (INBOUND) and
   * its twin among the collected (OUTBOUND), both of the purchase invoice. */
  selfAssessed: boolean;
  /** VAT on payment: the payment its day comes from (status 212 or the accountant's mark). */
  payment?: VatPayment | null;
}

/** The day an invoice was paid, as VAT on payment counts it (issue 26, item 2), and where it
 * came from: the operator's 212 "Encaissée" status, or the accountant's paid mark (when and
 * with what note). Where both say a day and they differ, the mark's counts and the status's is
 * kept in `statusDay` to be shown. */
export interface VatPayment {
  day: string;
  source: 'status_212' | 'marked' | 'bank';
  markedAt: string | null;
  note: string | null;
  statusDay: string | null;
}

/** The sum of the lines of one direction, month, rate and currency (self-assessed apart). */
export interface VatFigure {
  direction: Direction;
  month: string;
  category: string | null;
  percent: number | null;
  currency: string;
  selfAssessed: boolean;
  baseCents: number;
  vatCents: number;
  /** Invoices behind the figure. */
  invoices: number;
}

export interface VatTotal {
  direction: Direction;
  currency: string;
  baseCents: number;
  vatCents: number;
  invoices: number;
}

export interface VatPending extends ReportInvoice {
  rule: 'payment_date';
  /** The day it was paid (212 or the accountant's mark) when after the period, else null. */
  collectedOn: string | null;
  /** Where that day came from. */
  payment?: VatPayment | null;
}

/** Disputed (207) or suspended (208): held for the accountant's decision, not counted (as the
 * CA3 and the entries hold it), with the VAT it would add were it counted, in euros. */
export interface VatHeld extends ReportInvoice {
  reason: 'disputed' | 'suspended';
  wouldChange: { collectedCents: number; deductibleCents: number };
}

export interface VatExcluded extends ReportInvoice {
  /** The state or the lifecycle code that excludes it. */
  reason: string;
}

/** VAT in euros (other currencies are not converted), in cents. */
export interface VatBalance {
  collectedCents: number;
  deductibleCents: number;
  /** Collected minus deductible. */
  netCents: number;
}

/** A month's VAT in euros: what the screen's chart and table and the workbook's summary show. */
export interface VatMonth extends VatBalance {
  month: string;
}

export interface VatReport {
  kind: 'vat';
  period: ReportPeriod;
  /** The months of the period, YYYY-MM. */
  months: string[];
  figures: VatFigure[];
  totals: VatTotal[];
  /** Every month of the period, in order. */
  byMonth: VatMonth[];
  /** The whole period in euros (the months together): the screen's net and the workbook's total. */
  balance: VatBalance;
  lines: VatLine[];
  /** Paid on receipt (encaissement), dated in the period, not collected within it: not counted. */
  pending: VatPending[];
  /** Refused, rejected, invalid or duplicated, dated in the period: not counted. */
  excluded: VatExcluded[];
  /** Disputed or suspended, whose VAT would be due in the period: not counted. */
  held: VatHeld[];
  /** Counted from their search totals (rule no_details): their details are not archived yet. */
  withoutDetails: number;
  coverage: ReportCoverage;
  generatedAt: string;
}

// ---- Échéancier ----

export const AGING_BUCKETS = [
  'not_due',
  'days_1_30',
  'days_31_60',
  'days_61_90',
  'over_90',
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** An invoice not known as paid on the as-of day: no payment status (211, 212) and no "paid"
 * mark of the user by then. Not the same as unpaid: payment statuses are mandatory only for
 * services taxed on payment, so most goods invoices never get one. */
export interface AgingLine extends ReportInvoice {
  /** The due date used: the invoice's, else its invoice date (due on receipt). */
  dueOn: string;
  daysLate: number;
  bucket: AgingBucket;
  /** What is left to pay (BT-115, else the total), signed: a credit note is negative. */
  amountCents: number;
  /** Known as paid after the as-of day (a later status or mark): that day and why, else null. */
  paidOn: string | null;
  paidSource: PaidSource | null;
  /** The user's mark, when there is one (paid after the as-of day). */
  markedAt: string | null;
  note: string | null;
  /** Who marked it, when another workstation's user of the firm's archive (issue 30). */
  markedBy?: string;
  /** Paid in part by the as-of day (bank matches dated by then), already taken off
   * `amountCents`; absent when none. */
  paidPartCents?: number;
  /** Credit notes allocated to this invoice by the as-of day (open-items.ts), already taken off
   * `amountCents`; on a credit note, what of it went to invoices. Absent when none. */
  creditedCents?: number;
}

/** An invoice known as paid on the as-of day, by the operator's status or the user's mark. */
export interface AgingPaid extends ReportInvoice {
  /** The payment day (null: a status without a date). */
  paidOn: string | null;
  paidSource: PaidSource;
  /** The user's mark (paidSource 'marked', or a mark beside a status): when set, and its note. */
  markedAt: string | null;
  note: string | null;
  /** Who marked it, when another workstation's user of the firm's archive (issue 30). */
  markedBy?: string;
  /** What was left to pay, signed as in the lines. */
  amountCents: number;
}

/** Amounts per bucket, in AGING_BUCKETS order. */
export interface AgingAmounts {
  currency: string;
  buckets: number[];
  totalCents: number;
  invoices: number;
}

export interface AgingCounterparty extends AgingAmounts {
  name: string | null;
  siren: string | null;
  vatNumber: string | null;
}

export interface AgingSide {
  /** OUTBOUND: receivables (issued invoices); INBOUND: payables (received invoices). */
  direction: Direction;
  totals: AgingAmounts[];
  counterparties: AgingCounterparty[];
}

export interface AgingReport {
  kind: 'aging';
  period: ReportPeriod;
  /** The day the ages are counted at: the period's end, or today when it ends later. */
  asOf: string;
  sides: AgingSide[];
  lines: AgingLine[];
  /** Paid by the as-of day: every invoice the user marked, and those paid within the period
   * (from its first day to the as-of day) by a status. */
  paid: AgingPaid[];
  /** Invoices left out of the figures as paid by the as-of day: by a status, by a mark alone,
   * by a bank statement's match alone (issue 29, item 3). */
  paidByStatus: number;
  paidByMark: number;
  paidByBank: number;
  /** Of `paidByMark`, those marked by another workstation's user of the firm's archive (issue
   * 30); absent when none. */
  paidByOthers?: number;
  /** Of `lines`, those past due on the as-of day (at least a day late): the one count the
   * portfolio's "échues", this screen and the workbook's sheet of them all show. */
  pastDue: number;
  coverage: ReportCoverage;
  generatedAt: string;
}

// ---- Statuts ----

export interface StatusCount {
  month: string;
  direction: Direction;
  /** The invoice state, or the last lifecycle code (null: no status yet). */
  key: string | null;
  count: number;
}

/** Counts in the matrix's key order and their sum: per direction, and both together. */
export interface StatusCounts {
  counts: Record<'all' | Direction, number[]>;
  total: Record<'all' | Direction, number>;
}

/** The counts of one month. */
export interface StatusMatrixRow extends StatusCounts {
  month: string;
}

/** The counts of a StatusReport laid out as the screen and the workbook show them. */
export interface StatusMatrix {
  /** Every key counted in the period (states in the interface's order, lifecycle codes in
   * number order, null "no status" last). */
  keys: (string | null)[];
  /** Every month of the period, in order. */
  rows: StatusMatrixRow[];
  /** Every month together: the tables' totals line. */
  totals: StatusCounts;
}

export interface StatusReport {
  kind: 'status';
  period: ReportPeriod;
  months: string[];
  byState: StatusCount[];
  byLifecycle: StatusCount[];
  stateMatrix: StatusMatrix;
  lifecycleMatrix: StatusMatrix;
  /** Refused (210), rejected (213) or rejected by the platform (INVALID, DUPLICATED…). */
  rejected: ReportInvoice[];
  invoices: number;
  coverage: ReportCoverage;
  generatedAt: string;
}

/** 'ca3': the VAT return's draft (src/shared/ca3.ts, issue 18). */
export type Report = VatReport | AgingReport | StatusReport | Ca3Report | VatCheck;
