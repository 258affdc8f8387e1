// The connection store against the REAL OS keychain (run under scripts/with-keyring.sh): parallel
// saves all survive (item 11), and a stored secret never follows an edited address (item 4).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  EmbeddedDemoOperator,
  ConnectionStore,
  openConfSettingsStore,
} from '#main/services/connections/index.ts';
import { CredentialVault, KEYCHAIN_SERVICE, type KeytarLike } from '#main/services/vault/index.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { fakeStartDemo } from '#support/fakes.ts';

const silent = { info() {}, warn() {}, error() {} };
const keytar = createRequire(import.meta.url)('keytar') as KeytarLike;
const probe = await new CredentialVault({ log: silent, timeoutMs: 5_000 }).status();
const noKeychain = probe.available
  ? false
  : `no Secret Service reachable (${probe.reason}); run under scripts/with-keyring.sh`;

let dataDir: string;
const created: string[] = [];

before(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'connection-writes-'));
});
after(async () => {
  if (probe.available)
    for (const account of created) await keytar.deletePassword(KEYCHAIN_SERVICE, account);
  rmSync(dataDir, { recursive: true, force: true });
});

function openProfiles(): ConnectionStore {
  const { store, recover } = openConfSettingsStore(dataDir, silent);
  const vault = new CredentialVault({ log: silent });
  const demo = new EmbeddedDemoOperator(fakeStartDemo);
  return new ConnectionStore({ store, vault, demo, log: silent, recover });
}

const input = {
  baseUrl: 'https://api.operator.example',
  tokenUrl: 'https://sso.operator.example/realms/x/protocol/openid-connect/token',
  clientId: 'compta@cabinet.fr',
};

test('five parallel saves leave five connections', { skip: noKeychain }, async () => {
  const connections = openProfiles();
  const saved = await Promise.all(
    [1, 2, 3, 4, 5].map((n) =>
      connections.save({
        ...input,
        name: `Cabinet ${n}`,
        clientSecret: `secret-${n}-${process.pid}`,
      }),
    ),
  );
  created.push(...saved.map((s) => s.id));
  const names = (await openProfiles().list())
    .filter((p) => p.kind === 'custom')
    .map((p) => p.name)
    .sort();
  assert.deepEqual(names, ['Cabinet 1', 'Cabinet 2', 'Cabinet 3', 'Cabinet 4', 'Cabinet 5']);
  for (const s of saved) assert.equal(s.secret, 'keychain');
});

test(
  'changing the token URL, base URL or client id without the secret is refused, naming the field',
  { skip: noKeychain },
  async () => {
    const connections = openProfiles();
    const secret = `kept-secret-${process.pid}`;
    const saved = await connections.save({ ...input, name: 'Rotation', clientSecret: secret });
    created.push(saved.id);
    const edits = {
      tokenUrl: 'https://evil.example/token',
      baseUrl: 'https://other.example/api',
      clientId: 'someone-else',
    } as const;
    for (const [field, value] of Object.entries(edits)) {
      await assert.rejects(
        connections.save({ ...input, id: saved.id, name: 'Rotation', [field]: value }),
        (error: unknown) => {
          assert.ok(error instanceof AppFailure);
          assert.equal(error.kind, 'invalid_input');
          assert.match(
            error.message,
            new RegExp(`Enter the client secret again: ${field} changed`),
          );
          assert.deepEqual((error.details as { path: string[] }).path, ['clientSecret']);
          return true;
        },
      );
    }
    // Nothing changed on disk.
    const after = await openProfiles().get(saved.id);
    assert.equal(after.tokenUrl, input.tokenUrl);
    // A rename keeps the secret; a new address with the secret typed again is accepted.
    assert.equal(
      (await connections.save({ ...input, id: saved.id, name: 'Renamed' })).name,
      'Renamed',
    );
    const moved = await connections.save({
      ...input,
      id: saved.id,
      name: 'Renamed',
      tokenUrl: edits.tokenUrl,
      clientSecret: 'the-new-secret-123',
    });
    assert.equal(moved.tokenUrl, edits.tokenUrl);
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, saved.id), 'the-new-secret-123');
  },
);
