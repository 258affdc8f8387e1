// An invoice as a person names it on a command line (issue 26, item 8): its operator id (a
// UUID), or its number as printed (BT-1), looked up in the connection's archive. A number two
// invoices share (a customer's and a supplier's) is refused with both ids, never guessed.
import type { ArchiveRow } from '#shared/archive.ts';
import { AppFailure } from '../app-failure.ts';
import type { ArchiveReads } from '../archive/ports.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The archived invoice `ref` names; a not_found or conflict failure saying why otherwise. */
export async function findInvoice(
  archive: Pick<ArchiveReads, 'invoice' | 'queryInvoices'> | null,
  ref: string,
): Promise<ArchiveRow> {
  const wanted = ref.trim();
  if (archive && UUID.test(wanted)) {
    const found = await archive.invoice(wanted);
    if (found) return found.row;
  }
  const matches = archive
    ? (await archive.queryInvoices({ filter: { text: wanted }, limit: 200 })).rows.filter(
        (row) => row.invoiceNumber === wanted,
      )
    : [];
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new AppFailure(
      'conflict',
      `${matches.length} archived invoices have the number ${JSON.stringify(wanted)}; pass one of their ids: ${matches
        .map(
          (row) =>
            `${row.invoiceId} (${row.direction === 'INBOUND' ? 'received' : 'issued'}, ${row.counterpartyName ?? '?'})`,
        )
        .join(', ')}`,
    );
  throw new AppFailure(
    'not_found',
    `No archived invoice has the id or number ${JSON.stringify(wanted)} (sync the connection first?)`,
  );
}
