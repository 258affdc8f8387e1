// The settings screen's "Archive du cabinet" (issue 30, item 2): where the archive is, test,
// connect and disconnect the firm's server, and the firm's list of clients. The server's
// password comes in with "Tester" / "Connecter" and goes to the keychain only: no answer
// carries it back (the state names the server without it).
import type { FirmState } from '#shared/firm.ts';
import { connectFirm, disconnectFirm, testFirm } from '../services/firm/connect.ts';
import { AppFailure } from '../services/app-failure.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function firmHandlers(services: HandlerServices) {
  const state = (): FirmState => services.archiveStore?.state() ?? { store: 'embedded' };
  const dataDir = (): string => {
    if (!services.dataDir) throw new AppFailure('file', 'The firm settings have no data folder.');
    return services.dataDir;
  };
  /** The store chosen again, then reached once (so the state says connected or why not). */
  const reach = async (): Promise<void> => {
    await services.archiveStore?.reset();
    await services.archiveStore?.link().catch(() => undefined);
    services.events.emit('connections:changed', undefined);
  };
  return {
    'firm:state': async () => {
      await services.archiveStore?.link().catch(() => undefined); // a first use reaches it
      return state();
    },
    'firm:test': async (args) => testFirm(args),
    'firm:connect': async (args) => {
      const found = await connectFirm(dataDir(), services.vault, args);
      if (found.ok) {
        await reach();
        // The firm's clients listed and taken in as the workstation joins.
        await services.shareFirmClients?.().catch(() => undefined);
      }
      return { result: found, state: state() };
    },
    'firm:disconnect': async () => {
      await disconnectFirm(dataDir(), services.vault);
      await reach();
      return state();
    },
    'firm:clients': async () => (await services.shareFirmClients?.()) ?? [],
  } satisfies HandlersOf<'firm'>;
}
