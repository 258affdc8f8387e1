// One connection's archive: a SQLite file under <dataDir>/archive/<connectionId>.sqlite (mode
// 0600, WAL, foreign keys, busy timeout) holding what the operator answered, never a secret.
// Writes are synchronous transactions (BEGIN IMMEDIATE … COMMIT) on one DatabaseSync: in one
// process they cannot interleave, and across processes SQLite's lock plus the busy timeout
// serialise them. A kill loses at most the transaction under way. Damage SQLite meets in the
// file, on open or by any statement later, becomes the archive's "damaged" failure
// (archive-damage.ts); the registry (archives.ts) then sets the file aside.
import { chmodSync, closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import {
  DEFAULT_SORT,
  orderOf,
  whereOf,
  type ArchiveFilter,
  type ArchiveSort,
} from './archive-query.ts';
import {
  CREDIT_NOTE_TYPE_CODES,
  INVOICE_COLUMN_NAMES,
  columnsOf,
  countKnown,
  mergeSearchItems,
} from '../invoice-columns.ts';
import { checkpointInBackground } from './checkpoint.ts';
import { damagedFailure, isCorruption, watchForDamage } from './archive-damage.ts';
import {
  NEWS_VERSION,
  BULK_COUNT_VERSION,
  FACTS_VERSION,
  NUMBER_INDEX_VERSION,
  SCHEMA_VERSION,
  STATUS_HISTORY_VERSION,
  migrate,
} from './schema.ts';
import { SyncState } from './sync-state.ts';
import {
  archiveVersion,
  everyPartitionComplete,
  keepPortfolioDetails,
  keptPortfolioDetails,
  portfolioFigures,
  countNewInvoices,
  type KeptPortfolioDetails,
} from './portfolio-figures.ts';
import {
  changesOf,
  markNewsRead,
  newsFoundSince,
  pastBaseline,
  recordNews,
  unreadNews,
} from './news.ts';
import { emptyNewsCounts, type NewsCounts, type NewsKind, type NewsList } from '#shared/news.ts';
import type { PortfolioFigures } from '#shared/portfolio.ts';
import {
  datedRows,
  detailVatFacts,
  payableRows,
  payableRowsBetween,
  vatRows,
  type DetailVatFacts,
  type PayableRow,
  type RowWithFacts,
} from './report-rows.ts';
import { bankInvoices } from './bank-invoices.ts';
import type { PayableInvoice } from '#shared/payable.ts';
import {
  accountingRows,
  ca3Rows,
  companySiren,
  type AccountingRow,
  type Ca3Row,
} from './accounting-rows.ts';
import {
  pageBounds,
  type ArchiveRow,
  type ArchiveStats,
  type ArchiveTotals,
  type ArchivedInvoice,
  type PartitionCoverage,
  type SavedResponseKind,
  type SeenStatus,
  type UnfilteredListCoverage,
  type UpsertResult,
  type VatWindow,
} from '../ports.ts';
import { systemClock } from '../../clock.ts';
import { invoiceSearchKey } from '../request-key.ts';

export { invoiceSearchKey, requestKey } from '../request-key.ts';
import { invoiceFacts, type InvoiceFacts } from '../invoice-facts.ts';
import { factsWriter } from './facts-sql.ts';
import { rowFactsAt, type RowFacts } from './row-facts.ts';

export type { ArchivedInvoice, SavedResponseKind, UpsertResult };

/** A connection id usable as a file name: letters, digits, '-' and '_' (uuids, demo ids). */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function archiveDir(dataDir: string): string {
  return join(dataDir, 'archive');
}

export function archivePath(dataDir: string, connectionId: string): string {
  if (!SAFE_ID.test(connectionId))
    throw new RangeError(
      `Not a valid connection id for an archive file: ${JSON.stringify(connectionId)}`,
    );
  return join(archiveDir(dataDir), `${connectionId}.sqlite`);
}

const SIDE_FILES = ['', '-wal', '-shm', '-journal'] as const;

/** WAL pages (4 KB) a sync lets grow before a checkpoint: 256 MB, about 30,000 new invoices. */
const DEFERRED_CHECKPOINT_PAGES = 65_536;
/** Bytes a WAL is cut back to when it restarts, so a sync's large WAL leaves no large file. */
const WAL_SIZE_LIMIT = 16 * 2 ** 20;

/** Deletes a connection's archive files (close its ArchiveStore first). */
export function clearArchive(dataDir: string, connectionId: string): void {
  const path = archivePath(dataDir, connectionId);
  for (const suffix of SIDE_FILES) rmSync(path + suffix, { force: true });
}

const ROW_SELECT = `SELECT ${[...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'].join(', ')} FROM invoices`;
/** The rows with the operator's JSON, kept in its own table (schema step 4). */
const ROW_JSON_SELECT = ROW_SELECT.replace(
  ' FROM invoices',
  ', search_json, detail_json FROM invoices JOIN invoice_json USING (rid)',
);

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
const ROW_KEYS = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'].map(
  (n) => [n, camel(n)] as const,
);

function toRow(record: Record<string, unknown>): ArchiveRow {
  const row: Record<string, unknown> = {};
  for (const [column, key] of ROW_KEYS) row[key] = record[column] ?? null;
  return row as unknown as ArchiveRow;
}

export interface OpenArchiveOptions {
  /** How long a write waits for another process's lock, ms (default 5000). */
  busyTimeoutMs?: number;
  /** Apply migrations up to this version only (tests of upgrades). */
  schemaVersion?: number;
  /** What a corrupt-database error becomes, on open or met later by any statement (once: every
   * later call throws the same). Default: the "damaged" failure, the file left where it is. */
  onCorruption?: (error: unknown) => Error;
}

/** The SQLite store's own synchronous shape: what the adapter (archive-port.ts) wraps into the
 * async ports callers use (../ports.ts). Nothing outside services/archive/ names it. */
export class ArchiveStore {
  readonly connectionId: string;
  readonly path: string;
  /** The sync's runs, partitions and checkpoints, on the same handle (sync-state.ts). */
  readonly syncState: SyncState;
  /** The open database: no code outside this folder holds it (tests/unit/archive-boundary). */
  readonly #db: DatabaseSync;
  /** Schema step 8 applied: new invoices enter the number index too. */
  #indexesNumbers: boolean;
  #inTransaction = false;
  /** Schema step 7 applied (tests of upgrades open older schemas and write to them). */
  #keepsHistory: boolean;
  /** Schema step 10 applied: the writes record the news (Nouveautés). */
  #keepsNews: boolean;
  /** Schema step 12 applied: new invoices are counted into the figures once per page. */
  #countsInBulk: boolean;
  /** Schema step 14 applied: the writes keep the invoices' facts (invoice-facts.ts). */
  #keepsFacts: boolean;
  /** The facts on the invoice's own row this archive's schema has (row-facts.ts). */
  #rowFacts: RowFacts;
  #writeFacts: ((rid: number, facts: InvoiceFacts) => void) | null = null;
  /** A sync of this archive has finished once: from then on, changes are news (before, the
   * first fill is the baseline). Never false again once true. */
  #pastBaseline = false;
  #checkpoint: Promise<void> = Promise.resolve();
  /** Set once SQLite said the file is damaged: every later call throws it. */
  #damaged: Error | null = null;

  constructor(dataDir: string, connectionId: string, options: OpenArchiveOptions = {}) {
    this.connectionId = connectionId;
    this.path = archivePath(dataDir, connectionId);
    const dir = archiveDir(dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Create the file owner-only before SQLite opens it; SQLite gives -wal and -shm its mode.
    closeSync(openSync(this.path, 'a', 0o600));
    if (process.platform !== 'win32') {
      chmodSync(dir, 0o700);
      chmodSync(this.path, 0o600);
    }
    const onCorruption = options.onCorruption ?? (() => damagedFailure(connectionId, null));
    const db = new DatabaseSync(this.path, { timeout: options.busyTimeoutMs ?? 5000 });
    try {
      db.exec('PRAGMA journal_mode = WAL'); // a header overwritten: SQLITE_NOTADB here
      db.exec('PRAGMA synchronous = NORMAL'); // WAL + NORMAL: a kill never corrupts
      db.exec('PRAGMA foreign_keys = ON');
      db.exec(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT}`); // a reset WAL shrinks back
      migrate(db, options.schemaVersion ?? SCHEMA_VERSION);
    } catch (error) {
      db.close();
      throw isCorruption(error) ? onCorruption(error) : error;
    }
    this.#db = watchForDamage(db, (error) => {
      if (!this.#damaged && isCorruption(error)) this.#damaged = onCorruption(error);
      return this.#damaged;
    });
    this.syncState = new SyncState(this.#db);
    const version = this.schemaVersion();
    this.#keepsHistory = version >= STATUS_HISTORY_VERSION;
    this.#indexesNumbers = version >= NUMBER_INDEX_VERSION;
    this.#keepsNews = version >= NEWS_VERSION;
    this.#countsInBulk = version >= BULK_COUNT_VERSION;
    this.#keepsFacts = version >= FACTS_VERSION;
    this.#rowFacts = rowFactsAt(version);
  }

  /** The "damaged" failure once SQLite found this archive damaged, else null. */
  get damaged(): Error | null {
    return this.#damaged;
  }

  /** Damage found outside a statement (SQLite's check in a worker): every failing call from
   * now on (the file is about to close) throws `failure`. */
  markDamaged(failure: Error): void {
    this.#damaged ??= failure;
  }

  /** Closes the file, refreshing the planner's statistics first unless `optimize` is false
   * (a benchmark of the cold start leaves that out). */
  close(options: { optimize?: boolean } = {}): void {
    if (!this.#db.isOpen) return;
    try {
      if (!this.#db.isTransaction && options.optimize !== false) this.optimize();
    } catch {
      // Statistics are an optimisation: a busy or read-only file still closes.
    }
    this.#db.close();
  }

  /** Refreshes the query planner's statistics where the tables changed much (SQLite's
   * `PRAGMA optimize`, bounded work: about 30 ms at 100,000 invoices). Without them a filter
   * may walk the wrong index: a credit-note filter over a year took 60 ms instead of 4. */
  optimize(): void {
    this.#db.exec('PRAGMA optimize');
  }

  /**
   * Runs a sync's long series of writes without the automatic checkpoint every 1,000 pages
   * (4 MB): it copied the same index pages back into the database again and again, on the main
   * thread. The WAL is checkpointed once at the end, in a worker thread (checkpoint.ts).
   */
  async duringSync<T>(work: () => Promise<T>): Promise<T> {
    this.#db.exec(`PRAGMA wal_autocheckpoint = ${DEFERRED_CHECKPOINT_PAGES}`);
    // The pages of the indexes a sync keeps changing stay in memory while it runs (64 MB, not
    // the default 2 MB); given back when it ends, so an export or a report does not keep them.
    this.#db.exec('PRAGMA cache_size = -65536');
    try {
      return await work();
    } finally {
      if (this.#db.isOpen) {
        this.#db.exec('PRAGMA wal_autocheckpoint = 1000'); // SQLite's defaults
        this.#db.exec('PRAGMA cache_size = -2000');
        this.#db.exec('PRAGMA shrink_memory');
      }
      // A damaged file is being set aside: no worker may open (and so create) it again.
      if (!this.#damaged)
        this.#checkpoint = this.#checkpoint.then(() => checkpointInBackground(this.path));
    }
  }

  /** Resolves once the background checkpoint (if any) is done: before the files are removed. */
  checkpointed(): Promise<void> {
    return this.#checkpoint;
  }

  /** Runs `fn` in one write transaction (nested calls join the outer one). */
  transaction<T>(fn: () => T): T {
    if (this.#inTransaction) return fn();
    this.#db.exec('BEGIN IMMEDIATE');
    this.#inTransaction = true;
    try {
      const result = fn();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      throw error;
    } finally {
      this.#inTransaction = false;
    }
  }

  // ---- writes ----

  /** Archives search items (inserted, or merged into what is stored). */
  upsertSearchItems(
    items: readonly InvoiceSearchItem[],
    fetchedAt: string,
    statusRunId?: number,
  ): UpsertResult {
    const result: UpsertResult = { added: 0, updated: 0, unchanged: 0, unchangedIds: [] };
    const find = this.#db.prepare(
      `SELECT rid, search_json, state, lifecycle_code, lifecycle_date
       FROM invoices JOIN invoice_json USING (rid) WHERE invoice_id = ?`,
    );
    const findDetail = this.#db.prepare('SELECT detail_json FROM invoice_json WHERE rid = ?');
    const touch = this.#db.prepare(
      `UPDATE invoices SET search_fetched_at = ?, status_run_id = coalesce(?, status_run_id)
       WHERE rid = ?`,
    );
    const names = INVOICE_COLUMN_NAMES;
    // What is left to pay and the invoice credited are columns (row-facts.ts).
    const facts = this.#rowFacts;
    const insert = this.#db.prepare(
      `INSERT INTO invoices (${[...names, 'search_fetched_at', 'status_run_id', ...facts.columns].join(', ')})
       VALUES (${names.map(() => '?').join(', ')}, ?, ?${', ?'.repeat(facts.columns.length)})`,
    );
    const insertJson = this.#db.prepare(
      'INSERT INTO invoice_json (rid, search_json) VALUES (?, ?)',
    );
    const update = this.#db.prepare(
      `UPDATE invoices SET ${names.map((n) => `${n} = ?`).join(', ')},
       search_fetched_at = ?, status_run_id = coalesce(?, status_run_id)${facts.columns.map((c) => `, ${c} = ?`).join('')}
       WHERE rid = ?`,
    );
    const updateJson = this.#db.prepare('UPDATE invoice_json SET search_json = ? WHERE rid = ?');
    const addedRids: number[] = [];
    const seen = this.#keepsHistory
      ? this.#db.prepare(
          'INSERT INTO invoice_status_history (rid, code, status_date, seen_at) VALUES (?, ?, ?, ?)',
        )
      : null;
    this.transaction(() => {
      this.#pastBaseline ||= this.#keepsNews && pastBaseline(this.#db);
      const news: { rid: number; kind: NewsKind }[] = [];
      const noteNews = (rid: number, kinds: NewsKind[]): void => {
        if (this.#pastBaseline) for (const kind of kinds) news.push({ rid, kind });
      };
      for (const item of items) {
        const id = item.metadata.invoiceId.toLowerCase();
        const old = find.get(id) as
          | {
              rid: number;
              search_json: string;
              state: string;
              lifecycle_code: string | null;
              lifecycle_date: string | null;
            }
          | undefined;
        if (!old) {
          const columns = columnsOf(item);
          const values = names.map((n) => columns[n]) as SQLInputValue[];
          const { lastInsertRowid } = insert.run(
            ...values,
            fetchedAt,
            statusRunId ?? null,
            ...facts.values(item, null),
          );
          insertJson.run(lastInsertRowid, JSON.stringify(item));
          addedRids.push(Number(lastInsertRowid));
          noteNews(
            Number(lastInsertRowid),
            changesOf(null, { lifecycleCode: columns.lifecycle_code }),
          );
          result.added++;
          continue;
        }
        const merged = mergeSearchItems(JSON.parse(old.search_json), item);
        const json = JSON.stringify(merged);
        if (json === old.search_json) {
          // The operator told nothing new: only when it was read changes, and no index or FTS
          // entry is rewritten (most rows of a second sync: list heads and status batches).
          touch.run(fetchedAt, statusRunId ?? null, old.rid);
          result.unchanged++;
          result.unchangedIds.push(id);
          continue;
        }
        const stored = findDetail.get(old.rid) as { detail_json: string | null } | undefined;
        const detail = stored?.detail_json ? (JSON.parse(stored.detail_json) as Invoice) : null;
        const columns = columnsOf(merged, detail);
        const values = names.map((n) => columns[n]) as SQLInputValue[];
        update.run(
          ...values,
          fetchedAt,
          statusRunId ?? null,
          ...facts.values(merged, detail),
          old.rid,
        );
        updateJson.run(json, old.rid);
        // A status the archive had not seen (code or date): kept, the operator only has the last.
        if (
          columns.lifecycle_code !== null &&
          (old.lifecycle_code !== columns.lifecycle_code ||
            old.lifecycle_date !== columns.lifecycle_date)
        )
          seen?.run(old.rid, columns.lifecycle_code, columns.lifecycle_date, fetchedAt);
        noteNews(
          old.rid,
          changesOf(
            { lifecycleCode: old.lifecycle_code },
            { lifecycleCode: columns.lifecycle_code },
          ),
        );
        const before = {
          state: old.state,
          lifecycleCode: old.lifecycle_code,
          lifecycleDate: old.lifecycle_date,
        };
        countKnown(result, id, before, columns);
      }
      this.#indexNames(addedRids);
      if (this.#countsInBulk && addedRids.length > 0)
        countNewInvoices(this.#db, JSON.stringify(addedRids));
      this.#firstStatuses(addedRids);
      recordNews(this.#db, news, statusRunId ?? null, fetchedAt);
    });
    return result;
  }

  /** New invoices' first status in the history, all in one statement (as #indexNames). */
  #firstStatuses(rids: readonly number[]): void {
    if (rids.length === 0 || !this.#keepsHistory) return;
    this.#db
      .prepare(
        `INSERT INTO invoice_status_history (rid, code, status_date, seen_at)
         SELECT rid, lifecycle_code, lifecycle_date, search_fetched_at FROM invoices
         WHERE rid IN (SELECT value FROM json_each(?)) AND lifecycle_code IS NOT NULL`,
      )
      .run(JSON.stringify(rids));
  }

  /** Puts new invoices in the name index and the number index (FTS), one statement each
   * (schema steps 5 and 8). */
  #indexNames(rids: readonly number[]): void {
    if (rids.length === 0) return;
    const list = JSON.stringify(rids);
    this.#db
      .prepare(
        `INSERT INTO invoice_fts (rowid, counterparty_name, seller_name, buyer_name, invoice_number)
         SELECT rid, counterparty_name, seller_name, buyer_name, invoice_number FROM invoices
         WHERE rid IN (SELECT value FROM json_each(?))`,
      )
      .run(list);
    if (!this.#indexesNumbers) return; // an archive kept at an older step (tests of upgrades)
    this.#db
      .prepare(
        `INSERT INTO invoice_number_fts (rowid, invoice_number)
         SELECT rid, invoice_number FROM invoices WHERE rid IN (SELECT value FROM json_each(?))`,
      )
      .run(list);
  }

  /** Write-through of a live invoice search page: the page by its request, and its invoices. */
  saveInvoiceSearchPage(
    params: { q?: string; offset?: number; limit?: number },
    response: { data: InvoiceSearchItem[]; meta: unknown },
    fetchedAt: string = systemClock.now().toISOString(),
  ): UpsertResult {
    return this.transaction(() => {
      this.saveResponse('invoice_search', invoiceSearchKey(params), response, fetchedAt);
      return this.upsertSearchItems(response.data, fetchedAt);
    });
  }

  /** Stores the full invoice; the columns take its business data. False when the invoice is not
   * archived yet (details are only kept for invoices a search listed). */
  saveDetail(invoice: Invoice, fetchedAt: string = systemClock.now().toISOString()): boolean {
    return this.transaction(() => {
      const id = invoice.invoiceId.toLowerCase();
      const old = this.#db
        .prepare(
          'SELECT rid, search_json FROM invoices JOIN invoice_json USING (rid) WHERE invoice_id = ?',
        )
        .get(id) as { rid: number; search_json: string } | undefined;
      if (!old) return false;
      const searchItem = JSON.parse(old.search_json) as InvoiceSearchItem;
      const columns = columnsOf(searchItem, invoice);
      const names = INVOICE_COLUMN_NAMES.filter((n) => n !== 'invoice_id');
      // What is left to pay and the invoice credited are columns (row-facts.ts).
      const rowFacts = this.#rowFacts;
      this.#db
        .prepare(
          `UPDATE invoices SET ${names.map((n) => `${n} = ?`).join(', ')},
           detail_fetched_at = ?, detail_error = NULL${rowFacts.columns.map((c) => `, ${c} = ?`).join('')}
           WHERE rid = ?`,
        )
        .run(
          ...(names.map((n) => columns[n]) as SQLInputValue[]),
          fetchedAt,
          ...rowFacts.values(searchItem, invoice),
          old.rid,
        );
      const facts = this.#keepsFacts;
      this.#db
        .prepare('UPDATE invoice_json SET detail_json = ? WHERE rid = ?')
        .run(JSON.stringify(invoice), old.rid);
      if (facts) (this.#writeFacts ??= factsWriter(this.#db))(old.rid, invoiceFacts(invoice));
      return true;
    });
  }

  /** Write-through of any other response (directory, participants, webhooks) by request key. */
  saveResponse(
    kind: SavedResponseKind,
    key: string,
    response: unknown,
    fetchedAt: string = systemClock.now().toISOString(),
  ): void {
    this.transaction(() => {
      this.#db
        .prepare(
          `INSERT INTO cached_responses (kind, request_key, response_json, fetched_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (kind, request_key) DO UPDATE SET response_json = excluded.response_json,
           fetched_at = excluded.fetched_at`,
        )
        .run(kind, key, JSON.stringify(response), fetchedAt);
    });
  }

  // ---- reads ----

  /** A saved answer to the same request, with when it was fetched; null if never run online. */
  getResponse<T = unknown>(
    kind: SavedResponseKind,
    key: string,
  ): { response: T; fetchedAt: string } | null {
    const found = this.#db
      .prepare(
        'SELECT response_json, fetched_at FROM cached_responses WHERE kind = ? AND request_key = ?',
      )
      .get(kind, key) as { response_json: string; fetched_at: string } | undefined;
    return found
      ? { response: JSON.parse(found.response_json) as T, fetchedAt: found.fetched_at }
      : null;
  }

  getInvoice(invoiceId: string): ArchivedInvoice | null {
    const found = this.#db
      .prepare(`${ROW_JSON_SELECT} WHERE invoice_id = ?`)
      .get(invoiceId.toLowerCase()) as Record<string, unknown> | undefined;
    if (!found) return null;
    return {
      row: toRow(found),
      searchItem: JSON.parse(found.search_json as string) as InvoiceSearchItem,
      detail: found.detail_json ? (JSON.parse(found.detail_json as string) as Invoice) : null,
    };
  }

  /** The lifecycle statuses the archive has seen for one invoice, oldest first (empty when it
   * is not archived or never had one). */
  statusHistory(invoiceId: string): SeenStatus[] {
    if (!this.#keepsHistory) return [];
    const rows = this.#db
      .prepare(
        `SELECT code, status_date, seen_at FROM invoice_status_history
         WHERE rid = (SELECT rid FROM invoices WHERE invoice_id = ?)
         ORDER BY seen_at, rowid`,
      )
      .all(invoiceId.toLowerCase()) as {
      code: string;
      status_date: string | null;
      seen_at: string;
    }[];
    return rows.map((r) => ({ code: r.code, date: r.status_date, seenAt: r.seen_at }));
  }

  /** Every status first seen at or after `since` (ISO), oldest first, with its invoice: what a
   * sync changed. */
  statusesSeenSince(since: string): (SeenStatus & { invoiceId: string })[] {
    if (!this.#keepsHistory) return [];
    const rows = this.#db
      .prepare(
        `SELECT invoice_id, code, status_date, seen_at FROM invoice_status_history
         JOIN invoices USING (rid) WHERE seen_at >= ? ORDER BY seen_at, invoice_status_history.rowid`,
      )
      .all(since) as {
      invoice_id: string;
      code: string;
      status_date: string | null;
      seen_at: string;
    }[];
    return rows.map((r) => ({
      invoiceId: r.invoice_id,
      code: r.code,
      date: r.status_date,
      seenAt: r.seen_at,
    }));
  }

  /** The unread news (Nouveautés), newest first, at most `limit`, grouped by the sync that
   * found them (news.ts). */
  news(limit: number): Omit<NewsList, 'connectionId'> {
    if (!this.#keepsNews) return { unread: 0, shown: 0, newestId: null, groups: [] };
    return unreadNews(this.#db, limit);
  }

  /** What the syncs recorded since `since` (ISO), per kind: what the sync that started then
   * found. */
  newsFoundSince(since: string): NewsCounts {
    if (!this.#keepsNews) return emptyNewsCounts();
    return newsFoundSince(this.#db, since);
  }

  /** Marks news read (those ids, or every one up to `upToId`); returns how many were unread. */
  markNewsRead(
    which: { ids: readonly number[] } | { upToId: number },
    at: string = systemClock.now().toISOString(),
  ): number {
    return this.transaction(() => markNewsRead(this.#db, which, at));
  }

  /** One page of the archive screen, paged in SQL, with the number of matching invoices. */
  queryInvoices(
    options: { filter?: ArchiveFilter; sort?: ArchiveSort; offset?: number; limit?: number } = {},
  ): {
    rows: ArchiveRow[];
    total: number;
  } {
    const { offset, limit } = pageBounds(options);
    const where = whereOf(options.filter);
    const total = Number(
      (
        this.#db
          .prepare(`SELECT count(*) AS n FROM invoices ${where.sql}`)
          .get(...where.params) as {
          n: number;
        }
      ).n,
    );
    const sort = options.sort ?? DEFAULT_SORT;
    const page = whereOf(options.filter, sort);
    const rows = this.#db
      .prepare(`${ROW_SELECT} ${page.sql} ${orderOf(sort)} LIMIT ? OFFSET ?`)
      .all(...page.params, limit, offset) as Record<string, unknown>[];
    return { rows: rows.map(toRow), total };
  }

  /** The count and the HT, TVA and TTC sums of every row matching `filter`, per currency, in
   * SQL. Credit notes (type codes of CREDIT_NOTE_TYPE_CODES, 381 first) count negative, as in
   * the VAT report (reports/vat.ts); a missing amount adds nothing. */
  totals(filter?: ArchiveFilter): ArchiveTotals {
    const where = whereOf(filter);
    const credit = CREDIT_NOTE_TYPE_CODES.map(() => '?').join(', ');
    const signed = (column: string) =>
      `coalesce(sum(CASE WHEN type_code IN (${credit}) THEN -${column} ELSE ${column} END), 0)`;
    const records = this.#db
      .prepare(
        `SELECT coalesce(currency, 'EUR') AS currency, count(*) AS n,
           ${signed('ht_cents')} AS ht, ${signed('tva_cents')} AS tva, ${signed('ttc_cents')} AS ttc
         FROM invoices ${where.sql} GROUP BY 1 ORDER BY n DESC, currency`,
      )
      .all(
        ...CREDIT_NOTE_TYPE_CODES,
        ...CREDIT_NOTE_TYPE_CODES,
        ...CREDIT_NOTE_TYPE_CODES,
        ...where.params,
      ) as { currency: string; n: number; ht: number; tva: number; ttc: number }[];
    const currencies = records.map((r) => ({
      currency: r.currency,
      count: Number(r.n),
      htCents: Number(r.ht),
      tvaCents: Number(r.tva),
      ttcCents: Number(r.ttc),
    }));
    return { count: currencies.reduce((n, c) => n + c.count, 0), currencies };
  }

  /** Every matching row, one at a time from SQLite (for exports: never all in memory). */
  *iterateInvoices(
    options: { filter?: ArchiveFilter; sort?: ArchiveSort } = {},
  ): Generator<ArchiveRow> {
    const where = whereOf(options.filter);
    const statement = this.#db.prepare(`${ROW_SELECT} ${where.sql} ${orderOf(options.sort)}`);
    for (const record of statement.iterate(...where.params))
      yield toRow(record as Record<string, unknown>);
  }

  /** Full invoices (detail JSON) one at a time, for exports needing the VAT breakdown. */
  *iterateDetails(
    options: { filter?: ArchiveFilter; sort?: ArchiveSort } = {},
  ): Generator<ArchivedInvoice> {
    const where = whereOf({ ...options.filter });
    const statement = this.#db.prepare(`${ROW_JSON_SELECT} ${where.sql} ${orderOf(options.sort)}`);
    for (const record of statement.iterate(...where.params)) {
      const r = record as Record<string, unknown>;
      yield {
        row: toRow(r),
        searchItem: JSON.parse(r.search_json as string) as InvoiceSearchItem,
        detail: r.detail_json ? (JSON.parse(r.detail_json as string) as Invoice) : null,
      };
    }
  }

  /** When the last complete sync finished (ISO), null if none did. */
  lastSyncAt(): string | null {
    return this.syncState.lastSyncAt();
  }

  /** How far each partition (direction × state) reaches, as the syncs left it. */
  coverage(): PartitionCoverage[] {
    return this.syncState.coverage();
  }

  /** The unfiltered list's coverage when the operator refused the state/direction filter. */
  filterRefused(): UnfilteredListCoverage | null {
    return this.syncState.filterRefused();
  }

  /** A sync stopped before its end: the next one resumes it. */
  hasUnfinishedSync(): boolean {
    return this.syncState.hasUnfinishedRun();
  }

  /** The newest saved answer, from small tables only (cheap on 100,000 invoices): a live
   * response written through, a partition or a run a sync finished. */
  newestAnswerAt(): string | null {
    const row = this.#db
      .prepare(
        `SELECT max(at) AS at FROM (SELECT max(fetched_at) AS at FROM cached_responses
         UNION ALL SELECT max(finished_at) FROM sync_partitions
         UNION ALL SELECT max(finished_at) FROM sync_runs)`,
      )
      .get() as { at: string | null };
    return row.at;
  }

  /** The VAT report's candidates with the facts of their details (report-rows.ts). */
  vatRows(window: VatWindow): Generator<RowWithFacts> {
    return vatRows(this.#db, window);
  }

  /** The échéancier's candidates with what is left to pay (report-rows.ts). */
  payableRows(asOf: string): Generator<PayableRow> {
    return payableRows(this.#db, asOf);
  }

  /** The échéancier's facts of the invoices dated in [from, to] (the exceptions list). */
  payableRowsBetween(from: string, to: string): Generator<PayableRow> {
    return payableRowsBetween(this.#db, from, to);
  }

  /** Rows dated in [from, to], or undated (the statuts report). */
  datedRows(from: string, to: string): Generator<ArchiveRow> {
    return datedRows(this.#db, from, to);
  }

  /** A period's invoices with the facts their journal entries need (accounting-rows.ts). */
  accountingRows(
    from: string,
    to: string,
    alsoIds: readonly string[] = [],
  ): Generator<AccountingRow> {
    return accountingRows(this.#db, from, to, alsoIds);
  }

  /** Every invoice bank matching may pay, with its details' payment facts (bank-invoices.ts). */
  bankInvoices(): Generator<PayableInvoice> {
    return bankInvoices(this.#db);
  }

  /** A period's VAT return candidates with their entries' facts (accounting-rows.ts). */
  ca3Rows(
    from: string,
    to: string,
    deliveryWindowDays: number,
    alsoIds: readonly string[] = [],
  ): Generator<Ca3Row> {
    return ca3Rows(this.#db, from, to, deliveryWindowDays, alsoIds);
  }

  /** The company this archive belongs to, found from its invoices (accounting-rows.ts). */
  companySiren(): { siren: string; name: string | null } | null {
    return companySiren(this.#db);
  }

  /** The VAT facts of the archived details matching `filter`, for an export's VAT sheet. */
  detailVatFacts(filter: ArchiveFilter, sort?: ArchiveSort): Generator<DetailVatFacts> {
    return detailVatFacts(this.#db, filter, sort);
  }

  /** The portfolio's figures on `asOf` (YYYY-MM-DD): read from the counts the triggers of
   * schema step 9 keep, a few small rows, never the invoices. */
  portfolioFigures(asOf: string): PortfolioFigures {
    return portfolioFigures(this.#db, asOf);
  }

  /** How many writes changed what the ledger and the CA3 draft read (schema step 11): the
   * portfolio's details kept at another version are computed again. */
  archiveVersion(): number | null {
    return archiveVersion(this.#db);
  }

  /** The portfolio's details kept for `month` (YYYY-MM), with what they were computed from. */
  keptPortfolioDetails(month: string): KeptPortfolioDetails | null {
    return keptPortfolioDetails(this.#db, month);
  }

  /** Keeps the portfolio's details of a month (the only write that leaves the version alone). */
  keepPortfolioDetails(kept: KeptPortfolioDetails): void {
    keepPortfolioDetails(this.#db, kept);
  }

  /** Every partition was read to its end: the coverage's `complete` of all, without counting
   * the invoices (the portfolio's rows). */
  everyPartitionComplete(): boolean {
    return everyPartitionComplete(this.#db);
  }

  /** Invoices archived, and how many with their full business data. */
  counts(): { invoices: number; details: number } {
    const counts = this.#db
      .prepare('SELECT count(*) AS invoices, count(detail_fetched_at) AS details FROM invoices')
      .get() as { invoices: number; details: number };
    return { invoices: Number(counts.invoices), details: Number(counts.details) };
  }

  stats(): ArchiveStats {
    const counts = this.counts();
    let sizeBytes = 0;
    for (const suffix of SIDE_FILES) {
      try {
        sizeBytes += statSync(this.path + suffix).size;
      } catch {
        // absent side file
      }
    }
    return {
      connectionId: this.connectionId,
      invoices: counts.invoices,
      details: counts.details,
      sizeBytes,
      lastSyncAt: this.syncState.lastSyncAt(),
      schemaVersion: this.schemaVersion(),
    };
  }

  schemaVersion(): number {
    return Number(
      (this.#db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
    );
  }

  /** How this connection to the file is set up (WAL, foreign keys): what the tests check. */
  settings(): { journalMode: string; foreignKeys: boolean } {
    const mode = this.#db.prepare('PRAGMA journal_mode').get() as { journal_mode: string };
    const keys = this.#db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number };
    return { journalMode: mode.journal_mode, foreignKeys: keys.foreign_keys === 1 };
  }

  /** 'ok' when SQLite finds the file sound. */
  integrityCheck(): string {
    const rows = this.#db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  }
}

export function openArchive(
  dataDir: string,
  connectionId: string,
  options?: OpenArchiveOptions,
): ArchiveStore {
  return new ArchiveStore(dataDir, connectionId, options);
}

export type { ArchiveRow, ArchiveStats };
