// `cli.ts report ca12 --period YYYY`: the simplified regime's annual return (3517-S CA12) of a
// connection's year, to a workbook (its form, then the year's CA3 sheets), and with --json one
// object: each line by its code as printed, the instalments, the held / lacking / left-out
// invoices and the check against the entries.
import type { Language } from '#shared/contract.ts';
import { ca12JsonLines, isYearPeriod } from '#shared/ca12.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import type { Services } from '../services/index.ts';
import { ca12FileName, ca12Workbook } from '../services/export/layouts/ca12.ts';
import { ca12Of } from '../services/returns/ca12-of.ts';
import { ca3Lists } from './report-lists.ts';
import { runReportFile } from './report-file.ts';
import type { WorkbookOut } from './workbook.ts';

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
  return runReportFile(connectionOf, out, json, chosen, {
    kind: 'ca12',
    title: `the CA12 of ${year}`,
    compute: (source) => ca12Of(source, year),
    fileName: (language, owner) => ca12FileName(year, language, owner),
    workbook: ca12Workbook,
    identity: (report) => ({ period: report.period }),
    figures: (report) => {
      const { annual } = report;
      return {
        lines: ca12JsonLines(report),
        instalments: report.instalments,
        held: annual.held.length,
        lacking: annual.lacking.length,
        leftOut: annual.leftOut.length,
        lists: ca3Lists(annual),
        reconciliation: annual.reconciliation,
        conversions: annual.conversions ?? [],
        coverage: report.coverage,
      };
    },
  });
}
