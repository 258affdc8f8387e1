// The reads the pre-accounting makes of an archive (issue 17), in SQL: each invoice of a period
// with the facts of its details its entries need, read from the facts' columns (schema step 14,
// invoice-facts.ts: the JSON is parsed once, when written), one at a time from a SQLite cursor;
// and the company the archive belongs to. ArchiveStore runs them on its
// handle; callers ask the store by name.
import type { DatabaseSync } from 'node:sqlite';
import type { ArchiveRow } from '#shared/archive.ts';
import { addDays } from '#shared/report-period.ts';
import { INVOICE_COLUMN_NAMES } from '../invoice-columns.ts';
import { keptFacts, rowsWithFacts } from './facts-sql.ts';
import { operatorLine, type InvoiceFacts } from '../invoice-facts.ts';
import type { AccountingFacts, AccountingRow, Ca3Row } from '../ports.ts';
export type { AccountingBreakdown, AccountingFacts, AccountingRow, Ca3Row } from '../ports.ts';

const NAMES = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'];
const COLUMNS = NAMES.map((c) => `invoices.${c}`);
const KEYS = NAMES.map((c) => c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase()));

/** An empty text is no text, for the entries. */
const text = (value: string | null): string | null => (value === '' ? null : value);

/** The entries' view of the facts the archive keeps (invoice-facts.ts). */
export function accountingFactsOf(facts: InvoiceFacts): AccountingFacts {
  return {
    processType: text(facts.processType),
    taxPaymentCode: facts.taxPaymentCode,
    taxPaymentIop: text(facts.taxPaymentIop),
    currency: text(facts.currency),
    invoiceAmount: facts.invoiceAmount,
    taxBasisTotal: facts.taxBasisTotal,
    taxTotal: facts.taxTotal,
    taxTotalAccounting: facts.taxTotalAccounting,
    taxDetails: facts.vatLines.map(operatorLine),
    sellerCountry: text(facts.sellerCountry),
    buyerCountry: text(facts.buyerCountry),
    accountingCostId: text(facts.accountingCostId),
  };
}

function rowOf(values: readonly unknown[]): ArchiveRow {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < KEYS.length; index += 1)
    row[KEYS[index] as string] = values[index] ?? null;
  return row as unknown as ArchiveRow;
}

/** Dated in [from, to], or collected (212) from the day before `from` to the day after `to`
 * (any time on those days, in any zone: the entries decide the day in Paris). */
function datedOrCollected(from: string, to: string): { where: string; params: string[] } {
  return {
    where: `(invoices.invoice_date BETWEEN ? AND ?
     OR (invoices.lifecycle_code = '212' AND invoices.lifecycle_date >= ?
         AND invoices.lifecycle_date < ?))`,
    // The upper bound is exclusive: any time on the day after `to`.
    params: [from, to, addDays(from, -1), addDays(to, 2)],
  };
}

/** Invoices read whatever their dates (marked paid in the period: VAT on payment). */
const ALSO_IDS = 'invoices.invoice_id IN (SELECT value FROM json_each(?))';

/**
 * The invoices a period's entries come from: dated in [from, to], and those whose last status
 * is 212 "Encaissée" dated around the period (a day either side: the status's day is counted in
 * Paris, which the entries do; their VAT on payment moves that day even when the invoice is
 * older), and `alsoIds` (those the accountant marked paid in the period). Undated invoices have
 * no entry date and are not read.
 */
export function* accountingRows(
  db: DatabaseSync,
  from: string,
  to: string,
  alsoIds: readonly string[] = [],
): Generator<AccountingRow> {
  const period = datedOrCollected(from, to);
  for (const { values, facts } of rowsWithFacts(db, COLUMNS, `${period.where} OR ${ALSO_IDS}`, [
    ...period.params,
    JSON.stringify(alsoIds),
  ])) {
    const row = rowOf(values);
    const kept = keptFacts(row, facts);
    yield { row, facts: kept && accountingFactsOf(kept) };
  }
}

/**
 * The invoices a period's VAT return reads (issue 18): those accountingRows reads (dated in
 * [from, to], or 212 around it), and those delivered from 31 days before `from` to `to` among
 * the invoices dated within `deliveryWindowDays` of it (their VAT is due on the delivery day,
 * reports/rules.ts, or for goods between member states on the 15th of the month after it).
 * Each with the entries' facts, so the return and its reconciliation read the archive once.
 * `alsoIds`: invoices read whatever their dates (those the accountant marked paid in the period:
 * their VAT on payment is due on the mark's day).
 */
export function* ca3Rows(
  db: DatabaseSync,
  from: string,
  to: string,
  deliveryWindowDays: number,
  alsoIds: readonly string[] = [],
): Generator<Ca3Row> {
  const period = datedOrCollected(from, to);
  for (const { values, facts } of rowsWithFacts(
    db,
    COLUMNS,
    `${period.where}
     OR (invoices.invoice_date BETWEEN ? AND ?
         AND invoice_facts.delivery_date BETWEEN ? AND ?)
     OR ${ALSO_IDS}`,
    [
      ...period.params,
      addDays(from, -deliveryWindowDays),
      addDays(to, deliveryWindowDays),
      addDays(from, -31),
      to,
      JSON.stringify(alsoIds),
    ],
  )) {
    const row = rowOf(values);
    const kept = keptFacts(row, facts);
    yield {
      row,
      facts: kept && accountingFactsOf(kept),
      deliveryDate: kept ? text(kept.deliveryDate) : null,
    };
  }
}

/**
 * The company an archive belongs to: the SIREN most often seen as the seller of its issued
 * invoices, else as the buyer of its received ones, with the name it is most often given there.
 * Null when no invoice names one.
 */
export function companySiren(db: DatabaseSync): { siren: string; name: string | null } | null {
  for (const [direction, side] of [
    ['OUTBOUND', 'seller'],
    ['INBOUND', 'buyer'],
  ] as const) {
    const found = db
      .prepare(
        `SELECT ${side}_siren AS siren, count(*) AS n FROM invoices
         WHERE direction = ? AND ${side}_siren IS NOT NULL
         GROUP BY ${side}_siren ORDER BY n DESC, ${side}_siren LIMIT 1`,
      )
      .get(direction) as { siren: string } | undefined;
    if (!found) continue;
    const named = db
      .prepare(
        `SELECT ${side}_name AS name, count(*) AS n FROM invoices
         WHERE direction = ? AND ${side}_siren = ? AND ${side}_name IS NOT NULL
         GROUP BY ${side}_name ORDER BY n DESC, ${side}_name LIMIT 1`,
      )
      .get(direction, found.siren) as { name: string } | undefined;
    return { siren: found.siren, name: named?.name ?? null };
  }
  return null;
}
