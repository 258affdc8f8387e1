// Importing the ECB's rates file (issue 26, item 3), for the CLI and the settings screen alike:
// the text checked whole (ecb-csv.ts), then kept for the firm (rates-file.ts); a refused file
// changes nothing and says each bad line.
import { basename } from 'node:path';
import { AppFailure } from '../app-failure.ts';
import { parseEcbCsv, type CsvProblem } from './ecb-csv.ts';
import { ratesPath, writeRates } from './rates-file.ts';

export interface RatesImported {
  file: string;
  from: string;
  to: string;
  days: number;
  currencies: string[];
}

/** Keeps the rates of `text` (the file named `file`) in the data folder, replacing the previous
 * import; an `invalid_input` failure listing `{ problems: CsvProblem[] }` when refused. */
export function importEcbRates(
  dataDir: string,
  file: string,
  text: string,
  now: Date,
): RatesImported {
  const parsed = parseEcbCsv(text);
  if (!parsed.ok)
    throw new AppFailure(
      'invalid_input',
      `The file ${basename(file)} is not the ECB's rates file, nothing was imported: ${parsed.problems
        .map((p: CsvProblem) => `line ${p.line}: ${p.reason}`)
        .join('; ')}`,
      { problems: parsed.problems },
    );
  const { rates } = parsed;
  writeRates(ratesPath(dataDir), { ...rates, importedAt: now.toISOString(), file: basename(file) });
  const days = new Set(Object.values(rates.currencies).flatMap((list) => list.map(([d]) => d)));
  return {
    file: basename(file),
    from: rates.from,
    to: rates.to,
    days: days.size,
    currencies: Object.keys(rates.currencies).filter((c) => rates.currencies[c]!.length > 0),
  };
}
