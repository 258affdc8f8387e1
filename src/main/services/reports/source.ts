// Reads the invoices a report needs from an archive, one at a time (SQLite cursor), with a
// generous date window in SQL so that a report of one month does not read years of details.
import type { SQLInputValue } from 'node:sqlite';
import { addDays } from '#shared/report-period.ts';
import type { Invoice } from '#shared/operator/schemas.ts';
import type { ReportCoverage, ReportPeriod } from '#shared/reports.ts';
import { toCents } from '../archive/amounts.ts';
import type { ArchiveRow, ArchiveStore } from '../archive/archive-store.ts';
import { INVOICE_COLUMN_NAMES } from '../archive/invoice-columns.ts';
import { readCoverage } from '../archive/sync.ts';
import type { ReportItem } from './invoice.ts';

const COLUMNS = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'];
const KEYS = COLUMNS.map((c) => [c, c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase())]);

function toRow(record: Record<string, unknown>): ArchiveRow {
  const row: Record<string, unknown> = {};
  for (const [column, key] of KEYS) row[key!] = record[column!] ?? null;
  return row as unknown as ArchiveRow;
}

/** How far from its invoice date an invoice's delivery date is looked for (a year each way). */
export const DELIVERY_WINDOW_DAYS = 366;

function* query(
  store: ArchiveStore,
  extra: string,
  where: string,
  params: SQLInputValue[],
  read: (record: Record<string, unknown>, row: ArchiveRow) => ReportItem,
): Generator<ReportItem> {
  const statement = store.db.prepare(
    `SELECT ${COLUMNS.join(', ')}${extra} FROM invoices WHERE ${where}`,
  );
  for (const record of statement.iterate(...params)) {
    const r = record as Record<string, unknown>;
    yield read(r, toRow(r));
  }
}

/**
 * The TVA report's candidates with their details: dated within a year of the period (a delivery
 * date may fall before or after the invoice date), collected (212) in it, or undated.
 */
export function vatItems(store: ArchiveStore, period: ReportPeriod): Generator<ReportItem> {
  return query(
    store,
    ', detail_json',
    `invoice_date IS NULL OR invoice_date BETWEEN ? AND ?
     OR (lifecycle_code = '212' AND lifecycle_date >= ?)`,
    [
      addDays(period.from, -DELIVERY_WINDOW_DAYS),
      addDays(period.to, DELIVERY_WINDOW_DAYS),
      // A status late on the eve of the period may already be on its first day in Paris.
      addDays(period.from, -1),
    ],
    (r, row) => ({
      row,
      detail: typeof r.detail_json === 'string' ? (JSON.parse(r.detail_json) as Invoice) : null,
    }),
  );
}

/** The échéancier's candidates: dated on or before the day, with what is left to pay (BT-115,
 * from the details when archived, else from the search). */
export function agingItems(store: ArchiveStore, asOf: string): Generator<ReportItem> {
  return query(
    store,
    `, json_extract(coalesce(detail_json, search_json), '$.businessData.monetary.payableAmount.amount') AS payable`,
    'invoice_date IS NULL OR invoice_date <= ?',
    [asOf],
    (r, row) => ({ row, payableCents: toCents(r.payable) }),
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
  const stats = store.stats();
  const partitions = readCoverage(store);
  const cut = partitions.filter((p) => p.finished && !p.complete);
  const oldest = cut.map((p) => p.oldest).filter((d): d is string => d !== null);
  return {
    archivedInvoices: stats.invoices,
    withDetails: stats.details,
    lastSyncAt: stats.lastSyncAt,
    partitionsCut: cut.length,
    partitionsUnfinished: partitions.filter((p) => !p.finished).length,
    completeSince: oldest.length > 0 ? oldest.sort().at(-1)! : null,
  };
}
