// Small file systems for tests of write failures: a read-only folder and a nearly full disk.
// Mounting needs root; without it a read-only folder falls back to chmod 555 (which root ignores,
// hence the mount), and a full disk is not available (the caller skips, saying why).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';

export interface Mounted {
  dir: string;
  release: () => void;
}

function mount(dir: string, options: string): Mounted | null {
  if (process.getuid?.() !== 0) return null;
  mkdirSync(dir, { recursive: true });
  const run = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  if (run.status !== 0) return null;
  return { dir, release: () => void spawnSync('umount', [dir], { stdio: 'ignore' }) };
}

/** A folder nobody may write to: a read-only tmpfs as root, else a chmod 555 folder. */
export function readOnlyFolder(dir: string): Mounted | null {
  const mounted = mount(dir, 'ro,size=64k');
  if (mounted) return mounted;
  if (process.getuid?.() === 0) return null;
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o555);
  return { dir, release: () => chmodSync(dir, 0o755) };
}

/** A writable tmpfs of `sizeKb` kilobytes (root only), or null. */
export function tinyDisk(dir: string, sizeKb: number): Mounted | null {
  return mount(dir, `size=${sizeKb}k`);
}
