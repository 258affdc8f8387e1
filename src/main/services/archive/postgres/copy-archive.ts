// One connection's embedded SQLite archive moved into the firm's archive (issue 30, item 6):
// every table streamed with COPY (pg-copy-streams) in one transaction, so a run that is
// interrupted leaves nothing half-moved, and running it again starts the connection's copy
// afresh (its rows in the firm's archive are replaced). SQLite's row ids (rid, run ids) are
// per file: they are moved up past the firm's, keeping their order, while the tables are
// locked against other writers (a migration is a one-time step of the firm's setup).
// Then counted and checked: the invoices, their details and a digest of their JSON, in both.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { FACT_COLUMNS, VAT_LINE_COLUMNS } from '../invoice-facts.ts';
import { INVOICE_COLUMN_NAMES } from '../invoice-columns.ts';
import { archivePath } from '../sqlite/archive-store.ts';
import { readArchiveTables, type SqlValue } from '../sqlite/table-rows.ts';
import { inTransaction } from './database.ts';

export interface CopyCounts {
  invoices: number;
  details: number;
  /** sha256 of every invoice's id, search JSON and detail JSON, in id order. */
  digest: string;
}

export interface CopyResult {
  connectionId: string;
  from: CopyCounts;
  to: CopyCounts;
  /** Rows copied, per table. */
  rows: Record<string, number>;
}

/** A value as COPY's CSV reads it: NULL unquoted and empty, every text quoted. */
function csvField(value: SqlValue | boolean | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array)
    return `"${Buffer.from(value).toString('utf8').replace(/"/g, '""')}"`;
  return `"${value.replace(/"/g, '""')}"`;
}

/** Rows as CSV text, a few hundred lines a chunk. */
async function* csv(rows: Iterable<(SqlValue | boolean)[]>): AsyncGenerator<string> {
  let chunk = '';
  let lines = 0;
  for (const row of rows) {
    chunk += `${row.map(csvField).join(',')}\n`;
    if (++lines % 500 === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const plus = (offset: number) => (value: SqlValue) =>
  value === null ? null : Number(value) + offset;
const flag = (value: SqlValue) => value === 1 || value === 1n;

/** Copies the connection's embedded archive; null when it has none (never synced here).
 * `alongside` runs last in the same transaction (the user data: migrate-connection.ts). */
export async function copyArchive(
  pool: pg.Pool,
  dataDir: string,
  connectionId: string,
  alongside?: (client: pg.PoolClient) => Promise<void>,
): Promise<CopyResult | null> {
  if (!existsSync(archivePath(dataDir, connectionId))) return null;
  const tables = readArchiveTables(dataDir, connectionId);
  try {
    const rows: Record<string, number> = {};
    await inTransaction(pool, async (client) => {
      await client.query(
        'LOCK TABLE invoices, sync_runs IN SHARE ROW EXCLUSIVE MODE', // no other writer meanwhile
      );
      // The names' and numbers' GIN entries gather in a larger pending list, moved into the
      // indexes in a few big sorted batches rather than many small ones (refresh_statistics
      // moves the rest).
      await client.query("SET LOCAL gin_pending_list_limit = '64MB'");
      await client.query("SET LOCAL work_mem = '64MB'");
      // Committed to disk before the command goes on to VACUUM (vacuum.ts): a row's page is
      // marked all-visible only once the commit that wrote it is flushed, so on a server with
      // synchronous_commit off (a test cluster) the VACUUM would leave the map empty.
      await client.query('SET LOCAL synchronous_commit = on');
      await client.query('DELETE FROM archives WHERE connection_id = $1', [connectionId]);
      const most = (sql: string) => Number([...tables.rows(sql)][0]![0]);
      const maxRid = most('SELECT coalesce(max(rid), 0) FROM invoices');
      const maxRun = most('SELECT coalesce(max(id), 0) FROM sync_runs');
      /** The first of `count` ids of `sequence` kept for this copy. */
      const reserve = async (sequence: string, count: number): Promise<number> => {
        const { rows: got } = await client.query<{ at: number }>(
          'SELECT nextval($1::regclass) AS at',
          [sequence],
        );
        const at = got[0]!.at;
        await client.query('SELECT setval($1::regclass, $2)', [sequence, at + count]);
        return at;
      };
      const ridAt = (await reserve('invoices_rid_seq', maxRid)) - 1;
      const runAt = (await reserve('sync_runs_id_seq', maxRun)) - 1;
      const rid = plus(ridAt);
      const run = plus(runAt);
      const version = [...tables.rows('SELECT n FROM archive_version')][0]?.[0] ?? 0;
      await client.query('INSERT INTO archives (connection_id, version) VALUES ($1, $2)', [
        connectionId,
        Number(version),
      ]);
      const copy = async (
        table: string,
        columns: readonly string[],
        select: string,
        map: (row: SqlValue[]) => (SqlValue | boolean)[],
      ): Promise<void> => {
        let count = 0;
        const mapped = (function* () {
          for (const row of tables.rows(select)) {
            count++;
            yield map(row);
          }
        })();
        await pipeline(
          Readable.from(csv(mapped)),
          client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`)),
        );
        rows[table] = count;
      };
      const id = connectionId;
      await copy(
        'sync_runs',
        ['id', 'connection_id', 'started_at', 'finished_at', 'details'],
        'SELECT id, started_at, finished_at, details FROM sync_runs ORDER BY id',
        ([i, started, finished, details]) => [run(i!), id, started!, finished!, flag(details!)],
      );
      const invoiceColumns = [
        ...INVOICE_COLUMN_NAMES,
        'search_fetched_at',
        'detail_fetched_at',
        'detail_error',
        'payable_amount',
        'credited_number',
      ];
      await copy(
        'invoices',
        ['rid', 'connection_id', ...invoiceColumns, 'status_run_id', 'detail_error_run_id'],
        `SELECT rid, ${invoiceColumns.join(', ')}, status_run_id, detail_error_run_id
         FROM invoices ORDER BY rid`,
        (r) => [rid(r[0]!), id, ...r.slice(1, -2), run(r.at(-2)!), run(r.at(-1)!)],
      );
      await copy(
        'invoice_json',
        ['rid', 'connection_id', 'search_json', 'detail_json'],
        'SELECT rid, search_json, detail_json FROM invoice_json ORDER BY rid',
        ([r, search, detail]) => [rid(r!), id, search!, detail!],
      );
      await copy(
        'sync_partitions',
        [
          'connection_id',
          'direction',
          'state',
          'run_id',
          'next_offset',
          'finished_run_id',
          'ever_finished',
          'complete',
          'operator_count',
          'oldest_date',
          'finished_at',
        ],
        `SELECT direction, state, run_id, next_offset, finished_run_id, ever_finished, complete,
           operator_count, oldest_date, finished_at FROM sync_partitions`,
        ([d, s, r, next, finished, ever, complete, count, oldest, at]) => [
          id,
          d!,
          s!,
          run(r!),
          next!,
          run(finished!),
          flag(ever!),
          flag(complete!),
          count!,
          oldest!,
          at!,
        ],
      );
      await copy(
        'cached_responses',
        ['connection_id', 'kind', 'request_key', 'response_json', 'fetched_at'],
        'SELECT kind, request_key, response_json, fetched_at FROM cached_responses',
        (r) => [id, ...r],
      );
      await copy(
        'invoice_status_history',
        ['connection_id', 'rid', 'code', 'status_date', 'seen_at'],
        `SELECT rid, code, status_date, seen_at FROM invoice_status_history
         ORDER BY seen_at, rowid`,
        ([r, ...rest]) => [id, rid(r!), ...rest],
      );
      await copy(
        'news',
        ['connection_id', 'rid', 'kind', 'run_id', 'found_at', 'read_at'],
        'SELECT rid, kind, run_id, found_at, read_at FROM news ORDER BY id',
        ([r, kind, runId, found, read]) => [id, rid(r!), kind!, run(runId!), found!, read!],
      );
      await copy(
        'portfolio_details',
        [
          'connection_id',
          'month',
          'archive_version',
          'user_stamp',
          'to_map',
          'vat_cents',
          'past_due',
        ],
        `SELECT month, archive_version, user_stamp, to_map, vat_cents, past_due
         FROM portfolio_details WHERE past_due IS NOT NULL`,
        (r) => [id, ...r],
      );
      await copy(
        'invoice_facts',
        ['rid', 'connection_id', ...FACT_COLUMNS],
        `SELECT rid, ${FACT_COLUMNS.join(', ')} FROM invoice_facts`,
        ([r, ...rest]) => [rid(r!), id, ...rest],
      );
      await copy(
        'invoice_vat_lines',
        ['rid', 'line', 'connection_id', ...VAT_LINE_COLUMNS],
        `SELECT rid, line, ${VAT_LINE_COLUMNS.join(', ')} FROM invoice_vat_lines`,
        ([r, line, ...rest]) => [rid(r!), line!, id, ...rest],
      );
      await alongside?.(client);
    });
    // Thousands of rows at once: the planner's statistics are stale until refreshed (by the
    // tables' owner, refresh_statistics in migrations/001), and every page read would plan on guesses.
    await pool.query('SELECT refresh_statistics()');
    const from = digestOf(
      tables.rows(
        `SELECT invoice_id, search_json, detail_json FROM invoices JOIN invoice_json USING (rid)
         ORDER BY invoice_id`,
      ),
    );
    const to = await firmDigest(pool, connectionId);
    return { connectionId, from, to, rows };
  } finally {
    tables.close();
  }
}

/** Counts and digests invoices given in id order. */
class Digest {
  readonly #hash = createHash('sha256');
  invoices = 0;
  details = 0;
  add([id, search, detail]: SqlValue[]): void {
    this.invoices++;
    if (detail !== null) this.details++;
    this.#hash.update(
      `${String(id)}\u0000${String(search)}\u0000${detail === null ? '' : String(detail)}\u0001`,
    );
  }
  done(): CopyCounts {
    return { invoices: this.invoices, details: this.details, digest: this.#hash.digest('hex') };
  }
}

function digestOf(rows: Iterable<SqlValue[]>): CopyCounts {
  const digest = new Digest();
  for (const row of rows) digest.add(row);
  return digest.done();
}

/** The same digest of the firm's copy, read back in the same order, in batches. */
async function firmDigest(pool: pg.Pool, connectionId: string): Promise<CopyCounts> {
  const digest = new Digest();
  let after = '';
  for (;;) {
    const { rows: batch } = await pool.query<SqlValue[]>({
      text: `SELECT invoice_id, search_json, detail_json FROM invoices JOIN invoice_json USING (rid)
             WHERE invoices.connection_id = $1 AND invoice_id > $2
             ORDER BY invoice_id LIMIT 2000`,
      values: [connectionId, after],
      rowMode: 'array',
    });
    for (const row of batch) digest.add(row);
    if (batch.length < 2000) break;
    after = String(batch.at(-1)![0]);
  }
  return digest.done();
}
