// `cli archive status --connection <id or name> [--json]`: what a connection's archive holds and
// how far each partition (direction × state) reaches, as the settings screen shows it. Reading a
// status never creates an archive: a connection never synced reports an empty one. A damaged
// archive (SQLite's check) is said, with where its file was set aside: exit 1.
// `cli archive rebuild --connection <id or name> [--json]`: a damaged archive made again from the
// operator (a fresh archive and a sync), as the app's "Reconstruire l'archive" does.
import type { PartitionCoverage, UnfilteredListCoverage } from '#shared/archive.ts';
import type { Archives } from '../services/archive/archives.ts';
import { AppFailure } from '../services/app-failure.ts';
import {
  EXIT,
  badSubcommand,
  findConnection,
  parseCommandLine,
  required,
  runCommand,
  showUsage,
  withServices,
  withStopSignals,
  writeJsonLine,
} from './command.ts';
import { progressLine } from './sync-command.ts';
import { invoiceIdsIn, missingIn } from '../services/archive/complete.ts';
import { readFileSync } from 'node:fs';
import { migrate } from './archive-migrate-command.ts';

const STATUS_USAGE = 'Usage: npm run cli -- archive status --connection <id or name> [--json]';
const REBUILD_USAGE = 'Usage: npm run cli -- archive rebuild --connection <id or name> [--json]';
const COMPLETE_USAGE =
  'Usage: npm run cli -- archive complete --connection <id or name> --ids-file FILE [--json]';

export const ARCHIVE_USAGE = `Usage: npm run cli -- archive (status | rebuild | complete) --connection <id or name> [--json]
  status   invoices archived, how many with their full business data, size on disk, last sync,
           and per partition (direction × state): complete or cut by the operator's window, and
           the oldest creation date reached; a damaged archive: where its file was set aside (exit 1)
  rebuild  a damaged archive made again from the operator: a fresh archive, then a sync (the
           damaged file stays where it was set aside)
  complete --ids-file FILE
           a partition cut by the operator's window (status: "cut, N missing") completed: the
           invoices whose ids FILE holds (a CSV or text export of the operator's portal, any
           layout: every invoice id in it) fetched by id into the archive, with their full
           business data, at the connection's pace; "-" reads the ids from stdin
  migrate (--all | --connection <id or name>) --to firm
           the embedded archives copied into the firm's archive (\`firm connect\` first)`;

export interface ArchiveStatusReport {
  connectionId: string;
  name: string;
  /** False when no sync ever ran for this connection (nothing on disk). */
  exists: boolean;
  invoices: number;
  /** Invoices whose full business data (GET /v1/invoice/{id}) is archived. */
  details: number;
  sizeBytes: number;
  /** When the last complete sync finished (ISO), null if none did. */
  lastSyncAt: string | null;
  /** A sync stopped before its end: the next one resumes it. */
  unfinishedSync: boolean;
  /** A sync of this connection runs now in another process. */
  syncRunning: boolean;
  schemaVersion: number | null;
  partitions: (PartitionCoverage & { missing: number })[];
  /** Invoices the cut partitions miss, all together: `archive complete` fetches them by id. */
  missing: number;
  /** Set when the operator refused the state/direction filter: the sync read one unfiltered
   * list, newest first, and this is how far it reached (null when the partitions tell it). */
  filterRefused: UnfilteredListCoverage | null;
}

/** The status as the app's registry gives it (Archives.status), with what only the CLI says:
 * whether a file exists and whether a stopped sync waits to be resumed. */
export async function archiveStatus(
  archives: Archives,
  connection: { id: string; name: string },
): Promise<ArchiveStatusReport> {
  const archive = await archives.ports.existing(connection.id); // never creates a file
  const status = archives.status(connection.id);
  return {
    connectionId: connection.id,
    name: connection.name,
    exists: archive !== null,
    invoices: status.invoices,
    details: status.details,
    sizeBytes: status.sizeBytes,
    lastSyncAt: status.lastSyncAt,
    unfinishedSync: (await archive?.hasUnfinishedSync()) ?? false,
    syncRunning: status.syncing,
    schemaVersion: archive === null ? null : status.schemaVersion,
    partitions: status.coverage.map((p) => ({ ...p, missing: missingIn(p) })),
    missing: status.coverage.reduce((sum, p) => sum + missingIn(p), 0),
    filterRefused: status.filterRefused ?? null,
  };
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function text(report: ArchiveStatusReport): string {
  const n = (value: number): string => value.toLocaleString('en-US');
  const lines = [
    `Archive of "${report.name}" (${report.connectionId})`,
    `  invoices:      ${n(report.invoices)} (${n(report.details)} with their full business data)`,
    `  size on disk:  ${size(report.sizeBytes)}`,
    `  last sync:     ${report.lastSyncAt ?? 'never completed'}` +
      (report.syncRunning
        ? ' (a sync is running)'
        : report.unfinishedSync
          ? ' (a sync was stopped; the next one resumes it)'
          : ''),
    `  partitions:    ${report.partitions.filter((p) => p.complete).length} of ${report.partitions.length} complete`,
  ];
  if (report.missing > 0)
    lines.push(
      `  missing:       ${n(report.missing)} invoices the operator's window cut off: give their ids to \`archive complete --ids-file FILE\``,
    );
  const refused = report.filterRefused;
  if (refused)
    lines.push(
      `  the operator refuses the filter by state/direction: read as one list, newest first, ` +
        (refused.complete
          ? `all ${n(refused.operatorCount ?? 0)} invoices`
          : `only the ${n(refused.window)} most recent of ${n(refused.operatorCount ?? 0)} invoices` +
            ` (back to ${refused.oldest?.slice(0, 10) ?? '-'})`),
    );
  const width = Math.max(...report.partitions.map((p) => `${p.direction} ${p.state}`.length));
  for (const p of report.partitions) {
    const coverage = !p.finished
      ? 'not read yet'
      : p.complete
        ? 'complete'
        : `cut by the window, ${n(missingIn(p))} missing (${n(p.operatorCount ?? 0)} at the operator)`;
    lines.push(
      `    ${`${p.direction} ${p.state}`.padEnd(width)}  ${n(p.archived).padStart(7)}  oldest ${p.oldest?.slice(0, 10) ?? '-         '}  ${coverage}`,
    );
  }
  return lines.join('\n');
}

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') return showUsage(ARCHIVE_USAGE);
  if (sub === 'rebuild') return rebuild(rest);
  if (sub === 'complete') return complete(rest);
  if (sub === 'migrate') return migrate(rest);
  if (sub !== 'status') return badSubcommand(sub, ARCHIVE_USAGE);
  return runCommand(async () => {
    const { values } = parseCommandLine(rest, STATUS_USAGE, {
      connection: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return showUsage(ARCHIVE_USAGE);
    const ref = required(values.connection, 'connection', STATUS_USAGE);
    return withServices(async (services) => {
      const connection = findConnection(services, ref, STATUS_USAGE);
      // SQLite's check first: a damaged archive is said (and set aside), not counted.
      await services.archives.checked(connection.id);
      services.archives.assertNotDamaged(connection.id);
      const report = await archiveStatus(services.archives, connection);
      if (values.json) writeJsonLine(report);
      else process.stdout.write(`${text(report)}\n`);
      return EXIT.ok;
    });
  });
}

/** `archive rebuild`: progress lines as `sync` gives them, then what the new archive holds. */
async function rebuild(argv: string[]): Promise<number> {
  return runCommand(async () => {
    const { values } = parseCommandLine(argv, REBUILD_USAGE, {
      connection: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return showUsage(ARCHIVE_USAGE);
    const ref = required(values.connection, 'connection', REBUILD_USAGE);
    return withServices(async (services) => {
      const connection = findConnection(services, ref, REBUILD_USAGE);
      const { requestsPerMinute } = await services.connections.get(connection.id);
      const client = await services.operators.forConnection(connection.id);
      const summary = await withStopSignals(
        () => services.archives.cancelSync(connection.id),
        () =>
          services.archives.rebuild(connection.id, {
            client,
            requestsPerMinute,
            onProgress: (p) => {
              if (values.json)
                writeJsonLine({ type: 'progress', connectionId: connection.id, ...p });
              else process.stdout.write(`${progressLine(p)}\n`);
            },
          }),
      );
      const status = services.archives.status(connection.id);
      if (values.json)
        writeJsonLine({
          type: 'summary',
          connectionId: connection.id,
          ...summary,
          archive: { invoices: status.invoices, details: status.details },
        });
      else
        process.stdout.write(
          `${summary.cancelled ? 'Rebuild stopped' : 'Rebuilt'} the archive of "${connection.name}" from the operator: ` +
            `${status.invoices.toLocaleString('en-US')} invoices, ${status.details.toLocaleString('en-US')} with their full business data.` +
            (summary.cancelled ? ' The next sync resumes it.' : '') +
            '\n',
        );
      if (summary.cancelled)
        throw new AppFailure(
          'cancelled',
          'The rebuild was stopped; what it fetched is kept and the next sync resumes where it stopped',
        );
      return EXIT.ok;
    });
  });
}

/** `archive complete`: the invoices whose ids a file holds, fetched by id into the archive. */
async function complete(argv: string[]): Promise<number> {
  return runCommand(async () => {
    const { values } = parseCommandLine(argv, COMPLETE_USAGE, {
      connection: { type: 'string' },
      'ids-file': { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return showUsage(ARCHIVE_USAGE);
    const ref = required(values.connection, 'connection', COMPLETE_USAGE);
    const file = required(values['ids-file'], 'ids-file', COMPLETE_USAGE);
    let text: string;
    try {
      text = readFileSync(file === '-' ? 0 : file, 'utf8');
    } catch (error) {
      throw new AppFailure('file', `Cannot read ${file}: ${(error as Error).message}`);
    }
    const ids = invoiceIdsIn(text);
    if (ids.length === 0)
      throw new AppFailure(
        'invalid_input',
        `${file} holds no invoice id (a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6)`,
      );
    return withServices(async (services) => {
      const connection = findConnection(services, ref, COMPLETE_USAGE);
      const { requestsPerMinute } = await services.connections.get(connection.id);
      const client = await services.operators.forConnection(connection.id);
      const stop = new AbortController();
      const summary = await withStopSignals(
        () => stop.abort(),
        () =>
          services.archives.complete(connection.id, {
            client,
            requestsPerMinute,
            ids,
            signal: stop.signal,
          }),
      );
      const left = (await archiveStatus(services.archives, connection)).missing;
      if (values.json)
        writeJsonLine({ type: 'summary', connectionId: connection.id, ...summary, missing: left });
      else {
        const n = (value: number): string => value.toLocaleString('en-US');
        process.stdout.write(
          `Completed the archive of "${connection.name}": ${n(summary.added)} invoices added, ` +
            `${n(summary.alreadyArchived)} already there, ${n(summary.notFound.length)} unknown to the operator` +
            (summary.detailsFailed.length > 0
              ? `, ${n(summary.detailsFailed.length)} without their full business data (the next sync fetches them)`
              : '') +
            `; ${n(left)} still missing from cut partitions.\n`,
        );
        for (const id of summary.notFound) process.stderr.write(`not found: ${id}\n`);
      }
      return EXIT.ok;
    });
  });
}
