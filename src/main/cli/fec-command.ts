// `cli.ts fec` (issue 17, item 6): a period's FEC written without the window, for the scheduler
// and for our checks. The same entries as the app's Comptabilité screen, from the connection's
// archive (sync it first) and its accounting settings (the SIREN names the file).
//   npm run cli -- fec --connection demo-admin --period 2026-Q3 --out ./fec
//   npm run cli -- fec --connection "Cabinet Martin" --period 2026 --out . --separator pipe --json
// Exit codes: 0 done, 1 failed (one line on stderr says why), 2 bad usage.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FecEncoding, FecSeparator } from '#shared/accounting.ts';
import { isDay, parsePeriod } from '#shared/report-period.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { fecFileName, writeFec } from '../services/accounting/fec.ts';
import { commandFor, EXIT, writeJsonLine } from './command.ts';
import { writingFile } from './workbook.ts';
import { gapWarning } from './gap-warning.ts';
import { countText } from '#shared/i18n/plural.ts';

const INVOICES_HELD = { one: '{count} invoice held', other: '{count} invoices held' };

export const FEC_USAGE = `Usage: npm run cli -- fec --connection <id or name> --period P --out FOLDER [--separator tab|pipe] [--encoding utf-8|iso-8859-15] [--closing-date AAAA-MM-JJ] [--json]

  --connection ID|NAME   the connection (its id, or its name as shown in the app); the entries
                         come from its local archive (sync it first) and its accounting settings
  --period P             2026-10 (month), 2026-Q3 (quarter), 2026 (year) or
                         2026-01-15..2026-02-14 (days, both included)
  --out FOLDER           the folder the FEC goes into, under its legal name
                         <SIREN>FEC<AAAAMMJJ>.txt (the period's last day, or the closing date
                         given); replaced if it exists
  --closing-date D       the fiscal year's closing day (AAAA-MM-JJ) to name the file by, when the
                         period is part of that year; not before the period's last day
  --separator tab|pipe   the fields' separator (default tab)
  --encoding E           utf-8 (default) or iso-8859-15
  --json                 one JSON object on stdout: file, entries, lines, debit, credit (euros),
                         held and excluded (the invoices with no entry, and why); on failure
                         {"type":"summary","ok":false,"error":{...}}

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

const cli = commandFor(FEC_USAGE);

const OPTIONS = {
  connection: { type: 'string' },
  period: { type: 'string' },
  out: { type: 'string' },
  separator: { type: 'string' },
  encoding: { type: 'string' },
  'closing-date': { type: 'string' },
  json: { type: 'boolean' },
} as const;

interface FecRequest {
  period: ReportPeriod;
  separator: FecSeparator;
  encoding: FecEncoding;
  /** The day the file is named by (art. A47 A-1: the closing date of the year or period). */
  closingDate: string;
}

/** The period, separator and encoding the command line asks for, else a UsageError. */
function requestOf(values: {
  period?: string;
  separator?: string;
  encoding?: string;
  'closing-date'?: string;
}): FecRequest {
  const periodText = cli.required(values.period, 'period');
  const separator = values.separator ?? 'tab';
  if (separator !== 'tab' && separator !== 'pipe') throw cli.error('--separator is tab or pipe');
  const encoding = (values.encoding ?? 'utf-8').toLowerCase();
  if (encoding !== 'utf-8' && encoding !== 'iso-8859-15')
    throw cli.error('--encoding is utf-8 or iso-8859-15');
  let period: ReportPeriod;
  try {
    period = parsePeriod(periodText);
  } catch (error) {
    throw cli.error((error as Error).message);
  }
  const closingDate = values['closing-date'] ?? period.to;
  if (!isDay(closingDate)) throw cli.error('--closing-date is a day, AAAA-MM-JJ (e.g. 2026-12-31)');
  if (closingDate < period.to)
    throw cli.error(`--closing-date ${closingDate} is before the period's last day ${period.to}`);
  return { period, separator, encoding, closingDate };
}

const euros = (cents: number): number => Math.round(cents) / 100;

export async function run(argv: string[]): Promise<number> {
  return cli.run(argv, OPTIONS, { min: 0, max: 0 }, async ({ values }) => {
    const request = requestOf(values);
    const ref = cli.required(values.connection, 'connection');
    const folder = resolve(cli.required(values.out, 'out'));
    const json = values.json === true;

    return writingFile(json, async (services, signal) => {
      const connection = cli.connection(services, ref);
      if (!json) process.stderr.write(`computing the entries of ${request.period.label}…\n`);
      const ledger = await services.accounting.ledger(connection.id, request.period);
      // Named before anything is written: a company without SIREN is told to set it.
      const fileName = fecFileName(ledger.company.siren, request.closingDate);
      if (ledger.coverage.archivedInvoices === 0)
        process.stderr.write(`fec: the archive of "${connection.name}" is empty: sync it first\n`);
      const gap = gapWarning('fec', connection.name, request.period, ledger.coverage);
      if (gap) process.stderr.write(gap);
      mkdirSync(folder, { recursive: true });
      const path = join(folder, fileName);
      const written = await writeFec(path, ledger, {
        separator: request.separator,
        encoding: request.encoding,
        signal,
      });
      const aside = (list: typeof ledger.held | typeof ledger.leftOut) =>
        list.map((invoice) => ({
          number: invoice.number ?? invoice.invoiceId,
          reason: invoice.reason,
          direction: invoice.direction,
          invoiceId: invoice.invoiceId,
          ...(invoice.detail ? { detail: invoice.detail } : {}),
        }));
      if (json) {
        writeJsonLine({
          type: 'summary',
          ok: true,
          file: path,
          period: request.period,
          connection: connection.name,
          separator: request.separator,
          encoding: request.encoding,
          entries: written.entries,
          lines: written.lines,
          debit: euros(written.debitCents),
          credit: euros(written.creditCents),
          held: aside(ledger.held),
          excluded: aside(ledger.leftOut),
          toMap: ledger.toMap.length,
        });
      } else {
        process.stdout.write(
          `Wrote ${written.entries} entries (${written.lines} lines) of ${request.period.label} to ${path}\n` +
            `${countText(INVOICES_HELD, ledger.held.length, 'en')}, ${ledger.leftOut.length} left out.\n`,
        );
      }
      return EXIT.ok;
    });
  });
}
