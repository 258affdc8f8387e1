// Every write to the settings file is checked before it is made, in both shells (adaptStore): a
// secret never reaches the file by mistake, and a value of the wrong shape is refused with its
// key, leaving the file as it was.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { openConfSettingsStore } from '#main/services/connections/settings-file.ts';
import { settingsFilePath } from '#main/services/paths.ts';

const silent = { info() {}, warn() {}, error() {} };
const connection = {
  id: 'c-1',
  name: 'Cabinet Exemple',
  baseUrl: 'https://api.example.test',
  tokenUrl: 'https://auth.example.test/token',
  clientId: 'client-1',
};
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'settings-write-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('valid values are written; a connection carrying a secret is refused and nothing is written', () => {
  const { store } = openConfSettingsStore(dataDir, silent);
  store.set('connections', [connection]);
  store.set('settings', { language: 'fr', activeConnectionId: 'c-1', workOffline: true });
  store.set('syncSchedule', { everyHours: 6, connections: { 'c-1': 0 } });
  const before = readFileSync(settingsFilePath(dataDir), 'utf8');

  assert.throws(
    () => store.set('connections', [{ ...connection, clientSecret: 'never-in-the-file-0042' }]),
    /"connections" cannot hold this value/,
  );
  assert.throws(() => store.set('settings', { language: 'de' }), /"settings" cannot hold/);
  assert.throws(() => store.set('syncSchedule', { everyHours: 1.5 }), /"syncSchedule" cannot hold/);
  const after = readFileSync(settingsFilePath(dataDir), 'utf8');
  assert.equal(after, before);
  assert.doesNotMatch(after, /never-in-the-file/);
  assert.deepEqual(store.get('connections'), [connection]);
});
