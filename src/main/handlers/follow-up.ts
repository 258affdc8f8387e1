// What the accountant follows up after a sync: the exceptions list (issue 19, item 4) and the
// Nouveautés (issue 19, item 3), both read from the archive and the user-data file.
import type { ResultOf } from '#shared/contract.ts';
import { NEWS_PAGE } from '#shared/news.ts';
import {
  exceptionList,
  exceptionsDeps,
  markExceptionsHandled,
  reopenExceptions,
} from '../services/exceptions/index.ts';
import { accountingCall, type Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function followUpHandlers(
  services: Pick<HandlerServices, 'connections' | 'archives' | 'accounting' | 'userData'> &
    Partial<Pick<HandlerServices, 'bank'>>,
  shared: Pick<Shared, 'activeForUserData' | 'ledgers' | 'now'>,
) {
  const { connections, archives } = services;
  const { activeForUserData, ledgers, now } = shared;
  /** The exceptions list's view of the archives and the accounting (issue 19, item 4): the
   * period's ledger is the one kept for Comptabilité's pages. */
  const exceptions = exceptionsDeps(
    archives,
    {
      ledger: async (id, period) =>
        ledgers.pages.ledger(id, period, await ledgers.stamp(id), () =>
          services.accounting.ledger(id, period),
        ),
    },
    now,
    // The handled marks, paid marks and bank's matches of the store chosen (issue 30).
    { userData: services.userData, ...(services.bank ? { bank: services.bank } : {}) },
  );
  return {
    // The exceptions list (issue 19, item 4): the archive, the period's ledger and the user-data
    // file only (offline and working offline alike: nothing is sent); the marks are the user's
    // own data. Only for the active connection, as the payment marks: a screen left over from
    // before a switch is refused, never answered or written under another client.
    'exceptions:list': async ({ connectionId, period, show }) => {
      await activeForUserData(connectionId);
      return accountingCall(() => exceptionList(exceptions, connectionId, period, show));
    },
    'exceptions:mark': async ({ connectionId, period, invoiceIds, note }) => {
      await activeForUserData(connectionId);
      return accountingCall(() =>
        markExceptionsHandled(exceptions, connectionId, period, invoiceIds, note ? note : null),
      );
    },
    'exceptions:reopen': async ({ connectionId, invoiceIds }) => {
      await activeForUserData(connectionId);
      return reopenExceptions(exceptions, connectionId, invoiceIds);
    },
    // Nouveautés (issue 19, item 3): read from the archive, offline too; reading them is the
    // accountant's own act, written while working offline as well (nothing is sent).
    'news:list': async ({ connectionId }) => newsList(connectionId),
    'news:markRead': async (args) => {
      await connections.get(args.connectionId);
      const archive = await archives.ports.existing(args.connectionId);
      await archive?.markNewsRead(
        'ids' in args ? { ids: args.ids } : { upToId: args.upToId },
        now().toISOString(),
      );
      return newsList(args.connectionId);
    },
  } satisfies HandlersOf<'exceptions' | 'news'>;

  async function newsList(connectionId: string): Promise<ResultOf<'news:list'>> {
    await connections.get(connectionId); // not_found for a connection that does not exist
    const archive = await archives.ports.existing(connectionId); // a read never creates one
    const news = (await archive?.news(NEWS_PAGE)) ?? {
      unread: 0,
      shown: 0,
      newestId: null,
      groups: [],
    };
    return { connectionId, ...news };
  }
}
