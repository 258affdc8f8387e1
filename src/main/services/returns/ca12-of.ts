// A connection's CA12 of a year from its archive: the CA3's computation run over that year and
// over the previous one (the instalments' base), through the reports' one entry point.
import type { Ca3Report } from '#shared/ca3.ts';
import type { Ca12Report } from '#shared/ca12.ts';
import { yearPeriod } from '#shared/report-period.ts';
import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';
import { computeReport, type ComputeReportOptions } from '../reports/index.ts';
import { computeCa12Report } from './ca12.ts';

export function ca12Of(
  store: ArchiveStore,
  year: number,
  options: Omit<ComputeReportOptions, 'wholeYear' | 'userData'> = {},
): Ca12Report {
  const annual = (y: number): Ca3Report =>
    computeReport(store, 'ca3', yearPeriod(y), { ...options, wholeYear: true }) as Ca3Report;
  return computeCa12Report(year, annual(year), annual(year - 1));
}
