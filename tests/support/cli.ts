// The CLI as a user runs it: `node src/main/cli.ts <command> ...` in a child process over a data
// folder of its own (INVOICE_DESK_DATA_DIR), stdin piped, stdout and stderr collected. The child
// inherits the D-Bus session, so it meets the same (real) keychain as the test process.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CredentialVault, KEYCHAIN_SERVICE, type KeytarLike } from '#main/services/vault/index.ts';
import { CLI_ENTRY } from './cli-entry.ts';

export { CLI_ENTRY };

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  dataDir: string;
  /** Written to stdin, then stdin is closed (closed at once when absent). */
  input?: string;
  /** Variables added to the test process's (e.g. INVOICE_DESK_LANG). */
  env?: NodeJS.ProcessEnv;
}

export function spawnCli(args: string[], options: CliOptions): ChildProcess {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...options.env, INVOICE_DESK_DATA_DIR: options.dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdin!.end(options.input ?? '');
  return child;
}

/** Collects a child's output until it exits. */
export async function finished(child: ChildProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

export function runCli(args: string[], options: CliOptions): Promise<CliResult> {
  return finished(spawnCli(args, options));
}

/** `connections add` for a connection to these addresses (the secret goes to stdin). */
export function connectionsAddArgs(
  connection: { name: string; baseUrl: string; tokenUrl: string; clientId: string },
  extra: string[] = [],
): string[] {
  return [
    'connections',
    'add',
    '--name',
    connection.name,
    '--base-url',
    connection.baseUrl,
    '--token-url',
    connection.tokenUrl,
    '--client-id',
    connection.clientId,
    ...extra,
  ];
}

/** The JSON values of stdout, one per line (a line that is not JSON fails the test). */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Every file under dir, as text, to prove a secret was written nowhere. */
export function allFilesText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'latin1'))
    .join('\n');
}

export const keytar = createRequire(import.meta.url)('keytar') as KeytarLike;
export { KEYCHAIN_SERVICE };

/** Deletes from the real keychain the secrets of the connections a test added. */
export async function deleteSecrets(connectionIds: readonly string[]): Promise<void> {
  for (const id of connectionIds) await keytar.deletePassword(KEYCHAIN_SERVICE, id).catch(() => {});
}

/** Why the real keychain cannot be used here (the test then skips and says so), or false. */
export async function keychainSkipReason(): Promise<string | false> {
  const silent = { info() {}, warn() {}, error() {} };
  const probe = await new CredentialVault({ log: silent, timeoutMs: 5_000 }).status();
  if (!probe.available)
    return `no Secret Service reachable (${probe.reason}); run under scripts/with-keyring.sh`;
  const account = `cli-test-${process.pid}-write-probe`;
  try {
    await keytar.setPassword(KEYCHAIN_SERVICE, account, 'probe');
    await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    return false;
  } catch (error) {
    return `the keychain refuses writes (${(error as Error).message})`;
  }
}
