// The archive source of an invoices export: every archived row matching the filters, one at a
// time from the store, as the flat row the workbook writes, with the user's "paid" mark.
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';
import { readPaymentMarks } from '../archive/payment-marks.ts';
import { rowOfArchive, type InvoiceRow } from './invoice-row.ts';
import type { Tally } from './tally.ts';

/** Rows per message to the writer's worker for an archive export (the first batch sets the
 * widths). Smaller batches than the writer's default: fewer rows live across the wait for the
 * worker, so fewer reach the old generation (peak RSS at 100,000 invoices: 289 → 232 MB). */
export const ARCHIVE_BATCH = 500;

export function* archivedInvoices(
  store: ArchiveStore,
  filter: ArchiveFilter,
  sort: ArchiveSort | undefined,
  tally: Tally,
  finished: () => void,
): Generator<InvoiceRow> {
  // The user's "paid" marks (kept beside the archive): few, read once.
  const marks = readPaymentMarks(store);
  for (const row of store.iterateInvoices({ filter, ...(sort ? { sort } : {}) })) {
    tally.seen(row.searchFetchedAt);
    tally.seen(row.detailFetchedAt);
    // The writer reports the rows it wrote; reading SQLite is not worth a progress step.
    tally.add(1, true);
    yield rowOfArchive(row, marks.get(row.invoiceId) ?? null);
  }
  finished();
}
