// The invoices screen: filters, paging, the last result. Lives outside the screen so that going
// to another screen and back keeps the user's search.
import type { AppError, Sourced } from '#shared/contract.ts';
import type { Direction, InvoiceState } from '#shared/operator/enums.ts';
import { INVOICE_SEARCH_LIMITS } from '#shared/operator/enums.ts';
import type { InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import { buildInvoiceQuery, isUuid } from '#shared/query/invoice-query.ts';
import type { SortState } from '../components/data-table.ts';
import { api } from '../api.ts';

export const PAGE_SIZES = [50, 100, 200] as const;

class InvoicesScreenState {
  states = $state<InvoiceState[]>([]);
  direction = $state<Direction | ''>('');
  invoiceId = $state('');
  advanced = $state('');
  offset = $state(0);
  limit = $state<number>(INVOICE_SEARCH_LIMITS.defaultLimit);
  sort = $state<SortState | null>(null);

  result = $state<Sourced<InvoiceSearchResponse> | null>(null);
  error = $state<AppError | null>(null);
  loading = $state(false);
  /** The q actually sent with the result on screen. */
  sentQuery = $state('');
  /** Time from the request to the answer, for the curious (and the e2e timing). */
  lastDurationMs = $state<number | null>(null);
  private seq = 0;
  private loadedGeneration = -1;

  invoiceIdValid = $derived(this.invoiceId.trim() === '' || isUuid(this.invoiceId));
  usingAdvanced = $derived(this.advanced.trim() !== '');
  /** The q built from the filters (the advanced expression wins when present). */
  query = $derived.by(() => {
    if (this.usingAdvanced) return this.advanced.trim();
    return buildInvoiceQuery({
      states: this.states,
      direction: this.direction || null,
      invoiceId: this.invoiceIdValid ? this.invoiceId : null,
    });
  });

  /** Loads once per connection: the first visit searches at once, later visits keep the page,
   * or the error (a failed first search is tried again only when the user asks: Réessayer). */
  ensureLoaded(generation: number): void {
    if (this.loadedGeneration === generation) return;
    this.loadedGeneration = generation;
    this.offset = 0;
    void this.search();
  }

  /** Runs the current filters from the first page. */
  apply(): void {
    this.offset = 0;
    void this.search();
  }

  page(offset: number, limit: number): void {
    this.offset = offset;
    this.limit = limit;
    void this.search();
  }

  reset(): void {
    this.states = [];
    this.direction = '';
    this.invoiceId = '';
    this.advanced = '';
    this.sort = null;
    this.apply();
  }

  async search(): Promise<void> {
    if (!this.invoiceIdValid) return;
    const seq = ++this.seq;
    const q = this.query;
    this.loading = true;
    this.error = null;
    const started = performance.now();
    const r = await api.invoke('invoices:search', {
      ...(q ? { q } : {}),
      offset: this.offset,
      limit: this.limit,
    });
    if (seq !== this.seq) return; // a newer search superseded this one
    this.loading = false;
    this.lastDurationMs = Math.round(performance.now() - started);
    if (r.ok) {
      this.result = r.value;
      this.sentQuery = q;
    } else {
      this.error = r.error;
    }
  }
}

export const invoices = new InvoicesScreenState();
