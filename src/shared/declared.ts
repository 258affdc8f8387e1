// A VAT return the accountant recorded as declared (issue 26, item 6), as it crosses to the
// renderer and the CLI: the day and amount filed, the figures it was filed on, and what changed
// in the archive since, invoice by invoice, never silently absorbed. Amounts in integer cents.
import type { ReportPeriod } from './reports.ts';

/** The figures a return was declared on: each box, and each invoice's part of each box. */
export interface DeclaredFigures {
  boxes: Record<string, number>;
  invoices: Record<
    string,
    { number: string | null; counterpartyName: string | null; cells: Record<string, number> }
  >;
}

/** One box's part of an invoice, then and now. */
export interface DeclaredCell {
  code: string;
  declaredCents: number;
  nowCents: number;
}

/** An invoice counted otherwise than when the return was declared. */
export interface DeclaredChange {
  invoiceId: string;
  number: string | null;
  counterpartyName: string | null;
  /** added: counted now, not then; removed: then, not now; changed: in both, other amounts. */
  kind: 'added' | 'removed' | 'changed';
  cells: DeclaredCell[];
}

export interface DeclaredReturn {
  period: ReportPeriod;
  /** The day the return was filed, YYYY-MM-DD. */
  declaredOn: string;
  /** VAT due (> 0) or credit (< 0) as filed. */
  amountCents: number;
  by: string;
  at: string;
  /** The boxes whose amount moved since (declared, now). */
  boxes: DeclaredCell[];
  changes: DeclaredChange[];
}

export interface DeclareArgs {
  connectionId: string;
  period: ReportPeriod;
  declaredOn: string;
  amountCents: number;
}
