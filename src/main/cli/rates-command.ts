// `cli.ts rates import` (issue 26, item 3): the European Central Bank's reference rates file,
// as published (eurofxref-hist.csv from the ECB's site, unzipped), kept for every connection of
// the data folder; the VAT return converts an invoice in another currency at the rate of the
// day its VAT became due. The app ships no rates and fetches none.
//   npm run cli -- rates import --file ~/Téléchargements/eurofxref-hist.csv
// Exit codes: 0 done, 1 failed or refused (each bad line on stderr; nothing imported), 2 bad usage.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppFailure } from '../services/app-failure.ts';
import { resolveDataDir } from '../services/paths.ts';
import { importEcbRates } from '../services/rates/import.ts';
import {
  EXIT,
  badSubcommand,
  parseCommandLine,
  required,
  runCommand,
  showUsage,
  writeJsonLine,
} from './command.ts';

export const RATES_USAGE = `Usage: npm run cli -- rates import --file FILE.csv [--json]
  import  reads the ECB's reference rates file as published (eurofxref-hist.csv: "Date,USD,JPY,…",
          one line a day, rates in units per euro, N/A where none) and keeps it for every
          connection, replacing the previous import; a file with a bad line is refused whole
          (each line and why on stderr) and the previous rates stay
  --file FILE.csv        the file to read
  --json                 one JSON object on stdout: {ok, file, from, to, days, currencies}

Exit codes: 0 done, 1 failed or refused (the reason on stderr), 2 bad usage.`;

const OPTIONS = { file: { type: 'string' }, json: { type: 'boolean' } } as const;

/** The published history is about 2 MB; a much bigger file is surely not it. */
const MAX_BYTES = 50 * 1024 * 1024;

function readText(path: string): string {
  try {
    if (statSync(path).size > MAX_BYTES)
      throw new AppFailure(
        'invalid_input',
        `The file "${path}" is over 50 MB: not the ECB's rates.`,
      );
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppFailure('not_found', `There is no file "${path}".`, { path });
    throw new AppFailure(
      'file',
      `The file "${path}" could not be read: ${(error as Error).message}`,
      { path },
    );
  }
}

export async function run(argv: string[]): Promise<number> {
  return runCommand(async () => {
    const { values, positionals } = parseCommandLine(argv, RATES_USAGE, OPTIONS, {
      min: 0,
      max: 1,
    });
    if (values.help) return showUsage(RATES_USAGE);
    if (positionals[0] !== 'import') return badSubcommand(positionals[0], RATES_USAGE);
    const path = resolve(required(values.file, 'file', RATES_USAGE));
    const imported = importEcbRates(resolveDataDir(), path, readText(path), new Date());
    if (values.json === true) writeJsonLine({ ok: true, ...imported });
    else
      process.stdout.write(
        `Imported the ECB rates of ${imported.currencies.length} currencies, ${imported.from} to ${imported.to} (${imported.days} days)\n`,
      );
    return EXIT.ok;
  });
}
