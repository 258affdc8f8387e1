// The firm's portfolio (issue 19): its rows (one per connection, answered whatever the active
// connection: the portfolio is the firm's, not one client's) and the table's filter and sort,
// kept while the user visits a client's screens and comes back.
import { Search } from './search.svelte.ts';
import type { SortState } from '../components/data-table.ts';

class PortfolioView {
  readonly rows = new Search('portfolio:get', { owner: () => 'firm' });
  text = $state('');
  onlyToAct = $state(false);
  sort = $state<SortState | null>(null);
}

export const portfolio = new PortfolioView();
