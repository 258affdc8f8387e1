// The statuts report: the invoices dated in the period, counted per month (of their invoice date)
// and direction, by state and by last lifecycle code, and the list of those refused or rejected
// with their last status.
import { inPeriod, periodMonths } from '#shared/report-period.ts';
import type { ReportInvoice, ReportPeriod, StatusCount, StatusReport } from '#shared/reports.ts';
import {
  DIRECTION_ORDER,
  compareText,
  invoiceDay,
  reportInvoice,
  type ReportItem,
} from './invoice.ts';
import { exclusionReason } from './rules.ts';
import type { ReportContext } from './vat.ts';

function count(map: Map<string, StatusCount>, entry: Omit<StatusCount, 'count'>): void {
  const key = `${entry.month}|${entry.direction}|${entry.key ?? ''}`;
  const found = map.get(key);
  if (found) found.count += 1;
  else map.set(key, { ...entry, count: 1 });
}

function compareCounts(a: StatusCount, b: StatusCount): number {
  return (
    compareText(a.month, b.month) ||
    DIRECTION_ORDER.indexOf(a.direction) - DIRECTION_ORDER.indexOf(b.direction) ||
    compareText(a.key, b.key)
  );
}

export function computeStatusReport(
  items: Iterable<ReportItem>,
  period: ReportPeriod,
  context: ReportContext,
): StatusReport {
  const byState = new Map<string, StatusCount>();
  const byLifecycle = new Map<string, StatusCount>();
  const rejected: ReportInvoice[] = [];
  let invoices = 0;
  for (const { row } of items) {
    const dated = invoiceDay(row);
    if (!inPeriod(dated, period)) continue;
    invoices += 1;
    const invoice = reportInvoice(row);
    const month = (dated as string).slice(0, 7);
    count(byState, { month, direction: invoice.direction, key: row.state });
    count(byLifecycle, { month, direction: invoice.direction, key: row.lifecycleCode });
    if (exclusionReason(row.state, row.lifecycleCode) !== null) rejected.push(invoice);
  }
  rejected.sort(
    (a, b) =>
      compareText(b.lifecycleDate, a.lifecycleDate) ||
      compareText(b.invoiceDate, a.invoiceDate) ||
      compareText(a.number, b.number),
  );
  return {
    kind: 'status',
    period,
    months: periodMonths(period),
    byState: [...byState.values()].sort(compareCounts),
    byLifecycle: [...byLifecycle.values()].sort(compareCounts),
    rejected,
    invoices,
    coverage: context.coverage,
    generatedAt: (context.now ?? new Date()).toISOString(),
  };
}
