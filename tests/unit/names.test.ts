// One name per concept (issue 16, item 7): the writer's per-sheet progress is not called like the
// export's progress the user sees, the demo operator started inside the app is not called like the
// demo operator's server, and dictionary texts take their values through one function.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '../..');

function sources(): { path: string; text: string }[] {
  return readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|svelte)$/.test(name))
    .map((name) => ({ path: name, text: readFileSync(join(ROOT, 'src', name), 'utf8') }));
}

/** The files declaring `pattern`. */
function declaring(pattern: RegExp): string[] {
  return sources()
    .filter((file) => pattern.test(file.text))
    .map((file) => file.path);
}

test('ExportProgress is declared once', () => {
  assert.equal(declaring(/\b(interface|type) ExportProgress\b/).length, 1);
});

test('"demo operator" names the server; the in-app starter says it is embedded', () => {
  assert.equal(existsSync(join(ROOT, 'src/main/services/demo-operator.ts')), false);
  assert.deepEqual(declaring(/\bclass DemoOperator\b/), []);
  assert.equal(declaring(/\bclass EmbeddedDemoOperator\b/).length, 1);
});

test('one function fills a dictionary text with its values', () => {
  // Every "{name}" replacer in the source: only the shared one.
  assert.deepEqual(declaring(/\.replace\(\/\\\{\(\\w\+\)\\\}\/g/), [
    join('shared', 'i18n', 'interpolate.ts'),
  ]);
});
