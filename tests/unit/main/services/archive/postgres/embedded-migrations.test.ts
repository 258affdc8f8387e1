// The firm's schema steps the app runs are the SQL files of migrations/: the module that
// carries them into the Electron build (migrations/embedded.ts) says the same, file for file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrations } from '#main/services/archive/postgres/migrate.ts';

const dir = fileURLToPath(
  new URL('../../../../../../src/main/services/archive/postgres/migrations/', import.meta.url),
);

test('every SQL file of migrations/ is embedded, with its text, in its order', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  assert.ok(files.length >= 1);
  assert.deepEqual(
    migrations().map((m) => [m.version, m.name, m.sql]),
    files.map((name, i) => [i + 1, name, readFileSync(new URL(name, `file://${dir}`), 'utf8')]),
    'run `node scripts/embed-migrations.ts` after changing a migration',
  );
});

test('the built main process carries the schema, not a path to files it would not have', () => {
  const source = readFileSync(new URL('migrate.ts', `file://${dir}../`), 'utf8');
  assert.doesNotMatch(source, /readFileSync|readdirSync|import\.meta\.url/);
});
