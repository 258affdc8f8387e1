// The archive owns its SQL (issue 16, item 4): no module of src/ outside
// src/main/services/archive/ opens SQLite, holds an archive store's handle (`.db`) or prepares a
// statement; they ask the store by name. And (issue 28) callers go through the ports
// (archive/ports.ts): no module outside the folder imports the SQLite implementation
// (archive/sqlite/). A module that does fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ARCHIVE = join('src', 'main', 'services', 'archive') + sep;

/** What only the archive's folder may write: the SQLite module, a store's handle, a statement. */
const FORBIDDEN: [RegExp, string][] = [
  [/['"]node:sqlite['"]/, "imports 'node:sqlite'"],
  [/\bDatabaseSync\b/, 'names DatabaseSync'],
  [/\.db\b/, "reaches a store's handle (.db)"],
  [/\.prepare\(/, 'prepares a SQL statement'],
  [/['"][^'"]*archive\/sqlite\/[^'"]*['"]/, 'imports the SQLite archive (archive/sqlite/)'],
];

/** The callers still on the SQLite store's class, not yet on the ports (issue 28, item 3):
 * this list only shrinks. A module on it that no longer imports archive/sqlite/ fails too, so
 * that it is taken off. */
export const NOT_YET_ON_THE_PORTS = new Set(
  [
    'services/accounting/index.ts',
    'services/bank/bank-screen.ts',
    'services/exceptions/index.ts',
    'services/export/about-text.ts',
    'services/export/archive-sources.ts',
    'services/export/exporter.ts',
    'services/index.ts',
  ].map((path) => join('src', 'main', ...path.split('/'))),
);
const SQLITE_IMPORT = /['"][^'"]*archive\/sqlite\/[^'"]*['"]/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|svelte|js|mjs)$/.test(entry.name)) yield path;
  }
}

export function boundaryBreaches(files: Iterable<[path: string, text: string]>): string[] {
  const found: string[] = [];
  for (const [path, text] of files) {
    if (path.startsWith(ARCHIVE)) continue;
    const waiting = NOT_YET_ON_THE_PORTS.has(path);
    text.split('\n').forEach((line, index) => {
      for (const [pattern, what] of FORBIDDEN)
        if (pattern.test(line) && !(waiting && pattern.source === SQLITE_IMPORT.source))
          found.push(`${path}:${index + 1} ${what}: ${line.trim()}`);
    });
  }
  return found;
}

/** The listed callers that no longer import the SQLite archive (to take off the list). */
export function onThePortsNow(files: Iterable<[path: string, text: string]>): string[] {
  const found: string[] = [];
  for (const [path, text] of files)
    if (NOT_YET_ON_THE_PORTS.has(path) && !SQLITE_IMPORT.test(text))
      found.push(`${path} is on the ports now: take it off NOT_YET_ON_THE_PORTS`);
  return found;
}

test('no module outside src/main/services/archive/ touches the archive database', () => {
  const files = [...sources(join(root, 'src'))].map(
    (path) => [relative(root, path), readFileSync(path, 'utf8')] as [string, string],
  );
  assert.ok(files.length > 100, 'the sources were found');
  assert.deepEqual(boundaryBreaches(files), []);
  assert.deepEqual(onThePortsNow(files), []);
});

test('the check sees a handle, a statement or SQLite used outside the archive folder', () => {
  const outside = join('src', 'main', 'services', 'reports', 'source.ts');
  const inside = join('src', 'main', 'services', 'archive', 'sync-state.ts');
  const breaches = boundaryBreaches([
    [outside, "import { DatabaseSync } from 'node:sqlite';"],
    [outside, "const n = store.db.prepare('SELECT count(*) FROM invoices').get();"],
    [inside, "const n = this.#db.prepare('SELECT count(*) FROM invoices').get();"],
  ]);
  assert.equal(breaches.length, 4, breaches.join('\n'));
  assert.ok(breaches.every((b) => b.startsWith(outside)));
});

test('the check sees the SQLite archive imported outside its folder, and a listed caller gone onto the ports', () => {
  const outside = join('src', 'main', 'services', 'portfolio', 'index.ts');
  const inside = join('src', 'main', 'services', 'archive', 'archives.ts');
  const listed = join('src', 'main', 'services', 'exceptions', 'index.ts');
  const files: [string, string][] = [
    [outside, "import { openArchive } from '../archive/sqlite/archive-store.ts';"],
    [outside, "import type { ArchivePort } from '../archive/ports.ts';"],
    [inside, "import { SqliteArchive } from './sqlite/archive-port.ts';"],
    [listed, "import type { ArchiveReads } from '../archive/ports.ts';"],
  ];
  const breaches = boundaryBreaches(files);
  assert.equal(breaches.length, 1, breaches.join('\n'));
  assert.match(breaches[0]!, /portfolio.*imports the SQLite archive/);
  assert.deepEqual(onThePortsNow(files), [
    `${listed} is on the ports now: take it off NOT_YET_ON_THE_PORTS`,
  ]);
});
