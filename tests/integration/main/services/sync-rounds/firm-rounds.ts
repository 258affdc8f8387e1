// A workstation's sync rounds over the firm's store, as createServices builds them with a firm
// store (SyncRoundsOptions.firm): the firm's PostgresArchives, the sync owner claimed with the
// same DatabaseOptions, and the demo operator's client (its requests recorded). One connection,
// lists and statuses only, one request in flight (a killed owner's pages in flight: one).
import type { Settings } from '#shared/contract.ts';
import type { SyncProgress } from '#shared/archive.ts';
import type { OwnedElsewhere } from '#shared/sync-round.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { openPool, type DatabaseOptions } from '#main/services/archive/postgres/database.ts';
import { claimSyncOwner } from '#main/services/archive/postgres/sync-owner.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { SyncRounds } from '#main/services/sync-rounds/sync-rounds.ts';
import type { SyncSchedules } from '#main/services/sync-rounds/schedule.ts';
import { recordingFetch } from '#support/sync-requests.ts';

export const CONNECTION = 'firm-client';

export type Said = { progress: SyncProgress } | { following: OwnedElsewhere };

export function firmRounds(options: {
  database: DatabaseOptions;
  /** The one connection of the round (default CONNECTION). */
  connectionId?: string;
  operator: { baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string };
  logFile?: string;
  say: (line: Said) => void;
}) {
  const pool = openPool({ ...options.database, max: 4 });
  const firm = new PostgresArchives(pool, options.database.schema);
  const recorder = recordingFetch(options.operator.tokenUrl, options.logFile);
  const client = new OperatorClient({
    connection: {
      baseUrl: options.operator.baseUrl,
      tokenUrl: options.operator.tokenUrl,
      clientId: options.operator.clientId,
    },
    getClientSecret: async () => options.operator.clientSecret,
    fetch: recorder.fetch,
  });
  const rounds = new SyncRounds({
    // The embedded archives are not used with a firm store.
    archives: {
      sync: () => Promise.reject(new Error('not the embedded archive')),
      isSyncing: () => false,
      ports: firm.ports,
    },
    connections: {
      references: () => [{ id: options.connectionId ?? CONNECTION, name: 'Client du cabinet' }],
      get: async () => ({ requestsPerMinute: 600_000, baseUrl: options.operator.baseUrl }),
      getSettings: () => ({ workOffline: false }) as Settings,
    },
    operators: { forConnection: async () => client },
    schedules: { everyHoursOf: () => 4 } as unknown as SyncSchedules,
    details: false,
    firm: {
      archives: firm.ports,
      syncOwner: (connectionId) => claimSyncOwner(options.database, connectionId),
      followIntervalMs: 200,
    },
    emitSync: (_id, progress) => options.say({ progress }),
    emit: (status) => {
      const seen = status.round?.connections[0]?.ownedElsewhere;
      if (seen) options.say({ following: seen });
    },
    log: { info() {}, warn() {}, error() {} },
  });
  return { rounds, firm, recorder, close: () => pool.end() };
}
