// The archive screen's filters and sorts, turned into SQL with bound parameters. Sort keys are
// whitelisted (no caller text ever reaches the SQL), and every order ends on the row id (rid) so
// pages are stable.
import type { ArchiveFilter, ArchiveSort, ArchiveSortKey } from '#shared/archive.ts';
import { CREDIT_NOTE_TYPE_CODES } from '../invoice-columns.ts';
import { cents, day } from '../filter-values.ts';

export type { ArchiveFilter, ArchiveSort };

export const SORT_COLUMNS = {
  invoiceId: 'invoice_id',
  direction: 'direction',
  state: 'state',
  invoiceNumber: 'invoice_number',
  typeCode: 'type_code',
  invoiceDate: 'invoice_date',
  dueDate: 'due_date',
  createDate: 'create_date',
  sellerName: 'seller_name',
  buyerName: 'buyer_name',
  counterpartyName: 'counterparty_name',
  counterpartySiren: 'counterparty_siren',
  counterpartySiret: 'counterparty_siret',
  counterpartyVat: 'counterparty_vat',
  htCents: 'ht_cents',
  tvaCents: 'tva_cents',
  ttcCents: 'ttc_cents',
  currency: 'currency',
  lifecycleCode: 'lifecycle_code',
  lifecycleDate: 'lifecycle_date',
  detailFetchedAt: 'detail_fetched_at',
} as const satisfies Record<ArchiveSortKey, string>;
export type SortKey = ArchiveSortKey;

/** Default: newest deposits first, the operator's own order. */
export const DEFAULT_SORT: ArchiveSort = { key: 'createDate', descending: true };

type SqlValue = string | number | null;
export interface SqlWhere {
  sql: string;
  params: SqlValue[];
}

/** Words of free text as an FTS5 query: each a quoted prefix, all required. */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(' ');
}

export type CounterpartyKey = { column: string; value: string } | { fts: string } | null;

/** What a counterparty search means: an identifier matched exactly, else name words. */
export function counterpartyKey(input: string): CounterpartyKey {
  const compact = input.replace(/[\s.]/g, '').toUpperCase();
  if (/^\d{9}$/.test(compact)) return { column: 'counterparty_siren', value: compact };
  if (/^\d{14}$/.test(compact)) return { column: 'counterparty_siret', value: compact };
  if (/^[A-Z]{2}[0-9A-Z+*]{2,16}$/.test(compact) && /\d/.test(compact))
    return { column: 'counterparty_vat', value: compact };
  const fts = ftsQuery(input);
  return fts === null ? null : { fts: `counterparty_name : (${fts})` };
}

/** A phrase for FTS5: the text in double quotes, its own quotes doubled. */
function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The archive's one search field: the rows whose invoice number contains the text (anywhere,
 * case ignored: "000123" finds "F2026-000123"), whose parties' names hold its words (prefixes,
 * accents ignored), or whose other party has it as SIREN, SIRET or VAT number (spaces and dots
 * ignored). One IN over a UNION, so each part reads its own index.
 */
export function searchOf(text: string): SqlWhere | null {
  const raw = text.normalize('NFC').trim();
  if (raw === '') return null;
  const parts: string[] = [];
  const params: SqlValue[] = [];
  // The trigram index (schema step 8) finds any part of 3 characters or more; the word index
  // (step 2) finds names, and a number's words by their starts ("FAC 000546", "12").
  if ([...raw].length >= 3) {
    parts.push('SELECT rowid FROM invoice_number_fts WHERE invoice_number_fts MATCH ?');
    params.push(phrase(raw));
  }
  const words = ftsQuery(raw);
  if (words) {
    parts.push('SELECT rowid FROM invoice_fts WHERE invoice_fts MATCH ?');
    params.push(words);
  }
  const key = counterpartyKey(raw);
  if (key && 'column' in key) {
    parts.push(`SELECT rid FROM invoices WHERE ${key.column} = ?`);
    params.push(key.value);
  }
  if (parts.length === 0) return null;
  return { sql: `rid IN (${parts.join(' UNION ')})`, params };
}

/** `sortedBy`: the order a page of the rows is read in. Sorted by a signed amount, the TTC
 * bounds are written `+ttc_cents` so that the planner reads the sort's own index and filters as
 * it goes (a page reads about 100 ÷ the share matching), rather than the bounds' index on the
 * unsigned amount and a sort of every row in range (109 ms at 100,000 invoices). */
export function whereOf(filter: ArchiveFilter = {}, sortedBy?: ArchiveSort): SqlWhere {
  const ttc = sortedBy && SIGNED_SORT_KEYS.has(sortedBy.key) ? '+ttc_cents' : 'ttc_cents';
  const parts: string[] = [];
  const params: SqlValue[] = [];
  const add = (sql: string, ...values: SqlValue[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (filter.invoiceDateFrom)
    add('invoice_date >= ?', day('invoiceDateFrom', filter.invoiceDateFrom));
  if (filter.invoiceDateTo) add('invoice_date <= ?', day('invoiceDateTo', filter.invoiceDateTo));
  if (filter.dueDateFrom) add('due_date >= ?', day('dueDateFrom', filter.dueDateFrom));
  if (filter.dueDateTo) add('due_date <= ?', day('dueDateTo', filter.dueDateTo));
  if (filter.ttcMinCents !== undefined)
    add(`${ttc} >= ?`, cents('ttcMinCents', filter.ttcMinCents));
  if (filter.ttcMaxCents !== undefined)
    add(`${ttc} <= ?`, cents('ttcMaxCents', filter.ttcMaxCents));
  if (filter.counterparty?.trim()) {
    const key = counterpartyKey(filter.counterparty);
    if (key && 'column' in key) add(`${key.column} = ?`, key.value);
    else if (key) add('rid IN (SELECT rowid FROM invoice_fts WHERE invoice_fts MATCH ?)', key.fts);
  }
  if (filter.text?.trim()) {
    const search = searchOf(filter.text);
    if (search) add(search.sql, ...search.params);
  }
  if (filter.kind) {
    const list = CREDIT_NOTE_TYPE_CODES.map(() => '?').join(', ');
    add(
      filter.kind === 'credit_note'
        ? `type_code IN (${list})`
        : `(type_code IS NULL OR type_code NOT IN (${list}))`,
      ...CREDIT_NOTE_TYPE_CODES,
    );
  }
  if (filter.lifecycleCodes && filter.lifecycleCodes.length > 0)
    add(
      `lifecycle_code IN (${filter.lifecycleCodes.map(() => '?').join(', ')})`,
      ...filter.lifecycleCodes,
    );
  if (filter.direction) add('direction = ?', filter.direction);
  if (filter.states && filter.states.length > 0)
    add(`state IN (${filter.states.map(() => '?').join(', ')})`, ...filter.states);
  if (filter.detailFetched !== undefined)
    parts.push(
      filter.detailFetched ? 'detail_fetched_at IS NOT NULL' : 'detail_fetched_at IS NULL',
    );
  return { sql: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The amounts, sorted as every screen shows them: a credit note's negative (the one sign rule,
 * issue 27), so that a credit note of 2 000 € sorts below an invoice of 10 €. */
const SIGNED_SORT_KEYS: ReadonlySet<ArchiveSortKey> = new Set(['htCents', 'tvaCents', 'ttcCents']);
// The codes are the app's constants (digits), written in the SQL as literals: an ORDER BY
// takes no bound parameters here, and no caller text reaches it.
const CREDIT_NOTE_CODES_SQL = CREDIT_NOTE_TYPE_CODES.map((code) => `'${code}'`).join(', ');

/** What a sort key orders by, in both stores' SQL (the PostgreSQL store's query.ts uses it
 * too, so that both order alike); `table` qualifies the columns when a read joins others. */
export function sortExpression(key: ArchiveSortKey, table = ''): string {
  if (!Object.hasOwn(SORT_COLUMNS, key)) throw new RangeError(`Unknown sort key: ${key}`);
  const column = `${table}${SORT_COLUMNS[key]}`;
  return SIGNED_SORT_KEYS.has(key)
    ? `(CASE WHEN ${table}type_code IN (${CREDIT_NOTE_CODES_SQL}) THEN -abs(${column}) ELSE ${column} END)`
    : column;
}

export function orderOf(sort: ArchiveSort = DEFAULT_SORT): string {
  const column = sortExpression(sort.key);
  // Empty values last whatever the direction. Descending, SQLite already puts NULL last, and an
  // index on the column (its entries end on the rid) read backwards gives the order; ascending
  // needs `column IS NULL` first, given by an index on that expression (schema steps 4 and 6).
  // Written so, a first page reads 100 index entries instead of sorting the whole archive.
  return sort.descending
    ? `ORDER BY ${column} DESC, rid DESC`
    : `ORDER BY ${column} IS NULL, ${column}, rid`;
}
