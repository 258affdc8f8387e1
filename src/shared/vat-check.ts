// The "Contrôle TVA" of one client and period (issue 26, item 1): the TVA report's net, the
// CA3's 16 − 23 and the entries' VAT accounts side by side; they agree to the cent, or every
// difference is an invoice with its reason. Computed in main (src/main/services/reports/vat-check.ts).
// Amounts in integer cents, euros.
import type { Direction } from './operator/enums.ts';
import type { ReportCoverage, ReportPeriod, VatPayment } from './reports.ts';

/** One source's VAT of the period: collected, deductible, and their net (collected − deductible). */
export interface VatCheckFigures {
  collectedCents: number;
  deductibleCents: number;
  netCents: number;
}

/** Why an invoice's VAT is not the same in the three. */
export const VAT_CHECK_REASONS = [
  'no_details', // its details are not archived: the TVA report counts its search totals
  'foreign_currency', // another currency with no euro VAT: the TVA report shows it apart
  'totals_mismatch', // totals that do not add up: the TVA report counts its breakdown
  'other_rate', // a rate without a mainland line on the form: not in the CA3
  'due_outside', // dated in the period, due in another: in the entries, not the return
  'due_inside', // dated in another period, due in this one: in the return, not the entries
  'reverse_charge_unpaid', // self-assessed on payment, not paid yet
  'counted_differently', // anything else (kept so that no difference goes unexplained)
] as const;
export type VatCheckReason = (typeof VAT_CHECK_REASONS)[number];

/** One invoice the three do not count alike. */
export interface VatCheckInvoice {
  invoiceId: string;
  number: string | null;
  direction: Direction;
  invoiceDate: string | null;
  counterpartyName: string | null;
  reason: VatCheckReason;
  /** The day its VAT is due when it is what makes the difference, else null. */
  dueDay: string | null;
  /** Each source's VAT of this invoice in the period (collected, deductible, net). */
  vatReport: VatCheckFigures;
  ca3: VatCheckFigures;
  entries: VatCheckFigures;
}

/** A paid mark or 212 the period's VAT on payment rests on: where its day came from. */
export interface VatCheckPayment extends VatPayment {
  invoiceId: string;
  number: string | null;
  direction: Direction;
  counterpartyName: string | null;
  /** The VAT it made due in the period (collected or deductible, signed). */
  vatCents: number;
}

export interface VatCheck {
  kind: 'vatCheck';
  period: ReportPeriod;
  /** Rapports › TVA: collected, deductible and net in euros. */
  vatReport: VatCheckFigures;
  /** The CA3 to the cent (the rate lines; 19 + 20 + 21), and its form's 16 and 23 (rounded
   * boxes, without line 22). */
  ca3: VatCheckFigures & { form16Cents: number; form23Cents: number };
  /** The entries' VAT accounts: credit − debit of 44571 and 4452; debit − credit of 44566,
   * 44562 and 445662 (the accounts of the settings). */
  entries: VatCheckFigures;
  /** True when the three agree to the cent on both sides. */
  agrees: boolean;
  /** Every invoice whose VAT differs between them, with why. */
  differences: VatCheckInvoice[];
  /** The invoices held (207, 208) and left out, as all three list them (counts). */
  held: number;
  leftOut: number;
  /** VAT on payment due in the period, with where each payment day came from. */
  payments: VatCheckPayment[];
  coverage: ReportCoverage;
  computedAt: string;
}
