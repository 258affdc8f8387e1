// The D441-6 table of one connection (d441.ts) through the ports: the aged balance on the
// closing day (computeReport's 'aging', the échéancier's one rule) and the year's invoices.
import { addDays } from '#shared/report-period.ts';
import type { D441Table } from '#shared/d441.ts';
import type { AgingReport, ReportPeriod } from '#shared/reports.ts';
import { computeD441, yearHt } from './d441.ts';
import { allOf } from './source.ts';
import { computeReport } from './index.ts';
import type { ReportSource } from './report-source.ts';

/** The year a closing day closes: the twelve months ending on it, unless `from` says. */
export function closedYear(closing: string, from?: string): ReportPeriod {
  const start = from ?? addDays(`${Number(closing.slice(0, 4)) - 1}${closing.slice(4)}`, 1);
  if (start > closing) throw new RangeError('the year starts after its closing day');
  return { from: start, to: closing, label: `${start}..${closing}` };
}

export async function d441Of(
  source: ReportSource,
  closing: string,
  options: { from?: string; now?: Date } = {},
): Promise<D441Table> {
  const period = closedYear(closing, options.from);
  const aging = (await computeReport(source, 'aging', period, {
    asOf: closing,
    ...(options.now ? { now: options.now } : {}),
  })) as AgingReport;
  const rows = await allOf(source.archive.datedRows(period.from, period.to));
  const company = await source.archive.company();
  return computeD441(aging, yearHt(rows, period), period, {
    name: company?.name ?? null,
    siren: company?.siren ?? null,
  });
}
