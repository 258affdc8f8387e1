// The renderer draws its icons with @lucide/svelte, not Unicode glyphs (which depend on the
// system's fonts and get read aloud), and every icon says whether assistive technology skips it
// (aria-hidden, a text label beside it) or how it is named (aria-label, an icon-only control).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const RENDERER = fileURLToPath(new URL('../../../../src/renderer/src/', import.meta.url));
/** Glyphs that were used as icons: arrows, shapes, dingbats. */
const ICON_GLYPHS = /[\u2190-\u21FF\u2300-\u23FF\u25A0-\u25FF\u2600-\u27BF\u2B00-\u2BFF]/u;

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return svelteFiles(path);
    return entry.name.endsWith('.svelte') ? [path] : [];
  });
}

/** The file without its comments (they may quote a key such as ↑ or ✕). */
function withoutComments(source: string): string {
  return source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"])\/\/.*$/gm, '$1');
}

const files = svelteFiles(RENDERER);

test('the renderer has Svelte files to check', () => {
  assert.ok(files.length > 10);
});

test('no Unicode glyph is used as an icon in markup, scripts or styles', () => {
  const offenders = files.flatMap((file) =>
    withoutComments(readFileSync(file, 'utf8'))
      .split('\n')
      .filter((line) => ICON_GLYPHS.test(line))
      .map((line) => `${relative(RENDERER, file)}: ${line.trim()}`),
  );
  assert.deepEqual(offenders, []);
});

test('every Lucide icon is aria-hidden or has an accessible name', () => {
  const offenders: string[] = [];
  let icons = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const names = [...source.matchAll(/import (\w+) from '@lucide\/svelte\/icons\/[\w-]+';/g)].map(
      (match) => match[1]!,
    );
    // Icons held in data (the navigation's list, a badge's tone) render through a variable tag.
    const dynamic = [...source.matchAll(/<((?:\w+\.)?[A-Z]\w*|[a-z]\w*\.\w+)\b[^>]*\/>/g)]
      .map((match) => match[1]!)
      .filter((tag) => tag.endsWith('.icon') || tag === 'Icon');
    for (const name of [...names, ...dynamic]) {
      for (const tag of source.matchAll(new RegExp(`<${name.replace('.', '\\.')}\\b[^>]*>`, 'g'))) {
        icons += 1;
        if (!/aria-hidden="true"|aria-label=/.test(tag[0]))
          offenders.push(`${relative(RENDERER, file)}: ${tag[0].replace(/\s+/g, ' ')}`);
      }
    }
  }
  assert.ok(icons >= 10, `only ${icons} icons found: the scan is broken`);
  assert.deepEqual(offenders, []);
});
