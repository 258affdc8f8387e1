// `cli archive migrate (--all | --connection <id or name>) --to firm [--json]`: the embedded
// archives of this workstation copied into the firm's archive (the server `firm connect` set),
// one connection at a time, each in one transaction (postgres/copy-archive.ts): an interrupted
// run leaves each connection either whole or absent there, and is simply run again. Each
// connection's invoices, details and a digest of their JSON are compared on both sides: any
// difference fails the command (exit 1). The user's own data (marks, exceptions, settings,
// third parties, returns, rates) moves with its archive, in the same transaction, merged into
// what the firm holds (postgres/migrate-connection.ts). Then the firm's tables are vacuumed, or,
// when this workstation's role may not (PostgreSQL before 17: their owner only), the command that
// does it is printed for the administrator (postgres/vacuum.ts).
import type pg from 'pg';
import { AppFailure } from '../services/app-failure.ts';
import type { CopyResult } from '../services/archive/postgres/copy-archive.ts';
import { openPool } from '../services/archive/postgres/database.ts';
import {
  migrateConnection,
  userDataMoved,
} from '../services/archive/postgres/migrate-connection.ts';
import type { UserDataCopy } from '../services/archive/postgres/copy-user-data.ts';
import { workstationUser } from '../services/workstation-user.ts';
import { firmDatabaseOptions } from '../services/archive/postgres/firm-store.ts';
import { readFirmSettings, type FirmSettings } from '../services/archive/postgres/firm-settings.ts';
import { mayVacuum, vacuumCommand, vacuumTables } from '../services/archive/postgres/vacuum.ts';
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
      let copied = 0;
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
          if (result) copied++;
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
        if (copied > 0) await leaveVacuumed(pool, readFirmSettings(dataDir)!, values.json === true);
      } finally {
        await pool.end();
      }
      if (failed > 0)
        throw new AppFailure('server', `${failed} archive(s) differ in the firm's copy`);
      return EXIT.ok;
    });
  });
}

/** The firm's tables vacuumed after the copies (postgres/vacuum.ts) when this workstation's role
 * may; else the exact command for the administrator. Said on stdout, or on stderr beside
 * --json's one line per connection. */
async function leaveVacuumed(pool: pg.Pool, settings: FirmSettings, json: boolean): Promise<void> {
  const client = await pool.connect();
  let said: string;
  try {
    if (await mayVacuum(client, settings.schema)) {
      const started = performance.now();
      const tables = await vacuumTables(client, settings.schema);
      said = `the firm's ${tables.length} tables vacuumed and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    } else
      said = `The firm's tables are analysed but not vacuumed: PostgreSQL lets only their owner VACUUM them, and until autovacuum passes (a minute or so) the archive's counts read every row. The administrator runs (the password on stdin):\n  ${vacuumCommand(settings)}`;
  } finally {
    client.release();
  }
  (json ? process.stderr : process.stdout).write(`${said}\n`);
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
