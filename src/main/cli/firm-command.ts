// `cli firm init|connect|status|disconnect`: the firm's shared archive on PostgreSQL (issue 30).
//   init <admin URL>   the administrator creates (or upgrades) the schema and the app's role,
//                      which reads and writes rows but cannot change the schema
//   connect <URL>      this workstation uses the firm's server: the URL (without password) and
//                      the TLS choice in <data dir>/firm.json, the password in the OS keychain
//   status             where the archive is (the embedded SQLite file, or the firm's server) and
//                      what the server says
//   disconnect         back to the embedded archive; the keychain's password forgotten
// A password comes in the URL or on stdin (one line; a hidden prompt on a terminal), never in
// an argument of its own, and never reaches the settings file, stdout of status, or a log.
import type pg from 'pg';
import { CredentialVault } from '../services/vault/index.ts';
import { AppFailure } from '../services/app-failure.ts';
import { ensureDataDir, resolveDataDir } from '../services/paths.ts';
import { DEFAULT_SCHEMA, addressOf, checkedSchema } from '../services/archive/postgres/database.ts';
import {
  FIRM_VAULT_ACCOUNT,
  readFirmSettings,
  removeFirmSettings,
  splitUrl,
  tlsOptions,
  writeFirmSettings,
  type FirmSettings,
  type TlsMode,
} from '../services/archive/postgres/firm-settings.ts';
import { DEFAULT_APP_ROLE, firmStatus, initFirm } from '../services/archive/postgres/firm-setup.ts';
import {
  EXIT,
  UsageError,
  badSubcommand,
  parseCommandLine,
  runCommand,
  showUsage,
  writeJsonLine,
} from './command.ts';
import { promptHidden } from './connections-command.ts';

const INIT_USAGE =
  'Usage: npm run cli -- firm init <postgres://admin@host:port/database> [--schema NAME] [--app-role NAME] [--new-password] [--tls verify|no-verify|off] [--ca FILE] [--json]';
const CONNECT_USAGE =
  'Usage: npm run cli -- firm connect <postgres://user@host:port/database> [--schema NAME] [--tls verify|no-verify|off] [--ca FILE] [--json]';
const STATUS_USAGE = 'Usage: npm run cli -- firm status [--json]';
const DISCONNECT_USAGE = 'Usage: npm run cli -- firm disconnect';

export const FIRM_USAGE = `Usage: npm run cli -- firm <init|connect|status|disconnect> [options]
  init <admin URL>     creates or upgrades the firm's schema and the app's role (its password is
                       printed once when the role is made, or with --new-password), and vacuums
                       its tables (run it again after \`archive migrate\`)
  connect <URL>        this workstation's archive becomes the firm's (password in the URL or on
                       stdin, kept in the OS keychain; --tls verify by default)
  status [--json]      where the archive is, and what the firm's server says
  disconnect           back to the embedded archive (the password forgotten)`;

const MAX_PASSWORD_BYTES = 4096;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const scrub: string[] = [];
  const scrubbed = { scrub: () => scrub };
  switch (sub) {
    case 'init':
      return runCommand(() => init(rest, scrub), scrubbed);
    case 'connect':
      return runCommand(() => connect(rest, scrub), scrubbed);
    case 'status':
      return runCommand(() => status(rest));
    case 'disconnect':
      return runCommand(() => disconnect(rest));
    case '--help':
    case '-h':
      return showUsage(FIRM_USAGE);
    default:
      return badSubcommand(sub, FIRM_USAGE);
  }
}

const TLS_OPTIONS = {
  schema: { type: 'string' },
  tls: { type: 'string' },
  ca: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function tlsMode(value: string | undefined, usage: string): TlsMode {
  if (value === undefined) return 'verify';
  if (value === 'verify' || value === 'no-verify' || value === 'off') return value;
  throw new UsageError('--tls must be verify, no-verify or off', usage);
}

function address(text: string, usage: string): ReturnType<typeof splitUrl> {
  try {
    return splitUrl(text);
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
}

function schemaOf(value: string | undefined, usage: string): string {
  try {
    return checkedSchema(value ?? DEFAULT_SCHEMA);
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
}

/** The password of the URL, else one line of stdin (a hidden prompt on a terminal). */
async function passwordOf(inUrl: string | null, usage: string): Promise<string> {
  if (inUrl !== null) return inUrl;
  let text: string;
  if (process.stdin.isTTY) text = await promptHidden('Password (not shown): ');
  else {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_PASSWORD_BYTES)
        throw new UsageError('the password on stdin is too long', usage);
      chunks.push(chunk);
    }
    text = Buffer.concat(chunks).toString('utf8');
  }
  const password = text.replace(/\r?\n$/, '');
  if (password === '' || /[\r\n]/.test(password))
    throw new UsageError('give the password in the URL or as one line on stdin', usage);
  return password;
}

function clientConfig(
  settings: Pick<FirmSettings, 'url' | 'tls' | 'caFile'>,
  password: string,
): pg.ClientConfig {
  const tls = tlsOptions(settings);
  return {
    ...addressOf(settings.url),
    password,
    connectionTimeoutMillis: 10_000,
    ...(tls ? { ssl: { rejectUnauthorized: tls.verify, ...(tls.ca ? { ca: tls.ca } : {}) } } : {}),
  };
}

/** What the server refused, in a line (no password: pg's messages name none). */
function serverFailure(error: unknown): never {
  if (error instanceof UsageError || error instanceof AppFailure) throw error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  if (code === '28P01' || code === '28000')
    throw new AppFailure('auth', `The firm's server refused the login: ${message}`);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT')
    throw new AppFailure('offline', `The firm's server cannot be reached: ${message}`);
  if (/CERT|certificate|SSL|TLS/i.test(`${code ?? ''} ${message}`))
    throw new AppFailure('tls', `The firm's server's TLS: ${message}`);
  throw new AppFailure('server', `The firm's server: ${message}`);
}

async function init(argv: string[], scrub: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(
    argv,
    INIT_USAGE,
    { ...TLS_OPTIONS, 'app-role': { type: 'string' }, 'new-password': { type: 'boolean' } },
    { min: 1, max: 1 },
  );
  if (values.help) return showUsage(INIT_USAGE);
  const { url, password: inUrl } = address(positionals[0]!, INIT_USAGE);
  if (inUrl) scrub.push(inUrl);
  const schema = schemaOf(values.schema, INIT_USAGE);
  const tls = tlsMode(values.tls, INIT_USAGE);
  const password = await passwordOf(inUrl, INIT_USAGE);
  scrub.push(password);
  const done = await initFirm(
    clientConfig({ url, tls, ...(values.ca ? { caFile: values.ca } : {}) }, password),
    {
      schema,
      appRole: values['app-role'] ?? DEFAULT_APP_ROLE,
      ...(values['new-password'] ? { newPassword: true } : {}),
    },
  ).catch(serverFailure);
  if (values.json) writeJsonLine(done);
  else {
    process.stdout.write(
      `schema ${done.schema} at step ${done.schemaVersion}; app role ${done.appRole}; ${done.vacuumed} tables vacuumed and analysed\n`,
    );
    if (done.appPassword)
      process.stdout.write(
        `the app role's password (shown once; give it to each workstation's \`firm connect\` on stdin):\n${done.appPassword}\n`,
      );
  }
  return EXIT.ok;
}

async function connect(argv: string[], scrub: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, CONNECT_USAGE, TLS_OPTIONS, {
    min: 1,
    max: 1,
  });
  if (values.help) return showUsage(CONNECT_USAGE);
  const { url, password: inUrl } = address(positionals[0]!, CONNECT_USAGE);
  if (inUrl) scrub.push(inUrl);
  const settings: FirmSettings = {
    url,
    schema: schemaOf(values.schema, CONNECT_USAGE),
    tls: tlsMode(values.tls, CONNECT_USAGE),
    ...(values.ca ? { caFile: values.ca } : {}),
  };
  const password = await passwordOf(inUrl, CONNECT_USAGE);
  scrub.push(password);
  const vault = new CredentialVault({ log: { info() {}, warn() {}, error() {} } });
  const keychain = await vault.status();
  if (!keychain.available)
    throw new AppFailure(
      'keychain',
      `The OS keychain is unavailable (${keychain.reason ?? 'unknown reason'}); the firm's password is kept there only: start a keychain (Secret Service) and try again`,
    );
  // Checked before anything is kept: a wrong password or schema leaves the workstation as it was.
  const found = await firmStatus(clientConfig(settings, password), settings.schema).catch(
    serverFailure,
  );
  await vault.set(FIRM_VAULT_ACCOUNT, password, 'keychain');
  writeFirmSettings(ensureDataDir(resolveDataDir()), settings);
  if (values.json) writeJsonLine({ store: 'firm', ...settings, ...found });
  else
    process.stdout.write(
      `connected to the firm's archive as ${found.user} (schema ${found.schema}, ${found.archives} archives)\n`,
    );
  if (found.canChangeSchema)
    process.stderr.write(
      `note: the role ${found.user} can change the schema; workstations should use the app's role (firm init makes it)\n`,
    );
  return EXIT.ok;
}

async function status(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(argv, STATUS_USAGE, { json: { type: 'boolean' } });
  if (values.help) return showUsage(STATUS_USAGE);
  const settings = readFirmSettings(resolveDataDir());
  if (!settings) {
    if (values.json) writeJsonLine({ store: 'sqlite' });
    else process.stdout.write('the embedded archive (SQLite files of this workstation)\n');
    return EXIT.ok;
  }
  const password = await new CredentialVault({
    log: { info() {}, warn() {}, error() {} },
  }).get(FIRM_VAULT_ACCOUNT);
  if (password === undefined)
    throw new AppFailure(
      'keychain',
      "The firm's password is not in this workstation's keychain: run `firm connect` again",
    );
  const found = await firmStatus(clientConfig(settings, password), settings.schema).catch(
    serverFailure,
  );
  if (values.json) writeJsonLine({ store: 'firm', ...settings, ...found });
  else
    process.stdout.write(
      `the firm's archive: ${settings.url} schema ${found.schema} (step ${found.schemaVersion}), as ${found.user}, TLS ${found.encrypted ? 'on' : 'off'}, ${found.archives} archives; PostgreSQL ${found.server}\n`,
    );
  return EXIT.ok;
}

async function disconnect(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(argv, DISCONNECT_USAGE, {});
  if (values.help) return showUsage(DISCONNECT_USAGE);
  removeFirmSettings(resolveDataDir());
  await new CredentialVault({ log: { info() {}, warn() {}, error() {} } })
    .delete(FIRM_VAULT_ACCOUNT)
    .catch(() => undefined);
  process.stdout.write('the embedded archive (SQLite files of this workstation)\n');
  return EXIT.ok;
}
