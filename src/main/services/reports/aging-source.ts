// What the aged balance reads beside the archive's payable rows (issue 29, item 3): the parts the
// bank's matches paid, each on its day, and, for each credit note, the invoice it credits (BT-25,
// the first referenced document of its details, else of its search item). open-items.ts applies
// them; this module only reads.
import type { ArchiveReads } from '../archive/ports.ts';
import { bankParts } from '../archive/bank-payments.ts';
import type { BesideTheArchive } from '../archive/beside-the-archive.ts';
import type { ReportItem } from '../tax/invoice.ts';
import { isCreditNote } from '../tax/rules.ts';

export type PartsPaid = ReadonlyMap<string, readonly { day: string; cents: number }[]>;

/** The parts paid of the connection's invoices, by invoice id (none without a bank file). */
export async function partsPaidOf(
  connectionId: string,
  beside: Pick<BesideTheArchive, 'bankMatches'>,
): Promise<PartsPaid> {
  return bankParts(await beside.bankMatches(connectionId));
}

/** Adds to `items` their parts paid and, on credit notes, the number of the invoice credited
 * (read from the archive: a credit note is a few in a hundred invoices). */
export async function withOpenItemFacts(
  archive: Pick<ArchiveReads, 'invoice'>,
  items: ReportItem[],
  parts: PartsPaid,
): Promise<ReportItem[]> {
  for (const item of items) {
    const paid = parts.get(item.row.invoiceId);
    if (paid) item.partsPaid = paid;
    if (isCreditNote(item.row.typeCode))
      item.credits = await creditedNumber(archive, item.row.invoiceId);
  }
  return items;
}

async function creditedNumber(
  archive: Pick<ArchiveReads, 'invoice'>,
  invoiceId: string,
): Promise<string | null> {
  const found = await archive.invoice(invoiceId);
  const docs =
    found?.detail?.businessData.referencedDocuments ??
    found?.searchItem.businessData?.referencedDocuments;
  return docs?.find((d) => d.invoiceId)?.invoiceId ?? null;
}
