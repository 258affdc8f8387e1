// Importing the ECB's rates file (issue 26, item 3), for the CLI and the settings screen alike:
// the text checked whole (ecb-csv.ts), then kept for the firm (rates-file.ts); a refused file
// changes nothing and says each bad line.
import { basename } from 'node:path';
import { AppFailure } from '../app-failure.ts';
import type { RatesProblem } from '#shared/rates.ts';
import { readEcbCsv } from './ecb-csv.ts';
import type { RatesImported, RatesKept } from '#shared/rates.ts';
import { ratesPath, readRates, writeRates, type StoredRates } from './rates-file.ts';

export type { RatesImported } from '#shared/rates.ts';

/** Keeps the rates of `text` (the file named `file`) in the data folder, replacing the previous
 * import; an `invalid_input` failure listing `{ problems: RatesProblem[] }` when refused (each line's code and values, worded
 * by the settings screen, and its English reason). */
export function importEcbRates(
  dataDir: string,
  file: string,
  text: string,
  now: Date,
): RatesImported {
  const parsed = readEcbCsv(text);
  if (!parsed.ok)
    throw new AppFailure(
      'invalid_input',
      `The file ${basename(file)} is not the ECB's rates file, nothing was imported: ${parsed.problems
        .map((p: RatesProblem) => `line ${p.line}: ${p.reason}`)
        .join('; ')}`,
      { problems: parsed.problems },
    );
  const stored = { ...parsed.rates, importedAt: now.toISOString(), file: basename(file) };
  writeRates(ratesPath(dataDir), stored);
  const { importedAt: _, ...imported } = summaryOf(stored);
  return imported;
}

/** What the kept rates cover (the settings screen shows it), or null when none was imported. */
export function keptRates(dataDir: string): RatesKept | null {
  const stored = readRates(ratesPath(dataDir));
  return stored ? summaryOf(stored) : null;
}

function summaryOf(rates: StoredRates): RatesKept {
  const days = new Set(Object.values(rates.currencies).flatMap((list) => list.map(([d]) => d)));
  return {
    file: rates.file,
    from: rates.from,
    to: rates.to,
    days: days.size,
    currencies: Object.keys(rates.currencies).filter((c) => rates.currencies[c]!.length > 0),
    importedAt: rates.importedAt,
  };
}
