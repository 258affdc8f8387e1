// What an archive holds and what the operator's window kept out of it, as every report, the
// ledger and the exceptions show it (a fact of the archive, read below the accounting and the
// reports: issue 28, item 6).
import type { PartitionCoverage } from '#shared/archive.ts';
import type { ReportCoverage } from '#shared/reports.ts';
import type { ArchiveStore } from './sqlite/archive-store.ts';
import type { ArchiveReads } from './ports.ts';
import { missingIn } from './complete.ts';

export const NO_COVERAGE: ReportCoverage = {
  archivedInvoices: 0,
  withDetails: 0,
  lastSyncAt: null,
  partitionsCut: 0,
  partitionsUnfinished: 0,
  completeSince: null,
};

/** What the archive holds and what the operator's window kept out of it (NO_COVERAGE without
 * an archive). */
export function reportCoverage(store: ArchiveStore | null): ReportCoverage {
  if (!store) return NO_COVERAGE;
  return coverageFrom(store.counts(), store.coverage(), store.lastSyncAt());
}

/** reportCoverage through the ports. */
export async function coverageOf(archive: ArchiveReads | null): Promise<ReportCoverage> {
  if (!archive) return NO_COVERAGE;
  const [counts, partitions, lastSyncAt] = await Promise.all([
    archive.counts(),
    archive.coverage(),
    archive.lastSyncAt(),
  ]);
  return coverageFrom(counts, partitions, lastSyncAt);
}

function coverageFrom(
  counts: { invoices: number; details: number },
  partitions: PartitionCoverage[],
  lastSyncAt: string | null,
): ReportCoverage {
  // A cut partition whose missing invoices were fetched by id (archive/complete.ts) misses none.
  const cut = partitions.filter((p) => p.finished && missingIn(p) > 0);
  const oldest = cut.map((p) => p.oldest).filter((d): d is string => d !== null);
  return {
    archivedInvoices: counts.invoices,
    withDetails: counts.details,
    lastSyncAt,
    partitionsCut: cut.length,
    partitionsUnfinished: partitions.filter((p) => !p.finished).length,
    completeSince: oldest.length > 0 ? oldest.sort().at(-1)! : null,
  };
}
