// The reads the reports and the exports' VAT sheet make of an archive, in SQL: each invoice's
// row with the facts of its details they need, read from the facts' columns (schema step 14,
// invoice-facts.ts: the JSON is parsed once, when written), one at a time from a SQLite cursor,
// with a generous date window in SQL so a report of one month does not read years of rows.
// ArchiveStore runs them on its handle; callers ask the store by name.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ArchiveRow } from '#shared/archive.ts';
import { orderOf, whereOf, type ArchiveFilter, type ArchiveSort } from './archive-query.ts';
import { INVOICE_COLUMN_NAMES } from '../invoice-columns.ts';
import { factsReader, keptFacts, rowsWithFacts } from './facts-sql.ts';
import { detailVatFactsOf } from '../detail-vat-facts.ts';
import type { DetailVatFacts, PayableRow, RowWith, RowWithFacts, VatWindow } from '../ports.ts';
export type { DetailVatFacts, PayableRow, RowWith, RowWithFacts } from '../ports.ts';

const NAMES = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'];
const COLUMNS = NAMES.map((c) => `invoices.${c}`);
const KEYS = NAMES.map((c) => c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase()));
/** Where a query's extra values are in a record (after the invoice's columns). */
const EXTRA = NAMES.length;

/** Records come as arrays (no object with 28 named properties per row): by position. */
type SqlRecord = readonly unknown[];

function toRow(record: SqlRecord): ArchiveRow {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < KEYS.length; index += 1) {
    row[KEYS[index] as string] = record[index] ?? null;
  }
  return row as unknown as ArchiveRow;
}

/** Each row of `where`, with its whole record: `extra`'s columns are from EXTRA on. */
function* query(
  db: DatabaseSync,
  extra: string,
  where: string,
  params: SQLInputValue[],
): Generator<RowWith<SqlRecord>> {
  const statement = db.prepare(`SELECT ${COLUMNS.join(', ')}${extra} FROM invoices WHERE ${where}`);
  statement.setReturnArrays(true);
  for (const record of statement.iterate(...params)) {
    const r = record as unknown as SqlRecord;
    yield { row: toRow(r), extra: r };
  }
}

/** The VAT report's candidates with their facts (null without details): dated in [from, to],
 * collected (212) on or after `collectedSince`, delivered in [from, to] (among the invoices
 * dated in [datedFrom, datedTo]), or undated. */
export function* vatRows(db: DatabaseSync, window: VatWindow): Generator<RowWithFacts> {
  for (const { values, facts } of rowsWithFacts(
    db,
    COLUMNS,
    `invoice_date IS NULL OR invoice_date BETWEEN ? AND ?
     OR (lifecycle_code = '212' AND lifecycle_date >= ?)
     OR (invoice_date BETWEEN ? AND ? AND invoice_facts.delivery_date BETWEEN ? AND ?)
     OR invoice_id IN (SELECT value FROM json_each(?))`,
    [
      window.from,
      window.to,
      window.collectedSince,
      window.datedFrom,
      window.datedTo,
      window.deliveredFrom ?? window.from,
      window.to,
      JSON.stringify(window.alsoIds ?? []),
    ],
  )) {
    const row = toRow(values);
    yield { row, facts: keptFacts(row, facts) };
  }
}

/** What is left to pay (a column since schema step 14) and the invoice credited (step 16). */
const PAYABLE_AMOUNT = ', invoices.payable_amount, invoices.credited_number';

const payable = ({ row, extra: record }: RowWith<SqlRecord>): PayableRow => {
  const amount = record[EXTRA];
  const credited = record[EXTRA + 1];
  return {
    row,
    payableAmount: typeof amount === 'number' ? amount : null,
    creditedNumber: typeof credited === 'string' ? credited : null,
  };
};

/** The échéancier's candidates (dated on or before `asOf`, or undated) with what is left to pay
 * (BT-115), from the details when archived, else from the search. */
export function* payableRows(db: DatabaseSync, asOf: string): Generator<PayableRow> {
  for (const found of query(db, PAYABLE_AMOUNT, 'invoice_date IS NULL OR invoice_date <= ?', [
    asOf,
  ]))
    yield payable(found);
}

/** The échéancier's facts (payableRows) of the invoices dated in [from, to] only: the
 * exceptions list of a period (issue 19). */
export function* payableRowsBetween(
  db: DatabaseSync,
  from: string,
  to: string,
): Generator<PayableRow> {
  for (const found of query(db, PAYABLE_AMOUNT, 'invoice_date BETWEEN ? AND ?', [from, to]))
    yield payable(found);
}

/** Rows dated in [from, to], or undated. */
export function* datedRows(db: DatabaseSync, from: string, to: string): Generator<ArchiveRow> {
  for (const { row } of query(db, '', 'invoice_date IS NULL OR invoice_date BETWEEN ? AND ?', [
    from,
    to,
  ]))
    yield row;
}

/**
 * The VAT facts of the archived details of the rows matching `filter`, in `sort` order (the
 * same rows and order as iterateDetails), read from the facts' columns (schema step 14).
 */
export function* detailVatFacts(
  db: DatabaseSync,
  filter: ArchiveFilter,
  sort: ArchiveSort | undefined,
): Generator<DetailVatFacts> {
  const where = whereOf({ ...filter, detailFetched: true });
  const statement = db.prepare(
    `SELECT rid FROM invoices JOIN invoice_facts USING (rid) ${where.sql}
     ${orderOf(sort)}`,
  );
  statement.setReturnArrays(true);
  const factsOf = factsReader(db);
  for (const record of statement.iterate(...where.params)) {
    const facts = factsOf((record as unknown as [number])[0]);
    if (facts !== null) yield detailVatFactsOf(facts);
  }
}
