// `npm run demo-operator -- [options]` (also `npm run sandbox`, its old name): runs the demo operator until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import {
  startDemoOperator,
  type RunningDemoOperator,
  type DemoOperatorOptions,
} from '../demo-operator/index.ts';
import { MAX_ARRIVALS_PER_MINUTE, MAX_INVOICES } from '../demo-operator/data/dataset.ts';
import { REFUSABLE_Q_FIELDS, type RefusableQField } from '../demo-operator/faults.ts';
import { clockFromEnv } from '../services/clock.ts';

const USAGE = `usage: cli.ts demo-operator [options]
  --port N             port to listen on (default 0: any free port)
  --host H             address to bind (default 127.0.0.1)
  --seed S             data seed (default 42)
  --invoices N         number of invoices, 0..${MAX_INVOICES} (default 3000)
  --company NAME       the demo account's own company name (default ATELIERS DUVAL AGENCEMENT
                       SAS); with another --seed, a second demo operator is another client
                       company of the firm (its SIREN follows from the seed)
  --token-lifetime S   access token lifetime in seconds (default 300)
  --latency MS         added latency per request (default 0)
  --failure-rate R     share of API requests answered 503, 0..1 (default 0)
  --rate-limit N       requests in any sliding second before 429 + Retry-After (default 0: off)
  --refuse-q-fields F  answer 400 to an invoice search whose q filters on these fields, as some
                       deployments do: state, direction or state,direction (default none)
  --log FILE           append one JSON line per request (time, method, path, status) to FILE
  --arrivals N         new invoices per minute while it runs, 0..${MAX_ARRIVALS_PER_MINUTE} (default 0)
  --json               print one line of JSON (urls and demo clients) instead of text
`;

class UsageError extends Error {}

function integer(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return Number(raw);
}

function parseOptions(argv: string[]): { options: DemoOperatorOptions; json: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        invoices: { type: 'string' },
        company: { type: 'string' },
        json: { type: 'boolean' },
        latency: { type: 'string' },
        'failure-rate': { type: 'string' },
        'rate-limit': { type: 'string' },
        'refuse-q-fields': { type: 'string' },
        'token-lifetime': { type: 'string' },
        log: { type: 'string' },
        arrivals: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  let failureRate: number | undefined;
  if (values['failure-rate'] !== undefined) {
    const raw = values['failure-rate'];
    failureRate = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(failureRate) || failureRate < 0 || failureRate > 1) {
      throw new UsageError(`--failure-rate must be a number from 0 to 1, got '${raw}'`);
    }
  }
  const faults = {
    ...(values.latency !== undefined
      ? { latencyMs: integer('latency', values.latency, 0, 60_000) }
      : {}),
    ...(failureRate !== undefined ? { failureRate } : {}),
    ...(values['rate-limit'] !== undefined
      ? { rateLimitPerSecond: integer('rate-limit', values['rate-limit'], 0, 1_000_000) }
      : {}),
  };
  if (values['refuse-q-fields'] !== undefined) {
    const fields = values['refuse-q-fields'].split(',').map((f) => f.trim());
    const known: readonly string[] = REFUSABLE_Q_FIELDS;
    if (!fields.every((f) => known.includes(f)))
      throw new UsageError(
        `--refuse-q-fields takes ${REFUSABLE_Q_FIELDS.join(', ')} (comma-separated), got '${values['refuse-q-fields']}'`,
      );
    Object.assign(faults, { refuseQFields: fields as RefusableQField[] });
  }
  const options: DemoOperatorOptions = { faults };
  const port = integer('port', values.port, 0, 65535);
  const seed = integer('seed', values.seed, -2147483648, 4294967295);
  const invoices = integer('invoices', values.invoices, 0, MAX_INVOICES);
  const lifetime = integer('token-lifetime', values['token-lifetime'], 1, 86_400 * 365);
  if (port !== undefined) options.port = port;
  if (seed !== undefined) options.seed = seed;
  if (invoices !== undefined) options.invoices = invoices;
  if (lifetime !== undefined) options.tokenLifetimeSeconds = lifetime;
  const arrivals = integer('arrivals', values.arrivals, 0, MAX_ARRIVALS_PER_MINUTE);
  if (arrivals !== undefined) options.arrivalsPerMinute = arrivals;
  if (values.log !== undefined) {
    if (values.log.trim() === '') throw new UsageError('--log must name a file');
    options.log = values.log;
  }
  if (values.company !== undefined) {
    if (values.company.trim() === '') throw new UsageError('--company must not be empty');
    options.company = values.company.trim();
  }
  if (values.host !== undefined) {
    if (values.host.trim() === '') throw new UsageError('--host must not be empty');
    options.host = values.host;
  }
  return { options, json: values.json === true };
}

function describe(demoOperator: RunningDemoOperator, options: DemoOperatorOptions): string {
  const { admin, user } = demoOperator.clients;
  return [
    `Invoice Desk demo operator listening on ${demoOperator.baseUrl}`,
    `  base URL    ${demoOperator.baseUrl}`,
    `  token URL   ${demoOperator.tokenUrl}`,
    `  admin client  id ${admin.clientId}  secret ${admin.clientSecret}  (roles admin, user)`,
    `  user client   id ${user.clientId}  secret ${user.clientSecret}  (role user)`,
    ...(options.company ? [`  company: ${options.company}`] : []),
    `  data: ${options.invoices ?? 3000} invoices, seed ${options.seed ?? 42}; tokens valid ${options.tokenLifetimeSeconds ?? 300} s`,
    ...(options.arrivalsPerMinute
      ? [`  arrivals: ${options.arrivalsPerMinute} new invoices per minute`]
      : []),
    ...(options.log ? [`  request log: ${options.log}`] : []),
    `Press Ctrl+C to stop.`,
    '',
  ].join('\n');
}

/**
 * Runs the demo operator from command-line flags until SIGINT/SIGTERM, then resolves with
 * process.exitCode set: 0 after a clean stop, 2 for bad flags (nothing started), 1 if it cannot start.
 */
export async function run(argv: string[]): Promise<void> {
  let parsed: { options: DemoOperatorOptions; json: boolean };
  try {
    parsed = parseOptions(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`demo operator: ${e.message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  let demoOperator: RunningDemoOperator;
  try {
    // Its clock starts at INVOICE_DESK_NOW when set, as the app's does (services/clock.ts).
    const now = clockFromEnv(process.env).now().getTime();
    demoOperator = await startDemoOperator({ now, ...parsed.options });
    // A server on its own answers its first search as fast as the next ones.
    demoOperator.buildInvoices();
  } catch (e) {
    process.stderr.write(`demo operator: cannot start: ${(e as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  if (parsed.json) {
    const { baseUrl, tokenUrl, clients } = demoOperator;
    process.stdout.write(`${JSON.stringify({ baseUrl, tokenUrl, clients })}\n`);
  } else {
    process.stdout.write(describe(demoOperator, parsed.options));
  }
  // Resolves only once stopped: a caller that exits when this settles must not cut the server.
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (!parsed.json) process.stderr.write(`demo operator: ${signal} received, stopping\n`);
      demoOperator.close().then(
        () => {
          process.exitCode = 0;
          resolve();
        },
        (error: unknown) => {
          process.stderr.write(
            `demo operator: error while stopping: ${(error as Error).message}\n`,
          );
          process.exitCode = 1;
          resolve();
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
