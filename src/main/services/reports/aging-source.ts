// What the aged balance reads beside the archive's payable rows (issue 29, item 3): the parts the
// bank's matches paid, each on its day. The invoice each credit note credits (BT-25) comes with
// the payable rows (invoices.credited_number, reports/source.ts agingBatches). open-items.ts
// applies them; this module only reads.
import { bankParts } from '../archive/bank-payments.ts';
import type { BesideTheArchive } from '../archive/beside-the-archive.ts';
import type { ReportItem } from '../tax/invoice.ts';

export type PartsPaid = ReadonlyMap<string, readonly { day: string; cents: number }[]>;

/** The parts paid of the connection's invoices, by invoice id (none without a bank file). */
export async function partsPaidOf(
  connectionId: string,
  beside: Pick<BesideTheArchive, 'bankMatches'>,
): Promise<PartsPaid> {
  return bankParts(await beside.bankMatches(connectionId));
}

/** Adds to `items` their parts paid. */
export function withOpenItemFacts(items: ReportItem[], parts: PartsPaid): ReportItem[] {
  for (const item of items) {
    const paid = parts.get(item.row.invoiceId);
    if (paid) item.partsPaid = paid;
  }
  return items;
}
