// The CA12 of a simplified client's year (issue 26, item 4), shown in Rapports where the CA3 is
// when the period is a year: computed in main from the active connection's archive ('tax:ca12').
import { Search } from './search.svelte.ts';

export const ca12 = new Search<'tax:ca12'>('tax:ca12');
