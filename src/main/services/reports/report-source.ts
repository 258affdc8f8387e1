// What a report reads of one connection, through the ports (issue 28): its archive (ArchiveReads),
// its user data found by connection id (settings, third parties, line 22, marks, typed rates),
// the bank's matches (paid invoices count as paid) and the ECB rates imported into the data
// folder. computeReport (index.ts) takes one; the composition root builds it (services/index.ts).
import type { PaymentMark } from '#shared/payments.ts';
import type { ArchiveReads } from '../archive/ports.ts';
import { marksBeside, type BesideTheArchive } from '../archive/beside-the-archive.ts';

export { besideTheArchive, type BesideTheArchive } from '../archive/beside-the-archive.ts';

export interface ReportSource extends BesideTheArchive {
  archive: ArchiveReads;
}

/** The user's marks and the bank's payments of the source's connection (archive/payment-marks.ts). */
export function sourceMarks(source: ReportSource): Promise<Map<string, PaymentMark>> {
  return marksBeside(source.archive, source);
}
