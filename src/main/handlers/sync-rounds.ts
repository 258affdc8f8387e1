// Background sync (issue 19): rounds over the connections, and the firm's schedule.
import type { HandlerServices, HandlersOf } from './types.ts';

export function syncRoundHandlers(
  services: Pick<HandlerServices, 'connections' | 'syncRounds' | 'syncSchedules'>,
) {
  const { connections } = services;
  return {
    'syncRound:start': async ({ scope }) => services.syncRounds.start(scope ?? 'all'),
    'syncRound:cancel': async () => {
      services.syncRounds.cancel();
    },
    'syncRound:status': async () => services.syncRounds.status(),
    'syncRound:schedule': async () => services.syncSchedules.read(),
    'syncRound:setSchedule': async (patch) => {
      if (patch.connectionId !== undefined) await connections.get(patch.connectionId); // exists
      return services.syncSchedules.update(patch);
    },
  } satisfies HandlersOf<'syncRound'>;
}
