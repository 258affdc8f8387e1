// The release workflow's last check of a build: starts the packaged app of this system (as
// installed, fuses set) with INVOICE_DESK_EXIT_WHEN_READY=1, so it quits by itself with 0 once
// its window shows and the keychain answers (src/main/platform/exit-when-ready.ts), or 1.
//   node scripts/packaging/launch-packaged.ts [dist]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The executable electron-builder left unpacked in `distDir` for this system and arch. */
export function packagedExecutable(
  distDir: string,
  platform: NodeJS.Platform,
  arch: string,
): string | undefined {
  const candidates =
    platform === 'win32'
      ? [join(distDir, 'win-unpacked', 'Invoice Desk.exe')]
      : platform === 'darwin'
        ? [
            join(
              distDir,
              arch === 'arm64' ? 'mac-arm64' : 'mac',
              'Invoice Desk.app',
              'Contents',
              'MacOS',
              'Invoice Desk',
            ),
          ]
        : [join(distDir, 'linux-unpacked', 'invoice-desk')];
  return candidates.find((path) => existsSync(path));
}

const LIMIT_MS = 180_000;

if (import.meta.main) {
  const distDir = process.argv[2] ?? 'dist';
  const executable = packagedExecutable(distDir, process.platform, process.arch);
  if (!executable) {
    console.error(`No packaged app for ${process.platform}-${process.arch} in ${distDir}.`);
    process.exit(1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'invoice-desk-packaged-'));
  const child = spawn(executable, [], {
    stdio: 'inherit',
    env: {
      ...process.env,
      INVOICE_DESK_EXIT_WHEN_READY: '1',
      INVOICE_DESK_DATA_DIR: dataDir,
      INVOICE_DESK_LANG: 'fr',
    },
  });
  const limit = setTimeout(() => {
    console.error(`${executable} did not start within ${LIMIT_MS / 1000} s.`);
    child.kill();
  }, LIMIT_MS);
  child.on('exit', (code, signal) => {
    clearTimeout(limit);
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`${executable} exited with ${code ?? signal}.`);
    process.exit(code === 0 ? 0 : 1);
  });
}
