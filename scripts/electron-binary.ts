// Whether the Electron binary was downloaded, checked without importing 'electron' (whose entry
// throws when the binary is missing). Used by `npm start` and the Electron e2e smoke test.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type ElectronBinaryStatus =
  { available: true; binary: string } | { available: false; reason: string };

export function electronBinaryStatus(projectRoot: string = process.cwd()): ElectronBinaryStatus {
  const packageDir = resolve(projectRoot, 'node_modules', 'electron');
  if (!existsSync(join(packageDir, 'package.json'))) {
    return {
      available: false,
      reason: 'the electron package is not installed (node_modules/electron is missing)',
    };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      available: false,
      reason: 'the Electron binary was not downloaded (node_modules/electron/path.txt is missing)',
    };
  }
  const relative = readFileSync(pathFile, 'utf8').trim();
  const binary = join(packageDir, 'dist', relative);
  if (!relative || !existsSync(binary)) {
    return {
      available: false,
      reason: `the Electron binary named in path.txt is missing (${binary})`,
    };
  }
  return { available: true, binary };
}

/** The one message both `npm start` and the docs give when Electron cannot start. */
export function electronUnavailableMessage(reason: string): string {
  return (
    `Electron cannot start here: ${reason}. Its install step downloads the binary from its ` +
    'release host, which this machine cannot reach. To fix it, give the machine network access ' +
    'to that host, or set ELECTRON_MIRROR to a reachable mirror, then run `npm rebuild electron` ' +
    '(or `node node_modules/electron/install.js`). Meanwhile Invoice Desk runs in your browser instead.'
  );
}
