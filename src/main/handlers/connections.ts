// The connections (the operator accounts the firm uses) and the vault of their secrets.
import { workOfflineFailure } from './connectivity.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function connectionsHandlers(
  services: Pick<
    HandlerServices,
    'connections' | 'vault' | 'operators' | 'archives' | 'events' | 'syncSchedules' | 'syncRounds'
  >,
  shared: Pick<Shared, 'connectivity'>,
) {
  const { connections, vault, operators, archives, events } = services;
  const { workingOffline } = shared.connectivity;
  return {
    'connections:list': async () => connections.list(),
    'connections:save': async (input) => {
      const summary = await connections.save(input);
      operators.invalidate(summary.id);
      archives.setRequestsPerMinute(summary.id, summary.requestsPerMinute);
      events.emit('connections:changed', undefined);
      return summary;
    },
    'connections:delete': async ({ id }) => {
      archives.assertNoOtherProcessSync(id); // the CLI syncing it: refuse before anything changes
      await connections.delete(id);
      operators.invalidate(id);
      // Its archive goes with it (the delete dialog says so), and what the user wrote about it.
      await archives.clear(id);
      archives.deleteUserData(id);
      services.syncSchedules.forget(id);
      services.syncRounds.backoff.forget(id);
      events.emit('connections:changed', undefined);
    },
    'connections:test': async ({ id }) => {
      if (workingOffline()) throw workOfflineFailure('the connection test');
      // A fresh client: the test must fetch a new token with the stored secret, not reuse one.
      const client = await operators.fresh(id);
      return client.testConnection();
    },
    'vault:status': async () => vault.status(),
  } satisfies HandlersOf<'connections' | 'vault'>;
}
