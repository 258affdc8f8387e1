// What every CLI command shares (connections, sync, archive, export, report): argument parsing
// that turns mistakes into exit 2 with a usage line, one-line failures (kind and plain message,
// never a stack, never a secret) with exit 1, JSON lines on stdout, the services over the same
// data folder as the app, a clean stop on SIGINT/SIGTERM, and finding a connection by id or name.
import { parseArgs } from 'node:util';
import type { ErrorReason } from '#shared/contract.ts';
import { createServices, type CreateServicesOptions, type Services } from '../services/index.ts';
import type { ConnectionStore } from '../services/connections/index.ts';
import { resolveDataDir } from '../services/paths.ts';
import { AppFailure } from '../services/app-failure.ts';
import { hasErrorKind, OperatorError, redact, toAppError } from '../services/errors.ts';
import { exportFailureOf } from '../services/export/export-jobs.ts';

/** 0 done, 1 failed (one line on stderr says why), 2 bad usage (with a usage line). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The command line is wrong: exit 2, the message and the usage on stderr. */
export class UsageError extends Error {
  readonly usage: string;
  constructor(message: string, usage: string) {
    super(message);
    this.name = 'UsageError';
    this.usage = usage;
  }
}

/** parseArgs messages quote the argument as typed: drop any `=value` (it may be a secret) and the
 * long advice about positionals. */
function cleanParseMessage(message: string): string {
  return message
    .replace(/'(--?[^'=\s]+)=[^']*'/g, "'$1'")
    .replace(/\. To specify a positional argument.*$/s, '');
}

/** Runs node:util parseArgs (or any parser); what it throws becomes a UsageError. */
export function parseOrUsage<T>(usage: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(cleanParseMessage((error as Error).message), usage);
  }
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
type OptionValue<S extends OptionSpec[string]> = S['type'] extends 'string' ? string : boolean;
export type OptionValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K]['multiple'] extends true ? OptionValue<O[K]>[] : OptionValue<O[K]>;
} & { help?: boolean };

/** parseArgs with strict options, `--help`/`-h` added, and errors as UsageError. */
export function parseCommandLine<const O extends OptionSpec>(
  argv: string[],
  usage: string,
  options: O,
  positionals: { min: number; max: number } = { min: 0, max: 0 },
): { values: OptionValues<O>; positionals: string[] } {
  const parsed = parseOrUsage(usage, () =>
    parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: positionals.max > 0,
    }),
  );
  const values = parsed.values as OptionValues<O>;
  if (!values.help) {
    if (parsed.positionals.length < positionals.min)
      throw new UsageError('missing argument', usage);
    if (parsed.positionals.length > positionals.max)
      throw new UsageError(`unexpected argument '${parsed.positionals[positionals.max]}'`, usage);
  }
  return { values, positionals: parsed.positionals };
}

/** `--help`: the usage on stdout, exit 0. */
export function showUsage(usage: string): number {
  process.stdout.write(`${usage}\n`);
  return EXIT.ok;
}

/** A command with subcommands given none, or one it does not know: exit 2 with its usage. */
export function badSubcommand(sub: string | undefined, usage: string): number {
  process.stderr.write(
    `${sub === undefined ? 'missing subcommand' : `unknown subcommand '${sub}'`}\n${usage}\n`,
  );
  return EXIT.usage;
}

/** A required string option, else a UsageError naming it. */
export function required(value: string | undefined, flag: string, usage: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`missing --${flag}`, usage);
  return value;
}

/** A whole number option within bounds, else a UsageError. */
export function integerOption(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
  usage: string,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max)
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}`, usage);
  return Number(value);
}

/** Why a command failed, as scripts read it (the --json lines) and the stderr line says it. */
export interface Failure {
  kind: string;
  reason?: ErrorReason;
  /** One line, redacted, the operator's own words appended when it sent some. */
  message: string;
}

/** Why a command failed: the envelope's kind (a workbook that could not be written is `file`,
 * with the reason), or `internal` for what no service expected; never a stack, never a secret. */
export function failureOf(error: unknown, scrub: readonly string[] = []): Failure {
  const known = exportFailureOf(error);
  let failure: Failure;
  if (
    known instanceof OperatorError ||
    hasErrorKind(known) ||
    (known instanceof TypeError && known.message === 'fetch failed') ||
    (known instanceof DOMException &&
      (known.name === 'AbortError' || known.name === 'TimeoutError'))
  ) {
    const appError = toAppError(known);
    failure = {
      kind: appError.kind,
      ...(appError.reason ? { reason: appError.reason } : {}),
      message: appError.operatorMessage
        ? `${appError.message} (the operator said: ${appError.operatorMessage})`
        : appError.message,
    };
  } else {
    failure = {
      kind: 'internal',
      message: redact(known instanceof Error ? known.message : String(known)),
    };
  }
  let message = failure.message;
  for (const secret of scrub)
    if (secret.length > 0) message = message.split(secret).join('[redacted]');
  return { ...failure, message: message.replace(/\s*\n\s*/g, ' ').slice(0, 2000) };
}

/** One line saying why a command failed: "kind: message" ("kind (reason): message"). */
export function failureLine(error: unknown, scrub: readonly string[] = []): string {
  const { kind, reason, message } = failureOf(error, scrub);
  return `${kind}${reason ? ` (${reason})` : ''}: ${message}`;
}

export interface CommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const processIo: CommandIo = { stdout: process.stdout, stderr: process.stderr };

let pipeHandled = false;
/** `cli sync --json | head -1`: a reader that goes away ends the command quietly (no stack). */
function quietOnClosedPipe(): void {
  if (pipeHandled) return;
  pipeHandled = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT.ok);
    process.stderr.write(`internal: stdout: ${error.message}\n`);
    process.exit(EXIT.failed);
  });
}

/** Runs a command body: its exit code, or 2 after a UsageError, or 1 after any other error. */
export async function runCommand(
  body: () => Promise<number>,
  options: { scrub?: () => readonly string[]; io?: CommandIo } = {},
): Promise<number> {
  const io = options.io ?? processIo;
  if (io === processIo) quietOnClosedPipe();
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n${error.usage}\n`);
      return EXIT.usage;
    }
    io.stderr.write(`${failureLine(error, options.scrub?.() ?? [])}\n`);
    return EXIT.failed;
  }
}

/** One JSON value on one line of stdout. */
export function writeJsonLine(value: unknown, io: CommandIo = processIo): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}

/** The services over the app's data folder (INVOICE_DESK_DATA_DIR, else the OS's app-data
 * folder), settings through conf; closed (the demo operator stopped) after `use`. */
export async function withServices<T>(
  use: (services: Services) => Promise<T>,
  options: Pick<CreateServicesOptions, 'chooseExportPath'> = {},
): Promise<T> {
  // Plain Node, like the browser host; the CLI serves no handler, so app:info never reports it.
  const services = createServices({ dataDir: resolveDataDir(), shell: 'browser', ...options });
  try {
    return await use(services);
  } finally {
    await services.close();
  }
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs `body` with SIGINT and SIGTERM turned into `stop` (the command winds down cleanly and keeps
 * what it did); a second signal while it winds down ends the process at once (exit 130).
 * The command owns these signals meanwhile: other listeners are set aside and put back after, as
 * one of them (when-exit, under conf's atomic writes) raises the signal again, which would end
 * the process before the clean stop (a sync unsaved, an export's .part file left behind).
 */
export async function withStopSignals<T>(
  stop: (signal: NodeJS.Signals) => void,
  body: () => Promise<T>,
): Promise<T> {
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    signals++;
    if (signals > 1) process.exit(130);
    stop(signal);
  };
  const others = STOP_SIGNALS.map((signal) => {
    const listeners = process.rawListeners(signal) as ((...args: unknown[]) => void)[];
    process.removeAllListeners(signal);
    process.on(signal, onSignal);
    return { signal, listeners };
  });
  try {
    return await body();
  } finally {
    for (const { signal, listeners } of others) {
      process.off(signal, onSignal);
      for (const listener of listeners) process.on(signal, listener);
    }
  }
}

export interface ConnectionRef {
  id: string;
  name: string;
  kind: 'demo' | 'custom';
}

/**
 * Finds a connection by its id, else by its name (exact, then ignoring case and accents).
 * Unknown: a not_found failure (exit 1). A name several connections share: a UsageError (exit 2)
 * listing them, so the user can pass an id.
 */
export function findConnection(
  services: { connections: Pick<ConnectionStore, 'references'> },
  idOrName: string,
  usage: string,
): ConnectionRef {
  const all = services.connections.references();
  const byId = all.find((c) => c.id === idOrName);
  if (byId) return byId;
  const wanted = idOrName.trim();
  let matches = all.filter((c) => c.name === wanted);
  if (matches.length === 0) {
    const fold = (text: string): string =>
      text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr').trim();
    matches = all.filter((c) => fold(c.name) === fold(wanted));
  }
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new UsageError(
      `${matches.length} connections are named ${JSON.stringify(wanted)}; pass one of their ids:\n` +
        matches.map((c) => `  ${c.id}  ${c.name}`).join('\n'),
      usage,
    );
  }
  throw new AppFailure(
    'not_found',
    `No connection has the id or name ${JSON.stringify(idOrName)} (\`connections list\` shows them)`,
  );
}

type ConnectionSource = Parameters<typeof findConnection>[0];

/** One command's helpers, each bound to the command's usage, which every refusal shows: the
 * parsing, `--help`, the failures' exit codes and the usual checks, written once for all. */
export function commandFor(usage: string) {
  return {
    /** Parses `argv` (`--help` answers with the usage) and runs `body`; see runCommand. */
    run<const O extends OptionSpec>(
      argv: string[],
      options: O,
      positionals: { min: number; max: number },
      body: (line: { values: OptionValues<O>; positionals: string[] }) => Promise<number>,
    ): Promise<number> {
      return runCommand(async () => {
        const line = parseCommandLine(argv, usage, options, positionals);
        return line.values.help ? showUsage(usage) : body(line);
      });
    },
    showUsage: (): number => showUsage(usage),
    error: (message: string): UsageError => new UsageError(message, usage),
    required: (value: string | undefined, flag: string): string => required(value, flag, usage),
    integer: (value: string | undefined, flag: string, min: number, max: number) =>
      integerOption(value, flag, min, max, usage),
    badSubcommand: (sub: string | undefined): number => badSubcommand(sub, usage),
    connection: (services: ConnectionSource, idOrName: string): ConnectionRef =>
      findConnection(services, idOrName, usage),
  };
}
