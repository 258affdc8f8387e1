// `cli sync --connection <id or name> [--no-details] [--json]`: fills the connection's archive from
// the operator, as the app's "Synchroniser" does, for scheduled use. `cli sync --all [--due]` runs
// one sync round over every connection (the app's background round: same locks, each at its own
// budget; a connection syncing elsewhere is skipped, a failing one does not stop the others). Progress as lines (JSON lines
// with --json, at most about two a second), then a summary. SIGINT/SIGTERM stop it cleanly: what
// was fetched is kept and the next sync resumes where this one stopped (exit 1, "cancelled").
import type { SyncProgress, SyncSummary } from '#shared/archive.ts';
import { AppFailure } from '../services/app-failure.ts';
import {
  commandFor,
  EXIT,
  failureOf,
  withServices,
  withStopSignals,
  writeJsonLine,
} from './command.ts';

export const SYNC_USAGE = `Usage: npm run cli -- sync --connection <id or name> [--no-details] [--json]
       npm run cli -- sync --all [--due] [--no-details] [--json]
  --connection   the connection whose archive to fill (\`connections list\` shows them)
  --all          every connection, one after the other (exit 1 when one failed; the others still sync)
  --due          with --all: only the connections due by the firm's schedule (never synced, a sync
                 left unfinished, or their interval passed; "never" left out)
  --concurrency  with --all: how many connections sync at once, 1 to 4 (default 1); each keeps
                 its own budget, and the operator's per-IP limit is shared
  --no-details   lists and statuses only: no GET /v1/invoice/{id} for the full business data
  --json         one JSON line per progress step ({"type":"progress",...}), then {"type":"summary",...}
Ctrl+C (SIGINT) or SIGTERM stops it; the next sync resumes where it stopped.
The request budget is the connection's (requests per minute, 3,600 unless set).
The demo connections run the demo operator inside this command; its invoices are the same in
every run of the same day (UTC): seed 42, 3,000 invoices, statuses moving forward as time passes.`;

const cli = commandFor(SYNC_USAGE);

/** At most about two progress lines a second (phase changes always get theirs). */
const PROGRESS_INTERVAL_MS = 500;

function thousands(n: number): string {
  return n.toLocaleString('en-US');
}

export function progressLine(p: SyncProgress): string {
  const eta = p.etaSeconds === null ? '' : `, about ${thousands(p.etaSeconds)} s left`;
  const requests = `${thousands(p.requests)} requests${eta}`;
  switch (p.phase) {
    case 'lists':
      return `lists: ${p.partitionsDone}/${p.partitionsTotal} partitions, ${thousands(p.invoicesSeen)} invoices read (${thousands(p.invoicesNew)} new, ${thousands(p.invoicesUpdated)} changed), ${requests}`;
    case 'status':
      return `statuses: ${thousands(p.statusChecked)} invoices checked, ${thousands(p.invoicesUpdated)} changed, ${requests}`;
    case 'details':
      return `details: ${thousands(p.detailsFetched)} fetched, ${thousands(p.detailsRemaining)} to go, ${requests}`;
    case 'done':
      return `done: ${requests}`;
  }
}

function summaryLines(name: string, s: SyncSummary, stats: { invoices: number; details: number }) {
  const cut = s.coverage.filter((c) => c.finished && !c.complete);
  const complete = s.coverage.filter((c) => c.complete).length;
  return [
    `${s.cancelled ? 'Sync stopped' : 'Synced'} "${name}"${s.resumed ? ' (resumed)' : ''}: ` +
      `${thousands(s.invoicesSeen)} invoices read, ${thousands(s.invoicesNew)} new, ` +
      `${thousands(s.invoicesUpdated)} changed, ${thousands(s.statusChecked)} statuses checked, ` +
      `${thousands(s.detailsFetched)} details fetched` +
      (s.detailsFailed > 0 ? ` (${thousands(s.detailsFailed)} could not be)` : '') +
      `, ${thousands(s.requests)} requests.`,
    `The archive holds ${thousands(stats.invoices)} invoices, ${thousands(stats.details)} with their full business data.`,
    ...(s.filterRefused
      ? [
          `The operator refuses the filter by state/direction: read as one list, newest first, ` +
            (s.filterRefused.complete
              ? `all ${thousands(s.filterRefused.operatorCount ?? 0)} invoices.`
              : `only the ${thousands(s.filterRefused.window)} most recent of ${thousands(s.filterRefused.operatorCount ?? 0)} invoices could be read.`),
        ]
      : [`Partitions (direction × state): ${complete} of ${s.coverage.length} complete.`]),
    ...cut.map(
      (c) =>
        `  ${c.direction} ${c.state}: cut by the operator's window at ${thousands(c.archived)} of ${thousands(c.operatorCount ?? 0)}, oldest ${c.oldest?.slice(0, 10) ?? '-'}`,
    ),
  ];
}

export async function run(argv: string[]): Promise<number> {
  const options = {
    connection: { type: 'string' },
    'no-details': { type: 'boolean' },
    json: { type: 'boolean' },
    all: { type: 'boolean' },
    due: { type: 'boolean' },
    concurrency: { type: 'string' },
  } as const;
  return cli.run(argv, options, { min: 0, max: 0 }, async ({ values }) => {
    if (values.all && values.connection !== undefined)
      throw cli.error('--all and --connection go alone: one or the other');
    if ((values.due || values.concurrency !== undefined) && !values.all)
      throw cli.error('--due and --concurrency go with --all');
    if (values.all)
      return syncAll({
        json: values.json === true,
        due: values.due === true,
        details: values['no-details'] !== true,
        concurrency: cli.integer(values.concurrency, 'concurrency', 1, 4) ?? 1,
      });
    const ref = cli.required(values.connection, 'connection');
    const json = values.json === true;

    // Stop on the first signal from the start (even while the demo operator starts).
    const controller = new AbortController();
    const stop = (signal: NodeJS.Signals): void => {
      if (!json) process.stderr.write(`${signal}: stopping the sync…\n`);
      controller.abort();
    };
    return withStopSignals(stop, () =>
      withServices(async (services) => {
        const connection = cli.connection(services, ref);
        const summary = await services.connections.get(connection.id);
        const client = await services.operators.forConnection(connection.id);
        if (controller.signal.aborted) throw cancelled();
        let lastAt = 0;
        let lastPhase = '';
        try {
          // The app's registry: its lock, SQLite's check first (damage is said, the file set
          // aside), its progress (thinned further here for the terminal); on the firm's store,
          // through its sync owner as the rounds (single-sync.ts).
          const result = await services.singleSync.sync(connection.id, {
            client,
            requestsPerMinute: summary.requestsPerMinute,
            details: values['no-details'] !== true,
            signal: controller.signal,
            onProgress: (p) => {
              const now = Date.now(); // a pace for the progress lines, not a date
              if (p.phase === lastPhase && now - lastAt < PROGRESS_INTERVAL_MS) return;
              lastAt = now;
              lastPhase = p.phase;
              if (json) writeJsonLine({ type: 'progress', connectionId: connection.id, ...p });
              else process.stdout.write(`${progressLine(p)}\n`);
            },
          });
          // On the firm's store, its archive copied here first: the status counts what it holds.
          await services.archiveStore.refreshLocalCopy(connection.id);
          const stats = services.archives.status(connection.id);
          if (json)
            writeJsonLine({
              type: 'summary',
              connectionId: connection.id,
              ...result,
              archive: { invoices: stats.invoices, details: stats.details },
            });
          else process.stdout.write(`${summaryLines(connection.name, result, stats).join('\n')}\n`);
          if (result.cancelled) throw cancelled();
          return EXIT.ok;
        } catch (error) {
          // Another workstation of the firm syncs it: nothing to do here, as sync --all skips.
          if (error instanceof AppFailure && error.reason === 'synced_elsewhere') {
            if (json)
              writeJsonLine({
                type: 'skipped',
                connectionId: connection.id,
                reason: error.reason,
                ...(error.details as object),
              });
            else process.stdout.write(`${connection.name}: ${error.message}\n`);
            return EXIT.ok;
          }
          // Scripts reading the JSON lines learn of the failure there too (stderr says it as well).
          if (json && !(error instanceof AppFailure && error.kind === 'cancelled'))
            writeJsonLine({ type: 'error', connectionId: connection.id, ...failureOf(error) });
          throw error;
        }
      }),
    );
  });
}

function cancelled(): AppFailure {
  return new AppFailure(
    'cancelled',
    'The sync was stopped; what it fetched is kept and the next sync resumes where it stopped',
  );
}

/** `sync --all`: one round over every connection (or those due), a line per step of each. */
async function syncAll(options: {
  json: boolean;
  due: boolean;
  details: boolean;
  concurrency: number;
}): Promise<number> {
  const { json } = options;
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals): void => {
    if (!json) process.stderr.write(`${signal}: stopping the sync round…\n`);
    controller.abort();
  };
  return withStopSignals(stop, () =>
    withServices(async (services) => {
      const rounds = services.syncRounds;
      controller.signal.addEventListener('abort', () => rounds.cancel(), { once: true });
      const names = new Map(services.connections.references().map((c) => [c.id, c.name]));
      const last = new Map<string, { at: number; phase: string }>();
      const round = await rounds.run(options.due ? 'due' : 'all', {
        details: options.details,
        concurrency: options.concurrency,
        onProgress: (connectionId, p) => {
          const now = Date.now(); // a pace for the progress lines, not a date
          const before = last.get(connectionId);
          if (before && p.phase === before.phase && now - before.at < PROGRESS_INTERVAL_MS) return;
          last.set(connectionId, { at: now, phase: p.phase });
          if (json) writeJsonLine({ type: 'progress', connectionId, ...p });
          else
            process.stdout.write(
              `${names.get(connectionId) ?? connectionId}: ${progressLine(p)}\n`,
            );
        },
        onConnectionEnd: (entry, summary) => {
          const { connectionId, name } = entry;
          if (summary) {
            const stats = services.archives.status(connectionId);
            if (json)
              writeJsonLine({
                type: 'summary',
                connectionId,
                ...summary,
                archive: { invoices: stats.invoices, details: stats.details },
              });
            else process.stdout.write(`${summaryLines(name, summary, stats).join('\n')}\n`);
          } else if (entry.ownedElsewhere) {
            // The firm's store: another workstation, the sync owner, synced it (issue 30).
            const seen = entry.ownedElsewhere;
            if (json) writeJsonLine({ type: 'followed', connectionId, ...seen });
            else
              process.stdout.write(
                `Synced by the firm's sync owner (another workstation) "${name}": last sync ${seen.lastSyncAt ?? 'never completed'}, ${thousands(seen.invoices)} invoices archived.\n`,
              );
          } else if (entry.state === 'failed' || entry.state === 'skipped') {
            const error: { kind: string; message: string; reason?: string } = entry.error ?? {
              kind: 'internal',
              message: 'failed',
            };
            if (json)
              writeJsonLine({
                type: entry.state === 'failed' ? 'error' : 'skipped',
                connectionId,
                ...error,
              });
            else
              process.stdout.write(
                `${entry.state === 'failed' ? 'Failed' : 'Skipped'} "${name}": ${error.kind}${error.reason ? ` (${error.reason})` : ''}: ${error.message}\n`,
              );
          }
        },
      });
      const cancelledCount = round.connections.filter((c) => c.state === 'cancelled').length;
      if (json)
        writeJsonLine({
          type: 'round',
          total: round.total,
          done: round.done,
          failed: round.failed,
          skipped: round.skipped,
          cancelled: round.cancelled,
        });
      else
        process.stdout.write(
          `Sync round: ${round.done} of ${round.total} connections synced` +
            (round.failed > 0 ? `, ${round.failed} failed` : '') +
            (round.skipped > 0 ? `, ${round.skipped} left to a sync already running` : '') +
            (cancelledCount > 0 ? `, ${cancelledCount} stopped or not started` : '') +
            '.\n',
        );
      if (round.cancelled) throw cancelled();
      if (round.failed > 0)
        throw new AppFailure(
          'server',
          `${round.failed} of ${round.total} connections failed to sync (the others synced)`,
        );
      return EXIT.ok;
    }),
  );
}
