// The vault against the REAL OS keychain (keytar → Secret Service). On Linux, run under a private
// D-Bus session with an unlocked gnome-keyring (scripts/with-keyring.sh). Without a usable Secret
// Service the keychain tests skip and say why; the "no keychain" test runs everywhere on Linux,
// in a child process with no D-Bus session.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  EmbeddedDemoOperator,
  ConnectionStore,
  openConfSettingsStore,
} from '#main/services/connections/index.ts';
import { CredentialVault, KEYCHAIN_SERVICE, type KeytarLike } from '#main/services/vault/index.ts';

const run = promisify(execFile);
const silent = { info() {}, warn() {}, error() {} };
const SECRET = `kc-secret-${process.pid}-${Date.now()}-do-not-leak`;
const keytar = createRequire(import.meta.url)('keytar') as KeytarLike;
const probe = await new CredentialVault({ log: silent, timeoutMs: 5_000 }).status();

/** Reachable is not enough: a keyring locked with another password answers reads, refuses writes. */
async function keychainSkipReason(): Promise<string | false> {
  if (!probe.available) {
    return `no Secret Service reachable (${probe.reason}); run under scripts/with-keyring.sh to test the real keychain`;
  }
  const account = `test-${process.pid}-write-probe`;
  try {
    await keytar.setPassword(KEYCHAIN_SERVICE, account, 'probe');
    await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    return false;
  } catch (error) {
    return `the keychain is reachable but refuses writes (${(error as Error).message}): a keyring created with another unlock password?`;
  }
}
const noKeychain = await keychainSkipReason();

let dataDir: string;
const created: string[] = [];

before(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'spine-vault-'));
});
after(async () => {
  if (probe.available)
    for (const account of created) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under dir, as text, to prove a secret was written nowhere. */
function allFilesText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

function openStore() {
  const { store, recover } = openConfSettingsStore(dataDir, silent);
  const vault = new CredentialVault({ log: silent });
  const demo = new EmbeddedDemoOperator(async () => {
    throw new Error('the demo is not used here');
  });
  return { vault, connections: new ConnectionStore({ store, vault, demo, log: silent, recover }) };
}

const input = {
  name: 'Keychain test',
  baseUrl: 'https://api.example.com',
  tokenUrl: 'https://auth.example.com/token',
  clientId: 'kc-client',
};

test(
  'the vault sets, reads and deletes a secret in the OS keychain',
  { skip: noKeychain },
  async () => {
    const vault = new CredentialVault({ log: silent });
    assert.deepEqual(await vault.status(), { available: true });
    const account = `test-${process.pid}-direct`;
    created.push(account);
    await vault.set(account, SECRET, 'keychain');
    assert.equal(
      await keytar.getPassword(KEYCHAIN_SERVICE, account),
      SECRET,
      'stored under service "Invoice Desk"',
    );
    assert.equal(await vault.get(account), SECRET);
    assert.equal(await vault.location(account), 'keychain');
    await vault.delete(account);
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, account), null);
    assert.equal(await vault.location(account), 'none');
  },
);

test(
  'a connection secret lives in the keychain only, survives a restart, goes with the connection',
  { skip: noKeychain },
  async () => {
    const first = openStore();
    const saved = await first.connections.save({ ...input, clientSecret: SECRET });
    created.push(saved.id);
    assert.equal(saved.secret, 'keychain');
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, saved.id), SECRET);

    const file = readFileSync(join(dataDir, 'settings.json'), 'utf8');
    assert.ok(
      file.includes(saved.id) && !file.includes(SECRET),
      'settings.json has the connection, not its secret',
    );
    assert.ok(
      !allFilesText(dataDir).includes(SECRET),
      'no file of the data folder holds the secret',
    );

    // A new launch: a new vault (no session memory) finds it in the keychain.
    const second = openStore();
    assert.equal((await second.connections.get(saved.id)).secret, 'keychain');
    assert.equal(await (await second.connections.resolve(saved.id)).getClientSecret(), SECRET);

    // Session storage removes the keychain copy; deleting the connection removes the secret everywhere.
    const session = await second.connections.save({
      ...input,
      id: saved.id,
      clientSecret: SECRET,
      secretStorage: 'session',
    });
    assert.equal(session.secret, 'session');
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, saved.id), null);
    await second.connections.save({ ...input, id: saved.id, secretStorage: 'keychain' });
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, saved.id), SECRET);
    await second.connections.delete(saved.id);
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, saved.id), null);
  },
);

test(
  'without a keychain: status says why, keychain saves are refused, session storage works, nothing in clear',
  {
    skip: process.platform !== 'linux' && 'the "no D-Bus session" trick is Linux-only',
  },
  async () => {
    const childDataDir = mkdtempSync(join(tmpdir(), 'spine-vault-none-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, INVOICE_DESK_DATA_DIR: childDataDir };
      // No session bus and no display: libsecret cannot reach (nor autolaunch) a Secret Service.
      delete env.DBUS_SESSION_BUS_ADDRESS;
      delete env.DISPLAY;
      delete env.WAYLAND_DISPLAY;
      const child = join(import.meta.dirname, '../../../../support/vault-unavailable-child.ts');
      const { stdout } = await run(process.execPath, [child, childDataDir, SECRET], {
        env,
        timeout: 60_000,
      });
      const results = JSON.parse(stdout) as Record<
        string,
        { ok: boolean; value?: unknown; error?: { kind: string; message: string } }
      >;

      const status = results.status!.value as { available: boolean; reason?: string };
      assert.equal(status.available, false);
      assert.match(status.reason ?? '', /\S/);
      assert.equal(results.keychainSave!.ok, false);
      assert.equal(results.keychainSave!.error!.kind, 'keychain');
      assert.match(results.keychainSave!.error!.message, /keychain is unavailable/i);
      assert.equal(results.sessionSave!.ok, true);
      const list = results.list!.value as { name: string; secret: string }[];
      assert.deepEqual(
        list.filter((p) => p.name === 'Session only').map((p) => p.secret),
        ['session'],
      );
      assert.equal(results.secretUsable!.ok, true, 'the session secret is usable for calls');

      assert.ok(!stdout.includes(SECRET), 'no result carries the secret');
      assert.ok(!allFilesText(childDataDir).includes(SECRET), 'no file holds the secret in clear');
    } finally {
      rmSync(childDataDir, { recursive: true, force: true });
    }
  },
);
