// The reads the pre-accounting makes of an archive (issue 17), in SQL: each invoice of a period
// with the few facts of its details its entries need, read by one json_extract (as
// report-rows.ts: parsing whole invoices in JavaScript would be most of the time), one at a time
// from a SQLite cursor; and the company the archive belongs to. ArchiveStore runs them on its
// handle; callers ask the store by name.
import type { DatabaseSync } from 'node:sqlite';
import type { ArchiveRow } from '#shared/archive.ts';
import { addDays } from '#shared/report-period.ts';
import { INVOICE_COLUMN_NAMES } from '../invoice-columns.ts';
import type { AccountingBreakdown, AccountingFacts, AccountingRow, Ca3Row } from '../ports.ts';
export type { AccountingBreakdown, AccountingFacts, AccountingRow, Ca3Row } from '../ports.ts';

/** The facts read, in the order AccountingFacts is filled from. */
export const ACCOUNTING_FACT_PATHS = [
  '$.businessData.processType',
  '$.businessData.taxPaymentOption.code',
  '$.businessData.taxPaymentOption.iopCode',
  '$.businessData.monetary.invoiceCurrency',
  '$.businessData.monetary.invoiceAmount.amount',
  '$.businessData.monetary.taxBasisTotalAmount.amount',
  '$.businessData.monetary.taxTotalAmount.amount',
  '$.businessData.monetary.taxTotalAmountAccounting.amount',
  '$.businessData.taxDetails',
  '$.businessData.seller.postalAddress.country',
  '$.businessData.buyer.postalAddress.country',
  '$.businessData.referenceData.accountingCostId',
] as const;

const NAMES = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'];
const KEYS = NAMES.map((c) => c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase()));
const SELECT = `SELECT ${NAMES.map((c) => `invoices.${c}`).join(', ')},
  json_extract(detail_json, ${ACCOUNTING_FACT_PATHS.map((p) => `'${p}'`).join(', ')})
  FROM invoices JOIN invoice_json ON invoice_json.rid = invoices.rid`;
/** The same, and the delivery date after the facts. */
const SELECT_WITH_DELIVERY = `SELECT ${NAMES.map((c) => `invoices.${c}`).join(', ')},
  json_extract(detail_json, ${ACCOUNTING_FACT_PATHS.map((p) => `'${p}'`).join(', ')}),
  json_extract(detail_json, '$.businessData.shipping.deliveryDate')
  FROM invoices JOIN invoice_json ON invoice_json.rid = invoices.rid`;

const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

function factsOf(values: readonly unknown[]): AccountingFacts {
  const [
    process,
    code,
    iop,
    currency,
    ttc,
    ht,
    tva,
    tvaEur,
    details,
    sellerCountry,
    buyerCountry,
    cost,
  ] = values;
  return {
    processType: text(process),
    taxPaymentCode: typeof code === 'number' ? code : null,
    taxPaymentIop: text(iop),
    currency: text(currency),
    invoiceAmount: ttc,
    taxBasisTotal: ht,
    taxTotal: tva,
    taxTotalAccounting: tvaEur,
    taxDetails: Array.isArray(details) ? (details as AccountingBreakdown[]) : [],
    sellerCountry: text(sellerCountry),
    buyerCountry: text(buyerCountry),
    accountingCostId: text(cost),
  };
}

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
  const statement = db.prepare(
    `${SELECT} WHERE invoices.invoice_date BETWEEN ? AND ?
     OR (invoices.lifecycle_code = '212' AND invoices.lifecycle_date >= ?
         AND invoices.lifecycle_date < ?)
     OR invoices.invoice_id IN (SELECT value FROM json_each(?))`,
  );
  statement.setReturnArrays(true);
  const since = addDays(from, -1);
  const until = addDays(to, 2); // exclusive: any time on the day after `to`
  for (const record of statement.iterate(from, to, since, until, JSON.stringify(alsoIds))) {
    const values = record as unknown as unknown[];
    const row: Record<string, unknown> = {};
    for (let index = 0; index < KEYS.length; index += 1)
      row[KEYS[index] as string] = values[index] ?? null;
    const archived = row.detailFetchedAt !== null;
    const json = values[KEYS.length];
    const facts: unknown = archived && typeof json === 'string' ? JSON.parse(json) : null;
    yield {
      row: row as unknown as ArchiveRow,
      facts: Array.isArray(facts) ? factsOf(facts) : null,
    };
  }
}

/**
 * The invoices a period's VAT return reads (issue 18): those accountingRows reads (dated in
 * [from, to], or 212 around it), and those delivered from 31 days before `from` to `to` among
 * the invoices dated within `deliveryWindowDays` of it (their VAT is due on the delivery day,
 * tax/rules.ts, or for goods between member states on the 15th of the month after it).
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
  const statement = db.prepare(
    `${SELECT_WITH_DELIVERY}
     WHERE invoices.invoice_date BETWEEN ? AND ?
     OR (invoices.lifecycle_code = '212' AND invoices.lifecycle_date >= ?
         AND invoices.lifecycle_date < ?)
     OR (invoices.invoice_date BETWEEN ? AND ?
         AND json_extract(detail_json, '$.businessData.shipping.deliveryDate') BETWEEN ? AND ?)
     OR invoices.invoice_id IN (SELECT value FROM json_each(?))`,
  );
  statement.setReturnArrays(true);
  const since = addDays(from, -1);
  const until = addDays(to, 2); // exclusive: any time on the day after `to`
  for (const record of statement.iterate(
    from,
    to,
    since,
    until,
    addDays(from, -deliveryWindowDays),
    addDays(to, deliveryWindowDays),
    addDays(from, -31),
    to,
    JSON.stringify(alsoIds),
  )) {
    const values = record as unknown as unknown[];
    const row: Record<string, unknown> = {};
    for (let index = 0; index < KEYS.length; index += 1)
      row[KEYS[index] as string] = values[index] ?? null;
    const archived = row.detailFetchedAt !== null;
    const json = values[KEYS.length];
    const facts: unknown = archived && typeof json === 'string' ? JSON.parse(json) : null;
    const delivery = values[KEYS.length + 1];
    yield {
      row: row as unknown as ArchiveRow,
      facts: Array.isArray(facts) ? factsOf(facts) : null,
      deliveryDate: archived ? text(delivery) : null,
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
