// The operator's invoices: a search and one invoice, live and saved (write-through), or read
// back from the archive when offline.
import type { ResultOf } from '#shared/contract.ts';
import { EXPAND_VALUES } from '#shared/operator/enums.ts';
import type { ArchivedListData } from '#shared/archive.ts';
import { invoiceSearchKey } from '../services/archive/request-key.ts';
import { byRequest } from './connectivity.ts';
import type { Shared } from './shared.ts';
import type { FirstSearch } from '../services/first-search.ts';
import type { HandlersOf } from './types.ts';

export function invoicesHandlers(
  shared: Pick<Shared, 'connectivity'>,
  firstSearch?: Pick<FirstSearch, 'take' | 'writing'>,
) {
  const { read } = shared.connectivity;
  return {
    'invoices:search': async ({ q, offset, limit }) => {
      const params = { ...(q ? { q } : {}), offset, limit };
      const key = invoiceSearchKey(params);
      return read({
        what: 'this invoice search',
        live: (client) => client.searchInvoices({ ...params, expand: [...EXPAND_VALUES] }),
        save: (archive, value, fetchedAt) => archive.saveSearchPage(params, value, fetchedAt),
        // The first search's answer is written once the page has it: a read waits for that.
        saved: async (archive) => {
          await firstSearch?.writing();
          return byRequest<ResultOf<'invoices:search'>['data']>('invoice_search', key).saved(
            archive,
          );
        },
        // The first screen's search, sent by the warm-up before the page asked (issue 27).
        early: (client) => firstSearch?.take(client, params) ?? null,
      });
    },
    'invoices:get': async ({ invoiceId }) =>
      read({
        what: 'this invoice',
        live: (client) => client.getInvoice(invoiceId),
        save: (archive, value, fetchedAt) => archive.saveDetail(value, fetchedAt),
        saved: async (archive) => {
          const found = await archive.invoice(invoiceId);
          return found?.detail
            ? {
                data: found.detail,
                fetchedAt: found.row.detailFetchedAt ?? found.row.searchFetchedAt,
              }
            : null;
        },
        // Only its list data was saved: the renderer shows that, and says so.
        missing: async (archive): Promise<ArchivedListData | undefined> => {
          const found = await archive?.invoice(invoiceId);
          return found
            ? {
                archived: 'list',
                searchItem: found.searchItem,
                fetchedAt: found.row.searchFetchedAt,
              }
            : undefined;
        },
      }),
  } satisfies HandlersOf<'invoices'>;
}
