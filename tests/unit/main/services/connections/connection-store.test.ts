import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CONNECTION_IDS } from '#shared/contract.ts';
import {
  type AppFailure,
  EmbeddedDemoOperator,
  ConnectionStore,
  openConfSettingsStore,
} from '#main/services/connections/index.ts';
import { CredentialVault } from '#main/services/vault/index.ts';
import { fakeKeytar, fakeStartDemo, recordingLog } from '#support/fakes.ts';

const SECRET = 's3cr3t-value-that-must-stay-in-the-keychain';
let dataDir: string;

function open(keytar = fakeKeytar()) {
  const log = recordingLog();
  const { store, recover } = openConfSettingsStore(dataDir, log);
  const vault = new CredentialVault({ loadKeytar: async () => keytar, log });
  const connections = new ConnectionStore({
    store,
    vault,
    demo: new EmbeddedDemoOperator(fakeStartDemo),
    log,
    recover,
  });
  return { connections, vault, keytar, log };
}

const input = {
  name: 'Cabinet Martin',
  baseUrl: 'https://api.operator.example/api',
  tokenUrl: 'https://auth.operator.example/oauth/token',
  clientId: 'martin-client',
};

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'spine-connections-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('defaults: demo connections listed first, demo-admin active', async () => {
  const { connections } = open();
  assert.deepEqual(connections.getSettings(), {
    language: 'system',
    activeConnectionId: DEMO_CONNECTION_IDS.admin,
    workOffline: false,
  });
  const list = await connections.list();
  assert.deepEqual(
    list.map((p) => [p.id, p.name, p.kind, p.secret]),
    [
      ['demo-admin', 'Démo (administrateur)', 'demo', 'builtin'],
      ['demo-user', 'Démo (utilisateur)', 'demo', 'builtin'],
    ],
  );
  assert.match(list[0]!.baseUrl, /^http:\/\/127\.0\.0\.1:/);
});

test('a connection round-trips through the file; its secret stays in the keychain', async () => {
  const first = open();
  const saved = await first.connections.save({
    ...input,
    customerId: '8f1e0a52-5d4b-4a0e-9b1c-2f3d4e5f6a7b',
    clientSecret: SECRET,
  });
  assert.equal(saved.kind, 'custom');
  assert.equal(saved.secret, 'keychain');
  assert.equal([...first.keytar.entries.values()][0], SECRET);
  first.connections.updateSettings({ language: 'en', activeConnectionId: saved.id });

  // A second store over the same file (the next launch) sees the same data.
  const second = open(first.keytar);
  assert.deepEqual(second.connections.getSettings(), {
    language: 'en',
    activeConnectionId: saved.id,
    workOffline: false,
  });
  const list = await second.connections.list();
  assert.deepEqual(list[2], saved);
  assert.equal(await second.connections.resolve(saved.id).then((p) => p.getClientSecret()), SECRET);

  const file = readFileSync(join(dataDir, 'settings.json'), 'utf8');
  assert.ok(!file.includes(SECRET), 'the secret is not in settings.json');
  assert.ok(file.includes('Cabinet Martin'));

  // Updating without a secret keeps the stored one.
  const renamed = await second.connections.save({
    ...input,
    id: saved.id,
    name: 'Cabinet Martin & fils',
  });
  assert.equal(renamed.secret, 'keychain');
  assert.equal(renamed.customerId, undefined);
});

test('deleting the active connection falls back to demo-admin and forgets its secret', async () => {
  const { connections, keytar } = open();
  const saved = await connections.save({ ...input, clientSecret: SECRET });
  connections.updateSettings({ activeConnectionId: saved.id });
  await connections.delete(saved.id);
  assert.equal(connections.getSettings().activeConnectionId, DEMO_CONNECTION_IDS.admin);
  assert.equal(keytar.entries.size, 0);
  assert.equal((await connections.list()).length, 2);
});

test('demo connections cannot be edited or deleted', async () => {
  const { connections } = open();
  for (const id of Object.values(DEMO_CONNECTION_IDS)) {
    await assert.rejects(
      connections.save({ ...input, id }),
      (e: AppFailure) => e.kind === 'invalid_input',
    );
    await assert.rejects(connections.delete(id), (e: AppFailure) => e.kind === 'invalid_input');
  }
  await assert.rejects(connections.delete('nope'), (e: AppFailure) => e.kind === 'not_found');
  assert.throws(
    () => connections.updateSettings({ activeConnectionId: 'nope' }),
    (e: AppFailure) => e.kind === 'not_found',
  );
});

test('a hand-edited file keeps its valid connections, drops the invalid ones, keeps nothing secret', async () => {
  const good = { id: 'c1', ...input };
  const alsoGood = { id: 'c2', ...input, name: 'Second', clientSecret: 'typed-by-hand-secret' };
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      settings: { language: 'klingon', activeConnectionId: 'c2' },
      connections: [
        good,
        { id: 'c3', name: 42 },
        'junk',
        alsoGood,
        { ...good, baseUrl: 'ftp://x' },
        { ...good },
      ],
      otherFeature: { kept: true },
    }),
  );
  const { connections, log } = open();
  assert.deepEqual(connections.getSettings(), {
    language: 'system',
    activeConnectionId: 'c2',
    workOffline: false,
  });
  const customs = (await connections.list()).filter((p) => p.kind === 'custom');
  assert.deepEqual(
    customs.map((p) => p.id),
    ['c1', 'c2'],
  );
  assert.ok(
    log.lines.some((line) => line.includes('connections[1] dropped')),
    log.lines.join('\n'),
  );
  const file = readFileSync(join(dataDir, 'settings.json'), 'utf8');
  assert.ok(
    !file.includes('typed-by-hand-secret'),
    'a secret typed into the file is removed from it',
  );
  assert.ok(!log.lines.join('\n').includes('typed-by-hand-secret'), 'nor logged');
  assert.deepEqual(JSON.parse(file).otherFeature, { kept: true });
});

test('an unreadable file is backed up, what can be salvaged is kept, the store works', async () => {
  writeFileSync(join(dataDir, 'settings.json'), '{"connections": [ {"id": "c1", oops');
  const { connections, log } = open();
  assert.deepEqual(connections.getSettings(), {
    language: 'system',
    activeConnectionId: DEMO_CONNECTION_IDS.admin,
    workOffline: false,
  });
  assert.equal((await connections.list()).length, 2);
  const backups = readdirSync(dataDir).filter((name) => name.startsWith('settings.json.backup-'));
  assert.equal(backups.length, 1);
  assert.equal(
    readFileSync(join(dataDir, backups[0]!), 'utf8'),
    '{"connections": [ {"id": "c1", oops',
  );
  assert.ok(log.lines.some((line) => line.includes('copied to')));
  // And the repaired store works.
  await connections.save({ ...input, clientSecret: SECRET });
  assert.equal((await connections.list()).length, 3);
});

test('a file damaged while running is repaired on the next read', async () => {
  const { connections } = open();
  const saved = await connections.save({ ...input, clientSecret: SECRET });
  const raw = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'));
  raw.connections.push({ id: 'bad', name: 7 });
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(raw));
  const customs = (await connections.list()).filter((p) => p.kind === 'custom');
  assert.deepEqual(
    customs.map((p) => p.id),
    [saved.id],
  );
  await connections.save({ ...input, name: 'Another', clientSecret: SECRET });
  assert.equal((await connections.list()).length, 4);
});

test('session storage keeps the secret in memory only', async () => {
  const { connections, keytar } = open();
  const saved = await connections.save({
    ...input,
    clientSecret: SECRET,
    secretStorage: 'session',
  });
  assert.equal(saved.secret, 'session');
  assert.equal(keytar.entries.size, 0);
  assert.ok(!readFileSync(join(dataDir, 'settings.json'), 'utf8').includes(SECRET));
  // Moving it to the keychain without retyping it.
  const moved = await connections.save({ ...input, id: saved.id, secretStorage: 'keychain' });
  assert.equal(moved.secret, 'keychain');
  assert.equal(keytar.entries.size, 1);
});

test('a connection without a secret says so, and resolving its secret is an auth error', async () => {
  const { connections } = open();
  const saved = await connections.save(input);
  assert.equal(saved.secret, 'none');
  const resolved = await connections.resolve(saved.id);
  await assert.rejects(resolved.getClientSecret(), (e: AppFailure) => e.kind === 'auth');
});
