// How the archive screen's page is read on PostgreSQL (PostgresArchive.queryInvoices): walking
// the sort's index and keeping the matching rows until a page is full, or taking the matching
// rows through the filter's index and sorting them. The planner cannot tell which is faster (it
// assumes the matches are spread evenly along the sort's order), so the port decides from how
// many rows match, counted no further than the point where walking wins.
import type { ArchiveFilter, ArchiveSort, ArchiveSortKey } from '#shared/archive.ts';
import { counterpartyKey, SORT_COLUMNS } from '../sqlite/archive-query.ts';
import type { Params } from './database.ts';

/** A filter whose matches lie together somewhere along the sort's order (not spread): the
 * walk reads every row before them, so it is taken only over many matches. */
const GATHERED = 10_000;

const AMOUNT_KEYS: ReadonlySet<ArchiveSortKey> = new Set(['htCents', 'tvaCents', 'ttcCents']);
const NAME_KEYS: ReadonlySet<ArchiveSortKey> = new Set([
  'counterpartyName',
  'sellerName',
  'buyerName',
]);
/** The date filters' bounds, by the sort key of the same column. */
const DATE_BOUNDS: Readonly<Record<string, readonly (keyof ArchiveFilter)[]>> = {
  invoiceDate: ['invoiceDateFrom', 'invoiceDateTo'],
  dueDate: ['dueDateFrom', 'dueDateTo'],
  createDate: [],
};

/** Whether the filter bounds the sort's own value (or one that moves with it) in a way the
 * sort's index cannot seek to: a credit note or a TTC range sorted by a signed amount, a name
 * sorted by a name, another date's range sorted by a date (a range of the sort's own date is
 * a range of its index: walked at once). */
export function gathersInSortOrder(filter: ArchiveFilter, sort: ArchiveSort): boolean {
  if (AMOUNT_KEYS.has(sort.key))
    return (
      filter.kind !== undefined ||
      filter.ttcMinCents !== undefined ||
      filter.ttcMaxCents !== undefined
    );
  if (NAME_KEYS.has(sort.key)) return !!filter.counterparty?.trim() || !!filter.text?.trim();
  const own = DATE_BOUNDS[sort.key];
  if (own)
    return Object.entries(DATE_BOUNDS).some(
      ([key, bounds]) => key !== sort.key && bounds.some((bound) => !!filter[bound]),
    );
  return false;
}

/**
 * Up to how many matches a page is taken from the matching rows rather than walked, as SQL
 * (the connection's count is read in the same statement). Walking reads about
 * (offset + limit) × archived ÷ matches rows when the matches are spread evenly, taking them
 * reads each match once: the two meet at √((offset + limit) × archived), 3,163 for a first page
 * of 100 in 100,000 invoices. Under it, the walk could read most of the archive.
 */
export function fewRowsSql(
  p: Params,
  connectionId: string,
  filter: ArchiveFilter,
  sort: ArchiveSort,
  offset: number,
  limit: number,
): string {
  const least = gathersInSortOrder(filter, sort) ? GATHERED : 0;
  const archived = `coalesce((SELECT invoice_count FROM archives WHERE connection_id = ${p.add(connectionId)}), 0)`;
  return `greatest(${p.add(least)}, ceil(sqrt(${p.add(offset + limit)}::float8 * greatest(${archived}, 1))))::int`;
}

/** Whether the filter searches words (a name's, the search field's): its matches are found in
 * a GIN index, and counting them reads each one's row. */
export function searchesWords(filter: ArchiveFilter): boolean {
  if (filter.text?.trim()) return true;
  const key = filter.counterparty?.trim() ? counterpartyKey(filter.counterparty) : null;
  return key !== null && 'fts' in key;
}

/** The columns a sort reads (its own and the type code a signed amount needs), for the matching
 * rows kept aside before they are sorted. */
export function sortColumns(sort: ArchiveSort): string {
  const column = SORT_COLUMNS[sort.key];
  return column === 'type_code' ? 'rid, type_code' : `rid, type_code, ${column}`;
}
