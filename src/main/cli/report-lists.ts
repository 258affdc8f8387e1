// What `report vat|ca3|ca12 --json` prints besides the figures (issue 26, item 8): the invoices
// held (207 / 208), lacking (no details, another currency without a rate, totals that disagree)
// and left out (refused, rejected…), each with its id, number, reason and what it would change,
// in euros, were it counted. The same lists the screen and the workbook show.
import type { Ca3Report } from '#shared/ca3.ts';
import type { VatReport } from '#shared/reports.ts';

const euros = (cents: number): number => Math.round(cents) / 100;

export interface ListedInvoice {
  invoiceId: string;
  number: string | null;
  reason: string;
  /** Box or figure → euros it would add (absent: it counts nowhere). */
  wouldChange?: Record<string, number>;
}

/** The CA3's (and the CA12's year's) held, lacking and left-out invoices. */
export function ca3Lists(report: Ca3Report): {
  held: ListedInvoice[];
  lacking: ListedInvoice[];
  leftOut: ListedInvoice[];
} {
  const aside = (list: Ca3Report['held']): ListedInvoice[] =>
    list.map((i) => ({
      invoiceId: i.invoiceId,
      number: i.number,
      reason: i.reason,
      wouldChange: Object.fromEntries(i.wouldChange.map((c) => [c.code, euros(c.cents)])),
    }));
  return {
    held: aside(report.held),
    lacking: aside(report.lacking),
    leftOut: report.leftOut.map((i) => ({
      invoiceId: i.invoiceId,
      number: i.number,
      reason: i.reason,
    })),
  };
}

/** The TVA report's held, pending (VAT on payment not paid in the period) and excluded invoices. */
export function vatLists(report: VatReport): {
  held: ListedInvoice[];
  pending: (ListedInvoice & { collectedOn: string | null })[];
  excluded: ListedInvoice[];
} {
  return {
    held: report.held.map((i) => ({
      invoiceId: i.invoiceId,
      number: i.number,
      reason: i.reason,
      wouldChange: {
        collected: euros(i.wouldChange.collectedCents),
        deductible: euros(i.wouldChange.deductibleCents),
      },
    })),
    pending: report.pending.map((i) => ({
      invoiceId: i.invoiceId,
      number: i.number,
      reason: i.rule,
      collectedOn: i.collectedOn,
      // Its VAT once paid (a credit note's lowers it); in euros only.
      ...(i.currency === 'EUR' && i.tvaCents !== null
        ? {
            wouldChange: {
              [i.direction === 'OUTBOUND' ? 'collected' : 'deductible']: euros(
                i.creditNote ? -Math.abs(i.tvaCents) : i.tvaCents,
              ),
            },
          }
        : {}),
    })),
    excluded: report.excluded.map((i) => ({
      invoiceId: i.invoiceId,
      number: i.number,
      reason: i.reason,
    })),
  };
}
