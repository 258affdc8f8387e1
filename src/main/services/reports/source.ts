// Reads the invoices a report needs from an archive, one at a time (SQLite cursor), with a
// generous date window in SQL so that a report of one month does not read years of details.
import type { SQLInputValue } from 'node:sqlite';
import { addDays } from '#shared/report-period.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { ReportCoverage, ReportPeriod } from '#shared/reports.ts';
import { toCents } from '../archive/amounts.ts';
import type { ArchiveRow, ArchiveStore } from '../archive/archive-store.ts';
import { INVOICE_COLUMN_NAMES } from '../archive/invoice-columns.ts';
import { readCoverage } from '../archive/sync.ts';
import type { BreakdownEntry, ReportItem, VatFacts } from './invoice.ts';

const NAMES = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'];
const COLUMNS = NAMES.map((c) => `invoices.${c}`);
const KEYS = NAMES.map((c) => c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase()));
/** Where a query's extra values start in a record (after the invoice's columns). */
const EXTRA = NAMES.length;
const DETAIL_FETCHED_AT = NAMES.indexOf('detail_fetched_at');

/** Records come as arrays (no object with 28 named properties per row): by position. */
type SqlRecord = readonly unknown[];

function toRow(record: SqlRecord): ArchiveRow {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < KEYS.length; index += 1) {
    row[KEYS[index] as string] = record[index] ?? null;
  }
  return row as unknown as ArchiveRow;
}

/** How far from its invoice date an invoice's delivery date is looked for (a year each way). */
export const DELIVERY_WINDOW_DAYS = 366;

/**
 * Where the operator's JSON is: in the invoices table (archive schema 3), or in its own table
 * joined by rid (schema 4 keeps the searchable rows small). The queries name `search_json` and
 * `detail_json` either way.
 */
function jsonTables(store: ArchiveStore): string {
  const separate = store.db
    .prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'invoice_json'")
    .get();
  return separate ? 'invoices JOIN invoice_json ON invoice_json.rid = invoices.rid' : 'invoices';
}

function* query(
  store: ArchiveStore,
  extra: string,
  where: string,
  params: SQLInputValue[],
  read: (record: SqlRecord, row: ArchiveRow) => ReportItem,
): Generator<ReportItem> {
  const from = extra.includes('_json') || where.includes('_json') ? jsonTables(store) : 'invoices';
  const statement = store.db.prepare(
    `SELECT ${COLUMNS.join(', ')}${extra} FROM ${from} WHERE ${where}`,
  );
  statement.setReturnArrays(true);
  for (const record of statement.iterate(...params)) {
    const r = record as unknown as SqlRecord;
    yield read(r, toRow(r));
  }
}

/** The facts of a detail the TVA report reads, in this order: one json_extract of many paths
 * (one call, one JSON array) costs less than one call per path. */
const FACT_PATHS = [
  '$.businessData.invoiceId',
  '$.businessData.type',
  '$.businessData.taxPaymentOption.code',
  '$.businessData.taxPaymentOption.iopCode',
  '$.businessData.shipping.deliveryDate',
  '$.businessData.monetary.invoiceCurrency',
  '$.businessData.monetary.taxBasisTotalAmount.amount',
  '$.businessData.monetary.taxTotalAmount.amount',
  '$.businessData.taxDetails',
] as const;
const FACTS = `, json_extract(detail_json, ${FACT_PATHS.map((path) => `'${path}'`).join(', ')})`;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

function vatFacts(r: SqlRecord): VatFacts | null {
  if (r[DETAIL_FETCHED_AT] === null || r[DETAIL_FETCHED_AT] === undefined) return null;
  const json = r[EXTRA];
  const facts: unknown = typeof json === 'string' ? JSON.parse(json) : null;
  const [number, type, tpCode, tpIop, delivery, currency, basis, tax, details] = Array.isArray(
    facts,
  )
    ? (facts as unknown[])
    : [];
  return {
    number: text(number),
    type: text(type),
    taxPaymentCode: typeof tpCode === 'number' ? tpCode : null,
    taxPaymentIop: text(tpIop),
    deliveryDate: text(delivery),
    currency: text(currency),
    basis,
    tax,
    taxDetails: Array.isArray(details) ? (details as BreakdownEntry[]) : [],
  };
}

/**
 * The TVA report's candidates, with the facts of their details read in SQL (parsing whole
 * invoices in JavaScript was most of the report's time): dated in the period, collected (212)
 * in it, delivered in it (delivery dates are looked for within a year of the invoice date), or
 * undated.
 */
export function vatItems(store: ArchiveStore, period: ReportPeriod): Generator<ReportItem> {
  return query(
    store,
    FACTS,
    `invoice_date IS NULL OR invoice_date BETWEEN ? AND ?
     OR (lifecycle_code = '212' AND lifecycle_date >= ?)
     OR (invoice_date BETWEEN ? AND ?
         AND json_extract(detail_json, '$.businessData.shipping.deliveryDate') BETWEEN ? AND ?)`,
    [
      period.from,
      period.to,
      // A status late on the eve of the period may already be on its first day in Paris.
      addDays(period.from, -1),
      addDays(period.from, -DELIVERY_WINDOW_DAYS),
      addDays(period.to, DELIVERY_WINDOW_DAYS),
      period.from,
      period.to,
    ],
    (r, row) => ({ row, vat: vatFacts(r) }),
  );
}

/** The échéancier's candidates: dated on or before the day, with what is left to pay (BT-115,
 * from the details when archived, else from the search) and the user's "paid" mark if any
 * (`marks`, read from the user-data file beside the archive). */
export function agingItems(
  store: ArchiveStore,
  asOf: string,
  marks: ReadonlyMap<string, PaymentMark> = new Map(),
): Generator<ReportItem> {
  return query(
    store,
    `, json_extract(coalesce(detail_json, search_json), '$.businessData.monetary.payableAmount.amount')`,
    'invoice_date IS NULL OR invoice_date <= ?',
    [asOf],
    (r, row) => ({
      row,
      payableCents: toCents(r[EXTRA]),
      mark: marks.get(row.invoiceId) ?? null,
    }),
  );
}

/** The statuts report's candidates: dated in the period, or undated. */
export function statusItems(store: ArchiveStore, period: ReportPeriod): Generator<ReportItem> {
  return query(
    store,
    '',
    'invoice_date IS NULL OR invoice_date BETWEEN ? AND ?',
    [period.from, period.to],
    (_, row) => ({ row }),
  );
}

/** What the archive holds and what the operator's window kept out of it. */
export function reportCoverage(store: ArchiveStore): ReportCoverage {
  const counts = store.db
    .prepare('SELECT count(*) AS invoices, count(detail_fetched_at) AS details FROM invoices')
    .get() as { invoices: number; details: number };
  const lastSync = store.db.prepare('SELECT max(finished_at) AS at FROM sync_runs').get() as {
    at: string | null;
  };
  const partitions = readCoverage(store);
  const cut = partitions.filter((p) => p.finished && !p.complete);
  const oldest = cut.map((p) => p.oldest).filter((d): d is string => d !== null);
  return {
    archivedInvoices: Number(counts.invoices),
    withDetails: Number(counts.details),
    lastSyncAt: lastSync.at,
    partitionsCut: cut.length,
    partitionsUnfinished: partitions.filter((p) => !p.finished).length,
    completeSince: oldest.length > 0 ? oldest.sort().at(-1)! : null,
  };
}
