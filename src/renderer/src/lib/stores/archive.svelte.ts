// The archive mode of the invoices screen (filters, sort, page, result) and the sync of the
// active connection (progress events, summary, status with coverage). Outside the screen, so
// that going elsewhere and back keeps both.
import type {
  ArchiveSearchResult,
  ArchiveSort,
  ArchiveSortKey,
  ArchiveStatus,
  SyncProgress,
  SyncSummary,
} from '#shared/archive.ts';
import type { AppError, Sourced } from '#shared/contract.ts';
import type { SortState } from '../components/data-table.ts';
import { api } from '../api.ts';
import {
  archiveFilterErrors,
  emptyArchiveFilterForm,
  toArchiveFilter,
  type ArchiveFilterForm,
} from '../screens/archive/archive-filter.ts';

export const ARCHIVE_PAGE_SIZES = [100, 200, 500] as const;

class ArchiveScreenState {
  /** The invoices screen searches the operator (live, its 1,200-row window) or the archive. */
  mode = $state<'operator' | 'archive'>('operator');
  form = $state<ArchiveFilterForm>(emptyArchiveFilterForm());
  sort = $state<SortState | null>({ column: 'invoiceDate', direction: 'descending' });
  offset = $state(0);
  limit = $state<number>(ARCHIVE_PAGE_SIZES[0]);

  result = $state<Sourced<ArchiveSearchResult> | null>(null);
  error = $state<AppError | null>(null);
  loading = $state(false);
  errors = $derived(archiveFilterErrors(this.form));
  valid = $derived(Object.keys(this.errors).length === 0);
  #seq = 0;
  #loadedGeneration = -1;

  ensureLoaded(generation: number): void {
    if (this.#loadedGeneration === generation) return;
    this.#loadedGeneration = generation;
    this.offset = 0;
    void this.search();
  }

  apply(): void {
    this.offset = 0;
    void this.search();
  }

  page(offset: number, limit: number): void {
    this.offset = offset;
    this.limit = limit;
    void this.search();
  }

  sortBy(sort: SortState | null): void {
    this.sort = sort;
    this.apply();
  }

  reset(): void {
    this.form = emptyArchiveFilterForm();
    this.apply();
  }

  async search(): Promise<void> {
    if (!this.valid) return;
    const seq = ++this.#seq;
    this.loading = true;
    this.error = null;
    const sort: ArchiveSort | undefined = this.sort
      ? {
          key: this.sort.column as ArchiveSortKey,
          descending: this.sort.direction === 'descending',
        }
      : undefined;
    const r = await api.invoke('archive:search', {
      filter: toArchiveFilter(this.form),
      ...(sort ? { sort } : {}),
      offset: this.offset,
      limit: this.limit,
    });
    if (seq !== this.#seq) return;
    this.loading = false;
    if (r.ok) this.result = r.value;
    else this.error = r.error;
  }
}

class SyncState {
  /** The active connection's archive: counts, last sync, coverage, whether a sync runs. */
  status = $state<ArchiveStatus | null>(null);
  statusError = $state<AppError | null>(null);
  /** The last progress event of the connection shown. */
  progress = $state<SyncProgress | null>(null);
  /** A sync this window started is running. */
  starting = $state(false);
  cancelling = $state(false);
  summary = $state<SyncSummary | null>(null);
  error = $state<AppError | null>(null);
  connectionId = $state<string | null>(null);
  running = $derived(this.starting || (this.status?.syncing ?? false));
  #listening = false;
  /** Called after a sync, so that the archive table shows what it brought. */
  onFinished: (() => void) | null = null;

  /** Shows the archive of `connectionId` (the active one); listens to progress once. */
  show(connectionId: string): void {
    if (!this.#listening) {
      this.#listening = true;
      api.on('sync:progress', (p) => {
        if (!p || p.connectionId !== this.connectionId) return;
        const { connectionId: _id, ...progress } = p;
        void _id;
        this.progress = progress;
        // A sync started elsewhere (another window): follow it, and its end.
        if (!this.starting && (progress.phase === 'done' || !this.status?.syncing))
          void this.loadStatus();
      });
    }
    if (connectionId !== this.connectionId) {
      this.connectionId = connectionId;
      this.progress = null;
      this.summary = null;
      this.error = null;
      this.status = null;
    }
    void this.loadStatus();
  }

  async loadStatus(): Promise<void> {
    const id = this.connectionId;
    if (!id) return;
    const r = await api.invoke('archive:status', { connectionId: id });
    if (id !== this.connectionId) return;
    if (r.ok) {
      this.status = r.value;
      this.statusError = null;
    } else this.statusError = r.error;
  }

  async start(): Promise<void> {
    const id = this.connectionId;
    if (!id || this.running) return;
    this.starting = true;
    this.cancelling = false;
    this.summary = null;
    this.error = null;
    this.progress = null;
    const r = await api.invoke('sync:start', {});
    if (id !== this.connectionId) return;
    this.starting = false;
    this.cancelling = false;
    if (r.ok) this.summary = r.value;
    else this.error = r.error;
    await this.loadStatus();
    this.onFinished?.();
  }

  async cancel(): Promise<void> {
    this.cancelling = true;
    const r = await api.invoke('sync:cancel');
    if (!r.ok) {
      this.cancelling = false;
      this.error = r.error;
    }
  }
}

export const archive = new ArchiveScreenState();
export const sync = new SyncState();
