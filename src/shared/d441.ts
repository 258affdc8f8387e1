// The table of overdue invoices of the management report (Code de commerce art. D441-6,
// annexes 4-1 and A-1; issue 29, item 3): invoices received and issued, unpaid and past due on
// the closing day, by lateness band, with their count, amount TTC and share of the year's
// purchases or turnover (HT). Computed in main (services/reports/d441.ts), written as a
// workbook from the screen and the CLI (`report d441`).
import type { Direction } from './operator/enums.ts';
import type { ReportCoverage, ReportPeriod } from './reports.ts';

/** The legal bands: 1–30, 31–60, 61–90, 91 days and more. */
export const D441_BANDS = ['days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type D441Band = (typeof D441_BANDS)[number];

export interface D441Figures {
  invoices: number;
  /** What is left to pay on the closing day, TTC, in euro cents. */
  amountCents: number;
  /** amountCents as a share of the year's purchases (received) or turnover (issued) HT, in
   * basis points (1 % = 100); null when the year has none. */
  shareBp: number | null;
}

export interface D441Side {
  /** INBOUND: invoices received (article D. 441 I.-1°); OUTBOUND: issued (I.-2°). */
  direction: Direction;
  bands: D441Figures[];
  total: D441Figures;
  /** The year's purchases (received) or turnover (issued) HT in euros, credit notes off. */
  yearHtCents: number;
  /** (B) invoices left out as disputed (last status 207 "En litige"), past due. */
  disputed: { invoices: number; amountCents: number };
  /** Past due invoices in another currency than the euro: not in the table, counted here. */
  otherCurrency: number;
}

export interface D441Table {
  kind: 'd441';
  /** The closing day (YYYY-MM-DD) and the year it closes (from its first day). */
  closing: string;
  period: ReportPeriod;
  /** Received first, then issued, as the annexes print them. */
  sides: [D441Side, D441Side];
  company: { name: string | null; siren: string | null };
  coverage: ReportCoverage;
  generatedAt: string;
}
