// One connection's archive in the firm's PostgreSQL store, behind the same ports as the
// embedded SQLite one (../ports.ts; sqlite/archive-port.ts). The meaning of every read and
// write is SQLite's; what differs is the dialect: a page is written set-based (one statement
// each for the new rows, the changed rows and the rows read again, json_to_recordset), the
// streams are server-side cursors fetched BATCH_SIZE rows at a time, the search is a tsvector
// and pg_trgm, and writes to one archive are serialised across workstations by a transaction's
// advisory lock (SQLite's BEGIN IMMEDIATE). Every statement names the connection.
import type pg from 'pg';
import { DIRECTIONS, INVOICE_STATES } from '#shared/operator/enums.ts';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { ACT_ON_CODES, type ActOnCode, type PortfolioFigures } from '#shared/portfolio.ts';
import { PAYABLE_STATES, type PayableInvoice } from '#shared/payable.ts';
import { emptyNewsCounts, type NewsCounts, type NewsKind } from '#shared/news.ts';
import { addDays } from '#shared/report-period.ts';
import {
  BATCH_SIZE,
  finishedBy,
  pageBounds,
  type AccountingRow,
  type ArchiveCompany,
  type ArchiveFilter,
  type ArchivePort,
  type ArchiveRow,
  type ArchiveSort,
  type ArchiveStats,
  type ArchiveTotals,
  type ArchivedInvoice,
  type Ca3Row,
  type DetailVatFacts,
  type KeptPortfolioDetails,
  type ListPage,
  type PartitionCoverage,
  type PartitionState,
  type PayableRow,
  type RowWithFacts,
  type SavedResponseKind,
  type SeenStatus,
  type StagedPage,
  type StatusPage,
  type SyncWrites,
  type UnfilteredListCoverage,
  type UpsertResult,
  type VatWindow,
} from '../ports.ts';
import {
  CREDIT_NOTE_TYPE_CODES,
  FINAL_LIFECYCLE_CODES,
  FINAL_STATES,
  INVOICE_COLUMN_NAMES,
  columnsOf,
  countKnown,
  mergeSearchItems,
  type InvoiceColumns,
} from '../invoice-columns.ts';
import {
  FACT_COLUMNS,
  creditedNumber,
  factRow,
  factsFromRecord,
  invoiceFacts,
  payableAmount,
  vatLineFromRecord,
  type InvoiceFacts,
} from '../invoice-facts.ts';
import { bankInvoice } from '../bank-invoice.ts';
import { detailVatFactsOf } from '../detail-vat-facts.ts';
import { invoiceSearchKey } from '../request-key.ts';
import { keptFacts } from '../sqlite/facts-sql.ts';
import { accountingFactsOf } from '../sqlite/accounting-rows.ts';
import { changesOf, groupNews, type NewsRow } from '../sqlite/news.ts';
import { isUnfiltered, UNFILTERED, unfilteredCoverage } from '../sqlite/sync-state.ts';
import { inTransaction, Params } from './database.ts';
import { notifyChange } from './changes.ts';
import { DEFAULT_SORT, orderOf, whereOf } from './query.ts';
import { fewRowsSql, searchesWords, sortColumns } from './page-plan.ts';
import { SCHEMA_VERSION } from './migrate.ts';

const ROW_NAMES = [...INVOICE_COLUMN_NAMES, 'search_fetched_at', 'detail_fetched_at'] as const;
const ROW_COLUMNS = ROW_NAMES.map((c) => `invoices.${c}`).join(', ');
const ROW_KEYS = ROW_NAMES.map((c) => c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase()));
const CENTS = new Set(['ht_cents', 'tva_cents', 'ttc_cents']);
/** The invoices' columns as json_to_recordset reads them. */
const RECORD_TYPES = INVOICE_COLUMN_NAMES.map((c) => `${c} ${CENTS.has(c) ? 'bigint' : 'text'}`);

/** A record of ROW_NAMES' values first (rowMode 'array'): the row in the domain's words. */
function rowOf(values: readonly unknown[]): ArchiveRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < ROW_KEYS.length; i += 1) row[ROW_KEYS[i] as string] = values[i] ?? null;
  return row as unknown as ArchiveRow;
}

/** The invoices with their facts: after the row's columns, whether facts are kept, the facts,
 * what is left to pay and the VAT lines (one JSON array, in their order). */
const WITH_FACTS_SELECT = `SELECT ${ROW_COLUMNS}, invoice_facts.rid IS NOT NULL,
  ${FACT_COLUMNS.map((c) => `invoice_facts.${c}`).join(', ')}, invoices.payable_amount,
  (SELECT json_agg(json_build_array(l.category_code, l.percent, l.taxable_amount, l.tax_amount)
     ORDER BY l.line) FROM invoice_vat_lines l WHERE l.rid = invoices.rid)
  FROM invoices LEFT JOIN invoice_facts ON invoice_facts.rid = invoices.rid`;
const FACTS_AT = ROW_NAMES.length;

function factsOfRecord(values: readonly unknown[]): InvoiceFacts | null {
  if (values[FACTS_AT] !== true) return null;
  const payableAt = FACTS_AT + 1 + FACT_COLUMNS.length;
  const lines = (values[payableAt + 1] as unknown[][] | null) ?? [];
  return factsFromRecord(
    values,
    FACTS_AT + 1,
    lines.map((l) => vatLineFromRecord(l, 0)),
    values[payableAt],
  );
}

const FINAL_SQL = `(state = ANY('{${FINAL_STATES.join(',')}}') OR lifecycle_code = ANY('{${FINAL_LIFECYCLE_CODES.join(',')}}'))`;

interface Known {
  rid: number | null;
  searchJson: string;
  state: string;
  lifecycleCode: string | null;
  lifecycleDate: string | null;
}

interface PartitionRecord {
  direction: string;
  state: string;
  run_id: number | null;
  next_offset: number | null;
  finished_run_id: number | null;
  ever_finished: boolean;
  complete: boolean;
  operator_count: number | null;
  oldest_date: string | null;
  finished_at: string | null;
}

function partitionState(r: PartitionRecord): PartitionState {
  return {
    direction: r.direction as PartitionState['direction'],
    state: r.state as PartitionState['state'],
    runId: r.run_id,
    nextOffset: r.next_offset,
    finishedRunId: r.finished_run_id,
    everFinished: r.ever_finished,
    complete: r.complete,
    operatorCount: r.operator_count,
    oldest: r.oldest_date,
    finishedAt: r.finished_at,
  };
}

/** Days a read change is kept (news.ts: then forgotten). */
const READ_KEPT_DAYS = 90;

export class PostgresArchive implements ArchivePort, SyncWrites {
  readonly connectionId: string;
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool, connectionId: string) {
    this.#pool = pool;
    this.connectionId = connectionId;
  }

  async #rows<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.#pool.query<T>(sql, values)).rows;
  }

  /** One write transaction on this archive: workstations writing the same archive take turns. */
  #write<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.#pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended('archive:' || $1, 0))", [
        this.connectionId,
      ]);
      return work(client);
    });
  }

  /** A write of the sync: the other workstations told in the same transaction (changes.ts). */
  #syncWrite<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.#write(async (client) => {
      const result = await work(client);
      await notifyChange(client, this.connectionId, 'archive');
      return result;
    });
  }

  /** A read handed over in batches from a server-side cursor (never the whole result held). */
  async *#cursor<T>(
    sql: string,
    values: unknown[],
    map: (record: unknown[]) => T | null,
  ): AsyncGenerator<T[]> {
    const client = await this.#pool.connect();
    let open = false;
    let broken: Error | undefined;
    const lost = (error: Error): void => {
      broken = error;
    };
    client.on('error', lost); // said by the next FETCH's failure
    try {
      await client.query('BEGIN READ ONLY');
      open = true;
      await client.query(`DECLARE rows NO SCROLL CURSOR FOR ${sql}`, values);
      for (;;) {
        const fetched = await client.query<unknown[]>({
          text: `FETCH ${BATCH_SIZE} FROM rows`,
          rowMode: 'array',
        });
        const batch: T[] = [];
        for (const record of fetched.rows) {
          const item = map(record);
          if (item !== null) batch.push(item);
        }
        if (batch.length > 0) yield batch;
        if (fetched.rows.length < BATCH_SIZE) break;
      }
      await client.query('COMMIT');
      open = false;
    } finally {
      if (open) await client.query('ROLLBACK').catch((error: Error) => (broken = error));
      client.off('error', lost);
      client.release(broken);
    }
  }

  // ---- the reads ----

  async savedResponse<T = unknown>(kind: SavedResponseKind, key: string) {
    const [found] = await this.#rows<{ response_json: string; fetched_at: string }>(
      `SELECT response_json, fetched_at FROM cached_responses
       WHERE connection_id = $1 AND kind = $2 AND request_key = $3`,
      [this.connectionId, kind, key],
    );
    return found
      ? { response: JSON.parse(found.response_json) as T, fetchedAt: found.fetched_at }
      : null;
  }

  async invoice(invoiceId: string): Promise<ArchivedInvoice | null> {
    const { rows } = await this.#pool.query<unknown[]>({
      text: `SELECT ${ROW_COLUMNS}, invoice_json.search_json, invoice_json.detail_json
             FROM invoices JOIN invoice_json USING (rid)
             WHERE invoices.connection_id = $1 AND invoice_id = $2`,
      values: [this.connectionId, invoiceId.toLowerCase()],
      rowMode: 'array',
    });
    const found = rows[0];
    return found ? archived(found) : null;
  }

  async statusHistory(invoiceId: string): Promise<SeenStatus[]> {
    const rows = await this.#rows<{ code: string; status_date: string | null; seen_at: string }>(
      `SELECT code, status_date, seen_at FROM invoice_status_history
       WHERE rid = (SELECT rid FROM invoices WHERE connection_id = $1 AND invoice_id = $2)
       ORDER BY seen_at, id`,
      [this.connectionId, invoiceId.toLowerCase()],
    );
    return rows.map((r) => ({ code: r.code, date: r.status_date, seenAt: r.seen_at }));
  }

  async statusesSeenSince(since: string) {
    const rows = await this.#rows<{
      invoice_id: string;
      code: string;
      status_date: string | null;
      seen_at: string;
    }>(
      `SELECT invoice_id, code, status_date, seen_at FROM invoice_status_history h
       JOIN invoices USING (rid) WHERE h.connection_id = $1 AND seen_at >= $2
       ORDER BY seen_at, h.id`,
      [this.connectionId, since],
    );
    return rows.map((r) => ({
      invoiceId: r.invoice_id,
      code: r.code,
      date: r.status_date,
      seenAt: r.seen_at,
    }));
  }

  async queryInvoices(
    options: { filter?: ArchiveFilter; sort?: ArchiveSort; offset?: number; limit?: number } = {},
  ): Promise<{ rows: ArchiveRow[]; total: number }> {
    const { offset, limit } = pageBounds(options);
    const filter = options.filter ?? {};
    const sort = options.sort ?? DEFAULT_SORT;
    const p = new Params();
    const where = whereOf(this.connectionId, filter, p);
    const filterValues = [...p.values]; // before the page's limit and offset join them
    const walked = () =>
      this.#pool.query<unknown[]>({
        text: `SELECT ${ROW_COLUMNS} FROM invoices WHERE ${where} ${orderOf(sort)}
               LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`,
        values: p.values,
        rowMode: 'array',
      });
    // No condition but the connection: the total the triggers keep (migration 005), the page
    // walked in the sort's index.
    if (where === whereOf(this.connectionId, {}, new Params())) {
      const [[archived], page] = await Promise.all([
        this.#rows<{ n: number }>(
          'SELECT invoice_count::int AS n FROM archives WHERE connection_id = $1',
          [this.connectionId],
        ),
        walked(),
      ]);
      return { rows: page.rows.map(rowOf), total: archived?.n ?? 0 };
    }
    // The matches counted only up to where walking wins (page-plan.ts; an index-only scan of
    // the filter's index where it has one). Over it, the full count and the walk run side by
    // side on two of the pool's connections; under it, that count is the total, and the
    // matching rows (their id and sort columns only, kept aside so that the planner cannot
    // walk instead) are sorted, then the page's rows read.
    const planned = new Params();
    for (const value of filterValues) planned.add(value);
    const few = fewRowsSql(planned, this.connectionId, filter, sort, offset, limit);
    const countedAndWalked = async () => {
      const [[counted], page] = await Promise.all([
        this.#rows<{ n: number }>(
          `SELECT count(*)::int AS n FROM invoices WHERE ${where}`,
          filterValues,
        ),
        walked(),
      ]);
      return { rows: page.rows.map(rowOf), total: counted!.n };
    };
    if (searchesWords(filter)) {
      // A words' search reads every match's row to count it (a GIN index gives no index-only
      // count): the matches are kept aside (their id and sort columns; the planner finds
      // them through the GIN index, where with a LIMIT it walked another), counted and paged
      // in the same statement, the rows read once.
      const words = new Params();
      for (const value of filterValues) words.add(value);
      const sorted = await this.#pool.query<unknown[]>({
        text: `WITH matched AS MATERIALIZED (SELECT ${sortColumns(sort)} FROM invoices WHERE ${where}),
               page AS (SELECT rid FROM matched AS invoices ${orderOf(sort)}
                        LIMIT ${words.add(limit)} OFFSET ${words.add(offset)})
               SELECT ${ROW_COLUMNS}, (SELECT count(*)::int FROM matched)
               FROM invoices WHERE rid IN (SELECT rid FROM page) ${orderOf(sort, 'invoices.')}`,
        values: words.values,
        rowMode: 'array',
      });
      const first = sorted.rows[0];
      if (first) return { rows: sorted.rows.map(rowOf), total: first[ROW_NAMES.length] as number };
      // No row: no match, or the page past the last; counted below.
    }
    const [plan] = await this.#rows<{ few: number; n: number }>(
      `SELECT f.few,
         (SELECT count(*)::int FROM (SELECT FROM invoices WHERE ${where} LIMIT f.few + 1) m) AS n
       FROM (SELECT ${few} AS few) f`,
      planned.values,
    );
    if (plan!.n > plan!.few) return countedAndWalked();
    const page = await this.#pool.query<unknown[]>({
      text: `WITH matched AS MATERIALIZED (SELECT ${sortColumns(sort)} FROM invoices WHERE ${where}),
             page AS (SELECT rid FROM matched AS invoices ${orderOf(sort)}
                      LIMIT ${p.add(limit)} OFFSET ${p.add(offset)})
             SELECT ${ROW_COLUMNS} FROM invoices WHERE rid IN (SELECT rid FROM page)
             ${orderOf(sort, 'invoices.')}`,
      values: p.values,
      rowMode: 'array',
    });
    return { rows: page.rows.map(rowOf), total: plan!.n };
  }

  async totals(filter?: ArchiveFilter): Promise<ArchiveTotals> {
    const p = new Params();
    const where = whereOf(this.connectionId, filter, p);
    const credit = p.add([...CREDIT_NOTE_TYPE_CODES]);
    const signed = (column: string) =>
      `coalesce(sum(CASE WHEN type_code = ANY(${credit}) THEN -${column} ELSE ${column} END), 0)::bigint`;
    const rows = await this.#rows<{
      currency: string;
      n: number;
      ht: number;
      tva: number;
      ttc: number;
    }>(
      `SELECT coalesce(currency, 'EUR') AS currency, count(*)::int AS n,
         ${signed('ht_cents')} AS ht, ${signed('tva_cents')} AS tva, ${signed('ttc_cents')} AS ttc
       FROM invoices WHERE ${where} GROUP BY 1 ORDER BY n DESC, currency`,
      p.values,
    );
    const currencies = rows.map((r) => ({
      currency: r.currency,
      count: r.n,
      htCents: r.ht,
      tvaCents: r.tva,
      ttcCents: r.ttc,
    }));
    return { count: currencies.reduce((n, c) => n + c.count, 0), currencies };
  }

  invoiceBatches(options: { filter?: ArchiveFilter; sort?: ArchiveSort } = {}) {
    const p = new Params();
    const where = whereOf(this.connectionId, options.filter, p);
    return this.#cursor(
      `SELECT ${ROW_COLUMNS} FROM invoices WHERE ${where} ${orderOf(options.sort ?? DEFAULT_SORT)}`,
      p.values,
      rowOf,
    );
  }

  detailBatches(options: { filter?: ArchiveFilter; sort?: ArchiveSort } = {}) {
    const p = new Params();
    const where = whereOf(this.connectionId, options.filter, p);
    return this.#cursor(
      `SELECT ${ROW_COLUMNS}, invoice_json.search_json, invoice_json.detail_json
       FROM invoices JOIN invoice_json USING (rid)
       WHERE ${where.replace(/\bconnection_id\b/, 'invoices.connection_id')}
       ${orderOf(options.sort ?? DEFAULT_SORT, 'invoices.')}`,
      p.values,
      archived,
    );
  }

  detailVatFacts(filter: ArchiveFilter, sort?: ArchiveSort): AsyncIterable<DetailVatFacts[]> {
    const p = new Params();
    const where = whereOf(this.connectionId, { ...filter, detailFetched: true }, p);
    return this.#cursor(
      `${WITH_FACTS_SELECT}
       WHERE ${where.replace(/\bconnection_id\b/, 'invoices.connection_id')}
         AND invoice_facts.rid IS NOT NULL
       ${orderOf(sort ?? DEFAULT_SORT, 'invoices.')}`,
      p.values,
      (record) => {
        const facts = factsOfRecord(record);
        return facts === null ? null : detailVatFactsOf(facts);
      },
    );
  }

  /** The invoices of this archive matching `where` with their facts (no order: a cursor). */
  #withFacts<T>(
    where: (p: Params) => string,
    map: (row: ArchiveRow, facts: InvoiceFacts | null) => T,
  ): AsyncIterable<T[]> {
    const p = new Params();
    const connection = p.add(this.connectionId);
    const condition = where(p);
    return this.#cursor(
      `${WITH_FACTS_SELECT} WHERE invoices.connection_id = ${connection} AND (${condition})`,
      p.values,
      (record) => {
        const row = rowOf(record);
        return map(row, keptFacts(row, factsOfRecord(record)));
      },
    );
  }

  vatRows(window: VatWindow): AsyncIterable<RowWithFacts[]> {
    return this.#withFacts(
      (
        p,
      ) => `invoice_date IS NULL OR invoice_date BETWEEN ${p.add(window.from)} AND ${p.add(window.to)}
        OR (lifecycle_code = '212' AND lifecycle_date >= ${p.add(window.collectedSince)})
        OR (invoice_date BETWEEN ${p.add(window.datedFrom)} AND ${p.add(window.datedTo)}
            AND invoice_facts.delivery_date BETWEEN ${p.add(window.deliveredFrom ?? window.from)}
            AND ${p.add(window.to)})
        OR invoice_id = ANY(${p.add([...(window.alsoIds ?? [])])})`,
      (row, facts) => ({ row, facts }),
    );
  }

  /** The rows matching `where` with what is left to pay. */
  #payable(where: (p: Params) => string): AsyncIterable<PayableRow[]> {
    const p = new Params();
    const condition = `connection_id = ${p.add(this.connectionId)} AND (${where(p)})`;
    return this.#cursor(
      `SELECT ${ROW_COLUMNS}, payable_amount, credited_number FROM invoices WHERE ${condition}`,
      p.values,
      (record) => {
        const extra = record[ROW_NAMES.length];
        const credited = record[ROW_NAMES.length + 1];
        return {
          row: rowOf(record),
          payableAmount: typeof extra === 'number' ? extra : null,
          creditedNumber: typeof credited === 'string' ? credited : null,
        };
      },
    );
  }

  payableRows(asOf: string) {
    return this.#payable((p) => `invoice_date IS NULL OR invoice_date <= ${p.add(asOf)}`);
  }

  payableRowsBetween(from: string, to: string) {
    return this.#payable((p) => `invoice_date BETWEEN ${p.add(from)} AND ${p.add(to)}`);
  }

  datedRows(from: string, to: string): AsyncIterable<ArchiveRow[]> {
    const p = new Params();
    const condition = `connection_id = ${p.add(this.connectionId)}
      AND (invoice_date IS NULL OR invoice_date BETWEEN ${p.add(from)} AND ${p.add(to)})`;
    return this.#cursor(`SELECT ${ROW_COLUMNS} FROM invoices WHERE ${condition}`, p.values, rowOf);
  }

  /** accounting-rows.ts's period: dated in [from, to], or 212 a day around it. */
  static #datedOrCollected(p: Params, from: string, to: string): string {
    return `(invoices.invoice_date BETWEEN ${p.add(from)} AND ${p.add(to)}
      OR (invoices.lifecycle_code = '212' AND invoices.lifecycle_date >= ${p.add(addDays(from, -1))}
          AND invoices.lifecycle_date < ${p.add(addDays(to, 2))}))`;
  }

  accountingRows(
    from: string,
    to: string,
    alsoIds: readonly string[] = [],
  ): AsyncIterable<AccountingRow[]> {
    return this.#withFacts(
      (p) =>
        `${PostgresArchive.#datedOrCollected(p, from, to)}
         OR invoices.invoice_id = ANY(${p.add([...alsoIds])})`,
      (row, facts) => ({ row, facts: facts && accountingFactsOf(facts) }),
    );
  }

  ca3Rows(
    from: string,
    to: string,
    deliveryWindowDays: number,
    alsoIds: readonly string[] = [],
  ): AsyncIterable<Ca3Row[]> {
    return this.#withFacts(
      (p) =>
        `${PostgresArchive.#datedOrCollected(p, from, to)}
         OR (invoices.invoice_date BETWEEN ${p.add(addDays(from, -deliveryWindowDays))}
             AND ${p.add(addDays(to, deliveryWindowDays))}
             AND invoice_facts.delivery_date BETWEEN ${p.add(addDays(from, -31))} AND ${p.add(to)})
         OR invoices.invoice_id = ANY(${p.add([...alsoIds])})`,
      (row, facts) => ({
        row,
        facts: facts && accountingFactsOf(facts),
        deliveryDate: facts && facts.deliveryDate !== '' ? facts.deliveryDate : null,
      }),
    );
  }

  bankInvoices(): AsyncIterable<PayableInvoice[]> {
    const states = [...PAYABLE_STATES];
    return this.#withFacts(
      (p) => `invoices.state = ANY(${p.add(states)})
        AND coalesce(invoices.type_code, '380') <> '381'
        AND invoices.invoice_date IS NOT NULL AND invoices.invoice_number IS NOT NULL`,
      (row, facts) => bankInvoice(row, facts),
    ) as AsyncIterable<PayableInvoice[]>;
  }

  async company(): Promise<ArchiveCompany | null> {
    for (const [direction, side] of [
      ['OUTBOUND', 'seller'],
      ['INBOUND', 'buyer'],
    ] as const) {
      const [found] = await this.#rows<{ siren: string }>(
        `SELECT ${side}_siren AS siren, count(*) AS n FROM invoices
         WHERE connection_id = $1 AND direction = $2 AND ${side}_siren IS NOT NULL
         GROUP BY ${side}_siren ORDER BY n DESC, ${side}_siren LIMIT 1`,
        [this.connectionId, direction],
      );
      if (!found) continue;
      const [named] = await this.#rows<{ name: string }>(
        `SELECT ${side}_name AS name, count(*) AS n FROM invoices
         WHERE connection_id = $1 AND direction = $2 AND ${side}_siren = $3
           AND ${side}_name IS NOT NULL
         GROUP BY ${side}_name ORDER BY n DESC, ${side}_name LIMIT 1`,
        [this.connectionId, direction, found.siren],
      );
      return { siren: found.siren, name: named?.name ?? null };
    }
    return null;
  }

  /** The portfolio's figures, counted from the invoices' indexes (SQLite keeps them in a table
   * of counts by trigger; here each is an index range of one connection). */
  async portfolioFigures(asOf: string): Promise<PortfolioFigures> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf))
      throw new RangeError(`Not a day (YYYY-MM-DD): ${JSON.stringify(asOf)}`);
    const month = asOf.slice(0, 7);
    const [[counts], codeRows, company] = await Promise.all([
      this.#rows<{ issued: number; received: number; archived: number }>(
        `SELECT
           count(*) FILTER (WHERE direction = 'OUTBOUND' AND invoice_date LIKE $2)::int AS issued,
           count(*) FILTER (WHERE direction = 'INBOUND' AND invoice_date LIKE $2)::int AS received,
           count(*) FILTER (WHERE direction IN ('OUTBOUND', 'INBOUND'))::int AS archived
         FROM invoices WHERE connection_id = $1 AND invoice_date IS NOT NULL`,
        [this.connectionId, `${month}-%`],
      ),
      this.#rows<{ code: ActOnCode; n: number }>(
        `SELECT lifecycle_code AS code, count(*)::int AS n FROM invoices
         WHERE connection_id = $1 AND lifecycle_code = ANY($2)
           AND direction IN ('OUTBOUND', 'INBOUND')
         GROUP BY lifecycle_code`,
        [this.connectionId, [...ACT_ON_CODES]],
      ),
      this.company(),
    ]);
    const codes = {} as Record<ActOnCode, number>;
    for (const code of ACT_ON_CODES) codes[code] = 0;
    for (const row of codeRows) codes[row.code] = row.n;
    return {
      company,
      asOf,
      month,
      issued: counts!.issued,
      received: counts!.received,
      codes,
      archived: counts!.archived,
    };
  }

  async archiveVersion(): Promise<number | null> {
    const [row] = await this.#rows<{ version: number }>(
      'SELECT version FROM archives WHERE connection_id = $1',
      [this.connectionId],
    );
    return row ? row.version : null;
  }

  async keptPortfolioDetails(month: string): Promise<KeptPortfolioDetails | null> {
    const [row] = await this.#rows<{
      month: string;
      archive_version: number;
      user_stamp: string;
      to_map: number;
      vat_cents: number;
      past_due: number;
    }>(
      `SELECT month, archive_version, user_stamp, to_map, vat_cents, past_due
       FROM portfolio_details WHERE connection_id = $1 AND month = $2`,
      [this.connectionId, month],
    );
    return row
      ? {
          month: row.month,
          archiveVersion: row.archive_version,
          userStamp: row.user_stamp,
          toMap: row.to_map,
          vatCents: row.vat_cents,
          pastDue: row.past_due,
        }
      : null;
  }

  async everyPartitionComplete(): Promise<boolean> {
    const [row] = await this.#rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM sync_partitions WHERE connection_id = $1 AND complete
       AND direction = ANY($2) AND state = ANY($3)`,
      [this.connectionId, [...DIRECTIONS], [...INVOICE_STATES]],
    );
    return row!.n === DIRECTIONS.length * INVOICE_STATES.length;
  }

  async counts(): Promise<{ invoices: number; details: number }> {
    const [row] = await this.#rows<{ invoices: number; details: number }>(
      `SELECT count(*)::int AS invoices, count(detail_fetched_at)::int AS details
       FROM invoices WHERE connection_id = $1`,
      [this.connectionId],
    );
    return { invoices: row!.invoices, details: row!.details };
  }

  /** sizeBytes: the operator's JSON this archive holds (its share of the shared database). */
  async stats(): Promise<ArchiveStats> {
    const [counts, [size], lastSyncAt] = await Promise.all([
      this.counts(),
      this.#rows<{ bytes: number }>(
        `SELECT coalesce(sum(octet_length(search_json) + coalesce(octet_length(detail_json), 0)),
           0)::bigint AS bytes FROM invoice_json WHERE connection_id = $1`,
        [this.connectionId],
      ),
      this.lastSyncAt(),
    ]);
    return {
      connectionId: this.connectionId,
      invoices: counts.invoices,
      details: counts.details,
      sizeBytes: size!.bytes,
      lastSyncAt,
      schemaVersion: SCHEMA_VERSION,
    };
  }

  async lastSyncAt(): Promise<string | null> {
    const [row] = await this.#rows<{ at: string | null }>(
      'SELECT max(finished_at) AS at FROM sync_runs WHERE connection_id = $1',
      [this.connectionId],
    );
    return row!.at;
  }

  async #partitionRecords(client: pg.ClientBase = this.#pool as unknown as pg.ClientBase) {
    return (
      await client.query<PartitionRecord>(
        `SELECT direction, state, run_id, next_offset, finished_run_id, ever_finished, complete,
           operator_count, oldest_date, finished_at
         FROM sync_partitions WHERE connection_id = $1`,
        [this.connectionId],
      )
    ).rows;
  }

  async coverage(): Promise<PartitionCoverage[]> {
    const [partitions, counted] = await Promise.all([
      this.#partitionRecords(),
      this.#rows<{ direction: string; state: string; n: number }>(
        `SELECT direction, state, count(*)::int AS n FROM invoices WHERE connection_id = $1
         GROUP BY direction, state`,
        [this.connectionId],
      ),
    ]);
    const byKey = new Map(partitions.map((r) => [`${r.direction}/${r.state}`, r]));
    const counts = new Map(counted.map((r) => [`${r.direction}/${r.state}`, r.n]));
    return DIRECTIONS.flatMap((direction) =>
      INVOICE_STATES.map((state) => {
        const row = byKey.get(`${direction}/${state}`);
        return {
          direction,
          state,
          complete: row?.complete ?? false,
          finished: row?.ever_finished ?? false,
          oldest: row?.oldest_date ?? null,
          operatorCount: row?.operator_count ?? null,
          archived: counts.get(`${direction}/${state}`) ?? 0,
          finishedAt: row?.finished_at ?? null,
        };
      }),
    );
  }

  async filterRefused(): Promise<UnfilteredListCoverage | null> {
    const row = (await this.#partitionRecords()).find(
      (r) => r.direction === UNFILTERED && r.state === UNFILTERED,
    );
    return row ? unfilteredCoverage(partitionState(row)) : null;
  }

  async hasUnfinishedSync(): Promise<boolean> {
    return (await this.#openRunId(this.#pool)) !== null;
  }

  async #openRunId(client: pg.Pool | pg.ClientBase): Promise<number | null> {
    const { rows } = await client.query<{ id: number }>(
      `SELECT id FROM sync_runs WHERE connection_id = $1 AND finished_at IS NULL
       ORDER BY id DESC LIMIT 1`,
      [this.connectionId],
    );
    return rows[0]?.id ?? null;
  }

  async newestAnswerAt(): Promise<string | null> {
    const [row] = await this.#rows<{ at: string | null }>(
      `SELECT max(at) AS at FROM (
         SELECT max(fetched_at) AS at FROM cached_responses WHERE connection_id = $1
         UNION ALL SELECT max(finished_at) FROM sync_partitions WHERE connection_id = $1
         UNION ALL SELECT max(finished_at) FROM sync_runs WHERE connection_id = $1) answers`,
      [this.connectionId],
    );
    return row!.at;
  }

  async news(limit: number) {
    const [[count], rows] = await Promise.all([
      this.#rows<{ n: number }>(
        'SELECT count(*)::int AS n FROM news WHERE connection_id = $1 AND read_at IS NULL',
        [this.connectionId],
      ),
      this.#rows<NewsRow>(
        `SELECT news.id, news.kind, news.run_id, news.found_at, invoices.invoice_id,
           invoices.invoice_number, invoices.direction, invoices.counterparty_name,
           invoices.invoice_date, invoices.ttc_cents, invoices.currency
         FROM news JOIN invoices USING (rid)
         WHERE news.connection_id = $1 AND news.read_at IS NULL
         ORDER BY news.id DESC LIMIT $2`,
        [this.connectionId, limit],
      ),
    ]);
    return groupNews(rows, count!.n);
  }

  async newsFoundSince(since: string): Promise<NewsCounts> {
    const counts = emptyNewsCounts();
    const rows = await this.#rows<{ kind: NewsKind; n: number }>(
      `SELECT kind, count(*)::int AS n FROM news
       WHERE connection_id = $1 AND run_id IS NOT NULL AND found_at >= $2 GROUP BY kind`,
      [this.connectionId, since],
    );
    for (const row of rows) if (row.kind in counts) counts[row.kind] = row.n;
    return counts;
  }

  // ---- the writes outside the sync ----

  async saveSearchPage(
    params: { q?: string; offset?: number; limit?: number },
    response: { data: InvoiceSearchItem[]; meta: unknown },
    fetchedAt: string,
  ): Promise<UpsertResult> {
    return this.#write(async (client) => {
      await this.#saveResponse(
        client,
        'invoice_search',
        invoiceSearchKey(params),
        response,
        fetchedAt,
      );
      return this.#upsert(client, response.data, fetchedAt, null);
    });
  }

  async saveDetail(invoice: Invoice, fetchedAt: string): Promise<boolean> {
    return this.#write((client) => this.#saveDetail(client, invoice, fetchedAt));
  }

  async saveResponse(kind: SavedResponseKind, key: string, response: unknown, fetchedAt: string) {
    await this.#write((client) => this.#saveResponse(client, kind, key, response, fetchedAt));
  }

  async #saveResponse(
    client: pg.ClientBase,
    kind: SavedResponseKind,
    key: string,
    response: unknown,
    fetchedAt: string,
  ): Promise<void> {
    await client.query(
      `INSERT INTO cached_responses (connection_id, kind, request_key, response_json, fetched_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (connection_id, kind, request_key) DO UPDATE
       SET response_json = excluded.response_json, fetched_at = excluded.fetched_at`,
      [this.connectionId, kind, key, JSON.stringify(response), fetchedAt],
    );
  }

  async markNewsRead(
    which: { ids: readonly number[] } | { upToId: number },
    at: string,
  ): Promise<number> {
    return this.#write(async (client) => {
      const changed =
        'ids' in which
          ? await client.query(
              `UPDATE news SET read_at = $2 WHERE connection_id = $1 AND read_at IS NULL
               AND id = ANY($3)`,
              [this.connectionId, at, [...which.ids]],
            )
          : await client.query(
              `UPDATE news SET read_at = $2 WHERE connection_id = $1 AND read_at IS NULL
               AND id <= $3`,
              [this.connectionId, at, which.upToId],
            );
      const cutoff = new Date(Date.parse(at) - READ_KEPT_DAYS * 86_400_000).toISOString();
      await client.query(
        'DELETE FROM news WHERE connection_id = $1 AND read_at IS NOT NULL AND read_at < $2',
        [this.connectionId, cutoff],
      );
      return changed.rowCount ?? 0;
    });
  }

  async keepPortfolioDetails(kept: KeptPortfolioDetails): Promise<void> {
    await this.#write(async (client) => {
      await client.query('DELETE FROM portfolio_details WHERE connection_id = $1 AND month <> $2', [
        this.connectionId,
        kept.month,
      ]);
      await client.query(
        `INSERT INTO portfolio_details
           (connection_id, month, archive_version, user_stamp, to_map, vat_cents, past_due)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (connection_id, month) DO UPDATE SET
           archive_version = excluded.archive_version, user_stamp = excluded.user_stamp,
           to_map = excluded.to_map, vat_cents = excluded.vat_cents, past_due = excluded.past_due`,
        [
          this.connectionId,
          kept.month,
          kept.archiveVersion,
          kept.userStamp,
          kept.toMap,
          kept.vatCents,
          kept.pastDue,
        ],
      );
    });
  }

  // ---- the sync's writes: a page and its checkpoint in one transaction ----

  /** Nothing to tune: the server checkpoints its own WAL. */
  duringSync<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async beginRun(startedAt: string, details: boolean) {
    const begun = await this.#write(async (client) => {
      const open = await this.#openRunId(client);
      if (open !== null) {
        await client.query('UPDATE sync_runs SET details = $2 WHERE id = $1', [open, details]);
        return { runId: open, resumed: true };
      }
      const { rows } = await client.query<{ id: number }>(
        'INSERT INTO sync_runs (connection_id, started_at, details) VALUES ($1, $2, $3) RETURNING id',
        [this.connectionId, startedAt, details],
      );
      await client.query(
        `INSERT INTO sync_partitions (connection_id, direction, state)
         SELECT $1, d, s FROM unnest($2::text[]) d CROSS JOIN unnest($3::text[]) s
         ON CONFLICT DO NOTHING`,
        [this.connectionId, [...DIRECTIONS], [...INVOICE_STATES]],
      );
      return { runId: rows[0]!.id, resumed: false };
    });
    await this.#writeStaged();
    return begun;
  }

  /** Keeps an answered page before its write (ports.ts: the owner asks the next meanwhile). */
  async stagePage(staged: StagedPage): Promise<number> {
    const [row] = await this.#rows<{ id: number }>(
      `INSERT INTO sync_pages (connection_id, run_id, kind, page_json) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [this.connectionId, staged.page.runId, staged.kind, JSON.stringify(staged.page)],
    );
    return row!.id;
  }

  /** The pages a killed owner kept and did not write, written now in their order: the run
   * goes on from them, never asking them again. */
  async #writeStaged(): Promise<void> {
    const staged = await this.#rows<{ id: number; kind: string; page_json: string }>(
      'SELECT id, kind, page_json FROM sync_pages WHERE connection_id = $1 ORDER BY id',
      [this.connectionId],
    );
    for (const { id, kind, page_json } of staged)
      try {
        if (kind === 'list')
          await this.commitListPage({ ...(JSON.parse(page_json) as ListPage), staged: id });
        else await this.commitStatusPage({ ...(JSON.parse(page_json) as StatusPage), staged: id });
      } catch {
        // A kept page that cannot be written would stop every later run here: it and the pages
        // kept after it (their checkpoints follow it) are dropped, to be asked again.
        await this.#pool.query('DELETE FROM sync_pages WHERE connection_id = $1 AND id >= $2', [
          this.connectionId,
          id,
        ]);
        return;
      }
  }

  /** The staged page `id` taken out, in its write's transaction. */
  async #unstage(client: pg.ClientBase, id: number | undefined): Promise<void> {
    if (id !== undefined)
      await client.query('DELETE FROM sync_pages WHERE connection_id = $1 AND id = $2', [
        this.connectionId,
        id,
      ]);
  }

  async finishRun(runId: number, finishedAt: string): Promise<void> {
    await this.#syncWrite((client) =>
      client.query('UPDATE sync_runs SET finished_at = $3 WHERE connection_id = $1 AND id = $2', [
        this.connectionId,
        runId,
        finishedAt,
      ]),
    );
  }

  async partitions(): Promise<PartitionState[]> {
    // In their key's order, as SQLite's table (WITHOUT ROWID) gives them: the sync reads them so.
    const rows = await this.#partitionRecords();
    const key = (r: PartitionRecord) => `${r.direction}\u0000${r.state}`;
    return rows
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
      .map(partitionState);
  }

  async unfilteredList(): Promise<PartitionState> {
    return this.#write(async (client) => {
      await client.query(
        `INSERT INTO sync_partitions (connection_id, direction, state) VALUES ($1, $2, $2)
         ON CONFLICT DO NOTHING`,
        [this.connectionId, UNFILTERED],
      );
      const rows = await this.#partitionRecords(client);
      return partitionState(rows.find((r) => isUnfiltered(r))!);
    });
  }

  async dropUnfilteredList(): Promise<void> {
    await this.#write((client) =>
      client.query(
        'DELETE FROM sync_partitions WHERE connection_id = $1 AND direction = $2 AND state = $2',
        [this.connectionId, UNFILTERED],
      ),
    );
  }

  async countStatusTodo(runId: number): Promise<number> {
    const [row] = await this.#rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices WHERE connection_id = $1 AND NOT ${FINAL_SQL}
       AND (status_run_id IS NULL OR status_run_id < $2)`,
      [this.connectionId, runId],
    );
    return row!.n;
  }

  async countDetailTodo(runId: number): Promise<number> {
    const [row] = await this.#rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices WHERE connection_id = $1
       AND detail_fetched_at IS NULL AND (detail_error_run_id IS NULL OR detail_error_run_id < $2)`,
      [this.connectionId, runId],
    );
    return row!.n;
  }

  async commitListPage(page: ListPage): Promise<UpsertResult> {
    const { checkpoint } = page;
    const { direction, state } = checkpoint.partition;
    return this.#syncWrite(async (client) => {
      await this.#unstage(client, page.staged);
      const result = await this.#upsert(client, page.items, page.fetchedAt, page.runId);
      const finished = finishedBy(checkpoint, result);
      if (finished)
        await client.query(
          `UPDATE sync_partitions SET run_id = NULL, next_offset = NULL, finished_run_id = $4,
             ever_finished = true, complete = $5, operator_count = $6, oldest_date = $7,
             finished_at = $8
           WHERE connection_id = $1 AND direction = $2 AND state = $3`,
          [
            this.connectionId,
            direction,
            state,
            page.runId,
            finished.complete,
            checkpoint.operatorCount,
            checkpoint.oldest,
            finished.finishedAt,
          ],
        );
      else if ('nextOffset' in checkpoint)
        await client.query(
          `UPDATE sync_partitions SET run_id = $4, next_offset = $5, operator_count = $6,
             oldest_date = $7
           WHERE connection_id = $1 AND direction = $2 AND state = $3`,
          [
            this.connectionId,
            direction,
            state,
            page.runId,
            checkpoint.nextOffset,
            checkpoint.operatorCount,
            checkpoint.oldest,
          ],
        );
      return result;
    });
  }

  async statusTodo(runId: number): Promise<string[]> {
    const rows = await this.#rows<{ invoice_id: string }>(
      `SELECT invoice_id FROM invoices WHERE connection_id = $1 AND NOT ${FINAL_SQL}
       AND (status_run_id IS NULL OR status_run_id < $2)
       ORDER BY create_date DESC NULLS LAST, rid`,
      [this.connectionId, runId],
    );
    return rows.map((r) => r.invoice_id);
  }

  async commitStatusPage(page: StatusPage): Promise<UpsertResult> {
    return this.#syncWrite(async (client) => {
      await this.#unstage(client, page.staged);
      const result = await this.#upsert(client, page.items, page.fetchedAt, page.runId);
      await client.query(
        `UPDATE invoices SET status_run_id = $2 WHERE connection_id = $1 AND invoice_id = ANY($3)`,
        [this.connectionId, page.runId, [...page.asked]],
      );
      return result;
    });
  }

  async detailTodo(runId: number): Promise<string[]> {
    const rows = await this.#rows<{ invoice_id: string }>(
      `SELECT invoice_id FROM invoices WHERE connection_id = $1 AND detail_fetched_at IS NULL
       AND (detail_error_run_id IS NULL OR detail_error_run_id < $2)
       ORDER BY create_date DESC NULLS LAST, rid`,
      [this.connectionId, runId],
    );
    return rows.map((r) => r.invoice_id);
  }

  async commitDetail(invoice: Invoice, fetchedAt: string): Promise<boolean> {
    return this.#syncWrite((client) => this.#saveDetail(client, invoice, fetchedAt));
  }

  async commitDetailFailed(invoiceId: string, kind: string, runId: number): Promise<void> {
    await this.#write((client) =>
      client.query(
        `UPDATE invoices SET detail_error = $3, detail_error_run_id = $4
         WHERE connection_id = $1 AND invoice_id = $2`,
        [this.connectionId, invoiceId, kind, runId],
      ),
    );
  }

  // ---- the set-based writes ----

  /** A version step: what the ledger and the CA3 draft read has changed. */
  async #bump(client: pg.ClientBase): Promise<void> {
    await client.query('UPDATE archives SET version = version + 1 WHERE connection_id = $1', [
      this.connectionId,
    ]);
  }

  /**
   * Archives search items, as ArchiveStore.upsertSearchItems: new ones inserted, others merged
   * into what is stored; an item that tells nothing new only dates the row. Decided here item
   * by item in the page's order, written in a few set-based statements.
   */
  async #upsert(
    client: pg.ClientBase,
    items: readonly InvoiceSearchItem[],
    fetchedAt: string,
    statusRunId: number | null,
  ): Promise<UpsertResult> {
    const result: UpsertResult = { added: 0, updated: 0, unchanged: 0, unchangedIds: [] };
    if (items.length === 0) return result;
    const baseline = await client.query(
      'SELECT 1 FROM sync_runs WHERE connection_id = $1 AND finished_at IS NOT NULL LIMIT 1',
      [this.connectionId],
    );
    const pastBaseline = baseline.rows.length > 0;
    const ids = [...new Set(items.map((i) => i.metadata.invoiceId.toLowerCase()))];
    const stored = await client.query<{
      rid: number;
      invoice_id: string;
      search_json: string;
      state: string;
      lifecycle_code: string | null;
      lifecycle_date: string | null;
    }>(
      `SELECT rid, invoice_id, search_json, state, lifecycle_code, lifecycle_date
       FROM invoices JOIN invoice_json USING (rid)
       WHERE invoices.connection_id = $1 AND invoice_id = ANY($2)`,
      [this.connectionId, ids],
    );
    const known = new Map<string, Known>(
      stored.rows.map((r) => [
        r.invoice_id,
        {
          rid: r.rid,
          searchJson: r.search_json,
          state: r.state,
          lifecycleCode: r.lifecycle_code,
          lifecycleDate: r.lifecycle_date,
        },
      ]),
    );
    // The details of the rows that change (their business data wins in the columns).
    const details = new Map<number, Invoice>();
    const changing = [...known.values()].filter((k) => k.rid !== null).map((k) => k.rid);
    const pending = new Map<string, InvoiceSearchItem>(); // new invoices, by id
    const changed = new Map<number, InvoiceSearchItem>(); // merged items, by rid
    const touched = new Set<number>();
    const seen: { rid: number; code: string; date: string | null }[] = [];
    const news: { id: string; kind: NewsKind }[] = [];
    let detailsRead = false;
    for (const item of items) {
      const id = item.metadata.invoiceId.toLowerCase();
      const old = known.get(id);
      if (!old) {
        const columns = columnsOf(item);
        pending.set(id, item);
        known.set(id, {
          rid: null,
          searchJson: JSON.stringify(item),
          state: columns.state,
          lifecycleCode: columns.lifecycle_code,
          lifecycleDate: columns.lifecycle_date,
        });
        if (pastBaseline)
          for (const kind of changesOf(null, { lifecycleCode: columns.lifecycle_code }))
            news.push({ id, kind });
        result.added++;
        continue;
      }
      const merged = mergeSearchItems(JSON.parse(old.searchJson) as InvoiceSearchItem, item);
      const json = JSON.stringify(merged);
      if (json === old.searchJson) {
        if (old.rid !== null) touched.add(old.rid);
        result.unchanged++;
        result.unchangedIds.push(id);
        continue;
      }
      if (!detailsRead && changing.length > 0) {
        detailsRead = true;
        const found = await client.query<{ rid: number; detail_json: string }>(
          `SELECT rid, detail_json FROM invoice_json
           WHERE rid = ANY($1) AND detail_json IS NOT NULL`,
          [changing],
        );
        for (const r of found.rows) details.set(r.rid, JSON.parse(r.detail_json) as Invoice);
      }
      const columns = columnsOf(merged, old.rid === null ? null : (details.get(old.rid) ?? null));
      if (old.rid === null) pending.set(id, merged);
      else changed.set(old.rid, merged);
      if (
        old.rid !== null &&
        columns.lifecycle_code !== null &&
        (old.lifecycleCode !== columns.lifecycle_code ||
          old.lifecycleDate !== columns.lifecycle_date)
      )
        seen.push({ rid: old.rid, code: columns.lifecycle_code, date: columns.lifecycle_date });
      if (pastBaseline)
        for (const kind of changesOf(
          { lifecycleCode: old.lifecycleCode },
          { lifecycleCode: columns.lifecycle_code },
        ))
          news.push({ id, kind });
      countKnown(result, id, old, columns);
      known.set(id, {
        ...old,
        searchJson: json,
        state: columns.state,
        lifecycleCode: columns.lifecycle_code,
        lifecycleDate: columns.lifecycle_date,
      });
    }
    for (const rid of changed.keys()) touched.delete(rid);
    const rids = new Map<string, number>();
    for (const [id, k] of known) if (k.rid !== null) rids.set(id, k.rid);
    if (touched.size > 0)
      await client.query(
        `UPDATE invoices SET search_fetched_at = $1, status_run_id = coalesce($2, status_run_id)
         WHERE rid = ANY($3)`,
        [fetchedAt, statusRunId, [...touched]],
      );
    if (changed.size > 0) await this.#updateRows(client, changed, details, fetchedAt, statusRunId);
    if (pending.size > 0) {
      const added = await this.#insertRows(client, [...pending.values()], fetchedAt, statusRunId);
      for (const [id, rid] of added) rids.set(id, rid);
      // New invoices' first status, after the changed ones' (SQLite's order).
      for (const item of pending.values()) {
        const columns = columnsOf(item);
        if (columns.lifecycle_code !== null)
          seen.push({
            rid: added.get(columns.invoice_id)!,
            code: columns.lifecycle_code,
            date: columns.lifecycle_date,
          });
      }
    }
    if (seen.length > 0)
      await client.query(
        `INSERT INTO invoice_status_history (connection_id, rid, code, status_date, seen_at)
         SELECT $1, x.rid, x.code, x.date, $2
         FROM json_array_elements($3::json) WITH ORDINALITY AS e(value, n),
         json_to_record(e.value) AS x(rid bigint, code text, date text)
         ORDER BY n`,
        [this.connectionId, fetchedAt, JSON.stringify(seen)],
      );
    if (news.length > 0)
      await client.query(
        `INSERT INTO news (connection_id, rid, kind, run_id, found_at)
         SELECT $1, x.rid, x.kind, $2, $3
         FROM json_array_elements($4::json) WITH ORDINALITY AS e(value, n),
         json_to_record(e.value) AS x(rid bigint, kind text)
         ORDER BY n`,
        [
          this.connectionId,
          statusRunId,
          fetchedAt,
          JSON.stringify(news.map((n) => ({ rid: rids.get(n.id), kind: n.kind }))),
        ],
      );
    if (pending.size > 0 || changed.size > 0) await this.#bump(client);
    return result;
  }

  /** New invoices, one statement for the rows and one for their JSON: their ids and rids. */
  async #insertRows(
    client: pg.ClientBase,
    items: readonly InvoiceSearchItem[],
    fetchedAt: string,
    statusRunId: number | null,
  ): Promise<Map<string, number>> {
    const records = items.map((item) => ({
      ...columnsOf(item),
      payable_amount: payableAmount(item, null),
      credited_number: creditedNumber(item, null),
      search_json: JSON.stringify(item),
    }));
    const names = INVOICE_COLUMN_NAMES.join(', ');
    const { rows } = await client.query<{ rid: number; invoice_id: string }>(
      `INSERT INTO invoices (connection_id, ${names}, search_fetched_at, status_run_id,
         payable_amount, credited_number)
       SELECT $1, ${names}, $2, $3, payable_amount, credited_number
       FROM json_array_elements($4::json) WITH ORDINALITY AS e(value, n),
         json_to_record(e.value) AS x(${RECORD_TYPES.join(', ')}, payable_amount double precision,
           credited_number text)
       ORDER BY n
       RETURNING rid, invoice_id`,
      [this.connectionId, fetchedAt, statusRunId, JSON.stringify(records)],
    );
    const added = new Map(rows.map((r) => [r.invoice_id, r.rid]));
    await client.query(
      `INSERT INTO invoice_json (rid, connection_id, search_json)
       SELECT x.rid, $1, x.search_json FROM json_to_recordset($2::json) AS x(rid bigint, search_json text)`,
      [
        this.connectionId,
        JSON.stringify(
          records.map((r) => ({ rid: added.get(r.invoice_id), search_json: r.search_json })),
        ),
      ],
    );
    return added;
  }

  /** Merged search items written over their rows, one statement each for rows and JSON. */
  async #updateRows(
    client: pg.ClientBase,
    changed: Map<number, InvoiceSearchItem>,
    details: Map<number, Invoice>,
    fetchedAt: string,
    statusRunId: number | null,
  ): Promise<void> {
    const records = [...changed].map(([rid, item]) => {
      const detail = details.get(rid) ?? null;
      return {
        rid,
        ...columnsOf(item, detail),
        payable_amount: payableAmount(item, detail),
        credited_number: creditedNumber(item, detail),
        search_json: JSON.stringify(item),
      };
    });
    const json = JSON.stringify(records);
    await client.query(
      `UPDATE invoices SET ${INVOICE_COLUMN_NAMES.map((c) => `${c} = x.${c}`).join(', ')},
         search_fetched_at = $1, status_run_id = coalesce($2, status_run_id),
         payable_amount = x.payable_amount, credited_number = x.credited_number
       FROM json_to_recordset($3::json)
         AS x(rid bigint, ${RECORD_TYPES.join(', ')}, payable_amount double precision,
           credited_number text)
       WHERE invoices.rid = x.rid`,
      [fetchedAt, statusRunId, json],
    );
    await client.query(
      `UPDATE invoice_json SET search_json = x.search_json
       FROM json_to_recordset($1::json) AS x(rid bigint, search_json text)
       WHERE invoice_json.rid = x.rid`,
      [json],
    );
  }

  /** The full invoice over its row, its facts extracted (false: not archived yet). */
  async #saveDetail(client: pg.ClientBase, invoice: Invoice, fetchedAt: string) {
    const { rows } = await client.query<{ rid: number; search_json: string }>(
      `SELECT rid, search_json FROM invoices JOIN invoice_json USING (rid)
       WHERE invoices.connection_id = $1 AND invoice_id = $2`,
      [this.connectionId, invoice.invoiceId.toLowerCase()],
    );
    const old = rows[0];
    if (!old) return false;
    const searchItem = JSON.parse(old.search_json) as InvoiceSearchItem;
    const columns: InvoiceColumns = columnsOf(searchItem, invoice);
    const names = INVOICE_COLUMN_NAMES.filter((n) => n !== 'invoice_id');
    const p = new Params();
    const rid = p.add(old.rid);
    await client.query(
      `UPDATE invoices SET ${names.map((n) => `${n} = ${p.add(columns[n])}`).join(', ')},
         detail_fetched_at = ${p.add(fetchedAt)}, detail_error = NULL,
         payable_amount = ${p.add(payableAmount(invoice, invoice))},
         credited_number = ${p.add(creditedNumber(searchItem, invoice))}
       WHERE rid = ${rid}`,
      p.values,
    );
    await client.query('UPDATE invoice_json SET detail_json = $2 WHERE rid = $1', [
      old.rid,
      JSON.stringify(invoice),
    ]);
    const facts = invoiceFacts(invoice);
    const f = new Params();
    const factValues = [old.rid, this.connectionId, ...factRow(facts)].map((v) => f.add(v));
    await client.query(
      `INSERT INTO invoice_facts (rid, connection_id, ${FACT_COLUMNS.join(', ')})
       VALUES (${factValues.join(', ')})
       ON CONFLICT (rid) DO UPDATE SET
         ${FACT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      f.values,
    );
    await client.query('DELETE FROM invoice_vat_lines WHERE rid = $1', [old.rid]);
    if (facts.vatLines.length > 0)
      await client.query(
        `INSERT INTO invoice_vat_lines
           (rid, line, connection_id, category_code, percent, taxable_amount, tax_amount)
         SELECT $1, n - 1, $2, x.category_code, x.percent, x.taxable_amount, x.tax_amount
         FROM json_array_elements($3::json) WITH ORDINALITY AS e(value, n),
         json_to_record(e.value) AS x(category_code text,
           percent double precision, taxable_amount double precision,
           tax_amount double precision)`,
        [old.rid, this.connectionId, JSON.stringify(facts.vatLines.map(snakeLine))],
      );
    await this.#bump(client);
    return true;
  }
}

const snakeLine = (l: InvoiceFacts['vatLines'][number]) => ({
  category_code: l.categoryCode,
  percent: l.percent,
  taxable_amount: l.taxableAmount,
  tax_amount: l.taxAmount,
});

/** A record of the row's columns, then the search item's and the detail's JSON. */
function archived(record: readonly unknown[]): ArchivedInvoice {
  const at = ROW_NAMES.length;
  return {
    row: rowOf(record),
    searchItem: JSON.parse(record[at] as string) as InvoiceSearchItem,
    detail: record[at + 1] ? (JSON.parse(record[at + 1] as string) as Invoice) : null,
  };
}
