// `cli.ts report d441 --date YYYY-MM-DD`: the table of overdue invoices of the management report
// (Code de commerce art. D441-6) of a connection on its closing day, to a workbook, and with
// --json one object: each side's bands (count, amount TTC in cents, share in basis points),
// totals, the year's HT and the disputed invoices left out.
import type { Language } from '#shared/contract.ts';
import type { Services } from '../services/index.ts';
import { d441FileName, d441Workbook } from '../services/export/layouts/d441.ts';
import { d441Of } from '../services/reports/d441-of.ts';
import { runReportFile } from './report-file.ts';
import type { WorkbookOut } from './workbook.ts';

export function runD441(
  connectionOf: (services: Services) => { id: string; name: string },
  closing: string,
  from: string | undefined,
  out: WorkbookOut,
  json: boolean,
  chosen: Language | undefined,
): Promise<number> {
  return runReportFile(connectionOf, out, json, chosen, {
    kind: 'd441',
    title: `the D441-6 table on ${closing}`,
    compute: (source, services) =>
      d441Of(source, closing, { ...(from ? { from } : {}), now: services.clock.now() }),
    fileName: (language, owner) => d441FileName(closing, language, owner),
    workbook: d441Workbook,
    identity: (table) => ({ closing: table.closing, period: table.period }),
    figures: (table) => ({ sides: table.sides, coverage: table.coverage }),
  });
}
