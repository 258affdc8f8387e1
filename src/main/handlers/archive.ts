// The archive's own channels: its search, totals, status, an invoice's status history, the sync
// of the active connection and the rebuild of a damaged archive.
import { workOfflineFailure } from './connectivity.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function archiveHandlers(
  services: Pick<HandlerServices, 'connections' | 'archives' | 'operators' | 'events'> &
    Partial<Pick<HandlerServices, 'singleSync'>>,
  shared: Pick<Shared, 'connectivity' | 'now'>,
) {
  const { connections, archives, operators, events } = services;
  const { activeId, workingOffline, setOnline, noteFailure } = shared.connectivity;
  const { now } = shared;
  return {
    'archive:search': async ({ filter, sort, offset, limit }) => {
      const connectionId = activeId();
      const archive = await archives.ports.existing(connectionId);
      const data = archive
        ? await archive.queryInvoices({
            ...(filter ? { filter } : {}),
            ...(sort ? { sort } : {}),
            offset,
            limit,
          })
        : { rows: [], total: 0 };
      // The archive as of its last sync (before any, its newest saved answer); an archive never
      // written has no date to give, and no rows.
      const fetchedAt = archives.archiveDate(connectionId) ?? now().toISOString();
      return { data, source: 'archive', fetchedAt };
    },
    'archive:status': async ({ connectionId }) => {
      await connections.get(connectionId); // not_found for a connection that does not exist
      await archives.checked(connectionId); // SQLite's check of the file, once per opening
      return archives.status(connectionId);
    },
    'archive:clear': async ({ connectionId }) => {
      await connections.get(connectionId);
      await archives.clear(connectionId);
    },
    'archive:invoiceStatus': async ({ invoiceId }) => {
      const archive = await archives.ports.existing(activeId());
      const found = await archive?.invoice(invoiceId);
      if (!archive || !found) return null;
      const { state, direction, lifecycleCode, lifecycleDate } = found.row;
      return {
        state,
        direction,
        lifecycleCode,
        lifecycleDate,
        history: await archive.statusHistory(invoiceId),
      };
    },
    'sync:start': async ({ details }) => {
      const connectionId = activeId();
      if (workingOffline()) throw workOfflineFailure('the sync');
      const connection = await connections.get(connectionId);
      const client = await operators.forConnection(connectionId);
      try {
        // On the firm's store through its sync owner (single-sync.ts), as the rounds.
        const summary = await (services.singleSync ?? archives).sync(connectionId, {
          client,
          requestsPerMinute: connection.requestsPerMinute,
          details: details ?? true,
          onProgress: (progress) => events.emit('sync:progress', { ...progress, connectionId }),
        });
        if (summary.requests > 0 && connectionId === activeId()) setOnline(true);
        return summary;
      } catch (error) {
        noteFailure(error, connectionId);
        throw error;
      }
    },
    'archive:rebuild': async ({ connectionId }) => {
      if (workingOffline()) throw workOfflineFailure('rebuilding the archive');
      const connection = await connections.get(connectionId);
      const client = await operators.forConnection(connectionId);
      try {
        return await archives.rebuild(connectionId, {
          client,
          requestsPerMinute: connection.requestsPerMinute,
          onProgress: (progress) => events.emit('sync:progress', { ...progress, connectionId }),
        });
      } catch (error) {
        noteFailure(error, connectionId);
        throw error;
      }
    },
    'sync:cancel': async () => {
      if (services.singleSync) services.singleSync.cancel(activeId());
      else archives.cancelSync(activeId());
    },
    // The archive screen's totals, asked apart from its pages: summing every matching row costs
    // more than one page (about 70 ms at 100,000 invoices), so paging does not ask again.
    'archive:totals': async ({ filter }) => {
      const archive = await archives.ports.existing(activeId());
      return archive ? archive.totals(filter) : { count: 0, currencies: [] };
    },
  } satisfies HandlersOf<'archive' | 'sync'>;
}
