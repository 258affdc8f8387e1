// A connection's CA12 of a year from its archive: the CA3's computation run over that year and
// over the previous one (the instalments' base), through the reports' one entry point.
import type { Ca3Report } from '#shared/ca3.ts';
import type { Ca12Report } from '#shared/ca12.ts';
import { yearPeriod } from '#shared/report-period.ts';
import { computeReport, type ComputeReportOptions } from '../reports/index.ts';
import { computeCa12Report } from './ca12.ts';
import type { TaxDeps } from './index.ts';
import { systemClock } from '../clock.ts';

/** What the reports read (whatever computeReport takes: no archive module named here). */
type ReportArchive = Parameters<typeof computeReport>[0];

export async function ca12Of(
  source: ReportArchive,
  year: number,
  options: Omit<ComputeReportOptions, 'wholeYear' | 'userData'> = {},
): Promise<Ca12Report> {
  const annual = async (y: number): Promise<Ca3Report> =>
    (await computeReport(source, 'ca3', yearPeriod(y), {
      ...options,
      wholeYear: true,
    })) as Ca3Report;
  return computeCa12Report(year, await annual(year), await annual(year - 1));
}

/** A connection's CA12 of `year` for the screen ('tax:ca12'). */
export function ca12For(deps: TaxDeps, connectionId: string, year: number): Promise<Ca12Report> {
  const now = (deps.now ?? systemClock.now)();
  return deps.readReports(connectionId, (source) => ca12Of(source, year, { now }));
}
