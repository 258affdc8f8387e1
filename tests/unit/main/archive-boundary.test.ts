// The archive owns its SQL (issue 16, item 4): no module of src/ outside
// src/main/services/archive/ opens SQLite, holds an archive store's handle (`.db`) or prepares a
// statement; they ask the store by name. And (issue 28) callers go through the ports
// (archive/ports.ts): no module outside the folder imports the SQLite implementation
// (archive/sqlite/). A module that does fails here: none is let off (the waiting list of issue
// 28's first steps is empty and gone).
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
  // The registry's synchronous stores (Archives.existing, .open, .userData, .existingUserData):
  // a caller holds a port instead (archives.ports, services.userData), which a store on a
  // server implements too. A port named `archives` in a module's deps is not the registry.
  [
    /(?<!deps\.)\barchives\.(?:existing|open|userData|existingUserData)\(/,
    "holds the registry's synchronous store (use archives.ports or the user data port)",
  ],
];

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
    text.split('\n').forEach((line, index) => {
      for (const [pattern, what] of FORBIDDEN)
        if (pattern.test(line)) found.push(`${path}:${index + 1} ${what}: ${line.trim()}`);
    });
  }
  return found;
}

test('no module outside src/main/services/archive/ touches the archive database', () => {
  const files = [...sources(join(root, 'src'))].map(
    (path) => [relative(root, path), readFileSync(path, 'utf8')] as [string, string],
  );
  assert.ok(files.length > 100, 'the sources were found');
  assert.deepEqual(boundaryBreaches(files), []);
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

test('the check sees the SQLite archive imported outside its folder, by any caller', () => {
  const outside = join('src', 'main', 'services', 'portfolio', 'index.ts');
  const inside = join('src', 'main', 'services', 'archive', 'archives.ts');
  // Once on the waiting list (issue 28): no caller is let off any more.
  const once = join('src', 'main', 'services', 'export', 'exporter.ts');
  const files: [string, string][] = [
    [outside, "import { openArchive } from '../archive/sqlite/archive-store.ts';"],
    [outside, "import type { ArchivePort } from '../archive/ports.ts';"],
    [inside, "import { SqliteArchive } from './sqlite/archive-port.ts';"],
    [once, "import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';"],
  ];
  const breaches = boundaryBreaches(files);
  assert.equal(breaches.length, 2, breaches.join('\n'));
  assert.match(breaches[0]!, /portfolio.*imports the SQLite archive/);
  assert.match(breaches[1]!, /exporter.*imports the SQLite archive/);
});

test("the check sees the registry's synchronous store held outside the archive folder", () => {
  const outside = join('src', 'main', 'handlers', 'payments.ts');
  const inside = join('src', 'main', 'services', 'archive', 'archives.ts');
  const breaches = boundaryBreaches([
    [outside, 'const archive = archives.existing(connectionId);'],
    [outside, 'const store = services.archives.userData(connection.id);'],
    [outside, 'const user = services.archives.existingUserData(id);'],
    [outside, 'const archive = await archives.ports.existing(connectionId);'],
    [outside, 'const archive = await deps.archives.existing(connectionId);'],
    [inside, 'const store = this.existing(connectionId) ?? archives.existing(id);'],
  ]);
  assert.equal(breaches.length, 3, breaches.join('\n'));
  assert.ok(breaches.every((b) => b.startsWith(outside) && /synchronous store/.test(b)));
});
