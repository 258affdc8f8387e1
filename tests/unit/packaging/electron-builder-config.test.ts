// The installers' configuration (electron-builder.yml, issue 20), checked with electron-builder's
// own loader and schema validation, the step `electron-builder` runs before it downloads
// anything: an unknown or misplaced option fails here, not on the release runners.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { APP_ID } from '#main/services/paths.ts';
import { ROOT, loadProjectConfig, resolveHook, validate } from './electron-builder.ts';

const config = await loadProjectConfig();
const section = (name: string) => config[name] as Record<string, unknown>;
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

test("the project's configuration passes electron-builder's validation", async () => {
  await validate(config);
});

test('an unknown option fails the validation, naming it', async () => {
  await assert.rejects(validate({ ...config, autoUpdate: true }), /unknown property 'autoUpdate'/);
});

test('a misspelled option of a target fails the validation', async () => {
  const nsis = { ...section('nsis'), perUser: true };
  await assert.rejects(validate({ ...config, nsis }), /configuration\.nsis/);
});

test('an option in the wrong place fails the validation', async () => {
  // "title" belongs to dmg, "oneClick" to nsis: neither at the root nor under mac.
  await assert.rejects(validate({ ...config, title: 'Invoice Desk' }), /unknown property 'title'/);
  const mac = { ...section('mac'), oneClick: true };
  await assert.rejects(validate({ ...config, mac }), /configuration\.mac/);
});

test("the app's name, id and French description", () => {
  assert.equal(config.productName, 'Invoice Desk');
  assert.match(String(config.appId), /^[a-z]+(\.[a-z-]+)+$/);
  // The app's Windows notifications show under the shortcut's id only: the same id.
  assert.equal(config.appId, APP_ID);
  const metadata = section('extraMetadata');
  assert.match(String(metadata.description), /facturation électronique/);
  assert.match(String(section('linux').description), /factures/);
});

test('Windows: an NSIS installer per user, with no administrator rights', () => {
  const win = section('win');
  assert.deepEqual(win.target, [{ target: 'nsis', arch: ['x64'] }]);
  const nsis = section('nsis');
  // oneClick + perMachine false: electron-builder's installer asks for no elevation at all
  // (an assisted one would offer "all users", which asks for it).
  assert.equal(nsis.oneClick, true);
  assert.equal(nsis.perMachine, false);
  assert.equal(nsis.deleteAppDataOnUninstall, false, 'an uninstall keeps the archive');
});

test('macOS: DMG and zip; Linux: AppImage and deb, with what a deb needs', () => {
  const mac = section('mac');
  assert.deepEqual(
    (mac.target as { target: string }[]).map((target) => target.target),
    ['dmg', 'zip'],
  );
  const linux = section('linux');
  assert.deepEqual(linux.target, ['AppImage', 'deb']);
  assert.match(String(linux.maintainer), /^.+ <[^@\s]+@[^@\s]+>$/);
  assert.ok(String(linux.synopsis).length > 0);
});

test('the installers are named without spaces (release assets), the deb as Debian names it', () => {
  const names = [config.artifactName, section('win').artifactName, section('deb').artifactName];
  for (const name of names) assert.match(String(name), /^[\w${}.-]+$/);
  assert.equal(section('deb').artifactName, '${name}_${version}_${arch}.${ext}');
});

test('every icon the configuration names is one of resources/', () => {
  for (const [platform, icon] of [
    ['win', section('win').icon],
    ['mac', section('mac').icon],
    ['linux', section('linux').icon],
  ] as const) {
    assert.match(String(icon), /^resources\//, platform);
    assert.ok(existsSync(join(ROOT, String(icon))), `${platform}: ${String(icon)}`);
  }
});

test("keytar's native module is rebuilt for Electron and kept outside app.asar", () => {
  assert.ok(packageJson.dependencies.keytar, 'keytar is a production dependency (packaged)');
  assert.equal(config.npmRebuild, true);
  const unpack = config.asarUnpack as string[];
  const native = 'node_modules/keytar/build/Release/keytar.node';
  assert.ok(
    unpack.some((pattern) => posix.matchesGlob(native, pattern)),
    unpack.join(', '),
  );
  assert.ok(existsSync(join(ROOT, native)), 'the pattern names the file keytar builds');
});

test('the packager tools are pinned to the version these tests read', () => {
  for (const name of ['electron-builder', '@electron/fuses'])
    assert.match(packageJson.devDependencies[name] ?? '', /^\d+\.\d+\.\d+$/, name);
});

test('the afterPack hook loads the way electron-builder loads it', async () => {
  const hook = await resolveHook(config, 'afterPack');
  assert.equal(typeof hook, 'function');
});
