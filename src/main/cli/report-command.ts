// `cli.ts report`: a report (TVA, échéancier, statuts) written to Excel without the window, for
// scheduled jobs. The same computation and workbook as the app's Rapports screen, from the
// connection's archive (sync it first: `cli.ts sync`).
//   npm run cli -- report vat --connection demo-admin --period 2026-Q3 --out tva-t3.xlsx
//   npm run cli -- report aging --connection "Cabinet Martin" --period 2026-10 --out echeancier.xlsx --json
// Exit codes: 0 done, 1 failed (one line on stderr says why), 2 bad usage.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ERROR_REASONS,
  type AppError,
  type ConnectionSummary,
  type ErrorReason,
  type Language,
} from '#shared/contract.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { REPORT_KINDS, type Report, type ReportKind, type ReportPeriod } from '#shared/reports.ts';
import { resolveLanguage } from '../handlers.ts';
import { toAppError } from '../services/errors.ts';
import { isExportError } from '../services/export/export-error.ts';
import { createServices, stderrLogger, type Logger, type Services } from '../services/index.ts';
import { resolveDataDir } from '../services/paths.ts';
import { computeReport, prepareReportExport } from '../services/reports/index.ts';

export const REPORT_USAGE = `Usage: npm run cli -- report vat|aging|status --connection <id or name> --period P --out FILE.xlsx [--json]

  vat                    TVA collected and deductible per month and rate
  aging                  échéancier: unpaid invoices by days late, per counterparty, at the
                         period's end (or today when it ends later)
  status                 invoices per state and lifecycle status per month, refused and rejected
  --connection ID|NAME   the connection (its id, or its name as shown in the app); the report is
                         computed from its local archive: sync it first
  --period P             2026-10 (month), 2026-Q3 (quarter), 2026 (year) or
                         2026-01-15..2026-02-14 (days, both included)
  --out FILE.xlsx        where to write the workbook (replaced if it exists)
  --lang fr|en           the workbook's language (default: the app's)
  --json                 one JSON line per step on stdout, then a summary line with the totals

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

export interface ReportCommandOptions {
  /** Test seam: services built by the caller (closed by the command). */
  services?: () => Services;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  log?: Logger;
  /** The clock (tests): the échéancier's day when the period runs past today. */
  now?: Date;
}

class UsageError extends Error {}

const OPTIONS = {
  connection: { type: 'string' },
  period: { type: 'string' },
  out: { type: 'string' },
  lang: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A connection by id, else by its exact name, else by its name in any case if only one has it. */
export function findConnection(
  connections: readonly ConnectionSummary[],
  wanted: string,
): ConnectionSummary {
  const byId = connections.find((c) => c.id === wanted);
  if (byId) return byId;
  const exact = connections.filter((c) => c.name === wanted);
  const loose = exact.length
    ? exact
    : connections.filter((c) => c.name.toLocaleLowerCase() === wanted.toLocaleLowerCase());
  if (loose.length === 1) return loose[0] as ConnectionSummary;
  const known = connections.map((c) => `"${c.name}" (${c.id})`).join(', ');
  throw new UsageError(
    loose.length > 1
      ? `several connections are named "${wanted}": give its id instead (${loose.map((c) => c.id).join(', ')})`
      : `no connection "${wanted}"; the connections are: ${known}`,
  );
}

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
      };
    case 'aging':
      return {
        asOf: report.asOf,
        sides: report.sides.map((s) => ({ direction: s.direction, totals: s.totals })),
        invoices: report.lines.length,
      };
    case 'status':
      return { invoices: report.invoices, rejected: report.rejected.length };
  }
}

/** The envelope's words for a failure, a file that could not be written included. */
function errorOf(error: unknown): AppError {
  if (isExportError(error)) {
    if (error.kind === 'cancelled') return { kind: 'cancelled', message: error.message };
    return {
      kind: 'file',
      message: error.message,
      ...((ERROR_REASONS as readonly string[]).includes(error.kind)
        ? { reason: error.kind as ErrorReason }
        : {}),
    };
  }
  return toAppError(error);
}

export async function runReportCommand(
  argv: string[],
  options: ReportCommandOptions = {},
): Promise<number> {
  const stdout = options.stdout ?? ((text) => void process.stdout.write(text));
  const stderr = options.stderr ?? ((text) => void process.stderr.write(text));
  const usage = (message: string): number => {
    stderr(`report: ${message}\n\n${REPORT_USAGE}\n`);
    return 2;
  };

  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: OPTIONS,
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    return usage((error as Error).message);
  }
  if (values.help) {
    stdout(`${REPORT_USAGE}\n`);
    return 0;
  }
  let kind: ReportKind;
  let period: ReportPeriod;
  let language: Language | undefined;
  try {
    const [name, ...extra] = positionals;
    if (!name || !(REPORT_KINDS as readonly string[]).includes(name))
      throw new UsageError(`say which report: ${REPORT_KINDS.join(', ')}`);
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
    kind = name as ReportKind;
    if (!values.connection?.trim()) throw new UsageError('--connection is required');
    if (!values.period?.trim()) throw new UsageError('--period is required, e.g. 2026-Q3');
    if (!values.out?.trim()) throw new UsageError('--out FILE.xlsx is required');
    if (!/\.xlsx$/i.test(values.out)) throw new UsageError('--out must name an .xlsx file');
    if (values.lang !== undefined && values.lang !== 'fr' && values.lang !== 'en')
      throw new UsageError('--lang is fr or en');
    language = values.lang as Language | undefined;
    try {
      period = parsePeriod(values.period);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  }

  const outPath = resolve(values.out as string);
  const log = options.log ?? stderrLogger;
  const services =
    options.services?.() ?? createServices({ dataDir: resolveDataDir(), shell: 'browser', log });
  const json = values.json === true;
  const line = (value: unknown) => stdout(`${JSON.stringify(value)}\n`);

  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    let connection: ConnectionSummary;
    try {
      connection = findConnection(await services.connections.list(), values.connection as string);
    } catch (error) {
      if (error instanceof UsageError) return usage(error.message);
      throw error;
    }
    language ??= resolveLanguage(
      services.env,
      services.connections.getSettings(),
      services.osLocale(),
    ).language;
    try {
      if (json) line({ type: 'progress', phase: 'computing', report: kind, period });
      else stderr(`computing the ${kind} report of ${period.label}…\n`);
      const exporting = prepareReportExport(
        {
          report: kind,
          period,
          language,
          connectionName: connection.name,
          appVersion: services.version,
          ...(options.now ? { now: options.now } : {}),
        },
        () =>
          services.readArchive(connection.id, (archive) =>
            computeReport(archive, kind, period, options.now ? { now: options.now } : {}),
          ),
      );
      let lastStep = -1;
      const written = await exporting.write(outPath, {
        signal: controller.signal,
        onProgress: ({ phase, rows, total }) => {
          // One line per thousand rows of the detail sheet: enough to see it move.
          const step = Math.floor(rows / 1000);
          if (!json || step === lastStep) return;
          lastStep = step;
          line({ type: 'progress', phase, rows, total });
        },
      });
      const { report } = written;
      if (report.coverage.archivedInvoices === 0)
        stderr(`report: the archive of "${connection.name}" is empty: sync it first\n`);
      const rows = Object.fromEntries(written.sheets);
      if (json) {
        line({
          type: 'summary',
          ok: true,
          file: outPath,
          report: kind,
          period,
          connection: connection.name,
          rows,
          ...(reportTotals(report) as object),
          coverage: report.coverage,
        });
      } else {
        stdout(`Wrote the ${kind} report of ${period.label} to ${outPath}\n`);
      }
      return 0;
    } catch (error) {
      const appError = errorOf(error);
      const reason = appError.reason ? ` (${appError.reason})` : '';
      if (json) {
        line({
          type: 'summary',
          ok: false,
          error: {
            kind: appError.kind,
            ...(appError.reason ? { reason: appError.reason } : {}),
            message: appError.message,
          },
        });
      }
      const oneLine = appError.message.replace(/\s*\n\s*/g, ' ');
      stderr(`report failed: ${appError.kind}${reason}: ${oneLine}\n`);
      return 1;
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await services.close();
  }
}
