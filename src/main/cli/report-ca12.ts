// `cli.ts report ca12 --period YYYY`: the simplified regime's annual return (3517-S CA12) of a
// connection's year, to a workbook (its form, then the year's CA3 sheets), and with --json one
// object: each line by its code as printed, the instalments, the held / lacking / left-out
// invoices and the check against the entries.
import type { Language } from '#shared/contract.ts';
import { ca12JsonLines, isYearPeriod } from '#shared/ca12.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import type { Services } from '../services/index.ts';
import { writeWorkbook } from '../services/export/workbook-writer.ts';
import { ca12FileName, ca12Workbook } from '../services/export/layouts/ca12.ts';
import { ca12Of } from '../services/returns/ca12-of.ts';
import { EXIT, writeJsonLine } from './command.ts';
import { gapWarning } from './gap-warning.ts';
import { ca3Lists } from './report-lists.ts';
import {
  writingFile,
  workbookLanguage,
  workbookOwner,
  workbookPathOf,
  type WorkbookOut,
} from './workbook.ts';

/** The year of a CA12's period, or null when the period is not a calendar year. */
export function ca12Year(period: ReportPeriod): number | null {
  return isYearPeriod(period) ? Number(period.from.slice(0, 4)) : null;
}

export function runCa12(
  connectionOf: (services: Services) => { id: string; name: string },
  year: number,
  out: WorkbookOut,
  json: boolean,
  chosen: Language | undefined,
): Promise<number> {
  return writingFile(json, async (services, signal) => {
    const connection = connectionOf(services);
    const language = workbookLanguage(services, chosen);
    const owner = await workbookOwner(services, connection);
    if (!json) process.stderr.write(`computing the CA12 of ${year}…\n`);
    const report = await services.readReports(connection.id, (source) => ca12Of(source, year));
    const outPath = workbookPathOf(out, ca12FileName(year, language, owner));
    const written = await writeWorkbook(
      outPath,
      ca12Workbook(() => report, language, {
        connectionName: connection.name,
        company: owner.company,
        appVersion: services.version,
      }),
      { signal },
    );
    const gap = gapWarning('report', connection.name, report.period, report.coverage);
    if (gap) process.stderr.write(gap);
    if (json) {
      const { annual } = report;
      writeJsonLine({
        type: 'summary',
        ok: true,
        file: outPath,
        report: 'ca12',
        period: report.period,
        connection: connection.name,
        rows: Object.fromEntries(written.rows),
        lines: ca12JsonLines(report),
        instalments: report.instalments,
        held: annual.held.length,
        lacking: annual.lacking.length,
        leftOut: annual.leftOut.length,
        lists: ca3Lists(annual),
        reconciliation: annual.reconciliation,
        conversions: annual.conversions ?? [],
        coverage: report.coverage,
      });
    } else {
      process.stdout.write(`Wrote the CA12 of ${year} to ${outPath}\n`);
    }
    return EXIT.ok;
  });
}
