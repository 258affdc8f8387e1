// What the commands writing one report's workbook (report ca12, report d441) do alike: the
// report computed from the connection's archive, its workbook written where --out says, a
// warning when the archive's coverage leaves a gap, and the summary line (--json) or a sentence.
// Each command says only how its report is computed, named and summarized.
import type { Language } from '#shared/contract.ts';
import type { ReportCoverage, ReportPeriod } from '#shared/reports.ts';
import type { Services } from '../services/index.ts';
import type { ReportSource } from '../services/reports/report-source.ts';
import { writeWorkbook, type WorkbookPlan } from '../services/export/workbook-writer.ts';
import type { FileOwner } from '../services/export/output-name.ts';
import type { ReportAbout } from '../services/export/layouts/archive-about.ts';
import { EXIT, writeJsonLine } from './command.ts';
import { gapWarning } from './gap-warning.ts';
import {
  writingFile,
  workbookLanguage,
  workbookOwner,
  workbookPathOf,
  type WorkbookOut,
} from './workbook.ts';

export interface ReportFile<R extends { period: ReportPeriod; coverage: ReportCoverage }> {
  /** The report's name in the summary line ("report": …). */
  kind: string;
  /** What it is in a sentence: "the CA12 of 2025". */
  title: string;
  compute: (source: ReportSource, services: Services) => Promise<R>;
  fileName: (language: Language, owner: FileOwner) => string;
  workbook: (get: () => R, language: Language, about: ReportAbout) => WorkbookPlan;
  /** The summary's fields that say which report it is (before the connection's name). */
  identity: (report: R) => Record<string, unknown>;
  /** The summary's figures (after the rows written). */
  figures: (report: R) => Record<string, unknown>;
}

export function runReportFile<R extends { period: ReportPeriod; coverage: ReportCoverage }>(
  connectionOf: (services: Services) => { id: string; name: string },
  out: WorkbookOut,
  json: boolean,
  chosen: Language | undefined,
  spec: ReportFile<R>,
): Promise<number> {
  return writingFile(json, async (services, signal) => {
    const connection = connectionOf(services);
    const language = workbookLanguage(services, chosen);
    const owner = await workbookOwner(services, connection);
    if (!json) process.stderr.write(`computing ${spec.title}…\n`);
    const report = await services.readReports(connection.id, (source) =>
      spec.compute(source, services),
    );
    const outPath = workbookPathOf(out, spec.fileName(language, owner));
    const written = await writeWorkbook(
      outPath,
      spec.workbook(() => report, language, {
        connectionName: connection.name,
        company: owner.company,
        appVersion: services.version,
      }),
      { signal },
    );
    const gap = gapWarning('report', connection.name, report.period, report.coverage);
    if (gap) process.stderr.write(gap);
    if (json) {
      writeJsonLine({
        type: 'summary',
        ok: true,
        file: outPath,
        report: spec.kind,
        ...spec.identity(report),
        connection: connection.name,
        rows: Object.fromEntries(written.rows),
        ...spec.figures(report),
      });
    } else {
      process.stdout.write(`Wrote ${spec.title} to ${outPath}\n`);
    }
    return EXIT.ok;
  });
}
