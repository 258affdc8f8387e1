// The archive screen's filters and sorts in PostgreSQL: the same meaning as sqlite/
// archive-query.ts (its counterpartyKey and ftsQuery decide what a text means), with what must
// differ per dialect: numbered parameters, the names' words in a tsvector (prefixes, accents
// ignored) and any part of a number through pg_trgm (ILIKE on a trigram index). Every
// condition is on one connection's rows.
import {
  counterpartyKey,
  ftsQuery,
  sortExpression,
  DEFAULT_SORT,
} from '../sqlite/archive-query.ts';
import { CREDIT_NOTE_TYPE_CODES } from '../invoice-columns.ts';
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { Params } from './database.ts';
import { cents, day } from '../filter-values.ts';

/** ftsQuery's words as a tsquery: each a prefix, all required (`dupont:* & sa:*`). */
function wordsQuery(text: string): string | null {
  const fts = ftsQuery(text);
  if (fts === null) return null;
  // ftsQuery quotes words of letters and digits only: nothing else reaches the tsquery.
  return [...fts.matchAll(/"([^"]+)"\*/g)].map((m) => `${m[1]}:*`).join(' & ');
}

/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search field: a number containing the text, names holding its words, or the other
 * party's identifier. */
function searchOf(text: string, p: Params): string | null {
  const raw = text.normalize('NFC').trim();
  if (raw === '') return null;
  const parts: string[] = [];
  if ([...raw].length >= 3) parts.push(`invoice_number ILIKE ${p.add(containing(raw))}`);
  const words = wordsQuery(raw);
  if (words) parts.push(`names_tsv @@ to_tsquery('simple', fold(${p.add(words)}))`);
  const key = counterpartyKey(raw);
  if (key && 'column' in key) parts.push(`${key.column} = ${p.add(key.value)}`);
  return parts.length === 0 ? null : `(${parts.join(' OR ')})`;
}

/** `connection_id = … AND …` for `filter` (the invoices' columns unqualified). */
export function whereOf(connectionId: string, filter: ArchiveFilter = {}, p: Params): string {
  const parts = [`connection_id = ${p.add(connectionId)}`];
  if (filter.invoiceDateFrom)
    parts.push(`invoice_date >= ${p.add(day('invoiceDateFrom', filter.invoiceDateFrom))}`);
  if (filter.invoiceDateTo)
    parts.push(`invoice_date <= ${p.add(day('invoiceDateTo', filter.invoiceDateTo))}`);
  if (filter.dueDateFrom)
    parts.push(`due_date >= ${p.add(day('dueDateFrom', filter.dueDateFrom))}`);
  if (filter.dueDateTo) parts.push(`due_date <= ${p.add(day('dueDateTo', filter.dueDateTo))}`);
  if (filter.ttcMinCents !== undefined)
    parts.push(`ttc_cents >= ${p.add(cents('ttcMinCents', filter.ttcMinCents))}`);
  if (filter.ttcMaxCents !== undefined)
    parts.push(`ttc_cents <= ${p.add(cents('ttcMaxCents', filter.ttcMaxCents))}`);
  if (filter.counterparty?.trim()) {
    const key = counterpartyKey(filter.counterparty);
    if (key && 'column' in key) parts.push(`${key.column} = ${p.add(key.value)}`);
    else if (key) {
      const words = wordsQuery(filter.counterparty);
      if (words) parts.push(`counterparty_tsv @@ to_tsquery('simple', fold(${p.add(words)}))`);
    }
  }
  if (filter.text?.trim()) {
    const search = searchOf(filter.text, p);
    if (search) parts.push(search);
  }
  if (filter.kind) {
    const credit = p.add([...CREDIT_NOTE_TYPE_CODES]);
    parts.push(
      filter.kind === 'credit_note'
        ? `type_code = ANY(${credit})`
        : `(type_code IS NULL OR NOT type_code = ANY(${credit}))`,
    );
  }
  if (filter.lifecycleCodes && filter.lifecycleCodes.length > 0)
    parts.push(`lifecycle_code = ANY(${p.add([...filter.lifecycleCodes])})`);
  if (filter.direction) parts.push(`direction = ${p.add(filter.direction)}`);
  if (filter.states && filter.states.length > 0)
    parts.push(`state = ANY(${p.add([...filter.states])})`);
  if (filter.detailFetched !== undefined)
    parts.push(
      filter.detailFetched ? 'detail_fetched_at IS NOT NULL' : 'detail_fetched_at IS NULL',
    );
  return parts.join(' AND ');
}

/** The order of a sort, empty values last either way, ties broken on the row id (stable
 * pages), as SQLite's orderOf (the same sortExpression: amounts signed as shown); `table`
 * qualifies the columns when a read joins others. */
export function orderOf(sort: ArchiveSort = DEFAULT_SORT, table = ''): string {
  const column = sortExpression(sort.key, table);
  return sort.descending
    ? `ORDER BY ${column} DESC NULLS LAST, ${table}rid DESC`
    : `ORDER BY ${column} ASC NULLS LAST, ${table}rid`;
}

export { DEFAULT_SORT };
