// The Electron fuses set at packaging (issue 20): the settings, exactly; the afterPack hook,
// loaded as electron-builder loads it, flipping them in a binary (a stand-in carrying Electron's
// fuse wire: the real binary cannot be downloaded here); the release's read-back check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flipFuses, getCurrentFuseWire, type FuseV1Config } from '@electron/fuses';
import { FUSE_SETTINGS, fuseConfig } from '../../../scripts/packaging/fuses.ts';
import { fuseMismatches, packagedBinaries } from '../../../scripts/packaging/check-fuses.ts';
import type { AfterPackContext } from '../../../scripts/packaging/after-pack.ts';
import { loadProjectConfig, resolveHook } from './electron-builder.ts';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 0x31;
const OFF = 0x30;

/** A file laid out like an Electron binary around its fuse wire: the sentinel, wire version 1,
 * the wire's length, one byte per fuse; here each of the eight fuses starts as `initial`. */
function standInBinary(dir: string, initial: number[]): string {
  const path = join(dir, 'electron');
  const wire = Buffer.from([1, initial.length, ...initial]);
  writeFileSync(
    path,
    Buffer.concat([Buffer.alloc(64, 7), Buffer.from(SENTINEL), wire, Buffer.alloc(64, 7)]),
  );
  return path;
}

test('the fuses are exactly those the issue asks for', () => {
  assert.deepEqual(FUSE_SETTINGS, {
    RunAsNode: false,
    EnableCookieEncryption: true,
    EnableNodeOptionsEnvironmentVariable: false,
    EnableNodeCliInspectArguments: false,
    EnableEmbeddedAsarIntegrityValidation: true,
    OnlyLoadAppFromAsar: true,
  });
});

test('the afterPack hook flips those fuses and leaves the others as Electron ships them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-desk-fuses-'));
  try {
    // Every fuse the opposite of its setting; the last two (V8 snapshot, file://) marked.
    const binary = standInBinary(dir, [ON, OFF, ON, ON, OFF, OFF, 0x41, 0x42]);
    assert.equal((await fuseMismatches(binary)).length, 6, 'the check sees every fuse unset');

    const config = await loadProjectConfig();
    const afterPack = (await resolveHook(config, 'afterPack')) as (
      c: AfterPackContext,
    ) => Promise<void>;
    const asked: FuseV1Config[] = [];
    await afterPack({
      electronPlatformName: 'linux',
      appOutDir: dir,
      packager: {
        // electron-builder's own finds the binary in appOutDir, then calls flipFuses.
        async addElectronFuses(_context, fuses) {
          asked.push(fuses);
          return flipFuses(binary, fuses);
        },
      },
    });
    assert.deepEqual(asked, [fuseConfig('linux')]);
    const wire = await getCurrentFuseWire(binary);
    assert.deepEqual(
      Array.from({ length: 8 }, (_, fuse) => wire[fuse as 0]),
      [OFF, ON, OFF, OFF, ON, ON, 0x41, 0x42],
    );
    assert.deepEqual(await fuseMismatches(binary), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('macOS: the ad-hoc signature is redone after the fuses change (arm64 refuses a stale one)', () => {
  assert.equal(fuseConfig('darwin').resetAdHocDarwinSignature, true);
  assert.equal(fuseConfig('win32').resetAdHocDarwinSignature, false);
});

test("the release's check finds the packaged app of each system in dist/", () => {
  const dist = mkdtempSync(join(tmpdir(), 'invoice-desk-dist-'));
  try {
    const apps = [
      join(dist, 'win-unpacked', 'Invoice Desk.exe'),
      join(dist, 'linux-unpacked', 'invoice-desk'),
      join(dist, 'mac-arm64', 'Invoice Desk.app'),
    ];
    for (const app of apps) mkdirSync(join(app, '..'), { recursive: true });
    writeFileSync(apps[0]!, '');
    writeFileSync(apps[1]!, '');
    mkdirSync(apps[2]!);
    mkdirSync(join(dist, 'builder-debug'), { recursive: true });
    assert.deepEqual(packagedBinaries(dist).sort(), [...apps].sort());
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
