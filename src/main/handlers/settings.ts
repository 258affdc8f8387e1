// The app and its settings: what the renderer shows first (version, language, a repaired
// settings file), the settings read and changed (a switch of connection, working offline).
import type { AppInfo } from '#shared/contract.ts';
import { resolveLanguage } from './language.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function settingsHandlers(
  services: Pick<
    HandlerServices,
    | 'version'
    | 'shell'
    | 'env'
    | 'osLocale'
    | 'connections'
    | 'settingsRepair'
    | 'syncRounds'
    | 'archives'
    | 'events'
  >,
  shared: Pick<Shared, 'connectivity'>,
) {
  const { connections, archives, events } = services;
  const { connectionSwitched } = shared.connectivity;
  return {
    'app:info': async (): Promise<AppInfo> => {
      const osLocale = services.osLocale();
      const { language, forced } = resolveLanguage(
        services.env,
        connections.getSettings(),
        osLocale,
      );
      const settingsRepair = services.settingsRepair();
      return {
        version: services.version,
        language,
        languageForced: forced,
        osLocale,
        shell: services.shell,
        ...(settingsRepair ? { settingsRepair } : {}),
      };
    },
    'settings:get': async () => connections.getSettings(),
    'settings:update': async (patch) => {
      const before = connections.getSettings();
      const settings = connections.updateSettings(patch);
      if (settings.activeConnectionId !== before.activeConnectionId) connectionSwitched();
      // Working offline: nothing is sent, syncs included.
      if (settings.workOffline && !before.workOffline) {
        services.syncRounds.cancel();
        archives.cancelAll();
      }
      events.emit('connections:changed', undefined);
      return settings;
    },
  } satisfies HandlersOf<'app' | 'settings'>;
}
