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
import { clockFromEnv } from '../services/clock.ts';
import { importEcbRates } from '../services/rates/import.ts';
import { findInvoice } from '../services/payments/invoice-ref.ts';
import { commandFor, EXIT, withServices, writeJsonLine } from './command.ts';

export const RATES_USAGE = `Usage: npm run cli -- rates import --file FILE.csv [--json]
       npm run cli -- rates set --connection <id or name> --invoice <number or id> (--rate R | --clear) [--json]
  import  reads the ECB's reference rates file as published (eurofxref-hist.csv: "Date,USD,JPY,…",
          one line a day, rates in units per euro, N/A where none) and keeps it for every
          connection, replacing the previous import; a file with a bad line is refused whole
          (each line and why on stderr) and the previous rates stay
  set     the rate of one invoice in another currency, used when the invoice gives no VAT in
          euros and the ECB published none up to its day: R units of its currency per euro
          (e.g. 0.8662 for GBP); --clear forgets it
  --file FILE.csv        the file to read
  --json                 one JSON object on stdout: {ok, file, from, to, days, currencies}

Exit codes: 0 done, 1 failed or refused (the reason on stderr), 2 bad usage.`;

const cli = commandFor(RATES_USAGE);

const OPTIONS = {
  file: { type: 'string' },
  connection: { type: 'string' },
  invoice: { type: 'string' },
  rate: { type: 'string' },
  clear: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const RATE = /^\d{1,9}(\.\d{1,10})?$/;

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
  return cli.run(argv, OPTIONS, { min: 0, max: 1 }, async ({ values, positionals }) => {
    if (positionals[0] === 'set') return setRate(values);
    if (positionals[0] !== 'import') return cli.badSubcommand(positionals[0]);
    const path = resolve(cli.required(values.file, 'file'));
    const imported = importEcbRates(
      resolveDataDir(),
      path,
      readText(path),
      clockFromEnv(process.env).now(),
    );
    if (values.json === true) writeJsonLine({ ok: true, ...imported });
    else
      process.stdout.write(
        `Imported the ECB rates of ${imported.currencies.length} currencies, ${imported.from} to ${imported.to} (${imported.days} days)\n`,
      );
    return EXIT.ok;
  });
}

/** `rates set`: the accountant's rate for one invoice, in the connection's user-data file. */
async function setRate(values: {
  connection?: string;
  invoice?: string;
  rate?: string;
  clear?: boolean;
  json?: boolean;
}): Promise<number> {
  const ref = cli.required(values.connection, 'connection');
  const invoiceRef = cli.required(values.invoice, 'invoice');
  const rate = values.rate?.trim().replace(',', '.');
  if ((rate === undefined) === (values.clear !== true))
    throw cli.error('set takes --rate R or --clear');
  if (rate !== undefined && (!RATE.test(rate) || Number(rate) === 0))
    throw cli.error('--rate is a positive decimal: units of the currency per euro');
  return withServices(async (services) => {
    const connection = cli.connection(services, ref);
    const archive = await services.archives.ports.existing(connection.id);
    const invoice = await findInvoice(archive, invoiceRef);
    // The currency the VAT rules read: the full invoice's (BT-5), else the search row's.
    const detail = (await archive?.invoice(invoice.invoiceId))?.detail;
    const currency = (
      detail?.businessData?.monetary?.invoiceCurrency ??
      invoice.currency ??
      'EUR'
    ).toUpperCase();
    if (currency === 'EUR')
      throw new AppFailure(
        'invalid_input',
        `${invoice.invoiceNumber ?? invoice.invoiceId} is in euros: no rate to set.`,
      );
    const userData = await services.userData.of(connection.id);
    await userData.saveInvoiceRate(
      invoice.invoiceId,
      rate === undefined ? null : { currency, rate },
      services.clock.now(),
    );
    if (values.json === true)
      writeJsonLine({
        ok: true,
        invoice: { id: invoice.invoiceId, number: invoice.invoiceNumber },
        currency,
        rate: rate ?? null,
      });
    else
      process.stdout.write(
        rate === undefined
          ? `Forgot the rate of ${invoice.invoiceNumber ?? invoice.invoiceId}\n`
          : `${invoice.invoiceNumber ?? invoice.invoiceId}: ${rate} ${currency} per euro\n`,
      );
    return EXIT.ok;
  });
}
