// What several domains' handlers share, built once per createHandlers: the clock, the
// connectivity, the guard of the user's own data, the kept ledgers.
import { AppFailure } from '../services/app-failure.ts';
import { createConnectivity, type Connectivity } from './connectivity.ts';
import { keptLedgers, type KeptLedgers } from './ledgers.ts';
import type { HandlerOptions, HandlerServices } from './types.ts';

export interface Shared {
  now: () => Date;
  connectivity: Connectivity;
  /** Refuses user-data writes for a connection that does not exist or is not the active one. */
  activeForUserData: (connectionId: string) => Promise<void>;
  ledgers: KeptLedgers;
}

export function createShared(services: HandlerServices, options: HandlerOptions): Shared {
  const connectivity = createConnectivity(services, options);
  return {
    now: () => services.clock.now(),
    connectivity,
    activeForUserData: async (connectionId) => {
      await services.connections.get(connectionId);
      if (connectionId !== connectivity.activeId())
        throw new AppFailure(
          'conflict',
          'This connection is no longer the active one: the screen shows another connection’s invoices. Reopen it and try again.',
        );
    },
    ledgers: keptLedgers(services),
  };
}

/** A call of the accounting service: its RangeError (a period it refuses) is the caller's bad
 * input, said as such. */
export async function accountingCall<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
    throw error;
  }
}
