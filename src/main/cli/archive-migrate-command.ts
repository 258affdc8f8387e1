// `cli archive migrate (--all | --connection <id or name>) --to firm [--json]`: the embedded
// archives of this workstation copied into the firm's archive (the server `firm connect` set),
// one connection at a time, each in one transaction (postgres/copy-archive.ts): an interrupted
// run leaves each connection either whole or absent there, and is simply run again. Each
// connection's invoices, details and a digest of their JSON are compared on both sides: any
// difference fails the command (exit 1). The user's own data (marks, exceptions, settings,
// third parties, returns, rates) moves with its archive, in the same transaction, merged into
// what the firm holds (postgres/migrate-connection.ts).
import { AppFailure } from '../services/app-failure.ts';
import type { CopyResult } from '../services/archive/postgres/copy-archive.ts';
import { openPool } from '../services/archive/postgres/database.ts';
import {
  migrateConnection,
  userDataMoved,
} from '../services/archive/postgres/migrate-connection.ts';
import type { UserDataCopy } from '../services/archive/postgres/copy-user-data.ts';
import { workstationUser } from '../services/exceptions/user-name.ts';
import { firmDatabaseOptions } from '../services/archive/postgres/firm-store.ts';
import { resolveDataDir } from '../services/paths.ts';
import {
  EXIT,
  UsageError,
  findConnection,
  parseCommandLine,
  runCommand,
  showUsage,
  withServices,
  writeJsonLine,
} from './command.ts';

export const MIGRATE_USAGE =
  'Usage: npm run cli -- archive migrate (--all | --connection <id or name>) --to firm [--json]';

export function migrate(argv: string[]): Promise<number> {
  return runCommand(async () => {
    const { values } = parseCommandLine(argv, MIGRATE_USAGE, {
      all: { type: 'boolean' },
      connection: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return showUsage(MIGRATE_USAGE);
    if (values.to !== 'firm')
      throw new UsageError("--to firm: the firm's archive is the only other store", MIGRATE_USAGE);
    if (!values.all === (values.connection === undefined))
      throw new UsageError('give --all or --connection, one of them', MIGRATE_USAGE);
    const dataDir = resolveDataDir();
    return withServices(async (services) => {
      const options = await firmDatabaseOptions(dataDir, services.vault);
      if (!options)
        throw new AppFailure(
          'invalid_input',
          'This workstation has no firm server: `npm run cli -- firm connect <URL>` first',
        );
      const chosen = values.all
        ? (await services.connections.list()).map((c) => ({ id: c.id, name: c.name }))
        : [findConnection(services, values.connection!, MIGRATE_USAGE)];
      const pool = openPool({ ...options, max: 2 });
      let failed = 0;
      try {
        for (const connection of chosen) {
          if (services.archives.isSyncing(connection.id))
            throw new AppFailure(
              'conflict',
              `A sync of "${connection.name}" is running: migrate once it has ended`,
            );
          const started = performance.now();
          const moved = await migrateConnection(pool, dataDir, connection.id, workstationUser());
          if (!moved) continue; // nothing of it on this workstation
          const { archive: result, userData, bank } = moved;
          const seconds = (performance.now() - started) / 1000;
          const equal =
            (result === null || sameCounts(result)) &&
            userDataMoved(userData) &&
            userDataMoved(bank);
          if (!equal) failed++;
          if (values.json)
            writeJsonLine({
              name: connection.name,
              equal,
              seconds,
              ...(result ?? { connectionId: connection.id }),
              userData,
              bank,
            });
          else
            process.stdout.write(
              `${connection.name}: ${result ? `${result.to.invoices} invoices, ${result.to.details} with details` : 'no archive here'}${userData ? `, user data ${userDataSaid(userData)}` : ''}${bank ? `, bank ${userDataSaid(bank)}` : ''}, in ${seconds.toFixed(1)} s: ${equal ? 'counts and digest equal' : `DIFFERENT${result ? ` (SQLite ${result.from.invoices}/${result.from.details})` : ''}`}\n`,
            );
        }
      } finally {
        await pool.end();
      }
      if (failed > 0)
        throw new AppFailure('server', `${failed} archive(s) differ in the firm's copy`);
      return EXIT.ok;
    });
  });
}

/** The user data moved, in words: the tables that had rows, with their counts. */
function userDataSaid(copy: UserDataCopy): string {
  const tables = Object.entries(copy.from).filter(([, n]) => n > 0);
  return tables.length === 0
    ? 'empty'
    : `${tables.map(([table, n]) => `${table.replace(/_/g, ' ')} ${n}`).join(', ')}`;
}

function sameCounts(result: CopyResult): boolean {
  return (
    result.from.invoices === result.to.invoices &&
    result.from.details === result.to.details &&
    result.from.digest === result.to.digest
  );
}
