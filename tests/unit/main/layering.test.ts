// One layering, one direction (issue 28, item 6): the folders of src/main/services/ import each
// other without a cycle, and no module is in a cycle with another. A folder or a module that
// closes a loop fails here, named with the loop it closes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICES = join(root, 'src', 'main', 'services');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The modules of services/ that `text` imports (values and types: a type import is a dependency too). */
export function importsOf(path: string, text: string): string[] {
  const found: string[] = [];
  const pattern =
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1] ?? match[2] ?? '';
    let target: string | undefined;
    if (spec.startsWith('.')) target = resolve(dirname(path), spec);
    else if (spec.startsWith('#main/'))
      target = join(root, 'src', 'main', spec.slice('#main/'.length));
    if (target && target.startsWith(SERVICES + sep)) found.push(target);
  }
  return found;
}

/** The folder of services/ a module belongs to ('.' for the files at its top). */
function folderOf(path: string): string {
  const parts = relative(SERVICES, path).split(sep);
  return parts.length > 1 ? (parts[0] ?? '.') : '.';
}

/** Every elementary loop found by a depth-first walk, each named once (`a → b → a`). */
export function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        // Name a loop from its smallest member so that one loop is named one way.
        const start = loop.indexOf([...loop].sort()[0] ?? '');
        const named = [...loop.slice(start), ...loop.slice(0, start)];
        found.add([...named, named[0]].join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found].sort();
}

function graphs(): { folders: Map<string, Set<string>>; modules: Map<string, Set<string>> } {
  const folders = new Map<string, Set<string>>();
  const modules = new Map<string, Set<string>>();
  for (const path of sources(SERVICES)) {
    const from = relative(SERVICES, path);
    const mine = modules.get(from) ?? new Set<string>();
    modules.set(from, mine);
    for (const target of importsOf(path, readFileSync(path, 'utf8'))) {
      const to = relative(SERVICES, target);
      if (to !== from) mine.add(to);
      const a = folderOf(path);
      const b = folderOf(target);
      // The top files (index.ts, errors.ts, …) are the composition root and the commons, not a layer.
      if (a === b || a === '.' || b === '.') continue;
      const edges = folders.get(a) ?? new Set<string>();
      edges.add(b);
      folders.set(a, edges);
    }
  }
  return { folders, modules };
}

test('no import cycle between the folders of src/main/services/', () => {
  const { folders } = graphs();
  assert.ok(folders.size > 5, 'the folders were found');
  assert.deepEqual(cycles(folders), []);
});

test('no import cycle between the modules of src/main/services/', () => {
  const { modules } = graphs();
  assert.ok(modules.size > 100, 'the modules were found');
  assert.deepEqual(cycles(modules), []);
});

test('the check names a loop of folders, once, from its smallest member', () => {
  const graph = new Map([
    ['reports', new Set(['accounting', 'tax'])],
    ['accounting', new Set(['reports', 'tax'])],
    ['tax', new Set<string>()],
  ]);
  assert.deepEqual(cycles(graph), ['accounting → reports → accounting']);
  const file = join(SERVICES, 'accounting', 'fec.ts');
  assert.deepEqual(
    importsOf(
      file,
      "import type { A } from '../export/export-error.ts';\nimport x from '#main/services/tax/vat.ts';\nimport y from 'node:fs';",
    ),
    [join(SERVICES, 'export', 'export-error.ts'), join(SERVICES, 'tax', 'vat.ts')],
  );
});
