// What every CLI command shares (connections, sync, archive, and the export and report commands):
// argument parsing that turns mistakes into exit 2 with a usage line, one-line failures (kind and
// plain message, never a stack, never a secret) with exit 1, JSON lines on stdout, the services
// over the same data folder as the app, and finding a connection by id or name.
import { parseArgs } from 'node:util';
import { createServices, type Services } from '../services/index.ts';
import { resolveDataDir } from '../services/paths.ts';
import { AppFailure } from '../services/app-failure.ts';
import { hasErrorKind, OperatorError, redact, toAppError } from '../services/errors.ts';

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

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;
export type OptionValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean;
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

/** One line saying why a command failed: "kind: message", redacted, never a stack. */
export function failureLine(error: unknown, scrub: readonly string[] = []): string {
  let line: string;
  if (
    error instanceof OperatorError ||
    hasErrorKind(error) ||
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (error instanceof DOMException &&
      (error.name === 'AbortError' || error.name === 'TimeoutError'))
  ) {
    const appError = toAppError(error);
    line = `${appError.kind}: ${appError.message}`;
    if (appError.operatorMessage) line += ` (the operator said: ${appError.operatorMessage})`;
  } else {
    line = `internal: ${redact(error instanceof Error ? error.message : String(error))}`;
  }
  for (const secret of scrub) if (secret.length > 0) line = line.split(secret).join('[redacted]');
  return line.replace(/\s*\n\s*/g, ' ').slice(0, 2000);
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
export async function withServices<T>(use: (services: Services) => Promise<T>): Promise<T> {
  // Plain Node, like the browser host; the CLI serves no handler, so app:info never reports it.
  const services = createServices({ dataDir: resolveDataDir(), shell: 'browser' });
  try {
    return await use(services);
  } finally {
    await services.close();
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
export function findConnection(services: Services, idOrName: string, usage: string): ConnectionRef {
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
