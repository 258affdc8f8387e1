// The invoices a report needs from an archive, one at a time (the store's cursor, with a
// generous date window in SQL so that a report of one month does not read years of details),
// turned into report items (the facts of their details as the archive keeps them in columns:
// archive/invoice-facts.ts).
import { addDays } from '#shared/report-period.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { toCents } from '../archive/amounts.ts';
import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';
import { vatFactsFrom, type ReportItem } from '../tax/invoice.ts';
import { markedIn, paymentDay } from '../tax/vat-due.ts';

/** How far from its invoice date an invoice's delivery date is looked for (a year each way). */
export const DELIVERY_WINDOW_DAYS = 366;

/**
 * The TVA report's candidates, with the facts of their details read in SQL (parsing whole
 * invoices in JavaScript was most of the report's time): dated in the period, collected (212)
 * in it, delivered in it (delivery dates are looked for within a year of the invoice date),
 * marked paid in it by the accountant (`marks`: each item's payment is resolved with them), or
 * undated.
 */
export function* vatItems(
  store: ArchiveStore,
  period: ReportPeriod,
  marks: ReadonlyMap<string, PaymentMark> = new Map(),
): Generator<ReportItem> {
  for (const { row, facts } of store.vatRows({
    from: period.from,
    to: period.to,
    // A status late on the eve of the period may already be on its first day in Paris.
    collectedSince: addDays(period.from, -1),
    datedFrom: addDays(period.from, -DELIVERY_WINDOW_DAYS),
    datedTo: addDays(period.to, DELIVERY_WINDOW_DAYS),
    // Goods between member states are due the 15th of the month after their delivery.
    deliveredFrom: addDays(period.from, -31),
    // Marked paid in the period: VAT on payment is due on the mark's day (tax/vat-due.ts).
    alsoIds: markedIn(marks, period),
  }))
    yield {
      row,
      vat: facts && vatFactsFrom(facts),
      payment: paymentDay(row, marks.get(row.invoiceId)),
    };
}

/** The échéancier's candidates: dated on or before the day, with what is left to pay (BT-115,
 * from the details when archived, else from the search) and the user's "paid" mark if any
 * (`marks`, read from the user-data file beside the archive). */
export function* agingItems(
  store: ArchiveStore,
  asOf: string,
  marks: ReadonlyMap<string, PaymentMark> = new Map(),
): Generator<ReportItem> {
  for (const { row, payableAmount } of store.payableRows(asOf))
    yield { row, payableCents: toCents(payableAmount), mark: marks.get(row.invoiceId) ?? null };
}

/** The statuts report's candidates: dated in the period, or undated. */
export function* statusItems(store: ArchiveStore, period: ReportPeriod): Generator<ReportItem> {
  for (const row of store.datedRows(period.from, period.to)) yield { row };
}

/** The coverage of a connection without an archive: nothing held. */
// The archive's coverage is the archive's own fact (archive/coverage.ts, below the accounting).
export { NO_COVERAGE, reportCoverage } from '../archive/coverage.ts';
