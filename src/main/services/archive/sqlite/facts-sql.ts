// The facts of invoice-facts.ts in SQLite (schema step 14): written with an invoice's details,
// read back joined to the invoices' rows (one row per VAT line, folded into one invoice here).
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import {
  FACT_COLUMNS,
  NO_FACTS,
  VAT_LINE_COLUMNS,
  factRow,
  factsFromRecord,
  vatLineFromRecord,
  type InvoiceFacts,
  type VatLine,
} from '../invoice-facts.ts';

/** The facts of a row whose details are archived (none kept: an empty set, as details
 * without those fields), else null: what the reads hand their callers. */
export function keptFacts(
  row: { detailFetchedAt: string | null },
  facts: InvoiceFacts | null,
): InvoiceFacts | null {
  return row.detailFetchedAt === null ? null : (facts ?? NO_FACTS);
}

/** What writes (or rewrites) the facts of the invoice `rid`, its statements prepared once. */
export function factsWriter(db: DatabaseSync): (rid: number, facts: InvoiceFacts) => void {
  const facts = db.prepare(
    `INSERT OR REPLACE INTO invoice_facts (rid, ${FACT_COLUMNS.join(', ')})
     VALUES (?${', ?'.repeat(FACT_COLUMNS.length)})`,
  );
  const clear = db.prepare('DELETE FROM invoice_vat_lines WHERE rid = ?');
  const line = db.prepare(
    `INSERT INTO invoice_vat_lines (rid, line, ${VAT_LINE_COLUMNS.join(', ')})
     VALUES (?, ?${', ?'.repeat(VAT_LINE_COLUMNS.length)})`,
  );
  return (rid, written) => {
    facts.run(rid, ...(factRow(written) as SQLInputValue[]));
    clear.run(rid);
    written.vatLines.forEach((l, index) =>
      line.run(rid, index, l.categoryCode, l.percent, l.taxableAmount, l.taxAmount),
    );
  };
}

/** The invoices with their facts and VAT lines joined. The facts' columns are named apart
 * from the invoices' (invoice-facts.ts), so a condition on the invoices reads unqualified. */
export const WITH_FACTS = `invoices
  LEFT JOIN invoice_facts ON invoice_facts.rid = invoices.rid
  LEFT JOIN invoice_vat_lines ON invoice_vat_lines.rid = invoices.rid`;

/** The columns after a query's own: whether the facts are there, the facts, payable_amount,
 * the invoice's rid and its VAT line. */
const FACTS_SELECT = [
  'invoice_facts.rid',
  ...FACT_COLUMNS.map((c) => `invoice_facts.${c}`),
  'invoices.payable_amount',
  'invoices.rid',
  'invoice_vat_lines.line',
  ...VAT_LINE_COLUMNS.map((c) => `invoice_vat_lines.${c}`),
].join(', ');

/** A record of a query's own columns, and the invoice's facts (null without details). */
export interface WithFacts {
  values: readonly unknown[];
  facts: InvoiceFacts | null;
}

/**
 * `SELECT columns, …facts FROM invoices (with facts) WHERE where`, one item per invoice (the
 * join gives a record per VAT line: those of one invoice come together, in their order, as
 * SQLite walks each invoice's lines by their key). No ORDER BY: sorting would hold every record
 * of a year's read in memory, where the cursor holds one.
 */
export function* rowsWithFacts(
  db: DatabaseSync,
  columns: readonly string[],
  where: string,
  params: SQLInputValue[],
): Generator<WithFacts> {
  const statement = db.prepare(
    `SELECT ${columns.join(', ')}, ${FACTS_SELECT} FROM ${WITH_FACTS} WHERE ${where}`,
  );
  statement.setReturnArrays(true);
  const at = columns.length;
  const payableAt = at + 1 + FACT_COLUMNS.length;
  const ridAt = payableAt + 1;
  const lineAt = ridAt + 1;
  let current: { rid: unknown; values: unknown[]; lines: VatLine[] } | null = null;
  const done = (c: NonNullable<typeof current>): WithFacts => ({
    values: c.values,
    facts:
      c.values[at] === null
        ? null
        : factsFromRecord(c.values, at + 1, c.lines, c.values[payableAt]),
  });
  // SQLite keeps a LEFT JOIN's right-hand tables in inner loops: an invoice never comes back
  // once left. Checked all the same, so that a planner's change fails loudly, never counts twice.
  const left = new Set<unknown>();
  for (const record of statement.iterate(...params)) {
    const values = record as unknown as unknown[];
    if (current === null || current.rid !== values[ridAt]) {
      if (current !== null) {
        left.add(current.rid);
        yield done(current);
      }
      if (left.has(values[ridAt])) throw new Error('The facts of an invoice came apart in a read.');
      current = { rid: values[ridAt], values, lines: [] };
    }
    if (values[lineAt] !== null) current.lines.push(vatLineFromRecord(values, lineAt + 1));
  }
  if (current !== null) yield done(current);
}

/** The facts of the invoices `rids` have, one lookup each (the export reads them in a sort's
 * order, which a join with the lines could not keep line by line without sorting them all). */
export function factsReader(db: DatabaseSync): (rid: number) => InvoiceFacts | null {
  const facts = db.prepare(
    `SELECT invoice_facts.rid, ${FACT_COLUMNS.map((c) => `invoice_facts.${c}`).join(', ')},
       invoices.payable_amount
     FROM invoice_facts JOIN invoices ON invoices.rid = invoice_facts.rid
     WHERE invoice_facts.rid = ?`,
  );
  facts.setReturnArrays(true);
  const lines = db.prepare(
    `SELECT ${VAT_LINE_COLUMNS.join(', ')} FROM invoice_vat_lines WHERE rid = ? ORDER BY line`,
  );
  lines.setReturnArrays(true);
  return (rid) => {
    const found = facts.get(rid) as unknown as unknown[] | undefined;
    if (!found) return null;
    const vatLines = (lines.all(rid) as unknown as unknown[][]).map((l) => vatLineFromRecord(l, 0));
    return factsFromRecord(found, 1, vatLines, found[1 + FACT_COLUMNS.length]);
  };
}
