// The release workflow's check after electron-builder: reads the fuses back from every packaged
// Electron binary under dist/ and fails unless each is set as FUSE_SETTINGS says.
//   node scripts/packaging/check-fuses.ts [dist]
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { FUSE_SETTINGS, type FuseName } from './fuses.ts';

/** A fuse's byte in the wire (@electron/fuses names them FuseState but does not export it). */
const ON = 0x31; // '1'
const OFF = 0x30; // '0'
const REMOVED = 0x72; // 'r'

/** The packaged apps electron-builder leaves in its output folder (the unpacked directories). */
export function packagedBinaries(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(distDir, entry.name);
    if (/^win-.*unpacked$/.test(entry.name)) found.push(join(dir, 'Invoice Desk.exe'));
    else if (/^linux-.*unpacked$/.test(entry.name)) found.push(join(dir, 'invoice-desk'));
    else if (/^mac/.test(entry.name)) found.push(join(dir, 'Invoice Desk.app'));
  }
  return found.filter((path) => existsSync(path));
}

/** What differs between a binary's fuse wire and FUSE_SETTINGS (empty when all are set). */
export async function fuseMismatches(binary: string): Promise<string[]> {
  const wire = await getCurrentFuseWire(binary);
  const mismatches: string[] = [];
  for (const [name, enabled] of Object.entries(FUSE_SETTINGS)) {
    const state = wire[FuseV1Options[name as FuseName]] as number | undefined;
    const expected = enabled ? ON : OFF;
    if (state !== expected)
      mismatches.push(`${name}: expected ${enabled ? 'on' : 'off'}, found ${describe(state)}`);
  }
  return mismatches;
}

function describe(state: number | undefined): string {
  if (state === ON) return 'on';
  if (state === OFF) return 'off';
  if (state === REMOVED) return 'removed';
  return 'absent';
}

if (import.meta.main) {
  const distDir = process.argv[2] ?? 'dist';
  const binaries = packagedBinaries(distDir);
  if (binaries.length === 0) {
    console.error(`No packaged app found in ${distDir}: run electron-builder first.`);
    process.exit(1);
  }
  let failed = false;
  for (const binary of binaries) {
    const mismatches = await fuseMismatches(binary);
    if (mismatches.length) failed = true;
    console.log(
      mismatches.length ? `${binary}:\n  ${mismatches.join('\n  ')}` : `${binary}: fuses as set`,
    );
  }
  process.exit(failed ? 1 : 0);
}
