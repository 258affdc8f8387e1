// The firm's portfolio (issue 19): its rows (one per connection, answered whatever the active
// connection: the portfolio is the firm's, not one client's), then each connection's details
// (third parties to map, VAT of the month: computed, so asked one at a time after the rows
// show), and the table's filter and sort, kept while the user visits a client's screens.
import type { PortfolioDetails } from '#shared/portfolio.ts';
import { api } from '../api.ts';
import { Search } from './search.svelte.ts';
import type { SortState } from '../components/data-table.ts';

class PortfolioView {
  readonly rows = new Search('portfolio:get', { owner: () => 'firm' });
  details = $state<Record<string, PortfolioDetails>>({});
  text = $state('');
  onlyToAct = $state(false);
  sort = $state<SortState | null>(null);
  #load = 0;

  /** Reads the rows again (a sync may have moved them), then each connection's details. */
  async load(): Promise<void> {
    const load = ++this.#load;
    await this.rows.run(undefined);
    for (const row of this.rows.result ?? []) {
      if (load !== this.#load) return; // a newer reading took over
      if (!row.figures || row.error) continue;
      const answer = await api.invoke('portfolio:details', { connectionId: row.connectionId });
      if (answer.ok && load === this.#load)
        this.details = { ...this.details, [row.connectionId]: answer.value };
    }
  }
}

export const portfolio = new PortfolioView();
