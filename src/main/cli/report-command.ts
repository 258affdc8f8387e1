// `cli.ts report`: a report (TVA, échéancier, statuts) written to Excel without the window, for
// scheduled jobs. The same computation and workbook as the app's Rapports screen, from the
// connection's archive (sync it first: `cli.ts sync`).
//   npm run cli -- report vat --connection demo-admin --period 2026-Q3 --out tva-t3.xlsx
//   npm run cli -- report aging --connection "Cabinet Martin" --period 2026-10 --out echeancier.xlsx --json
// Exit codes: 0 done, 1 failed (one line on stderr says why), 2 bad usage.
import type { Language } from '#shared/contract.ts';
import { ca3JsonBoxes, isReturnPeriod } from '#shared/ca3-layout.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { REPORT_KINDS, type Report, type ReportKind, type ReportPeriod } from '#shared/reports.ts';
import { prepareReportExport } from '../services/export/report-export.ts';
import { computeReport } from '../services/reports/index.ts';
import { commandFor, EXIT, writeJsonLine } from './command.ts';
import { gapWarning } from './gap-warning.ts';
import { ca12Year, runCa12 } from './report-ca12.ts';
import { runD441 } from './report-d441.ts';
import { ca3Lists, vatLists } from './report-lists.ts';
import {
  writingFile,
  workbookLanguage,
  workbookOut,
  workbookOwner,
  workbookPathOf,
} from './workbook.ts';

export const REPORT_USAGE = `Usage: npm run cli -- report vat|aging|status|ca3|ca12 --connection <id or name> --period P [--out FILE.xlsx|FOLDER] [--json]
       npm run cli -- report d441 --connection <id or name> --date YYYY-MM-DD [--from YYYY-MM-DD] [--out FILE.xlsx|FOLDER] [--json]

  vat                    TVA collected and deductible per month and rate
  aging                  échéancier: unpaid invoices by days late, per counterparty, at the
                         period's end (or today when it ends later)
  status                 invoices per state and lifecycle status per month, refused and rejected
  ca3                    the VAT return's draft (3310-CA3), box by box, laid out like the form,
                         one sheet per box's invoices; with --json, one object whose "boxes"
                         maps each box code as printed ("A1", "08", "TD"…) to its exact euros
                         (a rate line to { "base": …, "tax": … })
  ca12                   the simplified regime's annual return (3517-S CA12) of --period YYYY,
                         line by line, with its two instalments (from the previous year); its
                         workbook holds the year's CA3 sheets too; with --json, "lines" by code
  d441                   the table of overdue invoices of the management report (Code de
                         commerce art. D441-6): invoices received and issued, unpaid and past
                         due on the closing day --date, by lateness band, count, amount TTC and
                         share of the year's purchases / turnover HT (the year: the twelve
                         months ending on --date, or from --from); with --json, "sides"
  (vat, ca3 and ca12 with --json also print "lists": the invoices held, lacking or left
   out, each with its id, number, reason and what it would change in euros)
  --connection ID|NAME   the connection (its id, or its name as shown in the app); the report is
                         computed from its local archive: sync it first
  --period P             2026-10 (month), 2026-Q3 (quarter), 2026 (year) or
                         2026-01-15..2026-02-14 (days, both included)
  --out FILE.xlsx|FOLDER where to write the workbook (replaced if it exists); a folder, or no
                         --out (the current folder): under its default name,
                         "<company> <SIREN> <report> <period>.xlsx"
  --lang fr|en           the workbook's language (default: the app's)
  --json                 one JSON line per step on stdout, then a summary line with the totals

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

const cli = commandFor(REPORT_USAGE);

const OPTIONS = {
  connection: { type: 'string' },
  period: { type: 'string' },
  date: { type: 'string' },
  from: { type: 'string' },
  out: { type: 'string' },
  lang: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** The figures a scheduled job may want without opening the workbook. */
export function reportTotals(report: Report): unknown {
  switch (report.kind) {
    case 'vat':
      return {
        totals: report.totals,
        lines: report.lines.length,
        pending: report.pending.length,
        excluded: report.excluded.length,
        withoutDetails: report.withoutDetails,
        lists: vatLists(report),
      };
    case 'aging':
      return {
        asOf: report.asOf,
        sides: report.sides.map((s) => ({ direction: s.direction, totals: s.totals })),
        invoices: report.lines.length,
      };
    case 'status':
      return { invoices: report.invoices, rejected: report.rejected.length };
    case 'ca3':
      // Each box by its code as printed on the form, exact euros (a rate line { base, tax }).
      return {
        boxes: ca3JsonBoxes(report),
        carriedCreditCents: report.carriedCreditCents,
        held: report.held.length,
        lacking: report.lacking.length,
        leftOut: report.leftOut.length,
        lists: ca3Lists(report),
        reconciliation: report.reconciliation,
        declared: report.declared ?? null,
      };
    case 'vatCheck':
      // The three side by side, and every invoice they count differently, with why.
      return {
        vatReport: report.vatReport,
        ca3: report.ca3,
        entries: report.entries,
        agrees: report.agrees,
        differences: report.differences,
        payments: report.payments,
      };
  }
}

/** The report, its period and language the command line asks for, else a UsageError. */
function reportOf(
  name: string | undefined,
  values: { period?: string; lang?: string },
): { kind: ReportKind; period: ReportPeriod; language: Language | undefined } {
  if (!name || !(REPORT_KINDS as readonly string[]).includes(name))
    throw cli.error(`say which report: ${REPORT_KINDS.join(', ')}`);
  const periodText = cli.required(values.period, 'period');
  if (values.lang !== undefined && values.lang !== 'fr' && values.lang !== 'en')
    throw cli.error('--lang is fr or en');
  let period: ReportPeriod;
  try {
    period = parsePeriod(periodText);
  } catch (error) {
    throw cli.error((error as Error).message);
  }
  if (name === 'ca3' && !isReturnPeriod(period))
    throw cli.error('a VAT return (ca3) covers a month or a quarter');
  return { kind: name as ReportKind, period, language: values.lang };
}

/** `report ca12`: its own return over a calendar year (report-ca12.ts). */
function ca12Command(values: {
  connection?: string;
  period?: string;
  out?: string;
  lang?: string;
  json?: boolean;
}): Promise<number> {
  const periodText = cli.required(values.period, 'period');
  if (values.lang !== undefined && values.lang !== 'fr' && values.lang !== 'en')
    throw cli.error('--lang is fr or en');
  const year = (() => {
    try {
      return ca12Year(parsePeriod(periodText));
    } catch (error) {
      throw cli.error((error as Error).message);
    }
  })();
  if (year === null) throw cli.error('a CA12 covers a calendar year: --period YYYY');
  const ref = cli.required(values.connection, 'connection');
  const out = workbookOut(values.out, REPORT_USAGE);
  return runCa12(
    (services) => cli.connection(services, ref),
    year,
    out,
    values.json === true,
    values.lang,
  );
}

/** `report d441`: its closing day and, when given, the first day of the year it closes. */
function d441Command(values: {
  connection?: string;
  date?: string;
  from?: string;
  out?: string;
  lang?: string;
  json?: boolean;
}): Promise<number> {
  const closing = cli.required(values.date, 'date');
  for (const [name, value] of [
    ['date', closing],
    ['from', values.from],
  ] as const)
    if (value !== undefined && !isRealDay(value)) throw cli.error(`--${name} is a day YYYY-MM-DD`);
  if (values.from !== undefined && values.from > closing)
    throw cli.error('--from is on or before --date');
  if (values.lang !== undefined && values.lang !== 'fr' && values.lang !== 'en')
    throw cli.error('--lang is fr or en');
  const ref = cli.required(values.connection, 'connection');
  const out = workbookOut(values.out, REPORT_USAGE);
  return runD441(
    (services) => cli.connection(services, ref),
    closing,
    values.from,
    out,
    values.json === true,
    values.lang,
  );
}

/** A calendar day that exists, written YYYY-MM-DD. */
function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value)
  );
}

export async function run(argv: string[]): Promise<number> {
  return cli.run(argv, OPTIONS, { min: 0, max: 1 }, async ({ values, positionals }) => {
    if (positionals[0] === 'ca12') return ca12Command(values);
    if (positionals[0] === 'd441') return d441Command(values);
    const { kind, period, language: chosen } = reportOf(positionals[0], values);
    const ref = cli.required(values.connection, 'connection');
    const out = workbookOut(values.out, REPORT_USAGE);
    const json = values.json === true;
    // The CA3's --json is one object (its boxes), nothing before it: a return is small.
    const progressLines = json && kind !== 'ca3';

    return writingFile(json, async (services, signal) => {
      const connection = cli.connection(services, ref);
      const language = workbookLanguage(services, chosen);
      if (progressLines)
        writeJsonLine({ type: 'progress', phase: 'computing', report: kind, period });
      else if (!json) process.stderr.write(`computing the ${kind} report of ${period.label}…\n`);
      const exporting = prepareReportExport(
        {
          report: kind,
          period,
          language,
          connectionName: connection.name,
          owner: await workbookOwner(services, connection),
          appVersion: services.version,
        },
        () => services.readReports(connection.id, (source) => computeReport(source, kind, period)),
      );
      const outPath = workbookPathOf(out, exporting.fileName);
      let lastStep = -1;
      const written = await exporting.write(outPath, {
        signal,
        onProgress: ({ phase, rows, total }) => {
          // One line per thousand rows of the detail sheet: enough to see it move.
          const step = Math.floor(rows / 1000);
          if (!progressLines || step === lastStep) return;
          lastStep = step;
          writeJsonLine({ type: 'progress', phase, rows, total });
        },
      });
      const { report } = written;
      const gap = gapWarning('report', connection.name, period, report.coverage);
      if (gap) process.stderr.write(gap);
      if (report.coverage.archivedInvoices === 0)
        process.stderr.write(
          `report: the archive of "${connection.name}" is empty: sync it first\n`,
        );
      if (json) {
        writeJsonLine({
          type: 'summary',
          ok: true,
          file: outPath,
          report: kind,
          period,
          connection: connection.name,
          rows: Object.fromEntries(written.sheets),
          ...(reportTotals(report) as object),
          coverage: report.coverage,
        });
      } else {
        process.stdout.write(`Wrote the ${kind} report of ${period.label} to ${outPath}\n`);
      }
      return EXIT.ok;
    });
  });
}
