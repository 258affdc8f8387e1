// Where the imported ECB rates are kept: one file for the whole firm, archive/ecb-rates.json in
// the data folder, beside the archives (the rates are public and the same for every client:
// one import serves every connection, and a report finds them from its archive's folder). The
// app ships no rates and fetches none. Written beside, then renamed: an import that fails
// leaves the previous rates whole.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { EcbRates } from './ecb-csv.ts';

export const RATES_FILE = 'ecb-rates.json';

export interface StoredRates extends EcbRates {
  importedAt: string;
  /** The imported file's name (not its folder). */
  file: string;
}

/** The rates file of the data folder. */
export function ratesPath(dataDir: string): string {
  return join(dataDir, 'archive', RATES_FILE);
}

export function writeRates(path: string, rates: StoredRates): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const part = `${path}.part`;
  try {
    writeFileSync(part, JSON.stringify(rates), { mode: 0o600 });
    renameSync(part, path);
  } catch (error) {
    rmSync(part, { force: true });
    throw error;
  }
}

/** The imported rates, or null when none were (or the file is not ours). */
export function readRates(path: string): StoredRates | null {
  if (!existsSync(path)) return null;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as StoredRates;
    return typeof parsed?.currencies === 'object' && parsed.currencies !== null ? parsed : null;
  } catch {
    return null;
  }
}

/** What the rates file beside an archive is now (its size and time), without reading it: a kept
 * ledger booked at its rates is computed again after an import (handlers/ledgers.ts). */
export function ratesStamp(ratesFile: string): string | null {
  try {
    const { size, mtimeMs } = statSync(ratesFile);
    return `${size}:${mtimeMs}`;
  } catch {
    return null;
  }
}
