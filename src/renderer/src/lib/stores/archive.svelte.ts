// The archive mode of the invoices screen (filters, sort, page, result: a Search, see
// search.svelte.ts) and the sync of the active connection (progress events, summary, status with
// coverage). Outside the screen, so that going elsewhere and back keeps both.
import type {
  ArchiveSearchArgs,
  ArchiveSort,
  ArchiveSortKey,
  ArchiveStatus,
  ArchiveTotals,
  SyncProgress,
  SyncSummary,
} from '#shared/archive.ts';
import type { AppError, Result } from '#shared/contract.ts';
import type { Direction, InvoiceState } from '#shared/operator/enums.ts';
import type { SortState } from '../components/data-table.ts';
import { untrack } from 'svelte';
import { TOTALS_SIDES, type SideTotals } from '#shared/invoices/amount-totals.ts';
import { api } from '../api.ts';
import { session } from './session.svelte.ts';
import { PagedSearch, Search } from './search.svelte.ts';
import { keepPerClient } from './per-client.ts';
import {
  archiveFilterErrors,
  emptyArchiveFilterForm,
  toArchiveFilter,
  type ArchiveFilterForm,
} from '../screens/archive/archive-filter.ts';

export const ARCHIVE_PAGE_SIZES = [100, 200, 500] as const;
const DEFAULT_SORT: SortState = { column: 'invoiceDate', direction: 'descending' };

class ArchiveSearch extends PagedSearch<'archive:search'> {
  /** The invoices screen searches the operator (live, its 1,200-row window) or the archive. */
  mode = $state<'operator' | 'archive'>('operator');
  form = $state<ArchiveFilterForm>(emptyArchiveFilterForm());
  sort = $state<SortState | null>(DEFAULT_SORT);

  errors = $derived(archiveFilterErrors(this.form));
  valid = $derived(Object.keys(this.errors).length === 0);

  /** The totals of the whole filter (archive:totals), asked when the filter, the connection or
   * the archive changes, not for another page or sort of the same rows. */
  readonly #totals = new Search('archive:totals');
  /** The same per direction, when the filter holds both: sales and purchases are never added
   * together (issue 27). */
  readonly #sides = TOTALS_SIDES.map((direction) => ({
    direction,
    search: new Search('archive:totals'),
  }));
  #sameRows = false;
  #totalsOf: string | null = null;

  constructor() {
    // The rows stay under the error: the user still sees what the last answer said.
    super('archive:search', ARCHIVE_PAGE_SIZES[0], { keepResultOnError: true });
    // Each client's own filters and sort: a switch never carries them to the next one.
    keepPerClient(
      () => ({ form: $state.snapshot(this.form), sort: $state.snapshot(this.sort) }),
      (kept) => {
        this.form = kept?.form ?? emptyArchiveFilterForm();
        this.sort = kept ? kept.sort : DEFAULT_SORT;
      },
    );
  }

  sortBy(sort: SortState | null): void {
    this.sort = sort;
    this.#sameRows = true;
    try {
      this.apply();
    } finally {
      this.#sameRows = false;
    }
  }

  override page(offset: number, limit: number): void {
    this.#sameRows = true;
    try {
      super.page(offset, limit);
    } finally {
      this.#sameRows = false;
    }
  }

  override run(args: ArchiveSearchArgs): Promise<boolean> {
    const key = JSON.stringify(args.filter ?? {});
    if (!this.#sameRows || key !== this.#totalsOf || this.#totals.result === null) {
      this.#totalsOf = key;
      void this.#totals.run(args.filter ? { filter: args.filter } : {});
      for (const side of this.#sides) {
        if (args.filter?.direction) side.search.clear();
        else void side.search.run({ filter: { ...args.filter, direction: side.direction } });
      }
    }
    return super.run(args);
  }

  override clear(): void {
    this.#totals.clear();
    for (const side of this.#sides) side.search.clear();
    this.#totalsOf = null;
    super.clear();
  }

  /** The totals of the filter of the rows on screen; null while they are being added up (or
   * when they could not be). */
  get totals(): ArchiveTotals | null {
    if (this.#totals.loading || this.#totals.error) return null;
    const shown = JSON.stringify(this.answered?.filter ?? {});
    return JSON.stringify(this.#totals.answered?.filter ?? {}) === shown
      ? this.#totals.result
      : null;
  }

  /** The totals of the rows on screen per direction, those it holds only; empty while they are
   * being added up or when the filter names one direction. */
  get totalsBySide(): SideTotals[] {
    const shown = this.answered?.filter ?? {};
    const sides: SideTotals[] = [];
    for (const { direction, search } of this.#sides) {
      if (search.loading || search.error || !search.result) return [];
      const { direction: _, ...asked } = search.answered?.filter ?? {};
      if (JSON.stringify(asked) !== JSON.stringify(shown)) return [];
      const { count, currencies } = search.result;
      if (count > 0) sides.push({ direction, count, currencies });
    }
    return sides;
  }

  get totalsLoading(): boolean {
    return this.#totals.loading;
  }

  /** Puts the focus on the results' active row (the screen sets it while its table is shown):
   * the search field's "Aller aux résultats" (issue 27, item 3). */
  focusResults: (() => void) | null = null;

  /** Set when the archive answers a live search the operator could not (offline, never asked
   * online): the form it was asked with, so that the screen says so while that form is shown. */
  liveAnswer = $state<{ form: string; whole: boolean } | null>(null);
  /** The live screen's filters answered by the archive (issue 27, item 5): the same states and
   * direction, no other filter, said as the archive's answer. */
  answerLive(
    filters: { states: readonly InvoiceState[]; direction: Direction | '' },
    whole: boolean,
  ): void {
    this.form = {
      ...emptyArchiveFilterForm(),
      states: [...filters.states],
      direction: filters.direction,
    };
    this.liveAnswer = { form: JSON.stringify(this.form), whole };
    this.mode = 'archive';
    this.apply();
  }

  /** The archive is answering the live search asked (and the user has changed nothing since):
   * whether its syncs read the partitions asked whole. */
  get answeringLive(): { whole: boolean } | null {
    const answer = this.liveAnswer;
    return answer && answer.form === JSON.stringify(this.form) ? answer : null;
  }

  /** The live screen's offer: the archive, searched for `text` alone (no other filter left to
   * hide the invoice asked for). */
  searchFor(text: string): void {
    this.form = { ...emptyArchiveFilterForm(), search: text.trim() };
    this.mode = 'archive';
    this.apply();
  }

  reset(): void {
    this.form = emptyArchiveFilterForm();
    this.apply();
  }

  /** The current filters, sort and page (null while a filter is invalid). */
  protected override args(): ArchiveSearchArgs | null {
    if (!this.valid) return null;
    const sort: ArchiveSort | undefined = this.sort
      ? {
          key: this.sort.column as ArchiveSortKey,
          descending: this.sort.direction === 'descending',
        }
      : undefined;
    return {
      filter: toArchiveFilter(this.form),
      ...(sort ? { sort } : {}),
      offset: this.offset,
      limit: this.limit,
    };
  }
}

/** What the sync panel shows of one connection's sync. */
class SyncView {
  /** The last progress event. */
  progress = $state<SyncProgress | null>(null);
  /** A sync this window started is running. */
  starting = $state(false);
  cancelling = $state(false);
  summary = $state<SyncSummary | null>(null);
  error = $state<AppError | null>(null);
}

/** The sync of the active connection: each connection's progress, outcome and failure are kept
 * apart (a sync runs on while another connection is shown), and only the active one's shows. */
class SyncState {
  /** The active connection's archive status; a failed reload keeps the last one shown. */
  readonly #status = new Search('archive:status', { keepResultOnError: true });
  readonly #views = new Map<string, SyncView>();
  /** An empty view for no connection (before the settings are read). */
  readonly #none = new SyncView();

  /** The active connection: the one whose archive and sync are shown. */
  get connectionId(): string | null {
    return session.settings?.activeConnectionId ?? null;
  }

  #view(connectionId: string | null): SyncView {
    if (connectionId === null) return this.#none;
    let view = this.#views.get(connectionId);
    if (!view) {
      view = new SyncView();
      this.#views.set(connectionId, view);
    }
    return view;
  }

  // A view is created on first read; the map itself is not reactive, the connection is.
  get progress(): SyncProgress | null {
    return this.#view(this.connectionId).progress;
  }
  get starting(): boolean {
    return this.#view(this.connectionId).starting;
  }
  get cancelling(): boolean {
    return this.#view(this.connectionId).cancelling;
  }
  get summary(): SyncSummary | null {
    return this.#view(this.connectionId).summary;
  }
  get error(): AppError | null {
    return this.#view(this.connectionId).error;
  }
  get running(): boolean {
    return this.starting || (this.status?.syncing ?? false);
  }

  /** The active connection's archive: counts, last sync, coverage, whether a sync runs. */
  get status(): ArchiveStatus | null {
    return this.#status.result;
  }

  get statusError(): AppError | null {
    return this.#status.error;
  }
  #listening = false;
  /** Called after a sync, so that the archive table shows what it brought. */
  onFinished: (() => void) | null = null;

  /** Shows the archive of `connectionId` (the active one); listens to progress once. */
  show(connectionId: string): void {
    if (!this.#listening) {
      this.#listening = true;
      api.on('sync:progress', (p) => {
        if (!p) return;
        const { connectionId: id, ...progress } = p;
        const view = this.#view(id);
        view.progress = progress;
        // A sync started elsewhere (another window): follow it, and its end.
        if (id === this.connectionId && !view.starting) {
          if (progress.phase === 'done' || !this.status?.syncing) void this.loadStatus();
        }
      });
    }
    if (connectionId !== untrack(() => this.#status.request?.connectionId)) this.#status.clear();
    void this.loadStatus();
  }

  /** Reads the active connection's status again; the newest read wins. */
  async loadStatus(): Promise<void> {
    const id = untrack(() => this.connectionId);
    if (id) await this.#status.run({ connectionId: id });
  }

  async start(): Promise<void> {
    await this.#run(() => api.invoke('sync:start', {}));
  }

  /** A damaged archive (set aside) made again from the operator: a fresh archive, a sync. */
  async rebuild(): Promise<void> {
    const id = untrack(() => this.connectionId);
    if (id) await this.#run(() => api.invoke('archive:rebuild', { connectionId: id }));
  }

  async #run(invoke: () => Promise<Result<SyncSummary>>): Promise<void> {
    const id = untrack(() => this.connectionId);
    if (!id || untrack(() => this.running)) return;
    const view = this.#view(id);
    view.starting = true;
    view.cancelling = false;
    view.summary = null;
    view.error = null;
    view.progress = null;
    const r = await invoke();
    view.starting = false;
    view.cancelling = false;
    if (r.ok) view.summary = r.value;
    else view.error = r.error;
    // Another connection is shown now: its screens are its own.
    if (id !== untrack(() => this.connectionId)) return;
    await this.loadStatus();
    this.onFinished?.();
  }

  async cancel(): Promise<void> {
    const view = this.#view(untrack(() => this.connectionId));
    view.cancelling = true;
    const r = await api.invoke('sync:cancel');
    if (!r.ok) {
      view.cancelling = false;
      view.error = r.error;
    }
  }
}

export const archive = new ArchiveSearch();
export const sync = new SyncState();
