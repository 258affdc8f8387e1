// How the CA3 draft is laid out, the same on screen (Rapports › Déclaration de TVA), in the
// workbook (export/layouts/ca3.ts) and in the CLI's JSON: the form's sections in its order, the
// boxes invoices fill, and a box of a report by its code.
import {
  CA3_BASE_BOXES,
  CA3_RATE_BOXES,
  type Ca3Box,
  type Ca3BoxCode,
  type Ca3Report,
} from './ca3.ts';

export type Ca3SectionKey = 'taxable' | 'nonTaxable' | 'gross' | 'deductible' | 'result';

/** The form's sections, in its order, and the boxes each holds. */
export const CA3_SECTIONS: readonly { key: Ca3SectionKey; codes: readonly Ca3BoxCode[] }[] = [
  { key: 'taxable', codes: ['A1', 'A2', 'A3', 'A4', 'B2', 'B4'] },
  { key: 'nonTaxable', codes: ['E1', 'E2', 'F2'] },
  { key: 'gross', codes: [...CA3_RATE_BOXES, '16', '17'] },
  { key: 'deductible', codes: ['19', '20', '21', '22', '23'] },
  { key: 'result', codes: ['TD', '25', '27', '28'] },
];

/** Every box, in the form's order. */
export const CA3_BOX_ORDER: readonly Ca3BoxCode[] = CA3_SECTIONS.flatMap((s) => s.codes);

/** The boxes invoices fill (the others are computed, or line 22 entered by the accountant). */
export const CA3_INVOICE_BOXES: readonly Ca3BoxCode[] = [
  ...CA3_BASE_BOXES,
  ...CA3_RATE_BOXES,
  '17',
  '19',
  '20',
  '21',
];

const RATE = new Set<Ca3BoxCode>(CA3_RATE_BOXES);
const BASE = new Set<Ca3BoxCode>(CA3_BASE_BOXES);

/** What a box's amount is: a base before tax (A1…F2), a rate line (base and tax), or tax. */
export function boxKind(code: Ca3BoxCode): 'base' | 'rate' | 'tax' {
  return RATE.has(code) ? 'rate' : BASE.has(code) ? 'base' : 'tax';
}

/** The box of `code`, or an empty one when the report leaves it out (line 22: its entry). */
export function boxOfReport(report: Ca3Report, code: Ca3BoxCode): Ca3Box {
  return (
    report.boxes.find((box) => box.code === code) ?? {
      code,
      amountCents: code === '22' ? report.carriedCreditCents : 0,
      baseCents: RATE.has(code) ? 0 : null,
      contributions: [],
    }
  );
}

/** A box's exact amount in euros as the CLI's JSON gives it: a number with two decimals, a rate
 * line `{ base, tax }`. */
export type Ca3JsonAmount = number | { base: number; tax: number };

const eurosOf = (cents: number): number => Math.round(cents) / 100;

/** Every box by its code as printed on the form ("A1", "08", "9B", "T6", "16", "TD"…): what
 * `cli report ca3 --json` prints under `boxes`. */
export function ca3JsonBoxes(report: Ca3Report): Record<string, Ca3JsonAmount> {
  const boxes: Record<string, Ca3JsonAmount> = {};
  for (const code of CA3_BOX_ORDER) {
    const box = boxOfReport(report, code);
    boxes[code] =
      boxKind(code) === 'rate'
        ? { base: eurosOf(box.baseCents ?? 0), tax: eurosOf(box.amountCents) }
        : eurosOf(box.amountCents);
  }
  return boxes;
}
