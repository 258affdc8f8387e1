// The reads the reports and the exports' VAT sheet make of an archive, in SQL: each invoice's
// row with the few facts of its operator JSON they need, read by json_extract (parsing whole
// invoices in JavaScript was most of a report's time), one at a time from a SQLite cursor, with
// a generous date window in SQL so a report of one month does not read years of details.
// ArchiveStore runs them on its handle; callers ask the store by name.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ArchiveRow } from '#shared/archive.ts';
import {
  DEFAULT_SORT,
  orderOf,
  whereOf,
  type ArchiveFilter,
  type ArchiveSort,
} from './archive-query.ts';
import { INVOICE_COLUMN_NAMES } from '../invoice-columns.ts';
import type { DetailVatFacts, RowWith } from '../ports.ts';
export type { DetailVatFacts, RowWith } from '../ports.ts';

const NAMES = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'];
const COLUMNS = NAMES.map((c) => `invoices.${c}`);
const KEYS = NAMES.map((c) => c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase()));
/** Where a query's extra value is in a record (after the invoice's columns). */
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

/** The facts of a detail the VAT report reads, in this order: one json_extract of many paths
 * (one call, one JSON array) costs less than one call per path. */
export const VAT_FACT_PATHS = [
  '$.businessData.invoiceId',
  '$.businessData.type',
  '$.businessData.taxPaymentOption.code',
  '$.businessData.taxPaymentOption.iopCode',
  '$.businessData.shipping.deliveryDate',
  '$.businessData.monetary.invoiceCurrency',
  '$.businessData.monetary.taxBasisTotalAmount.amount',
  '$.businessData.monetary.taxTotalAmount.amount',
  '$.businessData.taxDetails',
  '$.businessData.seller.postalAddress.country',
  '$.businessData.processType',
] as const;
const VAT_FACTS = `, json_extract(detail_json, ${VAT_FACT_PATHS.map((path) => `'${path}'`).join(', ')})`;

/**
 * Where the operator's JSON is: in the invoices table (archive schema 3), or in its own table
 * joined by rid (schema 4 keeps the searchable rows small). The queries name `search_json` and
 * `detail_json` either way.
 */
function jsonTables(db: DatabaseSync): string {
  const separate = db
    .prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'invoice_json'")
    .get();
  return separate ? 'invoices JOIN invoice_json ON invoice_json.rid = invoices.rid' : 'invoices';
}

function* query(
  db: DatabaseSync,
  extra: string,
  where: string,
  params: SQLInputValue[],
): Generator<RowWith<unknown>> {
  const from = extra.includes('_json') || where.includes('_json') ? jsonTables(db) : 'invoices';
  const statement = db.prepare(`SELECT ${COLUMNS.join(', ')}${extra} FROM ${from} WHERE ${where}`);
  statement.setReturnArrays(true);
  for (const record of statement.iterate(...params)) {
    const r = record as unknown as SqlRecord;
    yield { row: toRow(r), extra: r[EXTRA] };
  }
}

/** The VAT report's candidates with VAT_FACT_PATHS of their details (null without details):
 * dated in [from, to], collected (212) on or after `collectedSince`, delivered in [from, to]
 * (among the invoices dated in [datedFrom, datedTo]), or undated. */
export function* vatRows(
  db: DatabaseSync,
  window: {
    from: string;
    to: string;
    collectedSince: string;
    datedFrom: string;
    datedTo: string;
    /** The delivery days looked for start here (default `from`). */
    deliveredFrom?: string;
    /** Invoices read whatever their dates (marked paid in the period: VAT on payment). */
    alsoIds?: readonly string[];
  },
): Generator<RowWith<readonly unknown[] | null>> {
  for (const { row, extra } of query(
    db,
    VAT_FACTS,
    `invoice_date IS NULL OR invoice_date BETWEEN ? AND ?
     OR (lifecycle_code = '212' AND lifecycle_date >= ?)
     OR (invoice_date BETWEEN ? AND ?
         AND json_extract(detail_json, '$.businessData.shipping.deliveryDate') BETWEEN ? AND ?)
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
    if (row.detailFetchedAt === null) {
      yield { row, extra: null };
      continue;
    }
    const facts: unknown = typeof extra === 'string' ? JSON.parse(extra) : null;
    yield { row, extra: Array.isArray(facts) ? facts : [] };
  }
}

/** What is left to pay (BT-115), from the details when archived, else from the search. */
const PAYABLE_AMOUNT = `, json_extract(coalesce(detail_json, search_json), '$.businessData.monetary.payableAmount.amount')`;

/** The échéancier's candidates (dated on or before `asOf`, or undated) with what is left to pay
 * (BT-115), from the details when archived, else from the search. */
export function payableRows(db: DatabaseSync, asOf: string): Generator<RowWith<unknown>> {
  return query(db, PAYABLE_AMOUNT, 'invoice_date IS NULL OR invoice_date <= ?', [asOf]);
}

/** The échéancier's facts (payableRows) of the invoices dated in [from, to] only: the
 * exceptions list of a period (issue 19). */
export function payableRowsBetween(
  db: DatabaseSync,
  from: string,
  to: string,
): Generator<RowWith<unknown>> {
  return query(db, PAYABLE_AMOUNT, 'invoice_date BETWEEN ? AND ?', [from, to]);
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
 * same rows and order as iterateDetails). Parsing both JSON documents of every invoice (about
 * 4 KB) was most of the main thread's time and garbage in a large export.
 */
export function* detailVatFacts(
  db: DatabaseSync,
  filter: ArchiveFilter,
  sort: ArchiveSort | undefined,
): Generator<DetailVatFacts> {
  const where = whereOf({ ...filter, detailFetched: true });
  const statement = db.prepare(
    `SELECT json_extract(detail_json, '$.invoiceId', '$.businessData.invoiceId',
       '$.businessData.monetary.invoiceCurrency', '$.businessData.taxDetails',
       '$.businessData.type') AS facts
     FROM invoices JOIN invoice_json USING (rid) ${where.sql} ${orderOf(sort ?? DEFAULT_SORT)}`,
  );
  statement.setReturnArrays(true);
  for (const record of statement.iterate(...where.params)) {
    const json = (record as unknown as unknown[])[0];
    if (typeof json !== 'string') continue;
    const [invoiceId, number, currency, taxDetails, type] = JSON.parse(json) as unknown[];
    yield {
      invoiceId: invoiceId as string,
      number: number as string,
      currency: currency as string,
      taxDetails: Array.isArray(taxDetails) ? taxDetails : [],
      type: typeof type === 'string' || typeof type === 'number' ? type : null,
    };
  }
}
