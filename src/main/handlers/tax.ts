// VAT returns (issue 26): the return due, and the declarations.
import {
  declaredReturn,
  declareReturn,
  dueReturn,
  undeclareReturn,
  type TaxDeps,
} from '../services/returns/index.ts';
import { ca12For } from '../services/returns/ca12-of.ts';
import { workstationUser } from '../services/workstation-user.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function taxHandlers(
  services: Pick<HandlerServices, 'connections' | 'archives' | 'readReports' | 'userData'>,
  shared: Pick<Shared, 'activeForUserData' | 'now'>,
) {
  const { connections, archives } = services;
  const { activeForUserData, now } = shared;
  /** The VAT returns' calendar and declarations (issue 26). */
  const tax: TaxDeps = {
    archives: archives.ports,
    userData: services.userData,
    readReports: (id, read) => services.readReports(id, read),
    user: () => workstationUser(),
    now: () => now(),
  };
  return {
    // VAT returns (issue 26): the calendar and declarations, from the archive and the user-data
    // file only (offline too). The due return is read for any connection (the portfolio);
    // declarations only for the active one, as the other user data.
    'tax:dueReturn': async ({ connectionId }) => {
      await connections.get(connectionId);
      return dueReturn(tax, connectionId);
    },
    'tax:declared': async ({ connectionId, period }) => {
      await activeForUserData(connectionId);
      return declaredReturn(tax, connectionId, period);
    },
    'tax:declare': async (args) => {
      await activeForUserData(args.connectionId);
      return declareReturn(tax, args);
    },
    'tax:undeclare': async ({ connectionId, period }) => {
      await activeForUserData(connectionId);
      return undeclareReturn(tax, connectionId, period);
    },
    'tax:ca12': async ({ connectionId, year }) => {
      await activeForUserData(connectionId);
      const data = await ca12For(tax, connectionId, year);
      return { data, source: 'archive', fetchedAt: data.coverage.lastSyncAt ?? data.computedAt };
    },
  } satisfies HandlersOf<'tax'>;
}
