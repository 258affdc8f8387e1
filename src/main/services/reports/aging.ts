// The échéancier: invoices not known as paid on a day, by how late they are against their due
// date, per counterparty, issued (receivables) and received (payables) apart. Amounts are what
// is left to pay, in integer cents. Paid means the operator said so (last status 211 "Paiement
// transmis" or 212 "Encaissée" by then) or the user marked it paid (user data) by then. Without
// either it is "not known as paid", not "unpaid": payment statuses are mandatory only for
// services taxed on payment (accounting.md), so most goods invoices never get one.
import { dayNumber } from '#shared/report-period.ts';
import type { PaidSource, PaymentMark } from '#shared/payments.ts';
import {
  AGING_BUCKETS,
  type AgingAmounts,
  type AgingPaid,
  type AgingBucket,
  type AgingCounterparty,
  type AgingLine,
  type AgingReport,
  type AgingSide,
  type ReportPeriod,
} from '#shared/reports.ts';
import {
  DIRECTION_ORDER,
  compareDirections,
  compareText,
  invoiceDay,
  reportInvoice,
  type ReportItem,
} from '../tax/invoice.ts';
import { exclusionReason, isCreditNote, statusPaidDay } from '../tax/rules.ts';
import type { ReportContext } from './vat.ts';
import { allocateCredits, paidBy, type OpenItem } from './open-items.ts';
import { systemClock } from '../clock.ts';

/** not due (0 days late or less), 1–30, 31–60, 61–90, over 90 days late. */
export function agingBucket(daysLate: number): AgingBucket {
  if (daysLate <= 0) return 'not_due';
  if (daysLate <= 30) return 'days_1_30';
  if (daysLate <= 60) return 'days_31_60';
  if (daysLate <= 90) return 'days_61_90';
  return 'over_90';
}

/** When and why an invoice is known as paid: the operator's status (211 or 212) first, it is
 * the operator's word; else the user's mark. Null when neither says so. An undated status
 * counts as paid on any day. */
export function paymentOf(
  item: ReportItem,
): { day: string | null; source: PaidSource; mark: PaymentMark | null } | null {
  const mark = item.mark ?? null;
  const status = statusPaidDay(item.row.lifecycleCode, item.row.lifecycleDate);
  // A mark dated before the status tells the earlier payment (a 212 can come weeks later).
  if (status && !(mark && status.day !== null && mark.paidOn < status.day))
    return { day: status.day, source: status.source, mark };
  if (mark) return { day: mark.paidOn, source: mark.source === 'bank' ? 'bank' : 'marked', mark };
  return null;
}

/** What an invoice counts for on `asOf`: left out (null), paid by then, or not known as paid. */
export function agingEntry(
  item: ReportItem,
  asOf: string,
): { paid: AgingPaid } | { line: AgingLine } | null {
  const { row } = item;
  if (exclusionReason(row.state, row.lifecycleCode) !== null) return null;
  const dated = invoiceDay(row);
  if (dated === null || dated > asOf) return null;
  const left = item.payableCents ?? row.ttcCents;
  if (left === null || left === undefined || left === 0) return null;
  const amountCents = (isCreditNote(row.typeCode) ? -1 : 1) * left || 0;
  const payment = paymentOf(item);
  const mark = payment?.mark ?? null;
  // A bank payment is no mark of the user's: nothing to take off, no "marquée le".
  const userMark = mark?.source === 'bank' ? null : mark;
  const markFields = {
    markedAt: userMark?.markedAt ?? null,
    note: userMark?.note ?? null,
    ...(userMark?.markedBy ? { markedBy: userMark.markedBy } : {}),
  };
  if (payment && (payment.day === null || payment.day <= asOf))
    return {
      paid: {
        ...reportInvoice(row),
        paidOn: payment.day,
        paidSource: payment.source,
        ...markFields,
        amountCents,
      },
    };
  // Parts the bank paid by the day are off what is still owed (open-items.ts).
  const paidPartCents = isCreditNote(row.typeCode) ? 0 : paidBy(item.partsPaid, asOf);
  if (paidPartCents > 0 && paidPartCents >= amountCents) {
    const lastDay = item.partsPaid!.filter((p) => p.day <= asOf).at(-1)!.day;
    return {
      paid: {
        ...reportInvoice(row),
        paidOn: lastDay,
        paidSource: 'bank',
        ...markFields,
        amountCents,
      },
    };
  }
  const dueOn = row.dueDate ?? dated;
  const daysLate = dayNumber(asOf) - dayNumber(dueOn);
  return {
    line: {
      ...reportInvoice(row),
      dueOn,
      daysLate,
      bucket: agingBucket(daysLate),
      amountCents: amountCents - paidPartCents,
      paidOn: payment?.day ?? null,
      paidSource: payment?.source ?? null,
      ...markFields,
      ...(paidPartCents > 0 ? { paidPartCents } : {}),
    },
  };
}

/** Past due: not known as paid and at least a day late on the as-of day. The one definition
 * of the portfolio's "échues", the échéancier's count of them and its workbook's sheet. */
export function isPastDue(line: Pick<AgingLine, 'daysLate'>): boolean {
  return line.daysLate > 0;
}

/** How many of `items` are past due on `asOf`: AgingReport.pastDue without building the
 * report (its grouping and sorting were most of its time), for the portfolio. */
export function countPastDue(items: Iterable<ReportItem>, asOf: string): number {
  let n = 0;
  for (const item of items) {
    const entry = agingEntry(item, asOf);
    if (entry && 'line' in entry && isPastDue(entry.line)) n += 1;
  }
  return n;
}

/** Counts what is past due on `asOf` once credit notes are allocated (allocateCredits): the
 * items are added a batch at a time, each kept as the little the allocation reads. */
export class PastDueCounter {
  readonly #asOf: string;
  readonly #open: (OpenItem & { daysLate: number })[] = [];
  #allocated = false;

  constructor(asOf: string) {
    this.#asOf = asOf;
  }

  add(items: Iterable<ReportItem>): void {
    for (const item of items) {
      const entry = agingEntry(item, this.#asOf);
      if (entry && 'line' in entry)
        this.#open.push({ ...openItem(entry.line, item), daysLate: entry.line.daysLate });
    }
  }

  count(): number {
    return this.pastDue().size;
  }

  /** The items past due once credit notes are allocated, by invoice id (the exceptions list's
   * past-due reason). */
  pastDue(): Map<string, { dueOn: string; daysLate: number }> {
    if (!this.#allocated) allocateCredits(this.#open);
    this.#allocated = true;
    const late = new Map<string, { dueOn: string; daysLate: number }>();
    for (const i of this.#open)
      if (i.amountCents !== 0 && isPastDue(i))
        late.set(i.id, { dueOn: i.dueOn, daysLate: i.daysLate });
    return late;
  }
}

/** What the credit allocation reads of an open line. */
function openItem(line: AgingLine, item: ReportItem): OpenItem {
  return {
    id: line.invoiceId,
    group: counterpartyKey(line, item.row.counterpartyVat),
    number: line.number,
    dated: line.invoiceDate ?? line.dueOn,
    dueOn: line.dueOn,
    amountCents: line.amountCents,
    credits: item.credits ?? null,
  };
}

/** The line of an invoice not known as paid on `asOf`, or null (paid by then, refused,
 * rejected, nothing due, or dated after `asOf`). */
export function agingLine(item: ReportItem, asOf: string): AgingLine | null {
  const entry = agingEntry(item, asOf);
  return entry && 'line' in entry ? entry.line : null;
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

export interface AgingOptions {
  /** Allocate credit notes to the invoices they credit (open-items.ts): the report pipeline
   * does; without it a credit note stays a negative line of its own. */
  allocateCredits?: boolean;
}

/** The échéancier on `asOf` over the archived invoices `items`. */
export function computeAgingReport(
  items: Iterable<ReportItem>,
  period: ReportPeriod,
  asOf: string,
  context: ReportContext,
  options: AgingOptions = {},
): AgingReport {
  const lines: AgingLine[] = [];
  const open: { line: AgingLine; item: ReportItem }[] = [];
  const paid: AgingPaid[] = [];
  let paidByStatus = 0;
  let paidByMark = 0;
  let paidByBank = 0;
  let paidByOthers = 0;
  const sides = new Map<
    string,
    { totals: Map<string, AgingAmounts>; parties: Map<string, AgingCounterparty> }
  >();
  for (const item of items) {
    const entry = agingEntry(item, asOf);
    if (!entry) continue;
    if ('paid' in entry) {
      const p = entry.paid;
      if (p.paidSource === 'marked' && p.markedBy) paidByOthers += 1;
      if (p.paidSource === 'marked') paidByMark += 1;
      else if (p.paidSource === 'bank') paidByBank += 1;
      else paidByStatus += 1;
      // The user's own marks all (to review or undo them); by status, the period's payments.
      if (p.markedAt !== null || (p.paidOn !== null && p.paidOn >= period.from)) paid.push(p);
      continue;
    }
    open.push({ line: entry.line, item });
  }
  if (options.allocateCredits) {
    const opened = open.map(({ line, item }) => openItem(line, item));
    allocateCredits(opened);
    open.forEach(({ line }, i) => {
      const { amountCents, creditedCents } = opened[i]!;
      line.amountCents = amountCents;
      if (creditedCents) line.creditedCents = creditedCents;
    });
  }
  for (const { line, item } of open) {
    if (options.allocateCredits && line.amountCents === 0) continue; // settled by a credit note
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
      compareDirections(a.direction, b.direction) ||
      b.daysLate - a.daysLate ||
      compareText(a.counterpartyName, b.counterpartyName) ||
      compareText(a.number, b.number),
  );
  paid.sort(
    (a, b) =>
      compareDirections(a.direction, b.direction) ||
      compareText(b.paidOn, a.paidOn) ||
      compareText(a.number, b.number),
  );
  return {
    kind: 'aging',
    period,
    asOf,
    sides: out,
    lines,
    paid,
    paidByStatus,
    paidByMark,
    ...(paidByOthers > 0 ? { paidByOthers } : {}),
    paidByBank,
    pastDue: lines.filter(isPastDue).length,
    coverage: context.coverage,
    generatedAt: (context.now ?? systemClock.now()).toISOString(),
  };
}
