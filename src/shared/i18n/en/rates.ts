// The ECB's reference rates in the accounting settings (issue 26, item 3).
import type fr from '../fr/rates.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'ECB exchange rates',
  hint: 'The reference rates file the European Central Bank publishes (eurofxref-hist.csv, unzipped): an invoice in another currency without VAT in euros is converted at the rate of the day its VAT became due. It serves every client; the app ships and downloads none.',
  import: 'Import the rates file',
  none: 'No rates imported: invoices in another currency without VAT in euros stay aside.',
  kept: 'File {file} imported on {at}: {currencies} currencies, from {from} to {to} ({days} days).',
  imported: 'Rates imported: {currencies} currencies, from {from} to {to}.',
  readFailed: 'The file could not be read.',
  refused: {
    one: 'File refused, nothing was imported ({count} line at fault):',
    other: 'File refused, nothing was imported ({count} lines at fault):',
  },
  refusedLine: 'Line {line}: {reason}',
  problems: {
    header: 'the first line is not the ECB header “Date,USD,JPY,…”',
    currency: '“{code}” is not a currency code (three capitals)',
    currency_twice: 'the currency {code} is given twice',
    no_rates: 'the file has no rates',
    fields: '{fields} fields where the header has {header}',
    day: '“{day}” is not a day YYYY-MM-DD',
    day_twice: 'the day {day} is given twice',
    rate: '{code}: “{value}” is not a rate (a positive decimal with a dot, or N/A)',
  },
} as const satisfies Translation<typeof fr>;
