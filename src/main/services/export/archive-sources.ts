// The archive source of an invoices export: every archived row matching the filters, read
// through the archive's port in batches, as the flat row the workbook writes, with the user's
// "paid" mark.
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { ArchiveReads } from '../archive/ports.ts';
import { marksBeside, type BesideTheArchive } from '../archive/beside-the-archive.ts';
import { rowOfArchive, type InvoiceRow } from './invoice-row.ts';
import type { Tally } from './tally.ts';

/** Rows per message to the writer's worker for an archive export (the first batch sets the
 * widths). Smaller batches than the writer's default: fewer rows live across the wait for the
 * worker, so fewer reach the old generation (peak RSS at 100,000 invoices: 289 → 232 MB). */
export const ARCHIVE_BATCH = 500;

export async function* archivedInvoices(
  archive: Pick<ArchiveReads, 'connectionId' | 'bankInvoices' | 'invoiceBatches'>,
  beside: Pick<BesideTheArchive, 'userData' | 'bankMatches'>,
  filter: ArchiveFilter,
  sort: ArchiveSort | undefined,
  tally: Tally,
  finished: () => void,
): AsyncGenerator<InvoiceRow> {
  // The user's "paid" marks and the bank's (beside the archive): few, read once.
  const marks = await marksBeside(archive, beside);
  for await (const batch of archive.invoiceBatches({ filter, ...(sort ? { sort } : {}) }))
    for (const row of batch) {
      tally.seen(row.searchFetchedAt);
      tally.seen(row.detailFetchedAt);
      // The writer reports the rows it wrote; reading the archive is not worth a progress step.
      tally.add(1, true);
      yield rowOfArchive(row, marks.get(row.invoiceId) ?? null);
    }
  finished();
}
