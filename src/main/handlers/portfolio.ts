// The firm's portfolio: every connection's figures, from the archives only.
import { portfolioDetails, portfolioRows } from '../services/portfolio/index.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function portfolioHandlers(
  services: Pick<HandlerServices, 'connections' | 'archives' | 'accounting' | 'userData'> &
    Partial<Pick<HandlerServices, 'bank' | 'archiveStore'>>,
  shared: Pick<Shared, 'now'>,
) {
  const { connections, archives } = services;
  const { now } = shared;
  // The user data and the bank of the store chosen (issue 30: the firm's on its archive).
  const store = services.archiveStore;
  const stores = {
    userData: services.userData,
    ...(services.bank ? { bank: services.bank } : {}),
  };
  return {
    // The firm's portfolio: every connection's archive, never the operator (offline too).
    'portfolio:get': async () =>
      portfolioRows({
        references: () => connections.clientReferences(),
        archives,
        accounting: services.accounting,
        ...stores,
        ...(store ? { sirens: (ids: readonly string[]) => store.accountingSirens(ids) } : {}),
        now,
      }),
    // Kept in each archive until it or the accountant's choices change (services/portfolio).
    'portfolio:details': async ({ connectionId }) => {
      await connections.get(connectionId); // not_found for a connection that does not exist
      return await portfolioDetails(
        { archives, accounting: services.accounting, ...stores, now },
        connectionId,
      );
    },
  } satisfies HandlersOf<'portfolio'>;
}
