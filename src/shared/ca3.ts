// The CA3 draft (3310-CA3, cerfa 10963, 2025/2026 layout) as it crosses to the renderer, the
// workbook and the CLI (issue 18). Computed in main (src/main/services/reports/ca3.ts) from the
// archive and the company's accounting settings. Amounts in integer cents; the form's whole
// euros are derived for display (wholeEuros). Box codes are the form's own, as printed.
import type { Direction } from './operator/enums.ts';
import type { ReportCoverage, ReportInvoice, ReportPeriod, VatPayment } from './reports.ts';
import type { DeclaredReturn } from './declared.ts';

/** Operations (bases HT): A1 sales and services, A2 other taxable operations, A3 services bought
 * from a supplier not established in France (art. 283-2), A4 imports, B2 intra-EU acquisitions,
 * B4 goods or services bought from a supplier not established in France (art. 283-1), E1 exports
 * outside the EU, E2 other non-taxable operations, F2 intra-EU deliveries. */
export const CA3_BASE_BOXES = ['A1', 'A2', 'A3', 'A4', 'B2', 'B4', 'E1', 'E2', 'F2'] as const;
/** TVA brute per rate (mainland France): 08 at 20 %, 9B at 10 %, 09 at 5.5 %, T6 at 2.1 %. */
export const CA3_RATE_BOXES = ['08', '9B', '09', 'T6'] as const;
/** 16 total TVA brute, 17 of which on intra-EU acquisitions; 19 deductible on fixed assets,
 * 20 on other goods and services, 21 other VAT to deduct, 22 credit carried from the previous
 * return (the accountant enters it), 23 total deductible; TD VAT due (16 − 23), 25 credit
 * (23 − 16), 27 credit to carry forward, 28 net VAT due. */
export const CA3_TOTAL_BOXES = [
  '16',
  '17',
  '19',
  '20',
  '21',
  '22',
  '23',
  'TD',
  '25',
  '27',
  '28',
] as const;

export type Ca3BaseBox = (typeof CA3_BASE_BOXES)[number];
export type Ca3RateBox = (typeof CA3_RATE_BOXES)[number];
export type Ca3TotalBox = (typeof CA3_TOTAL_BOXES)[number];
export type Ca3BoxCode = Ca3BaseBox | Ca3RateBox | Ca3TotalBox;

/** Rate boxes' rates in basis points. */
export const CA3_RATE_BP: Record<Ca3RateBox, number> = {
  '08': 2000,
  '9B': 1000,
  '09': 550,
  T6: 210,
};

/** Why an invoice's amount is in a box: the rule of accounting.md it follows. */
export const CA3_RULES = [
  'sale_taxable', // a French sale with VAT: A1 base, its rate line
  'sale_vat_on_payment', // VAT due on payment: counted in the period of its 212 status
  'sale_intra_eu', // category K: F2
  'sale_export', // category G: E1
  'sale_exempt', // E, O, Z, AE sale (services to a foreign business…): E2
  'purchase_deductible', // VAT on goods and services: 20
  'purchase_deductible_on_payment', // deductible VAT on payment: the period of its 212 status
  'purchase_fixed_asset', // the party's 2xx account: 19
  'reverse_charge_services', // AE from a supplier not established in France, services: A3 + rate + 20
  'reverse_charge_intra_eu_goods', // AE goods from an EU supplier: B2 + rate + 17 + 20 (or 19)
  'reverse_charge_other', // AE goods from outside the EU or art. 283-1: B4 + rate + 20
  'reverse_charge_domestic', // AE from a supplier established in France (art. 283-2 nonies…): A2 + rate + 20
  'credit_note', // a credit note: reduces the boxes its invoice would fill
] as const;
export type Ca3Rule = (typeof CA3_RULES)[number];

/** One invoice's part of one box (negative for a credit note). */
export interface Ca3Contribution {
  invoiceId: string;
  number: string | null;
  invoiceDate: string | null;
  /** The day its VAT became due (invoice, delivery or 212 day). */
  dueDay: string | null;
  direction: Direction;
  counterpartyName: string | null;
  rule: Ca3Rule;
  creditNote: boolean;
  baseCents: number;
  taxCents: number;
  /** VAT on payment: the payment its day comes from (212, or the accountant's mark). */
  payment?: VatPayment;
}

export interface Ca3Box {
  code: Ca3BoxCode;
  /** Base boxes and totals: the amount; rate boxes: the tax (the base in baseCents). */
  amountCents: number;
  /** Rate boxes only: the base HT. */
  baseCents: number | null;
  /** The invoices behind it (none for computed totals such as 16, 23, TD). */
  contributions: Ca3Contribution[];
}

/** An invoice held (207 / 208) or lacking details: not counted, with what it would change. */
export interface Ca3Aside extends ReportInvoice {
  /** other_rate: a taxed line at a rate with no mainland line on the form (8.5 %, 13 %…: the
   * overseas departments' or Corsica's, lines 10 / 11 or annex 3310-A). */
  reason:
    'disputed' | 'suspended' | 'no_details' | 'foreign_currency' | 'totals_mismatch' | 'other_rate';
  /** The boxes it would fill, and by how much, were it counted. */
  wouldChange: { code: Ca3BoxCode; cents: number }[];
}

/** Why a VAT became due on its day: the invoice date, the delivery date, the 212 day, or goods
 * between member states (the 15th of the month after the delivery, CGI art. 269). */
export type Ca3DueBasis = 'invoice_date' | 'delivery_date' | 'payment_date' | 'intra_eu';

/** Why an invoice's VAT is not the same in the return and in the entries. */
export const CA3_GAP_REASONS = [
  'other_rate', // a rate without a mainland line: in the entries, not in the return
  'due_outside', // dated in the period, due in another: in the entries, not in the return
  'due_inside', // dated in another period, due in this one: in the return, not in its entries
  'reverse_charge_unpaid', // self-assessed on payment, not paid yet: in the entries only
  'counted_differently', // anything else (kept so that no gap goes unexplained)
] as const;
export type Ca3GapReason = (typeof CA3_GAP_REASONS)[number];

export interface Ca3Side {
  returnCents: number;
  entriesCents: number;
}

/** One invoice that makes the return and the entries differ, and why: worded on screen and in
 * the workbook in the user's language (src/shared/ca3-explanation.ts). */
export interface Ca3Explanation {
  invoiceId: string;
  number: string | null;
  counterpartyName: string | null;
  invoiceDate: string | null;
  reason: Ca3GapReason;
  /** The day its VAT is due, and why that day (null for other_rate and counted_differently). */
  dueDay: string | null;
  basis: Ca3DueBasis | null;
  /** The side(s) that differ; null when that side agrees. */
  collected: Ca3Side | null;
  deductible: Ca3Side | null;
}

/** The return against the entries of the same period (issue 18, item 4). */
export interface Ca3Reconciliation {
  collectedReturnCents: number; // 16 (self-assessed VAT included)
  collectedEntriesCents: number; // credit − debit of 44571 and 4452 for VAT due in the period
  deductibleReturnCents: number; // 23 − 22
  deductibleEntriesCents: number; // debit − credit of 44566, 44562, 445662
  /** Zero when both agree (|collected gap| + |deductible gap|); otherwise explained invoice by
   * invoice. Whether they agree, not how much: the gaps below say that. */
  differenceCents: number;
  /** Return − entries, per side (exact cents; the form's rounding is not a gap). */
  collectedGapCents: number;
  deductibleGapCents: number;
  /** The gaps' effect on the amount due (16 − 23): collected gap − deductible gap. */
  netEffectCents: number;
  explanations: Ca3Explanation[];
}

export interface Ca3Report {
  kind: 'ca3';
  period: ReportPeriod;
  company: { siren: string | null; name: string | null };
  boxes: Ca3Box[];
  /** Line 22 as the accountant entered it for this period (kept in the user-data file). */
  carriedCreditCents: number;
  held: Ca3Aside[];
  lacking: Ca3Aside[];
  /** Refused, rejected, invalid, duplicated: count nowhere. */
  leftOut: (ReportInvoice & { reason: string })[];
  reconciliation: Ca3Reconciliation;
  coverage: ReportCoverage;
  computedAt: string;
  /** Issue 26, item 3: each invoice in another currency counted, with the rate it was
   * converted at and where that rate came from (absent when none). */
  conversions?: Ca3Conversion[];
  /** Issue 26, item 6: the period recorded as declared, against these figures (what changed
   * since), for the exports; absent when not declared. */
  declared?: DeclaredReturn;
}

/** The form's whole euros (the notice: amounts rounded to the nearest euro). */
export function wholeEuros(cents: number): number {
  return Math.sign(cents) * Math.round(Math.abs(cents) / 100);
}

/** How one invoice in another currency reached the return's euros (issue 26, item 3): its own
 * VAT total in euros (BT-111), the ECB's reference rate of a day, or the rate the accountant
 * typed; `rate` in units of the currency per euro. */
export interface Ca3Conversion {
  invoiceId: string;
  currency: string;
  source: 'invoice' | 'ecb' | 'typed';
  rate: string | null;
  rateDay: string | null;
}
