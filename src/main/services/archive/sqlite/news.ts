// "Nouveautés" (issue 19, item 3): the changes the archive's writes found (schema step 10), read
// and written on ArchiveStore's handle. What counts as a change is decided here (changesOf);
// ArchiveStore.upsertSearchItems, the one write path of the sync and of the live write-through,
// records them.
import type { DatabaseSync } from 'node:sqlite';
import {
  NEWS_CODES,
  NEWS_KINDS,
  emptyNewsCounts,
  type NewsCounts,
  type NewsGroup,
  type NewsInvoice,
  type NewsKind,
  type NewsList,
} from '#shared/news.ts';

/** The changes one write of an invoice brings: 'new' for an invoice the archive did not hold,
 * and the code it reached when it is one the accountant is told of and was not its code before
 * (the same status read again, or only its date moved, is no news). */
export function changesOf(
  before: { lifecycleCode: string | null } | null,
  after: { lifecycleCode: string | null },
): NewsKind[] {
  const kinds: NewsKind[] = before ? [] : ['new'];
  const code = after.lifecycleCode;
  if (
    code !== null &&
    (NEWS_CODES as readonly string[]).includes(code) &&
    code !== before?.lifecycleCode
  )
    kinds.push(code as NewsKind);
  return kinds;
}

/** The archive's baseline is set once its first sync has finished: until then every invoice is
 * new to it, and recording them would bury the list under the whole history. */
export function pastBaseline(db: DatabaseSync): boolean {
  return (
    db.prepare('SELECT 1 FROM sync_runs WHERE finished_at IS NOT NULL LIMIT 1').get() !== undefined
  );
}

export function recordNews(
  db: DatabaseSync,
  changes: readonly { rid: number; kind: NewsKind }[],
  runId: number | null,
  foundAt: string,
): void {
  if (changes.length === 0) return;
  const insert = db.prepare('INSERT INTO news (rid, kind, run_id, found_at) VALUES (?, ?, ?, ?)');
  for (const change of changes) insert.run(change.rid, change.kind, runId, foundAt);
}

/** Counts per kind of what the syncs recorded since `since` (ISO): what one sync found (one
 * sync of a connection runs at a time; live searches record with no run). */
export function newsFoundSince(db: DatabaseSync, since: string): NewsCounts {
  const counts = emptyNewsCounts();
  const rows = db
    .prepare(
      `SELECT kind, count(*) AS n FROM news WHERE run_id IS NOT NULL AND found_at >= ?
       GROUP BY kind`,
    )
    .all(since) as { kind: NewsKind; n: number }[];
  for (const row of rows) if (row.kind in counts) counts[row.kind] = Number(row.n);
  return counts;
}

/** The unread changes, newest first, at most `limit`, grouped by the sync that found them (the
 * live searches' in one group) and, within a group, by invoice. */
export function unreadNews(db: DatabaseSync, limit: number): Omit<NewsList, 'connectionId'> {
  const unread = Number(
    (db.prepare('SELECT count(*) AS n FROM news WHERE read_at IS NULL').get() as { n: number }).n,
  );
  const rows = db
    .prepare(
      `SELECT news.id, news.kind, news.run_id, news.found_at, invoices.invoice_id,
         invoices.invoice_number, invoices.direction, invoices.counterparty_name,
         invoices.invoice_date, invoices.ttc_cents, invoices.currency
       FROM news JOIN invoices USING (rid) WHERE news.read_at IS NULL
       ORDER BY news.id DESC LIMIT ?`,
    )
    .all(limit) as unknown as NewsRow[];
  return groupNews(rows, unread);
}

/** One unread change with its invoice, as the news reads select it (any store). */
export interface NewsRow {
  id: number;
  kind: NewsKind;
  run_id: number | null;
  found_at: string;
  invoice_id: string;
  invoice_number: string | null;
  direction: string;
  counterparty_name: string | null;
  invoice_date: string | null;
  ttc_cents: number | null;
  currency: string | null;
}

/** The unread changes (newest first) grouped by the sync that found them, then by invoice. */
export function groupNews(
  rows: readonly NewsRow[],
  unread: number,
): Omit<NewsList, 'connectionId'> {
  const groups = new Map<string, NewsGroup>();
  for (const row of rows) {
    const key = row.run_id === null ? 'live' : `run-${row.run_id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        runId: row.run_id,
        foundAt: row.found_at,
        counts: emptyNewsCounts(),
        invoices: [],
      };
      groups.set(key, group);
    }
    if (row.found_at > group.foundAt) group.foundAt = row.found_at;
    group.counts[row.kind]++;
    let invoice = group.invoices.find((i) => i.invoiceId === row.invoice_id);
    if (!invoice) {
      invoice = {
        invoiceId: row.invoice_id,
        number: row.invoice_number,
        direction: row.direction,
        party: row.counterparty_name,
        invoiceDate: row.invoice_date,
        ttcCents: row.ttc_cents === null ? null : Number(row.ttc_cents),
        currency: row.currency,
        kinds: [],
        ids: [],
      };
      group.invoices.push(invoice);
    }
    invoice.kinds.push(row.kind);
    invoice.ids.push(Number(row.id));
  }
  // Within a group, the most pressing first (a rejection before a payment before an arrival),
  // then the newest.
  const rank = (invoice: NewsInvoice): number =>
    Math.min(...invoice.kinds.map((kind) => NEWS_KINDS.indexOf(kind)));
  for (const group of groups.values()) group.invoices.sort((a, b) => rank(a) - rank(b));
  return {
    unread,
    shown: rows.length,
    newestId: rows.length > 0 ? Number(rows[0]!.id) : null,
    groups: [...groups.values()],
  };
}

/** Days a read change is kept (then forgotten: the list shows only unread ones). */
const READ_KEPT_DAYS = 90;

/** Marks changes read (by id, or every one up to an id); returns how many were unread. */
export function markNewsRead(
  db: DatabaseSync,
  which: { ids: readonly number[] } | { upToId: number },
  at: string,
): number {
  const changed =
    'ids' in which
      ? db
          .prepare(
            `UPDATE news SET read_at = ? WHERE read_at IS NULL
             AND id IN (SELECT value FROM json_each(?))`,
          )
          .run(at, JSON.stringify(which.ids)).changes
      : db
          .prepare('UPDATE news SET read_at = ? WHERE read_at IS NULL AND id <= ?')
          .run(at, which.upToId).changes;
  const cutoff = new Date(Date.parse(at) - READ_KEPT_DAYS * 86_400_000).toISOString();
  db.prepare('DELETE FROM news WHERE read_at IS NOT NULL AND read_at < ?').run(cutoff);
  return Number(changed);
}
