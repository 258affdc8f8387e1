// Excel exports of the active connection's results, run in main.
import { resolveLanguage } from './language.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function exportHandlers(
  services: Pick<HandlerServices, 'connections' | 'env' | 'osLocale' | 'exports'>,
  shared: Pick<Shared, 'connectivity'>,
) {
  const { connections } = services;
  const { noteFailure } = shared.connectivity;
  return {
    // The export runs in main for the active connection, in the UI's language; the file's
    // place is chosen in main too (save dialog, or the browser host's one-time download).
    'export:start': async (args) => {
      const settings = connections.getSettings();
      const { language } = resolveLanguage(services.env, settings, services.osLocale());
      const connectionId = settings.activeConnectionId;
      try {
        return await services.exports.start(args, { connectionId, language });
      } catch (error) {
        noteFailure(error, connectionId); // a live export tells the screens, as a search does
        throw error;
      }
    },
    'export:cancel': async ({ exportId }) => services.exports.cancel(exportId),
  } satisfies HandlersOf<'export'>;
}
