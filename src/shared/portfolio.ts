// The firm's portfolio (issue 19): one row per connection, read from each connection's archive
// (never the operator), so it opens at once and offline. Shapes shared by main and the renderer.
import type { DueReturn } from './tax-calendar.ts';

/** The lifecycle codes the portfolio counts as "to act on": rejected, refused, disputed,
 * suspended (last status of the invoice). */
export const ACT_ON_CODES = ['213', '210', '207', '208'] as const;
export type ActOnCode = (typeof ACT_ON_CODES)[number];

/** One archive's figures as of a day, read from the counts the sync keeps (schema step 9). */
export interface PortfolioFigures {
  /** The company the archive belongs to (the seller of its issued invoices, else the buyer of
   * its received ones), as ArchiveReader.companySiren finds it; null when none is named. */
  company: { siren: string; name: string | null } | null;
  /** The day the figures are counted on (YYYY-MM-DD) and its month (YYYY-MM). */
  asOf: string;
  month: string;
  /** Invoices dated in `month`, issued (OUTBOUND) and received (INBOUND). */
  issued: number;
  received: number;
  /** Invoices whose last lifecycle status is each code, both directions. */
  codes: Record<ActOnCode, number>;
  /** Dated invoices the archive holds, both directions: 0 for an archive never filled (a
   * connection that never answered), whose figures say nothing rather than "0". */
  archived: number;
}

/** One connection's row of the portfolio. */
export interface PortfolioRow {
  connectionId: string;
  /** The connection's own name, as the user gave it. */
  connectionName: string;
  /** The company, as the accounting settings name it, else as found in its invoices. */
  companyName: string | null;
  siren: string | null;
  /** The last sync that finished (ISO), null when none did. */
  lastSyncAt: string | null;
  /** Every partition the operator lists was read to its end (the archive's coverage). */
  complete: boolean;
  /** A sync started and has not finished (under way, or stopped midway): the figures are
   * partial, and say so. */
  syncUnfinished: boolean;
  /** Null when the connection has no archive yet (never synced). */
  figures: PortfolioFigures | null;
  /** What went wrong reading this connection's archive, when something did. */
  error: string | null;
  /** Its bank statements' lines waiting for the accountant (issue 29, item 5): unmatched and
   * not decided, suggestions to confirm; null (or absent) when it has no bank file. */
  bank?: { unmatched: number; suggested: number } | null;
}

/** What costs a computation of the month's invoices (about 0.2 s at 20,000 invoices), asked
 * apart from the rows, one connection at a time ('portfolio:details'). */
export interface PortfolioDetails {
  connectionId: string;
  /** Third parties of this month's entries waiting for an account (Comptabilité's queue). */
  toMap: number | null;
  /** The CA3 draft of the current month: tax due (> 0) or credit (< 0), cents; null when no
   * archive. */
  vatCents: number | null;
  /** Past due today: the échéancier's own count (AgingReport.pastDue, reports/aging.ts
   * isPastDue), the number the screen it opens and that screen's workbook show; null when no
   * archive. (Schema step 9's 'due' counts could not be it: they see neither what is left to
   * pay nor the user's marks.) */
  pastDue: number | null;
  /** The return due now whose VAT `vatCents` is (issue 26, item 5): its period, deadline, late
   * or not; null when no archive. `vatCents` is null for a CA12 (its draft is not made yet). */
  vatReturn: DueReturn | null;
}
