// Schema steps 14's and 16's one pass over an archive: every invoice's facts (invoice-facts.ts) from the
// JSON it holds, by the extractor the writes use. Read in batches of rids (a cursor left open
// over a table being written is not something to rely on), written with prepared statements.
import type { DatabaseSync } from 'node:sqlite';
import { creditedNumber, invoiceFacts, payableAmount } from '../invoice-facts.ts';
import { factsWriter } from './facts-sql.ts';

const BATCH = 2000;

/** Fills invoice_facts, invoice_vat_lines and invoices.payable_amount; returns the number of
 * invoices read. */
export function backfillFacts(db: DatabaseSync): number {
  const payable = db.prepare('UPDATE invoices SET payable_amount = ? WHERE rid = ?');
  const write = factsWriter(db);
  return eachStoredInvoice(db, (rid, searchJson, detailJson) => {
    const detail = detailJson === null ? null : (JSON.parse(detailJson) as Record<string, unknown>);
    // The search item is read only when there are no details (theirs wins).
    const item = detail ? {} : (JSON.parse(searchJson) as Record<string, unknown>);
    payable.run(payableAmount(item, detail), rid);
    if (detail) write(rid, invoiceFacts(detail));
  });
}

/** Step 16's pass: fills invoices.credited_number; returns the number of invoices read. Only
 * JSON that names referenced documents is parsed (most invoices name none). */
export function backfillCreditedNumbers(db: DatabaseSync): number {
  const credited = db.prepare('UPDATE invoices SET credited_number = ? WHERE rid = ?');
  const parsed = (json: string | null): Record<string, unknown> | null =>
    json !== null && json.includes('"referencedDocuments"')
      ? (JSON.parse(json) as Record<string, unknown>)
      : null;
  return eachStoredInvoice(db, (rid, searchJson, detailJson) => {
    const number = creditedNumber(parsed(searchJson) ?? {}, parsed(detailJson));
    if (number !== null) credited.run(number, rid);
  });
}

/** Hands `visit` every invoice's stored JSON, in rid order, a batch at a time; returns how many. */
function eachStoredInvoice(
  db: DatabaseSync,
  visit: (rid: number, searchJson: string, detailJson: string | null) => void,
): number {
  const page = db.prepare(
    `SELECT rid, search_json, detail_json FROM invoice_json WHERE rid > ? ORDER BY rid LIMIT ?`,
  );
  page.setReturnArrays(true);
  let after = -1;
  let read = 0;
  for (;;) {
    const rows = page.all(after, BATCH) as unknown as [number, string, string | null][];
    if (rows.length === 0) return read;
    for (const [rid, searchJson, detailJson] of rows) visit(rid, searchJson, detailJson);
    read += rows.length;
    after = rows.at(-1)![0];
  }
}
