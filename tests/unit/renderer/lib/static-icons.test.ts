// The first screen's icons are drawn from static markup (static-icons.ts) rather than by
// @lucide/svelte's components: each must be the very shape `@lucide/svelte/icons/<name>` draws,
// read from the installed package, so that an upgrade of Lucide cannot make them drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STATIC_ICONS } from '#renderer/components/static-icons.ts';

const ICONS_DIR = fileURLToPath(
  new URL('../../../../node_modules/@lucide/svelte/dist/icons/', import.meta.url),
);

/** The parts of `@lucide/svelte/icons/<name>` as markup (an alias names another file). */
function lucideMarkup(name: string): string {
  const entry = readFileSync(`${ICONS_DIR}${name}.js`, 'utf8');
  const file = /from "\.\/([\w-]+)\.svelte"/.exec(entry)?.[1];
  assert.ok(file, `${name}.js names no component`);
  const source = readFileSync(`${ICONS_DIR}${file}.svelte`, 'utf8');
  const data = /const iconData = (.*?);\n/.exec(source)?.[1];
  assert.ok(data, `${file}.svelte holds no iconData`);
  const { node, size } = JSON.parse(data) as {
    node: [string, Record<string, string>][];
    size: number;
  };
  assert.equal(size, 24, `${name} is not drawn on a 24 px grid`);
  return node
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .map(([k, v]) => `${k}="${v}"`)
          .join(' ')}/>`,
    )
    .join('');
}

test('every static icon is the shape @lucide/svelte draws under that name', () => {
  const names = Object.keys(STATIC_ICONS) as (keyof typeof STATIC_ICONS)[];
  assert.ok(names.length >= 18);
  for (const name of names) assert.equal(STATIC_ICONS[name], lucideMarkup(name), name);
});
