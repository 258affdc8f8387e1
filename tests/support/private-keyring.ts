// A keychain of one test's own for the CLI children it starts: a private D-Bus session bus and a
// gnome-keyring unlocked on it, their files in a throwaway folder. The firm's password has one
// keychain entry per keychain ('Invoice Desk' / 'firm-archive'), so two test files connecting
// CLI children to their firms in the shared keychain of scripts/with-keyring.sh would take it
// from under each other; children given `env` meet this keychain only.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface PrivateKeyring {
  /** Variables for a child (spawnCli's `env`): its session bus is this keyring's. */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** Why a private keyring cannot be made here, or false. */
export async function privateKeyringSkipReason(): Promise<string | false> {
  for (const tool of ['dbus-daemon', 'gnome-keyring-daemon']) {
    const found = spawn('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    const [code] = (await once(found, 'close')) as [number | null];
    if (code !== 0) return `${tool} is not installed (scripts/setup.sh installs it)`;
  }
  return false;
}

export async function privateKeyring(): Promise<PrivateKeyring> {
  const home = mkdtempSync(join(tmpdir(), 'private-keyring-'));
  // The keyring keeps its files and its control socket under the folder, never the user's.
  const base = { ...process.env, XDG_DATA_HOME: home, XDG_RUNTIME_DIR: home, HOME: home };
  const bus: ChildProcess = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--nopidfile', '--print-address=1'],
    { env: base, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const [address] = (await once(createInterface({ input: bus.stdout! }), 'line')) as [string];
    const env = {
      DBUS_SESSION_BUS_ADDRESS: address.trim(),
      XDG_DATA_HOME: home,
      XDG_RUNTIME_DIR: home,
    };
    // `--unlock` reads the new keyring's password on stdin; the daemon it forks stays on the bus
    // and ends with it.
    const keyring = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
      env: { ...base, ...env },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let said = '';
    keyring.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    keyring.stdin!.end('invoice-desk-tests');
    const [code] = (await once(keyring, 'close')) as [number | null];
    if (code !== 0) throw new Error(`gnome-keyring-daemon exited with ${code}: ${said}`);
    return {
      env,
      async close() {
        bus.kill('SIGTERM');
        if (bus.exitCode === null && bus.signalCode === null) await once(bus, 'exit');
        rmSync(home, { recursive: true, force: true });
      },
    };
  } catch (error) {
    bus.kill('SIGTERM');
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
}
