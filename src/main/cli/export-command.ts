// `cli.ts export`: an Excel export without the window, for scheduled jobs. The same export
// service as the app's button, on a connection named by id or name, to the file --out names.
//   npm run cli -- export --connection "Démo (administrateur)" --query 'invoice.state:"VALID"' --out valides.xlsx
//   npm run cli -- export --connection demo-admin --archive --from 2026-01-01 --to 2026-03-31 --out t1.xlsx --json
// Exit codes: 0 done, 1 failed (one line on stderr says why), 2 bad usage.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { ConnectionSummary } from '#shared/contract.ts';
import type { ExportProgress, ExportTarget } from '#shared/exports.ts';
import { argSchemas } from '../contract-args.ts';
import { resolveLanguage } from '../handlers.ts';
import { toCents } from '../services/archive/amounts.ts';
import { toAppError } from '../services/errors.ts';
import { createServices, stderrLogger, type Logger, type Services } from '../services/index.ts';
import { resolveDataDir } from '../services/paths.ts';

export const EXPORT_USAGE = `Usage: npm run cli -- export --connection <id or name> (--query Q | --archive [filters]) --out FILE.xlsx [--json]

  --connection ID|NAME   the connection (its id, or its name as shown in the app)
  --query Q              live: every invoice the operator gives for the q expression ("" for all;
                         at most 1,200, the operator's window)
  --archive              the local archive: every archived invoice matching the filters below,
                         plus the VAT breakdown of those whose details are archived
    --from DATE --to DATE            invoice date range (YYYY-MM-DD, both included)
    --due-from DATE --due-to DATE    due date range
    --counterparty X                 SIREN, SIRET, VAT number or name of the other party
    --text X                         words in the parties' names or the invoice number
    --direction received|issued      (or INBOUND|OUTBOUND)
    --state S[,S…]                   invoice states, e.g. VALID,DELIVERED
    --lifecycle CODE[,CODE…]         last lifecycle codes, e.g. 210,213
    --kind invoice|credit-note
    --min-ttc EUR --max-ttc EUR      total incl. VAT range, in euros
    --sort KEY[:desc]                e.g. invoiceDate:desc
  --out FILE.xlsx        where to write the workbook (replaced if it exists)
  --json                 one JSON line per progress step on stdout, then a summary line

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

export interface ExportCommandOptions {
  /** Test seam: services built by the caller (closed by the command). */
  services?: (options: { chooseExportPath: () => Promise<string> }) => Services;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  log?: Logger;
}

class UsageError extends Error {}

const OPTIONS = {
  connection: { type: 'string' },
  query: { type: 'string' },
  archive: { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  'due-from': { type: 'string' },
  'due-to': { type: 'string' },
  counterparty: { type: 'string' },
  text: { type: 'string' },
  direction: { type: 'string' },
  state: { type: 'string', multiple: true },
  lifecycle: { type: 'string', multiple: true },
  kind: { type: 'string' },
  'min-ttc': { type: 'string' },
  'max-ttc': { type: 'string' },
  sort: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];

const ARCHIVE_ONLY = [
  'from',
  'to',
  'due-from',
  'due-to',
  'counterparty',
  'text',
  'direction',
  'state',
  'lifecycle',
  'kind',
  'min-ttc',
  'max-ttc',
  'sort',
] as const;

function list(values: readonly string[] | undefined): string[] | undefined {
  const items = values
    ?.flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

function euros(option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const cents = toCents(value.replace(',', '.'));
  if (cents === null) throw new UsageError(`--${option} must be an amount in euros, e.g. 1500.00`);
  return cents;
}

/** The export target the options describe (checked against the contract's schema after). */
function targetOf(values: Values): ExportTarget {
  if (values.query !== undefined && values.archive) {
    throw new UsageError('choose one of --query and --archive');
  }
  if (values.query === undefined && !values.archive) {
    throw new UsageError('say what to export: --query Q (live) or --archive [filters]');
  }
  if (values.query !== undefined) {
    const given = ARCHIVE_ONLY.filter((name) => values[name] !== undefined);
    if (given.length > 0) {
      throw new UsageError(
        `${given.map((name) => `--${name}`).join(', ')} filter the archive: add --archive instead of --query`,
      );
    }
    const q = values.query.trim();
    return { kind: 'invoices', source: 'live', ...(q ? { q } : {}) };
  }
  const direction = values.direction?.trim().toLowerCase();
  const directions: Record<string, ArchiveFilter['direction']> = {
    received: 'INBOUND',
    inbound: 'INBOUND',
    issued: 'OUTBOUND',
    outbound: 'OUTBOUND',
  };
  if (direction !== undefined && !directions[direction]) {
    throw new UsageError('--direction is received or issued (INBOUND or OUTBOUND)');
  }
  const kind = values.kind?.trim().toLowerCase().replace('-', '_');
  if (kind !== undefined && kind !== 'invoice' && kind !== 'credit_note') {
    throw new UsageError('--kind is invoice or credit-note');
  }
  const states = list(values.state)?.map((state) => state.toUpperCase());
  const lifecycle = list(values.lifecycle);
  const ttcMin = euros('min-ttc', values['min-ttc']);
  const ttcMax = euros('max-ttc', values['max-ttc']);
  const filter: ArchiveFilter = {
    ...(values.from !== undefined ? { invoiceDateFrom: values.from } : {}),
    ...(values.to !== undefined ? { invoiceDateTo: values.to } : {}),
    ...(values['due-from'] !== undefined ? { dueDateFrom: values['due-from'] } : {}),
    ...(values['due-to'] !== undefined ? { dueDateTo: values['due-to'] } : {}),
    ...(values.counterparty !== undefined ? { counterparty: values.counterparty } : {}),
    ...(values.text !== undefined ? { text: values.text } : {}),
    ...(direction !== undefined ? { direction: directions[direction] } : {}),
    ...(states ? { states: states as ArchiveFilter['states'] } : {}),
    ...(lifecycle ? { lifecycleCodes: lifecycle } : {}),
    ...(kind !== undefined ? { kind } : {}),
    ...(ttcMin !== undefined ? { ttcMinCents: ttcMin } : {}),
    ...(ttcMax !== undefined ? { ttcMaxCents: ttcMax } : {}),
  };
  let sort: ArchiveSort | undefined;
  if (values.sort !== undefined) {
    const [key, order, ...rest] = values.sort.split(':');
    if (rest.length > 0 || (order !== undefined && !/^(asc|desc)$/i.test(order))) {
      throw new UsageError('--sort is KEY or KEY:desc, e.g. invoiceDate:desc');
    }
    sort = {
      key: key as ArchiveSort['key'],
      ...(order?.toLowerCase() === 'desc' ? { descending: true } : {}),
    };
  }
  return {
    kind: 'invoices',
    source: 'archive',
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** A connection by id, else by its exact name, else by its name in any case if only one has it. */
export function findConnection(
  connections: readonly ConnectionSummary[],
  wanted: string,
): ConnectionSummary {
  const byId = connections.find((c) => c.id === wanted);
  if (byId) return byId;
  const exact = connections.filter((c) => c.name === wanted);
  const loose = exact.length
    ? exact
    : connections.filter((c) => c.name.toLocaleLowerCase() === wanted.toLocaleLowerCase());
  if (loose.length === 1) return loose[0] as ConnectionSummary;
  const known = connections.map((c) => `"${c.name}" (${c.id})`).join(', ');
  throw new UsageError(
    loose.length > 1
      ? `several connections are named "${wanted}": give its id instead (${loose.map((c) => c.id).join(', ')})`
      : `no connection "${wanted}"; the connections are: ${known}`,
  );
}

export async function runExportCommand(
  argv: string[],
  options: ExportCommandOptions = {},
): Promise<number> {
  const stdout = options.stdout ?? ((text) => void process.stdout.write(text));
  const stderr = options.stderr ?? ((text) => void process.stderr.write(text));
  const usage = (message: string): number => {
    stderr(`export: ${message}\n\n${EXPORT_USAGE}\n`);
    return 2;
  };

  let values: Values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true }));
  } catch (error) {
    return usage((error as Error).message);
  }
  if (values.help) {
    stdout(`${EXPORT_USAGE}\n`);
    return 0;
  }
  const exportId = randomUUID();
  let target: ExportTarget;
  try {
    if (!values.connection?.trim()) throw new UsageError('--connection is required');
    if (!values.out?.trim()) throw new UsageError('--out FILE.xlsx is required');
    if (!/\.xlsx$/i.test(values.out)) throw new UsageError('--out must name an .xlsx file');
    target = targetOf(values);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  }
  // The same rules as the app's calls: dates, states, sort keys, lengths.
  const checked = argSchemas['export:start'].safeParse({ exportId, target });
  if (!checked.success) {
    const where = [
      ...new Set(checked.error.issues.map((i) => `${i.path.slice(1).join('.')}: ${i.message}`)),
    ];
    return usage(`invalid filters: ${where.join('; ')}`);
  }

  const outPath = resolve(values.out as string);
  const log = options.log ?? stderrLogger;
  const chooseExportPath = async () => outPath;
  const services =
    options.services?.({ chooseExportPath }) ??
    createServices({ dataDir: resolveDataDir(), shell: 'browser', log, chooseExportPath });
  const json = values.json === true;
  const line = (value: unknown) => stdout(`${JSON.stringify(value)}\n`);

  const stop = () => services.exports.cancel(exportId);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    let connection: ConnectionSummary;
    try {
      connection = findConnection(await services.connections.list(), values.connection as string);
    } catch (error) {
      if (error instanceof UsageError) return usage(error.message);
      throw error;
    }
    const { language } = resolveLanguage(
      services.env,
      services.connections.getSettings(),
      services.osLocale(),
    );
    let lastPhase = '';
    const onProgress = (progress: ExportProgress): void => {
      const { phase, rows, total } = progress;
      if (json) line({ type: 'progress', phase, rows, total });
      else if (phase !== lastPhase && phase !== 'done') stderr(`${phase}…\n`);
      lastPhase = phase;
    };
    try {
      const result = await services.exports.start(
        { exportId, target: checked.data.target as ExportTarget },
        { connectionId: connection.id, language, onProgress },
      );
      const file = result?.savedTo ?? outPath;
      const rows = result?.rows ?? 0;
      if (json) {
        line({ type: 'summary', ok: true, file, rows, connection: connection.name });
      } else {
        stdout(`Exported ${rows} rows to ${file}\n`);
      }
      return 0;
    } catch (error) {
      const appError = toAppError(error);
      const reason = appError.reason ? ` (${appError.reason})` : '';
      if (json) {
        line({
          type: 'summary',
          ok: false,
          error: {
            kind: appError.kind,
            ...(appError.reason ? { reason: appError.reason } : {}),
            message: appError.message,
          },
        });
      }
      const oneLine = appError.message.replace(/\s*\n\s*/g, ' ');
      stderr(`export failed: ${appError.kind}${reason}: ${oneLine}\n`);
      return 1;
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await services.close();
  }
}
