// The échéancier: invoices unpaid on a day (no 211 "Paiement transmis" or 212 "Encaissée" status
// by then), by how late they are against their due date, per counterparty, issued (receivables)
// and received (payables) apart. Amounts are what is left to pay, in integer cents.
import { dayNumber } from '#shared/report-period.ts';
import {
  AGING_BUCKETS,
  type AgingAmounts,
  type AgingBucket,
  type AgingCounterparty,
  type AgingLine,
  type AgingReport,
  type AgingSide,
  type ReportPeriod,
} from '#shared/reports.ts';
import {
  DIRECTION_ORDER,
  compareText,
  invoiceDay,
  reportInvoice,
  type ReportItem,
} from './invoice.ts';
import { exclusionReason, isCreditNote, paidBy } from './rules.ts';
import type { ReportContext } from './vat.ts';

/** not due (0 days late or less), 1–30, 31–60, 61–90, over 90 days late. */
export function agingBucket(daysLate: number): AgingBucket {
  if (daysLate <= 0) return 'not_due';
  if (daysLate <= 30) return 'days_1_30';
  if (daysLate <= 60) return 'days_31_60';
  if (daysLate <= 90) return 'days_61_90';
  return 'over_90';
}

/** The line of an invoice unpaid on `asOf`, or null (paid, refused, rejected, nothing due, or
 * dated after `asOf`). */
export function agingLine(item: ReportItem, asOf: string): AgingLine | null {
  const { row } = item;
  if (exclusionReason(row.state, row.lifecycleCode) !== null) return null;
  const dated = invoiceDay(row);
  if (dated === null || dated > asOf) return null;
  if (paidBy(row.lifecycleCode, row.lifecycleDate, asOf)) return null;
  const left = item.payableCents ?? row.ttcCents;
  if (left === null || left === undefined || left === 0) return null;
  const dueOn = row.dueDate ?? dated;
  const daysLate = dayNumber(asOf) - dayNumber(dueOn);
  return {
    ...reportInvoice(row),
    dueOn,
    daysLate,
    bucket: agingBucket(daysLate),
    amountCents: (isCreditNote(row.typeCode) ? -1 : 1) * left || 0,
  };
}

function emptyAmounts(currency: string): AgingAmounts {
  return { currency, buckets: AGING_BUCKETS.map(() => 0), totalCents: 0, invoices: 0 };
}

function add(amounts: AgingAmounts, line: AgingLine): void {
  amounts.buckets[AGING_BUCKETS.indexOf(line.bucket)]! += line.amountCents;
  amounts.totalCents += line.amountCents;
  amounts.invoices += 1;
}

/** The counterparty an invoice is grouped under: its SIREN, else its VAT number, else its name. */
function counterpartyKey(line: AgingLine, vat: string | null): string {
  const id = line.counterpartySiren ?? vat ?? `name:${line.counterpartyName ?? ''}`;
  return `${line.direction}|${line.currency}|${id}`;
}

/** The échéancier on `asOf` over the archived invoices `items`. */
export function computeAgingReport(
  items: Iterable<ReportItem>,
  period: ReportPeriod,
  asOf: string,
  context: ReportContext,
): AgingReport {
  const lines: AgingLine[] = [];
  const sides = new Map<
    string,
    { totals: Map<string, AgingAmounts>; parties: Map<string, AgingCounterparty> }
  >();
  for (const item of items) {
    const line = agingLine(item, asOf);
    if (!line) continue;
    lines.push(line);
    let side = sides.get(line.direction);
    if (!side) {
      side = { totals: new Map(), parties: new Map() };
      sides.set(line.direction, side);
    }
    let total = side.totals.get(line.currency);
    if (!total) {
      total = emptyAmounts(line.currency);
      side.totals.set(line.currency, total);
    }
    add(total, line);
    const key = counterpartyKey(line, item.row.counterpartyVat);
    let party = side.parties.get(key);
    if (!party) {
      party = {
        ...emptyAmounts(line.currency),
        name: line.counterpartyName,
        siren: line.counterpartySiren,
        vatNumber: item.row.counterpartyVat,
      };
      side.parties.set(key, party);
    }
    add(party, line);
  }
  const out: AgingSide[] = DIRECTION_ORDER.map((direction) => {
    const side = sides.get(direction);
    return {
      direction,
      totals: side
        ? [...side.totals.values()].sort(
            (a, b) =>
              (a.currency === 'EUR' ? -1 : 0) - (b.currency === 'EUR' ? -1 : 0) ||
              compareText(a.currency, b.currency),
          )
        : [],
      // Who owes the most (or is owed the most) first.
      counterparties: side
        ? [...side.parties.values()].sort(
            (a, b) =>
              (a.currency === 'EUR' ? -1 : 0) - (b.currency === 'EUR' ? -1 : 0) ||
              b.totalCents - a.totalCents ||
              compareText(a.name, b.name),
          )
        : [],
    };
  });
  lines.sort(
    (a, b) =>
      DIRECTION_ORDER.indexOf(a.direction) - DIRECTION_ORDER.indexOf(b.direction) ||
      b.daysLate - a.daysLate ||
      compareText(a.counterpartyName, b.counterpartyName) ||
      compareText(a.number, b.number),
  );
  return {
    kind: 'aging',
    period,
    asOf,
    sides: out,
    lines,
    coverage: context.coverage,
    generatedAt: (context.now ?? new Date()).toISOString(),
  };
}
