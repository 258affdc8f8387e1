// The sync's own records in an archive: its runs, its partitions (direction × state, or the
// unfiltered list) with their checkpoints and coverage, and the per-invoice marks of the status
// and details phases. The sync engine (sync.ts) asks here by name; only this module and
// archive-store.ts write SQL against the archive's file. Built by ArchiveStore on its handle.
import type { DatabaseSync } from 'node:sqlite';
import {
  DIRECTIONS,
  INVOICE_STATES,
  type Direction,
  type InvoiceState,
} from '#shared/operator/enums.ts';
import type { PartitionCoverage, UnfilteredListCoverage } from '#shared/archive.ts';
import { FINAL_LIFECYCLE_CODES, FINAL_STATES } from '../invoice-columns.ts';
import type { PartitionState } from '../ports.ts';

/** The largest page the operator's search gives, and the largest offset it accepts. */
export const PAGE_LIMIT = 200;
export const OFFSET_MAX = 1000;
/** Rows one query can ever show: offset ≤ 1000 plus limit ≤ 200. */
export const WINDOW = OFFSET_MAX + PAGE_LIMIT;

/** The partition key that stands for the unfiltered list (read when the operator refuses the
 * partitions' filter): its checkpoints work as a partition's do. */
export const UNFILTERED = '*';

export interface PartitionRow {
  /** UNFILTERED (both) for the unfiltered list. */
  direction: Direction;
  state: InvoiceState;
  run_id: number | null;
  next_offset: number | null;
  finished_run_id: number | null;
  ever_finished: number;
  complete: number;
  operator_count: number | null;
  oldest_date: string | null;
  finished_at: string | null;
}

export function isUnfiltered(p: { direction: string; state: string }): boolean {
  return p.direction === UNFILTERED && p.state === UNFILTERED;
}

/** The coverage of an archive no sync has written to: every partition, none read. */
export function emptyCoverage(): PartitionCoverage[] {
  return DIRECTIONS.flatMap((direction) =>
    INVOICE_STATES.map((state) => ({
      direction,
      state,
      complete: false,
      finished: false,
      oldest: null,
      operatorCount: null,
      archived: 0,
      finishedAt: null,
    })),
  );
}

/** The unfiltered list's coverage, from its partition (whichever store keeps it). */
export function unfilteredCoverage(p: PartitionState): UnfilteredListCoverage {
  return {
    complete: p.complete,
    finished: p.everFinished,
    oldest: p.oldest,
    operatorCount: p.operatorCount,
    window: WINDOW,
    finishedAt: p.finishedAt,
  };
}

/** A partition as stored here (0/1, snake_case) in the port's words. */
export function partitionState(row: PartitionRow): PartitionState {
  return {
    direction: row.direction,
    state: row.state,
    runId: row.run_id,
    nextOffset: row.next_offset,
    finishedRunId: row.finished_run_id,
    everFinished: row.ever_finished === 1,
    complete: row.complete === 1,
    operatorCount: row.operator_count,
    oldest: row.oldest_date,
    finishedAt: row.finished_at,
  };
}

const FINAL_SQL = `(state IN (${FINAL_STATES.map((s) => `'${s}'`).join(', ')}) OR lifecycle_code IN (${FINAL_LIFECYCLE_CODES.map((c) => `'${c}'`).join(', ')}))`;
const STATUS_TODO = `FROM invoices WHERE NOT ${FINAL_SQL} AND (status_run_id IS NULL OR status_run_id < ?)`;
const DETAIL_TODO =
  'FROM invoices WHERE detail_fetched_at IS NULL AND (detail_error_run_id IS NULL OR detail_error_run_id < ?)';

/** Which partition (direction × state, or the unfiltered list's '*' × '*'). */
export type PartitionKey = Pick<PartitionRow, 'direction' | 'state'> | PartitionState;

/** Where a partition's list stands after one page was written. */
export interface PartitionStep {
  runId: number;
  operatorCount: number;
  oldest: string | null;
}

export class SyncState {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** When the last complete sync finished (ISO), null if none did. */
  lastSyncAt(): string | null {
    const row = this.#db.prepare('SELECT max(finished_at) AS at FROM sync_runs').get() as {
      at: string | null;
    };
    return row.at;
  }

  /** A sync stopped before its end: the next one resumes it. */
  hasUnfinishedRun(): boolean {
    return this.#openRunId() !== null;
  }

  #openRunId(): number | null {
    const open = this.#db
      .prepare('SELECT id FROM sync_runs WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1')
      .get() as { id: number } | undefined;
    return open ? Number(open.id) : null;
  }

  /** Goes on with the unfinished run, else starts one with every partition known (call inside
   * the store's transaction). */
  beginRun(startedAt: string, details: boolean): { runId: number; resumed: boolean } {
    const open = this.#openRunId();
    if (open !== null) {
      this.#db.prepare('UPDATE sync_runs SET details = ? WHERE id = ?').run(details ? 1 : 0, open);
      return { runId: open, resumed: true };
    }
    const insert = this.#db
      .prepare('INSERT INTO sync_runs (started_at, details) VALUES (?, ?)')
      .run(startedAt, details ? 1 : 0);
    const add = this.#db.prepare(
      'INSERT OR IGNORE INTO sync_partitions (direction, state) VALUES (?, ?)',
    );
    for (const direction of DIRECTIONS)
      for (const state of INVOICE_STATES) add.run(direction, state);
    return { runId: Number(insert.lastInsertRowid), resumed: false };
  }

  finishRun(runId: number, finishedAt: string): void {
    this.#db.prepare('UPDATE sync_runs SET finished_at = ? WHERE id = ?').run(finishedAt, runId);
  }

  /** Every partition row, the unfiltered list's too when there is one. */
  partitions(): PartitionRow[] {
    return this.#db.prepare('SELECT * FROM sync_partitions').all() as unknown as PartitionRow[];
  }

  #partition(direction: string, state: string): PartitionRow | undefined {
    return this.#db
      .prepare('SELECT * FROM sync_partitions WHERE direction = ? AND state = ?')
      .get(direction, state) as unknown as PartitionRow | undefined;
  }

  /** The unfiltered list's row, made if absent (the operator refused the filter). */
  unfilteredList(): PartitionRow {
    this.#db
      .prepare('INSERT OR IGNORE INTO sync_partitions (direction, state) VALUES (?, ?)')
      .run(UNFILTERED, UNFILTERED);
    return this.#partition(UNFILTERED, UNFILTERED)!;
  }

  /** The operator filters again: the partitions tell the coverage. */
  dropUnfilteredList(): void {
    this.#db
      .prepare('DELETE FROM sync_partitions WHERE direction = ? AND state = ?')
      .run(UNFILTERED, UNFILTERED);
  }

  /** A page written, more to read from `nextOffset` (the checkpoint of a resumed run). */
  partitionAt(p: PartitionKey, nextOffset: number, step: PartitionStep): void {
    this.#db
      .prepare(
        `UPDATE sync_partitions SET run_id = ?, next_offset = ?, operator_count = ?, oldest_date = ?
         WHERE direction = ? AND state = ?`,
      )
      .run(step.runId, nextOffset, step.operatorCount, step.oldest, p.direction, p.state);
  }

  /** The partition read through this run (to its end, to the window, or to known invoices). */
  partitionFinished(
    p: PartitionKey,
    step: PartitionStep & { complete: boolean; finishedAt: string },
  ): void {
    this.#db
      .prepare(
        `UPDATE sync_partitions SET run_id = NULL, next_offset = NULL, finished_run_id = ?, ever_finished = 1,
         complete = ?, operator_count = ?, oldest_date = ?, finished_at = ? WHERE direction = ? AND state = ?`,
      )
      .run(
        step.runId,
        step.complete ? 1 : 0,
        step.operatorCount,
        step.oldest,
        step.finishedAt,
        p.direction,
        p.state,
      );
  }

  /** Invoices whose status this run has still to read again (lifecycle not final). */
  countStatusTodo(runId: number): number {
    return this.#count(`SELECT count(*) AS n ${STATUS_TODO}`, runId);
  }

  statusTodo(runId: number): string[] {
    return this.#ids(`SELECT invoice_id ${STATUS_TODO} ORDER BY create_date DESC, rid`, runId);
  }

  /** Ids asked in this run's status phase (the operator may no longer list some): once a run. */
  markStatusRead(ids: readonly string[], runId: number): void {
    const mark = this.#db.prepare('UPDATE invoices SET status_run_id = ? WHERE invoice_id = ?');
    for (const id of ids) mark.run(runId, id);
  }

  /** Invoices whose full business data this run has still to fetch, newest first. */
  countDetailTodo(runId: number): number {
    return this.#count(`SELECT count(*) AS n ${DETAIL_TODO}`, runId);
  }

  detailTodo(runId: number): string[] {
    return this.#ids(`SELECT invoice_id ${DETAIL_TODO} ORDER BY create_date DESC, rid`, runId);
  }

  /** The operator would not give this invoice's details: recorded, asked again next run. */
  markDetailFailed(invoiceId: string, kind: string, runId: number): void {
    this.#db
      .prepare('UPDATE invoices SET detail_error = ?, detail_error_run_id = ? WHERE invoice_id = ?')
      .run(kind, runId, invoiceId);
  }

  /** Coverage of every partition, as stored (for the screen, the CLI and exports). */
  coverage(): PartitionCoverage[] {
    const byKey = new Map(this.partitions().map((r) => [`${r.direction}/${r.state}`, r]));
    const counts = new Map(
      (
        this.#db
          .prepare('SELECT direction, state, count(*) AS n FROM invoices GROUP BY direction, state')
          .all() as { direction: string; state: string; n: number }[]
      ).map((r) => [`${r.direction}/${r.state}`, Number(r.n)]),
    );
    const out: PartitionCoverage[] = [];
    for (const direction of DIRECTIONS)
      for (const state of INVOICE_STATES) {
        const row = byKey.get(`${direction}/${state}`);
        out.push({
          direction,
          state,
          complete: row?.complete === 1,
          finished: row?.ever_finished === 1,
          oldest: row?.oldest_date ?? null,
          operatorCount: row?.operator_count ?? null,
          archived: counts.get(`${direction}/${state}`) ?? 0,
          finishedAt: row?.finished_at ?? null,
        });
      }
    return out;
  }

  /** The unfiltered list's coverage when the last lists were read so (the operator refused the
   * state/direction filter), else null. */
  filterRefused(): UnfilteredListCoverage | null {
    const row = this.#partition(UNFILTERED, UNFILTERED);
    return row ? unfilteredCoverage(partitionState(row)) : null;
  }

  #count(sql: string, ...params: (string | number)[]): number {
    return Number((this.#db.prepare(sql).get(...params) as { n: number }).n);
  }

  #ids(sql: string, ...params: (string | number)[]): string[] {
    return (this.#db.prepare(sql).all(...params) as { invoice_id: string }[]).map(
      (r) => r.invoice_id,
    );
  }
}
