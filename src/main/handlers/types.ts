// The shapes every handler file shares: the contract's handler map, a domain's part of it (by
// channel prefix), and the services the handlers are built from.
import type { ArgsOf, Channel, ResultOf } from '#shared/contract.ts';
import type { Services } from '../services/index.ts';

export type Handlers = { [C in Channel]: (args: ArgsOf<C>) => Promise<ResultOf<C>> };

/** The contract's channels under these prefixes: 'tax' → 'tax:dueReturn' | 'tax:declared' | …,
 * so a channel added to the contract under a domain's prefix fails to compile until it is
 * handled there. */
export type ChannelsOf<Prefix extends string> = Extract<Channel, `${Prefix}:${string}`>;

/** A domain's part of the contract: the handlers of its channels, and no other. */
export type HandlersOf<Prefix extends string> = Pick<Handlers, ChannelsOf<Prefix>>;

export type HandlerServices = Pick<
  Services,
  | 'version'
  | 'shell'
  | 'env'
  | 'osLocale'
  | 'connections'
  | 'vault'
  | 'operators'
  | 'archives'
  | 'events'
  | 'log'
  | 'settingsRepair'
  | 'exports'
  | 'readArchive'
  | 'readReports'
  | 'userData'
  | 'accounting'
  | 'syncRounds'
  | 'syncSchedules'
  | 'clock'
> &
  // The bank files live beside the archives (issue 29); handlers built without it refuse bank calls.
  Partial<Pick<Services, 'dataDir'>> &
  // The firm's archive (issue 30); handlers built without it say the archive is embedded.
  Partial<Pick<Services, 'archiveStore' | 'shareFirmClients'>> &
  // The first search sent by the shells' warm-up (issue 27, item 7); without it, none is.
  Partial<Pick<Services, 'firstSearch'>> &
  // The bank on the store chosen (issue 30); without it, the bank files of dataDir.
  Partial<Pick<Services, 'bank'>> &
  // One connection's sync, firm-aware (issue 30); without it, the archive's own.
  Partial<Pick<Services, 'singleSync'>>;

export interface HandlerOptions {
  /** While the operator is unreachable, how often to check whether it is back, ms (default
   * 10 s; 0: never, the next call tells). */
  probeIntervalMs?: number;
}
