// The invoices a report needs from an archive, read through the ports in batches (one read per
// report, with a generous date window so that a report of one month does not read years of
// details), turned into report items (the facts of their details as the archive keeps them in columns:
// archive/invoice-facts.ts).
import { addDays } from '#shared/report-period.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { toCents } from '../archive/amounts.ts';
import type { ArchiveReads } from '../archive/ports.ts';
import { vatFactsFrom, type ReportItem } from '../tax/invoice.ts';
import { isCreditNote } from '../tax/rules.ts';
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
export async function vatItems(
  archive: Pick<ArchiveReads, 'vatRows'>,
  period: ReportPeriod,
  marks: ReadonlyMap<string, PaymentMark> = new Map(),
): Promise<ReportItem[]> {
  const items: ReportItem[] = [];
  const batches = archive.vatRows({
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
  });
  for await (const batch of batches)
    for (const { row, facts } of batch)
      items.push({
        row,
        vat: facts && vatFactsFrom(facts),
        payment: paymentDay(row, marks.get(row.invoiceId)),
      });
  return items;
}

/** The échéancier's candidates: dated on or before the day, with what is left to pay (BT-115,
 * from the details when archived, else from the search) and the user's "paid" mark if any
 * (`marks`, read from the user-data file beside the archive). */
export async function agingItems(
  archive: Pick<ArchiveReads, 'payableRows'>,
  asOf: string,
  marks: ReadonlyMap<string, PaymentMark> = new Map(),
): Promise<ReportItem[]> {
  const items: ReportItem[] = [];
  for await (const batch of agingBatches(archive, asOf, marks)) items.push(...batch);
  return items;
}

/** The same candidates a batch at a time (a count keeps none of them: the portfolio's). */
export async function* agingBatches(
  archive: Pick<ArchiveReads, 'payableRows'>,
  asOf: string,
  marks: ReadonlyMap<string, PaymentMark> = new Map(),
): AsyncGenerator<ReportItem[]> {
  for await (const batch of archive.payableRows(asOf))
    yield batch.map(({ row, payableAmount, creditedNumber }) => {
      const item: ReportItem = {
        row,
        payableCents: toCents(payableAmount),
        mark: marks.get(row.invoiceId) ?? null,
      };
      // The invoice a credit note credits, for the aged balance's allocation (open-items.ts).
      if (isCreditNote(row.typeCode)) item.credits = creditedNumber;
      return item;
    });
}

/** The statuts report's candidates: dated in the period, or undated. */
export async function statusItems(
  archive: Pick<ArchiveReads, 'datedRows'>,
  period: ReportPeriod,
): Promise<ReportItem[]> {
  const items: ReportItem[] = [];
  for await (const batch of archive.datedRows(period.from, period.to))
    for (const row of batch) items.push({ row });
  return items;
}

/** Every row of a stream of batches, in order. */
export async function allOf<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) for (const item of batch) all.push(item);
  return all;
}

/** The coverage of a connection without an archive: nothing held. */
// The archive's coverage is the archive's own fact (archive/coverage.ts, below the accounting).
export { NO_COVERAGE, coverageOf, reportCoverage } from '../archive/coverage.ts';
