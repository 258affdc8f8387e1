// The CA12 draft (3517-S, the simplified regime's annual return, issue 26 item 4) as it crosses to
// the renderer, the workbook and the CLI. Computed in main (services/returns/ca12.ts) from the
// year's figures under the CA3's own rules (one VAT computation: the same invoices in the same
// boxes, held, lacking and left out alike), laid out on the CA12's lines, with the two instalments
// paid during the year (July 55 %, December 40 % of the previous year's net VAT). Amounts in
// integer cents; the form takes whole euros and adds its rounded lines, as the CA3 does.
import type { Ca3BoxCode, Ca3Report } from './ca3.ts';
import type { ReportCoverage, ReportPeriod } from './reports.ts';

/** The lines invoices fill, each the sum of the CA3 boxes of the same rule over the year:
 * 02 exports outside the EU (E1), 03 other non-taxable operations (E2), 04 intra-EU deliveries
 * (F2); TVA brute per rate 08 (20 %), 9B (10 %), 09 (5.5 %), T6 (2.1 %); 17 of which on intra-EU
 * acquisitions; deductible 20 on fixed assets (CA3 19), 21 on other goods and services (CA3 20),
 * 22 other VAT to deduct (CA3 21). */
export const CA12_FROM_CA3 = {
  '02': ['E1'],
  '03': ['E2'],
  '04': ['F2'],
  '08': ['08'],
  '9B': ['9B'],
  '09': ['09'],
  T6: ['T6'],
  '17': ['17'],
  '20': ['19'],
  '21': ['20'],
  '22': ['21'],
} as const satisfies Record<string, readonly Ca3BoxCode[]>;

export type Ca12InvoiceLine = keyof typeof CA12_FROM_CA3;
export const CA12_RATE_LINES = ['08', '9B', '09', 'T6'] as const;
/** The lines that hold a base before tax (the non-taxable operations), not a tax. */
export const CA12_BASE_LINES = ['02', '03', '04'] as const;

/** What a line's amount is: a base (02…04), a rate line (base and tax), or tax. */
export function lineKind(code: Ca12LineCode): 'base' | 'rate' | 'tax' {
  if ((CA12_BASE_LINES as readonly string[]).includes(code)) return 'base';
  return (CA12_RATE_LINES as readonly string[]).includes(code) ? 'rate' : 'tax';
}

/** The computed lines: 16 total TVA brute (rate lines), 24 credit carried from the previous
 * year, 26 total deductible (20 + 21 + 22 + 24), 28 VAT due (16 − 26), 29 credit (26 − 16),
 * 30 instalments paid (July + December), 33 balance to pay (28 − 30), 34 overpaid (30 − 28),
 * 57 the base of next year's instalments (the VAT due before deducting VAT on fixed assets). */
export const CA12_TOTAL_LINES = ['16', '24', '26', '28', '29', '30', '33', '34', '57'] as const;
export type Ca12LineCode = Ca12InvoiceLine | (typeof CA12_TOTAL_LINES)[number];

export type Ca12SectionKey = 'nonTaxable' | 'gross' | 'deductible' | 'result' | 'settlement';

/** The form's sections in its order, and the lines each holds. */
export const CA12_SECTIONS: readonly { key: Ca12SectionKey; codes: readonly Ca12LineCode[] }[] = [
  { key: 'nonTaxable', codes: ['02', '03', '04'] },
  { key: 'gross', codes: [...CA12_RATE_LINES, '16', '17'] },
  { key: 'deductible', codes: ['20', '21', '22', '24', '26'] },
  { key: 'result', codes: ['28', '29'] },
  { key: 'settlement', codes: ['30', '33', '34', '57'] },
];

export const CA12_LINE_ORDER: readonly Ca12LineCode[] = CA12_SECTIONS.flatMap((s) => s.codes);

export interface Ca12Line {
  code: Ca12LineCode;
  /** The exact amount (a rate line: its tax); the computed lines: the form's, whole euros. */
  amountCents: number;
  /** Rate lines only: the base HT. */
  baseCents: number | null;
  /** The CA3 boxes of the year it adds up (their invoices are this line's). */
  from: readonly Ca3BoxCode[];
}

/** The two instalments paid during the year (CGI art. 287-3): July 55 % and December 40 % of the
 * base, the previous year's VAT due before deducting VAT on fixed assets (its line 57); none
 * when that base is under 1,000 €. In whole euros, as paid. */
export interface Ca12Instalments {
  /** The year the base comes from (the return's year − 1). */
  baseYear: number;
  baseCents: number;
  /** How many invoices the previous year's figures counted (0: the archive holds none). */
  baseInvoices: number;
  exempt: boolean;
  julyCents: number;
  decemberCents: number;
}

export interface Ca12Report {
  kind: 'ca12';
  year: number;
  period: ReportPeriod;
  company: { siren: string | null; name: string | null };
  lines: Ca12Line[];
  instalments: Ca12Instalments;
  /** The year under the CA3's rules, box by box: every invoice's part, what is held, lacking or
   * left out (with what it would change) and the check against the entries of the year. */
  annual: Ca3Report;
  coverage: ReportCoverage;
  computedAt: string;
}

/** A whole calendar year ("2026", 1 January to 31 December)? */
export function isYearPeriod(period: ReportPeriod): boolean {
  const year = period.from.slice(0, 4);
  return /^\d{4}-01-01$/.test(period.from) && period.to === `${year}-12-31`;
}

/** A line of the report (an empty one when missing). */
export function lineOf(report: Ca12Report, code: Ca12LineCode): Ca12Line {
  return (
    report.lines.find((line) => line.code === code) ?? {
      code,
      amountCents: 0,
      baseCents: null,
      from: [],
    }
  );
}

const eurosOf = (cents: number): number => Math.round(cents) / 100;

/** Every line by its code as printed, exact euros (a rate line `{ base, tax }`): what
 * `cli report ca12 --json` prints under `lines`. */
export function ca12JsonLines(
  report: Ca12Report,
): Record<string, number | { base: number; tax: number }> {
  const lines: Record<string, number | { base: number; tax: number }> = {};
  for (const code of CA12_LINE_ORDER) {
    const line = lineOf(report, code);
    lines[code] =
      line.baseCents === null
        ? eurosOf(line.amountCents)
        : { base: eurosOf(line.baseCents), tax: eurosOf(line.amountCents) };
  }
  return lines;
}
