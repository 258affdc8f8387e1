// The exceptions list of a connection (issue 19, item 4): the invoices of a period that wait for
// the accountant, each with its reasons, and the accountant's "handled" mark with a note (kept in
// the user-data file, src/main/services/archive/user-data-store.ts). Computed in main
// (src/main/services/exceptions/) from the archive, the period's ledger and the user's marks.
import type { HeldReason, LeftOutReason, ThirdPartyRole } from './accounting.ts';
import type { Direction } from './operator/enums.ts';
import type { ActOnCode } from './portfolio.ts';
import type { ReportCoverage, ReportPeriod } from './reports.ts';

/** Why an invoice is on the list. One invoice may have several. */
export type ExceptionReason =
  /** Its last lifecycle status asks for an action: 213 rejected, 210 refused, 207 disputed,
   * 208 suspended. */
  | {
      kind: 'status';
      code: ActOnCode;
      /** What the period's ledger made of it: held (207, 208) or left out (210, 213: refused,
       * rejected, or set aside by the platform) of the entries, with the ledger's reason; null
       * when the ledger says nothing of it. */
      entries:
        | { situation: 'held'; reason: HeldReason }
        | { situation: 'left_out'; reason: LeftOutReason; detail: string | null }
        | null;
    }
  /** Not known as paid (no 211/212, no payment mark) and its due day (else its date) is past. */
  | { kind: 'past_due'; dueDate: string; days: number }
  /** Its third party still has the app's suggested accounts (Comptabilité's queue). */
  | { kind: 'unmapped'; party: string; role: ThirdPartyRole }
  /** Held from the period's entries (disputed or suspended), when no status reason says so. */
  | { kind: 'held'; reason: HeldReason }
  /** Left out of the period's entries, with the specifics in words when there are some. */
  | { kind: 'left_out'; reason: LeftOutReason; detail: string | null };

export type ExceptionReasonKind = ExceptionReason['kind'];

/** What a handled mark covers: the reasons' keys (reasonKey) when it was set. A reason that
 * appears later (a new status, a due day passed) opens the invoice again. */
export function reasonKey(reason: ExceptionReason): string {
  switch (reason.kind) {
    case 'status':
      return `status:${reason.code}`;
    case 'past_due':
      return 'past_due';
    case 'unmapped':
      return 'unmapped';
    case 'held':
      return `held:${reason.reason}`;
    case 'left_out':
      return `left_out:${reason.reason}`;
  }
}

/** The accountant's word on an invoice of the list. */
export interface ExceptionHandled {
  invoiceId: string;
  note: string | null;
  /** Who marked it: the operating system's user name of the workstation. */
  by: string;
  /** ISO date-time of the mark. */
  at: string;
  /** The reasons' keys the mark covers (those of the invoice when it was marked). */
  reasons: string[];
}

export interface ExceptionRow {
  invoiceId: string;
  number: string | null;
  direction: Direction;
  counterpartyName: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  ttcCents: number | null;
  currency: string | null;
  /** UNTDID 1001 type code: a credit note's amount is shown negative (signedAmount). */
  typeCode: string | null;
  /** Last lifecycle status code, if any. */
  lifecycleCode: string | null;
  reasons: ExceptionReason[];
  /** The accountant's mark, if any; it may cover fewer reasons than today's (then `handled` is
   * false and the note is still shown). */
  mark: ExceptionHandled | null;
  /** Marked, and the mark covers every reason of today. */
  handled: boolean;
}

export const EXCEPTION_SHOWS = ['open', 'handled', 'all'] as const;
export type ExceptionShow = (typeof EXCEPTION_SHOWS)[number];

export interface ExceptionList {
  period: ReportPeriod;
  /** The day "past due" is judged on (Paris), YYYY-MM-DD. */
  asOf: string;
  show: ExceptionShow;
  rows: ExceptionRow[];
  /** Of the whole period, whatever `show`. */
  counts: { open: number; handled: number };
  coverage: ReportCoverage;
  computedAt: string;
}

/** How many invoices one mark or reopen may name (a screen's selection). */
export const MAX_EXCEPTION_IDS = 1000;
export const MAX_EXCEPTION_NOTE = 1000;

export interface ExceptionListArgs {
  connectionId: string;
  period: ReportPeriod;
  show: ExceptionShow;
}

export interface ExceptionMarkArgs {
  connectionId: string;
  /** The period the screen shows: the reasons the mark covers are those of this period's list. */
  period: ReportPeriod;
  invoiceIds: string[];
  note?: string;
}
