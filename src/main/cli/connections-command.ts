// `cli connections list|add|remove`: the connections of the app's settings file, for scripts.
// The client secret is read from stdin only (an argument or a variable is visible to other
// processes and lands in shell history) and goes to the OS keychain, nowhere else.
import type { ConnectionInput, ConnectionSummary } from '#shared/contract.ts';
import { argSchemas } from '../contract-args.ts';
import { AppFailure } from '../services/app-failure.ts';
import {
  EXIT,
  UsageError,
  badSubcommand,
  findConnection,
  integerOption,
  parseCommandLine,
  required,
  runCommand,
  showUsage,
  withServices,
  writeJsonLine,
} from './command.ts';

const LIST_USAGE = 'Usage: npm run cli -- connections list [--json]';
const ADD_USAGE =
  'Usage: printf %s "$CLIENT_SECRET" | npm run cli -- connections add --name NAME --base-url URL --token-url URL ' +
  '--client-id ID [--customer-id UUID] [--requests-per-minute N] [--json]';
const REMOVE_USAGE = 'Usage: npm run cli -- connections remove <id or name> [--json]';

export const CONNECTIONS_USAGE = `Usage: npm run cli -- connections <list|add|remove> [options]
  list [--json]        every connection (the demo ones first); never a secret
  add --name NAME --base-url URL --token-url URL --client-id ID
      [--customer-id UUID] [--requests-per-minute N] [--json]
                       reads the client secret from stdin (one line), stores it in the OS keychain,
                       prints the new connection's id (its summary with --json)
  remove <id or name> [--json]
                       deletes the connection, its secret and its archive`;

/** The longest secret read from stdin; the connection schema allows 4,096 characters. */
const MAX_SECRET_BYTES = 16 * 1024;

const FLAG_OF: Record<string, string> = {
  name: '--name',
  baseUrl: '--base-url',
  tokenUrl: '--token-url',
  clientId: '--client-id',
  customerId: '--customer-id',
  requestsPerMinute: '--requests-per-minute',
  clientSecret: 'the client secret (stdin)',
};

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list':
      return runCommand(() => list(rest));
    case 'add': {
      const scrub: string[] = [];
      return runCommand(() => add(rest, scrub), { scrub: () => scrub });
    }
    case 'remove':
      return runCommand(() => remove(rest));
    case '--help':
    case '-h':
      return showUsage(CONNECTIONS_USAGE);
    default:
      return badSubcommand(sub, CONNECTIONS_USAGE);
  }
}

/** What scripts see of a connection: the summary, with no address for the demo connections
 * (their operator is embedded and listens on a new port in every process). */
function publicSummary(summary: ConnectionSummary): Record<string, unknown> {
  if (summary.kind !== 'demo') return { ...summary };
  return { ...summary, baseUrl: null, tokenUrl: null };
}

async function list(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(argv, LIST_USAGE, { json: { type: 'boolean' } });
  if (values.help) return showUsage(LIST_USAGE);
  return withServices(async (services) => {
    const all = await services.connections.list();
    if (values.json) {
      writeJsonLine(all.map(publicSummary));
      return EXIT.ok;
    }
    const rows = [
      ['ID', 'NAME', 'KIND', 'SECRET', 'REQUESTS/MIN', 'BASE URL'],
      ...all.map((c) => [
        c.id,
        c.name,
        c.kind,
        c.secret,
        String(c.requestsPerMinute),
        c.kind === 'demo' ? '(embedded demo operator)' : c.baseUrl,
      ]),
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows)
      process.stdout.write(
        `${row
          .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
          .join('  ')}\n`,
      );
    return EXIT.ok;
  });
}

/** Reads the secret: a hidden prompt on a terminal, else all of stdin (one line). */
async function readSecret(): Promise<string> {
  const stdin = process.stdin;
  let text: string;
  if (stdin.isTTY) {
    text = await promptHidden('Client secret (not shown): ');
  } else {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stdin as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_SECRET_BYTES)
        throw new UsageError('the client secret on stdin is too long', ADD_USAGE);
      chunks.push(chunk);
    }
    text = Buffer.concat(chunks).toString('utf8');
  }
  // `echo secret |` adds a line end: it is not part of the secret.
  const secret = text.replace(/\r?\n$/, '');
  if (secret === '')
    throw new UsageError(
      'no client secret on stdin: pipe it in (it is never taken from an argument or a variable)',
      ADD_USAGE,
    );
  if (/[\r\n]/.test(secret))
    throw new UsageError('the client secret on stdin must be a single line', ADD_USAGE);
  return secret;
}

export function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    process.stderr.write(prompt);
    let value = '';
    const finish = (): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new AppFailure('cancelled', 'No client secret was entered'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else value += ch;
      }
    };
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function add(argv: string[], scrub: string[]): Promise<number> {
  const secretFlag = argv.find((arg) => /^--?(client-?)?secret(=|$)/i.test(arg));
  if (secretFlag !== undefined)
    throw new UsageError(
      `${secretFlag.split('=')[0]}: the client secret is read from stdin only, never from an argument (others can read a command line)`,
      ADD_USAGE,
    );
  const { values } = parseCommandLine(argv, ADD_USAGE, {
    name: { type: 'string' },
    'base-url': { type: 'string' },
    'token-url': { type: 'string' },
    'client-id': { type: 'string' },
    'customer-id': { type: 'string' },
    'requests-per-minute': { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return showUsage(ADD_USAGE);
  const name = required(values.name, 'name', ADD_USAGE);
  const baseUrl = required(values['base-url'], 'base-url', ADD_USAGE);
  const tokenUrl = required(values['token-url'], 'token-url', ADD_USAGE);
  const clientId = required(values['client-id'], 'client-id', ADD_USAGE);
  const requestsPerMinute = integerOption(
    values['requests-per-minute'],
    'requests-per-minute',
    1,
    100_000,
    ADD_USAGE,
  );
  const clientSecret = await readSecret();
  scrub.push(clientSecret);

  const input: ConnectionInput = {
    name,
    baseUrl,
    tokenUrl,
    clientId,
    clientSecret,
    secretStorage: 'keychain',
    ...(values['customer-id'] !== undefined ? { customerId: values['customer-id'] } : {}),
    ...(requestsPerMinute !== undefined ? { requestsPerMinute } : {}),
  };
  // The same rules as the app's form (the store checks the addresses again).
  const parsed = argSchemas['connections:save'].safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${FLAG_OF[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`,
    );
    throw new AppFailure('invalid_input', problems.join('; '));
  }

  return withServices(async (services) => {
    const vault = await services.vault.status();
    if (!vault.available)
      throw new AppFailure(
        'keychain',
        `The OS keychain is unavailable (${vault.reason ?? 'unknown reason'}); the CLI keeps client secrets there only: start a keychain (Secret Service) and try again`,
      );
    const namesake = services.connections
      .references()
      .find((c) => c.name.toLowerCase() === parsed.data.name.trim().toLowerCase());
    const saved = await services.connections.save(parsed.data);
    if (namesake)
      process.stderr.write(
        `note: the connection ${namesake.id} has the same name; refer to this one by its id\n`,
      );
    if (values.json) writeJsonLine(publicSummary(saved));
    else process.stdout.write(`${saved.id}\n`);
    return EXIT.ok;
  });
}

async function remove(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(
    argv,
    REMOVE_USAGE,
    { json: { type: 'boolean' } },
    { min: 1, max: 1 },
  );
  if (values.help) return showUsage(REMOVE_USAGE);
  return withServices(async (services) => {
    const connection = findConnection(services, positionals[0]!, REMOVE_USAGE);
    if (connection.kind === 'demo')
      throw new AppFailure('invalid_input', 'The demo connections cannot be removed');
    if (services.archives.isSyncing(connection.id))
      throw new AppFailure(
        'conflict',
        `A sync of "${connection.name}" is running; remove it once the sync has ended`,
      );
    await services.connections.delete(connection.id);
    // Nothing can open an archive whose connection is gone: it would only keep client data.
    services.archives.removeFiles(connection.id); // the payment marks go with it
    if (values.json)
      writeJsonLine({ removed: connection.id, name: connection.name, archiveDeleted: true });
    else
      process.stdout.write(
        `Removed "${connection.name}" (${connection.id}), its client secret and its archive\n`,
      );
    return EXIT.ok;
  });
}
