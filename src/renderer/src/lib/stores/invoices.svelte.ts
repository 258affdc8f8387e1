// The invoices screen's search: filters, paging and the last answer (see search.svelte.ts).
import type { Direction, InvoiceState } from '#shared/operator/enums.ts';
import { INVOICE_SEARCH_LIMITS } from '#shared/operator/enums.ts';
import type { InvoiceSearchArgs } from '#shared/contract.ts';
import { buildInvoiceQuery, isUuid } from '#shared/query/invoice-query.ts';
import { pageTotals } from '#shared/invoices/amount-totals.ts';
import type { SortState } from '../components/data-table.ts';
import { PagedSearch } from './search.svelte.ts';
import { keepPerClient } from './per-client.ts';

export const PAGE_SIZES = [50, 100, 200] as const;

class InvoiceSearch extends PagedSearch<'invoices:search'> {
  states = $state<InvoiceState[]>([]);
  direction = $state<Direction | ''>('');
  invoiceId = $state('');
  advanced = $state('');
  sort = $state<SortState | null>(null);

  invoiceIdValid = $derived(this.invoiceId.trim() === '' || isUuid(this.invoiceId));
  /** The sums of the rows on screen: the operator gives no totals of a search, so only of the
   * page it sent (its amounts, when it gave them). */
  pageTotals = $derived(pageTotals(this.result?.data.data ?? []));
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

  constructor() {
    // The rows stay under the error: the user still sees what the last answer said.
    super('invoices:search', INVOICE_SEARCH_LIMITS.defaultLimit, { keepResultOnError: true });
    // Each client's own filters: a switch never carries them to the next one.
    keepPerClient(
      () => ({
        states: [...this.states],
        direction: this.direction,
        invoiceId: this.invoiceId,
        advanced: this.advanced,
        sort: $state.snapshot(this.sort),
      }),
      (kept) => {
        this.states = kept?.states ?? [];
        this.direction = kept?.direction ?? '';
        this.invoiceId = kept?.invoiceId ?? '';
        this.advanced = kept?.advanced ?? '';
        this.sort = kept?.sort ?? null;
      },
    );
  }

  reset(): void {
    this.states = [];
    this.direction = '';
    this.invoiceId = '';
    this.advanced = '';
    this.sort = null;
    this.apply();
  }

  /** The current filters and page (null while the invoice id is not a uuid). */
  protected override args(): InvoiceSearchArgs | null {
    if (!this.invoiceIdValid) return null;
    const q = this.query;
    return { ...(q ? { q } : {}), offset: this.offset, limit: this.limit };
  }
}

export const invoices = new InvoiceSearch();
