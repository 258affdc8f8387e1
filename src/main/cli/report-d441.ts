// `cli.ts report d441 --date YYYY-MM-DD`: the table of overdue invoices of the management report
// (Code de commerce art. D441-6) of a connection on its closing day, to a workbook, and with
// --json one object: each side's bands (count, amount TTC in cents, share in basis points),
// totals, the year's HT and the disputed invoices left out.
import type { Language } from '#shared/contract.ts';
import type { Services } from '../services/index.ts';
import { writeWorkbook } from '../services/export/workbook-writer.ts';
import { d441FileName, d441Workbook } from '../services/export/layouts/d441.ts';
import { d441Of } from '../services/reports/d441-of.ts';
import { EXIT, writeJsonLine } from './command.ts';
import { gapWarning } from './gap-warning.ts';
import {
  writingFile,
  workbookLanguage,
  workbookOwner,
  workbookPathOf,
  type WorkbookOut,
} from './workbook.ts';

export function runD441(
  connectionOf: (services: Services) => { id: string; name: string },
  closing: string,
  from: string | undefined,
  out: WorkbookOut,
  json: boolean,
  chosen: Language | undefined,
): Promise<number> {
  return writingFile(json, async (services, signal) => {
    const connection = connectionOf(services);
    const language = workbookLanguage(services, chosen);
    const owner = await workbookOwner(services, connection);
    if (!json) process.stderr.write(`computing the D441-6 table on ${closing}…\n`);
    const table = await services.readReports(connection.id, (source) =>
      d441Of(source, closing, { ...(from ? { from } : {}), now: services.clock.now() }),
    );
    const outPath = workbookPathOf(out, d441FileName(closing, language, owner));
    const written = await writeWorkbook(
      outPath,
      d441Workbook(() => table, language, {
        connectionName: connection.name,
        company: owner.company,
        appVersion: services.version,
      }),
      { signal },
    );
    const gap = gapWarning('report', connection.name, table.period, table.coverage);
    if (gap) process.stderr.write(gap);
    if (json) {
      writeJsonLine({
        type: 'summary',
        ok: true,
        file: outPath,
        report: 'd441',
        closing: table.closing,
        period: table.period,
        connection: connection.name,
        rows: Object.fromEntries(written.rows),
        sides: table.sides,
        coverage: table.coverage,
      });
    } else {
      process.stdout.write(`Wrote the D441-6 table on ${closing} to ${outPath}\n`);
    }
    return EXIT.ok;
  });
}
