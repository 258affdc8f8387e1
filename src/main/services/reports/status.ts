// The statuts report: the invoices dated in the period, counted per month (of their invoice date)
// and direction, by state and by last lifecycle code, and the list of those refused or rejected
// with their last status.
import { inPeriod, periodMonths } from '#shared/report-period.ts';
import { INVOICE_STATES } from '#shared/operator/enums.ts';
import type {
  ReportInvoice,
  ReportPeriod,
  StatusCount,
  StatusCounts,
  StatusMatrix,
  StatusMatrixRow,
  StatusReport,
} from '#shared/reports.ts';
import { compareDirections, compareText, invoiceDay, reportInvoice } from '../tax/invoice.ts';
import type { ReportItem } from '../tax/invoice.ts';
import { exclusionReason } from '../tax/rules.ts';
import type { ReportContext } from './vat.ts';
import { systemClock } from '../clock.ts';

function count(map: Map<string, StatusCount>, entry: Omit<StatusCount, 'count'>): void {
  const key = `${entry.month}|${entry.direction}|${entry.key ?? ''}`;
  const found = map.get(key);
  if (found) found.count += 1;
  else map.set(key, { ...entry, count: 1 });
}

function compareCounts(a: StatusCount, b: StatusCount): number {
  return (
    compareText(a.month, b.month) ||
    compareDirections(a.direction, b.direction) ||
    compareText(a.key, b.key)
  );
}

/** The order of a matrix's keys: states in the interface's order, lifecycle codes in number
 * order, "no status" last. */
function rank(key: string | null): number {
  if (key === null) return 10_000;
  const state = (INVOICE_STATES as readonly string[]).indexOf(key);
  return state >= 0 ? state : Number(key) || 9_999;
}

/** The month × key matrix of counts, per direction and both together. */
export function statusMatrix(
  counts: readonly StatusCount[],
  months: readonly string[],
): StatusMatrix {
  const keys = [...new Set(counts.map((c) => c.key))].sort((a, b) => rank(a) - rank(b));
  const column = new Map(keys.map((key, index) => [key, index]));
  const zero = (): StatusCounts => ({
    counts: { all: keys.map(() => 0), OUTBOUND: keys.map(() => 0), INBOUND: keys.map(() => 0) },
    total: { all: 0, OUTBOUND: 0, INBOUND: 0 },
  });
  const rows: StatusMatrixRow[] = months.map((month) => ({ month, ...zero() }));
  const totals = zero();
  const row = new Map(rows.map((r) => [r.month, r]));
  for (const c of counts) {
    const target = row.get(c.month);
    const index = column.get(c.key) as number;
    if (!target) continue;
    // Row and column totals here, once: the screen and the workbook read them.
    for (const sums of [target, totals])
      for (const side of [c.direction, 'all'] as const) {
        (sums.counts[side][index] as number) += c.count;
        sums.total[side] += c.count;
      }
  }
  return { keys, rows, totals };
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
  const months = periodMonths(period);
  const stateCounts = [...byState.values()].sort(compareCounts);
  const lifecycleCounts = [...byLifecycle.values()].sort(compareCounts);
  return {
    kind: 'status',
    period,
    months,
    byState: stateCounts,
    byLifecycle: lifecycleCounts,
    stateMatrix: statusMatrix(stateCounts, months),
    lifecycleMatrix: statusMatrix(lifecycleCounts, months),
    rejected,
    invoices,
    coverage: context.coverage,
    generatedAt: (context.now ?? systemClock.now()).toISOString(),
  };
}
