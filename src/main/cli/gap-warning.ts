// The line the commands that write a period's figures (fec, report) print when the archive's
// gap may reach that period (issue 27, item 3): a partition cut by the operator's window misses
// its oldest invoices, so a period that starts before the archive is complete may miss some.
import type { ReportCoverage, ReportPeriod } from '#shared/reports.ts';

/** The warning, or null when the period is whole in the archive. */
export function gapWarning(
  command: string,
  connectionName: string,
  period: ReportPeriod,
  coverage: ReportCoverage,
): string | null {
  if (coverage.partitionsCut === 0) return null;
  const since = coverage.completeSince?.slice(0, 10) ?? null;
  if (since !== null && period.from >= since) return null;
  return (
    `${command}: warning: the operator's window cut ${coverage.partitionsCut} partition(s) of the archive of "${connectionName}"` +
    (since ? `: it is complete only since ${since}` : '') +
    `, so ${period.label} may miss invoices; see \`archive status\`, then \`archive complete --ids-file FILE\`\n`
  );
}
