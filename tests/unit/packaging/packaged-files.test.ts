// What the installers package from the project (issue 20): electron-builder's own file matcher
// (the filter it applies to the app folder: `files` plus its default exclusions) run over this
// checkout with a fresh `out/`. The production node_modules are added by electron-builder apart
// and are not listed here. `npm test` builds before the unit tests; alone, this test builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROOT, loadProjectConfig, mainFileFilter } from './electron-builder.ts';

if (!existsSync(join(ROOT, 'out', 'main', 'index.js'))) {
  const bin = join(
    ROOT,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite',
  );
  const build = spawnSync(bin, ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  assert.equal(build.status, 0, 'electron-vite build failed');
}

const config = await loadProjectConfig();
const filter = mainFileFilter(config);

/** Walks the checkout as electron-builder walks the app folder: into what the filter keeps. */
function packagedFiles(dir = ROOT, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (!filter(path, stat)) continue;
    if (stat.isDirectory()) packagedFiles(path, found);
    else found.push(relative(ROOT, path).split(sep).join('/'));
  }
  return found.sort();
}

const files = packagedFiles();

test('only the build, package.json and the window icon are packaged', () => {
  const outside = files.filter(
    (file) =>
      !file.startsWith('out/') && file !== 'package.json' && file !== 'resources/icons/256x256.png',
  );
  assert.deepEqual(outside, []);
});

test('no source, test, bench, docs or script file is packaged', () => {
  const leaked = files.filter((file) =>
    /^(src|tests|bench|docs|scripts|resources\/icon\.svg|\.github)\/?|\.test\.ts$|\.spec\.ts$/.test(
      file,
    ),
  );
  assert.deepEqual(leaked, []);
  assert.ok(!files.includes('electron-builder.yml'));
  assert.ok(!files.includes('package-lock.json'));
});

test('the main, preload and renderer builds are packaged', () => {
  for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'])
    assert.ok(files.includes(file), file);
  assert.ok(files.some((file) => /^out\/renderer\/assets\/index-.+\.js$/.test(file)));
});

test('the export worker chunk the main bundle starts is packaged', () => {
  // electron-vite names the chunk with a hash; the main bundle holds its path (`?modulePath`).
  const main = readFileSync(join(ROOT, 'out', 'main', 'index.js'), 'utf8');
  const named = main.match(/"\.\/(chunks\/workbook-worker-[\w-]+\.js)"/);
  assert.ok(named, 'the main bundle names the worker chunk');
  assert.ok(files.includes(`out/main/${named[1]}`), `out/main/${named[1]}`);
});

test('every chunk the main bundle imports is packaged', () => {
  const main = readFileSync(join(ROOT, 'out', 'main', 'index.js'), 'utf8');
  const chunks = [...main.matchAll(/import\("\.\/(chunks\/[\w.-]+\.js)"\)/g)].map(
    (m) => `out/main/${m[1]}`,
  );
  assert.ok(chunks.length > 0);
  for (const chunk of chunks) assert.ok(files.includes(chunk), chunk);
});

test('the window icon the main process loads from the app folder is packaged', () => {
  const window = readFileSync(join(ROOT, 'src', 'main', 'platform', 'window.ts'), 'utf8');
  assert.match(window, /join\(app\.getAppPath\(\), 'resources', 'icons', '256x256\.png'\)/);
  assert.ok(files.includes('resources/icons/256x256.png'));
});
