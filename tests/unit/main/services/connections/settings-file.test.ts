// Item 8: a damaged settings.json loses as little as possible, is backed up as found, and the
// user is told through AppInfo.settingsRepair what was kept and what was dropped.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import type { AppInfo, Result } from '#shared/contract.ts';
import { createDispatcher, createHandlers } from '#main/handlers/index.ts';
import { repairNoteText } from '#main/services/connections/settings-file.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { fakeKeytar, fakeOperatorClient, fakeStartDemo } from '#support/fakes.ts';

const silent = { info() {}, warn() {}, error() {} };
const HAND_TYPED_SECRET = 'typed-by-hand-secret-0042';
let dataDir: string;
let services: Services | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'settings-repair-'));
});
afterEach(async () => {
  await services?.close();
  services = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const keep = {
  id: 'c-keep',
  name: 'Cabinet Exemple (compta)',
  baseUrl: 'https://api.operator.example',
  tokenUrl: 'https://sso.operator.example/token',
  clientId: 'compta@cabinet.fr',
};
const second = { ...keep, id: 'c-second', name: 'Second', clientSecret: HAND_TYPED_SECRET };

async function start(): Promise<{ info: AppInfo; services: Services }> {
  services = createServices({
    dataDir,
    shell: 'browser',
    env: {},
    osLocale: () => 'en-US',
    log: silent,
    startDemo: fakeStartDemo,
    loadKeytar: async () => fakeKeytar(),
    createOperatorClient: (connection) => fakeOperatorClient(connection),
  });
  const dispatch = createDispatcher(createHandlers(services), { log: silent });
  const result = (await dispatch('app:info', undefined)) as Result<AppInfo>;
  assert.ok(result.ok);
  return { info: result.value, services };
}

function backups(): string[] {
  return readdirSync(dataDir).filter((name) => name.startsWith('settings.json.backup-'));
}

test('a truncated file keeps its complete connection and the language, and says so', async () => {
  const whole = JSON.stringify(
    { settings: { language: 'fr', activeConnectionId: 'c-keep' }, connections: [keep, second] },
    undefined,
    '\t',
  );
  // Cut in the middle of the second connection, after its hand-typed secret.
  const cut = whole.slice(0, whole.indexOf('"clientSecret"') + 40);
  writeFileSync(join(dataDir, 'settings.json'), cut);

  const { info, services: s } = await start();
  assert.equal(info.language, 'fr');
  assert.equal(s.connections.getSettings().activeConnectionId, 'c-keep');
  const customs = (await s.connections.list()).filter((p) => p.kind === 'custom');
  assert.deepEqual(
    customs.map((p) => p.name),
    ['Cabinet Exemple (compta)'],
  );

  const repair = info.settingsRepair;
  assert.ok(repair, 'app:info reports the repair');
  assert.equal(repair.unreadable, true);
  assert.deepEqual(
    backups().map((name) => join(dataDir, name)),
    [repair.backupPath],
  );
  assert.equal(readFileSync(repair.backupPath, 'utf8'), cut, 'the backup is the file as found');
  assert.deepEqual(repair.kept, [
    { code: 'connection_kept', name: 'Cabinet Exemple (compta)' },
    { code: 'language_kept', name: 'fr' },
  ]);
  // The cut-off connection is not listed: `unreadable` says only complete entries were kept.
  assert.deepEqual(repair.dropped, []);
  assert.ok(!JSON.stringify(repair).includes(HAND_TYPED_SECRET), 'no secret in the report');
  const repaired = readFileSync(join(dataDir, 'settings.json'), 'utf8');
  assert.ok(!repaired.includes(HAND_TYPED_SECRET));
  assert.equal(JSON.parse(repaired).settings.language, 'fr');
});

test('a readable file with one bad entry keeps the rest and backs up the dropped one', async () => {
  const bad = {
    id: 'c-bad',
    name: 'Sans adresse',
    baseUrl: 'not a url',
    tokenUrl: 'x',
    clientId: 'y',
  };
  const original = JSON.stringify({
    settings: { language: 'en', activeConnectionId: 'c-keep' },
    connections: [keep, bad],
    otherFeature: { kept: true },
  });
  writeFileSync(join(dataDir, 'settings.json'), original);

  const { info, services: s } = await start();
  const customs = (await s.connections.list()).filter((p) => p.kind === 'custom');
  assert.deepEqual(
    customs.map((p) => p.id),
    ['c-keep'],
  );
  const repair = info.settingsRepair;
  assert.ok(repair);
  assert.equal(repair.unreadable, false);
  // Notes the screens word in the UI's language; the log says them in English.
  assert.deepEqual(repair.dropped, [
    { code: 'connection_invalid', entry: 2, name: 'Sans adresse', fields: 'baseUrl, tokenUrl' },
  ]);
  assert.equal(
    repairNoteText(repair.dropped[0]!),
    'connections[1] dropped: invalid baseUrl, tokenUrl',
  );
  const backup = JSON.parse(readFileSync(repair.backupPath, 'utf8'));
  assert.deepEqual(backup.connections[1], bad, 'the dropped entry is in the backup');
  assert.deepEqual(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).otherFeature, {
    kept: true,
  });
});

test('a sound file is not touched and app:info reports no repair', async () => {
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      settings: { language: 'en', activeConnectionId: 'c-keep' },
      connections: [keep],
    }),
  );
  const { info } = await start();
  assert.equal(info.settingsRepair, undefined);
  assert.deepEqual(backups(), []);
});

test('a settings file of version 0.1 (activeProfileId) keeps its active connection', async () => {
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      settings: { language: 'en', activeProfileId: 'c-keep' },
      connections: [keep],
    }),
  );
  const { info, services } = await start();
  assert.equal(info.settingsRepair, undefined, 'a rename is an upgrade, not a repair');
  assert.equal(services.connections.getSettings().activeConnectionId, 'c-keep');
  assert.equal(services.connections.getSettings().language, 'en');
  const stored = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
    settings: Record<string, unknown>;
  };
  assert.deepEqual(stored.settings, { language: 'en', activeConnectionId: 'c-keep' });
  assert.deepEqual(backups(), []);
});

test('a truncated file of version 0.1 still yields its active connection', async () => {
  const whole = JSON.stringify({
    settings: { language: 'fr', activeProfileId: 'c-keep' },
    connections: [keep, { ...keep, id: 'c-cut' }],
  });
  writeFileSync(join(dataDir, 'settings.json'), whole.slice(0, whole.length - 3));
  const { services } = await start();
  assert.equal(services.connections.getSettings().activeConnectionId, 'c-keep');
});
