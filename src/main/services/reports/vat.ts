// The TVA report: VAT collected (issued invoices) and deductible (received invoices) per month
// and per rate, from the VAT breakdowns (BG-23) of archived invoices. Each invoice counts in the
// month its VAT became due by its own taxPaymentOption (rules.ts), credit notes negative; the
// invoices that do not count are listed apart, never dropped. Every figure is the sum of its
// detail lines, in integer cents.
import { inPeriod, periodMonths } from '#shared/report-period.ts';
import type { Direction } from '#shared/operator/enums.ts';
import type {
  ReportCoverage,
  ReportPeriod,
  VatExcluded,
  VatFigure,
  VatHeld,
  VatPayment,
  VatBalance,
  VatLine,
  VatMonth,
  VatPending,
  VatReport,
  VatRule,
  VatTotal,
} from '#shared/reports.ts';
import { toCents } from '../archive/amounts.ts';
import {
  compareDirections,
  compareText,
  directionOf,
  invoiceDay,
  reportInvoice,
  type ReportItem,
} from '../tax/invoice.ts';
import { EU_COUNTRIES, intraEuDay, isCreditNote } from '../tax/rules.ts';
import { countryOf, isSelfAssessed, roundHalf } from '../tax/categories.ts';
import { paymentDay, vatDueDay, vatStanding } from '../tax/vat-due.ts';
import { systemClock } from '../clock.ts';

/** The accounting settings' default rate for reverse charge (20 %), in basis points. */
const DEFAULT_REVERSE_CHARGE_BP = 2000;

export interface ReportContext {
  coverage: ReportCoverage;
  /** When the report is computed (default now). */
  now?: Date;
  /** The French rate a reverse-charge line without one is self-assessed at (the accounting
   * settings'; default 20 %), in basis points. */
  reverseChargeRateBp?: number;
}

/** The lines one invoice adds to the report, or why it adds none. */
export type VatOutcome =
  | { kind: 'counted'; lines: VatLine[] }
  | { kind: 'held'; held: VatHeld }
  | { kind: 'pending'; pending: VatPending }
  | { kind: 'excluded'; excluded: VatExcluded }
  | { kind: 'outside' };

/** What one invoice does to the report of `period`. */
export function vatOutcome(
  item: ReportItem,
  period: ReportPeriod,
  reverseChargeRateBp = DEFAULT_REVERSE_CHARGE_BP,
): VatOutcome {
  const { row } = item;
  const dated = invoiceDay(row);
  // Where it stands (tax/vat-due.ts, as the CA3 and the entries): left out, held, or counted.
  const standing = vatStanding(row);
  if (standing.kind === 'left_out') {
    return inPeriod(dated, period)
      ? { kind: 'excluded', excluded: { ...reportInvoice(row), reason: standing.reason } }
      : { kind: 'outside' };
  }
  if (standing.kind === 'held') {
    // Held (207, 208) has no payment: what it would change is counted as if due on its date.
    // Listed in the period its VAT would be due in (its date without details), as the CA3.
    const asIf = countedOutcome(item, period, reverseChargeRateBp, true);
    const lines = asIf.kind === 'counted' ? asIf.lines : [];
    if (lines.length === 0) return { kind: 'outside' };
    const euros = lines.filter((l) => l.currency === 'EUR');
    const sum = (direction: string): number =>
      euros.filter((l) => l.direction === direction).reduce((s, l) => s + l.vatCents, 0);
    return {
      kind: 'held',
      held: {
        ...reportInvoice(row),
        reason: standing.reason,
        wouldChange: { collectedCents: sum('OUTBOUND'), deductibleCents: sum('INBOUND') },
      },
    };
  }
  return countedOutcome(item, period, reverseChargeRateBp, false);
}

/** The lines of an invoice that counts (or, `asIfDue`, of a held one: VAT on payment on its
 * invoice date), or why none is due in the period. */
function countedOutcome(
  item: ReportItem,
  period: ReportPeriod,
  reverseChargeRateBp: number,
  asIfDue: boolean,
): VatOutcome {
  const { row } = item;
  const facts = item.vat ?? null;
  const dated = invoiceDay(row);
  if (dated === null) return { kind: 'outside' };
  const typeCode = facts?.type ?? row.typeCode;
  const credit = isCreditNote(typeCode);
  const sign = credit ? -1 : 1;
  const base = {
    invoiceId: row.invoiceId,
    direction: directionOf(row),
    number: facts?.number ?? row.invoiceNumber,
    typeCode,
    creditNote: credit,
    invoiceDate: dated,
    counterpartyName: row.counterpartyName,
    counterpartySiren: row.counterpartySiren,
  };
  let paidBy: VatPayment | null = null; // the payment VAT on payment is due by, once known
  const line = (
    rule: VatRule,
    day: string,
    category: string | null,
    percent: number | null,
    baseCents: number,
    vatCents: number,
    currency: string,
  ): VatLine => ({
    ...base,
    rule,
    taxPointDate: day,
    month: day.slice(0, 7),
    category,
    percent,
    baseCents: sign * baseCents || 0,
    vatCents: sign * vatCents || 0,
    currency,
    selfAssessed: false,
    ...(rule === 'payment_date' ? { payment: paidBy } : {}),
  });

  if (!facts) {
    // Counted by its invoice date from the search's totals: named by its rule, never missing.
    if (!inPeriod(dated, period)) return { kind: 'outside' };
    return {
      kind: 'counted',
      lines: [
        line(
          'no_details',
          dated,
          null,
          null,
          row.htCents ?? 0,
          row.tvaCents ?? 0,
          row.currency ?? 'EUR',
        ),
      ],
    };
  }

  // Paid on the 212 day or the accountant's mark's (the mark wins): tax/vat-due.ts.
  const payment = asIfDue
    ? null
    : item.payment !== undefined
      ? item.payment
      : paymentDay(row, item.mark ?? null);
  const found = vatDueDay(facts, dated, facts.deliveryDate, payment);
  const due = asIfDue && found.rule === 'payment_date' ? { ...found, day: dated } : found;
  paidBy = due.payment;
  const paymentPending = due.rule === 'payment_date' && (due.day === null || due.day > period.to);
  const pendingOutcome = (): VatOutcome =>
    inPeriod(dated, period)
      ? {
          kind: 'pending',
          pending: {
            ...reportInvoice(row),
            number: base.number,
            typeCode,
            creditNote: credit,
            rule: 'payment_date',
            collectedOn: payment?.day ?? null,
            payment,
          },
        }
      : { kind: 'outside' };
  const currency = facts.currency || row.currency || 'EUR';
  const breakdown = facts.taxDetails;
  if (breakdown.length === 0) {
    // No breakdown at all: its totals, rate unknown, rather than nothing.
    if (paymentPending) return pendingOutcome();
    if (!inPeriod(due.day, period)) return { kind: 'outside' };
    return {
      kind: 'counted',
      lines: [
        line(
          due.rule,
          due.day as string,
          null,
          null,
          toCents(facts.basis) ?? 0,
          toCents(facts.tax) ?? 0,
          currency,
        ),
      ],
    };
  }
  const sellerCountry = countryOf(facts.sellerCountry, row.sellerVat);
  const sellerForeign = sellerCountry !== 'FR';
  const delivered =
    facts.deliveryDate && /^\d{4}-\d{2}-\d{2}$/.test(facts.deliveryDate)
      ? facts.deliveryDate
      : null;
  const intraEu = { rule: 'intra_eu' as const, day: intraEuDay(dated, delivered) };
  const services = (facts.processType ?? '').startsWith('S');
  const lines: VatLine[] = [];
  let waiting = false; // a line due on payment, not collected within the period
  for (const entry of breakdown) {
    const category = entry.categoryCode || null;
    const code = (category ?? '').toUpperCase();
    const percent = typeof entry.percent === 'number' ? entry.percent : null;
    const taxable = toCents(entry.taxableAmount?.amount) ?? 0;
    const tax = toCents(entry.taxAmount?.amount) ?? 0;
    const rateLine = {
      category: code,
      bp: percent === null ? null : Math.round(percent * 100),
      taxable,
      tax,
    };
    const selfAssessed = base.direction === 'INBOUND' && isSelfAssessed(rateLine, sellerForeign);
    // The day this line's VAT is due, as the CA3 counts it (reports/ca3-rules.ts): goods between
    // member states on the intra-EU day; self-assessed VAT from abroad never on payment (the
    // invoice's date); every other line by the invoice's own BT-8.
    const lineDue =
      code === 'K' && tax === 0 && (base.direction === 'OUTBOUND' || selfAssessed)
        ? intraEu
        : selfAssessed && sellerForeign && !services && EU_COUNTRIES.has(sellerCountry)
          ? intraEu
          : selfAssessed && sellerForeign && due.rule === 'payment_date'
            ? { rule: 'invoice_date' as const, day: dated }
            : due;
    if (lineDue === due && paymentPending) {
      waiting = true;
      continue;
    }
    if (!inPeriod(lineDue.day, period)) continue;
    const day = lineDue.day as string;
    const own = line(lineDue.rule, day, category, percent, taxable, tax, currency);
    if (!selfAssessed) {
      lines.push(own);
      continue;
    }
    // Reverse charge (accounting.md; the entries' rule, accounting/entries.ts): the buyer owes
    // the VAT at the French rate (the line's when given, else the settings') and deducts it:
    // shown on both sides, each on its own line.
    const bp = rateLine.bp !== null && rateLine.bp > 0 ? rateLine.bp : reverseChargeRateBp;
    const assessed: VatLine = {
      ...own,
      percent: bp / 100,
      vatCents: sign * roundHalf((taxable * bp) / 10_000) || 0,
      selfAssessed: true,
    };
    lines.push(assessed, { ...assessed, direction: 'OUTBOUND' });
  }
  if (lines.length > 0) return { kind: 'counted', lines };
  return waiting ? pendingOutcome() : { kind: 'outside' };
}

function figureKey(l: {
  direction: string;
  month: string;
  category: string | null;
  percent: number | null;
  currency: string;
  selfAssessed: boolean;
}): string {
  return `${l.direction}|${l.month}|${l.category ?? ''}|${l.percent ?? ''}|${l.currency}|${l.selfAssessed}`;
}

/** Collected first, months in order, then the rates from the highest (unknown last). */
export function compareFigures(
  a: Pick<VatFigure, 'direction' | 'month' | 'category' | 'percent' | 'currency'> & {
    selfAssessed?: boolean;
  },
  b: Pick<VatFigure, 'direction' | 'month' | 'category' | 'percent' | 'currency'> & {
    selfAssessed?: boolean;
  },
): number {
  return (
    compareDirections(a.direction, b.direction) ||
    compareText(a.month, b.month) ||
    // Self-assessed VAT (reverse charge) after the invoices' own, on lines of its own.
    (a.selfAssessed ? 1 : 0) - (b.selfAssessed ? 1 : 0) ||
    (a.category === null ? 1 : 0) - (b.category === null ? 1 : 0) ||
    (b.percent ?? -1) - (a.percent ?? -1) ||
    compareText(a.category, b.category) ||
    compareText(a.currency, b.currency)
  );
}

/** A sum of lines: their amounts, and the invoices they come from (counted once each). */
type Sum<T> = T & { baseCents: number; vatCents: number; invoices: number; seen: Set<string> };

/** Adds `l` to the sum kept under `key`, started from its grouping fields (`head`) at first. */
function addTo<T extends object>(
  sums: Map<string, Sum<T>>,
  key: string,
  l: VatLine,
  head: () => T,
): void {
  let sum = sums.get(key);
  if (!sum) {
    sum = { ...head(), baseCents: 0, vatCents: 0, invoices: 0, seen: new Set<string>() };
    sums.set(key, sum);
  }
  sum.baseCents += l.baseCents;
  sum.vatCents += l.vatCents;
  sum.seen.add(l.invoiceId);
}

/** The figures and totals as the sums of the lines. */
export function summarise(lines: readonly VatLine[]): { figures: VatFigure[]; totals: VatTotal[] } {
  const figures = new Map<string, VatFigure & { seen: Set<string> }>();
  const totals = new Map<string, VatTotal & { seen: Set<string> }>();
  for (const l of lines) {
    addTo(figures, figureKey(l), l, () => ({
      direction: l.direction,
      month: l.month,
      category: l.category,
      percent: l.percent,
      currency: l.currency,
      selfAssessed: l.selfAssessed,
    }));
    addTo(totals, `${l.direction}|${l.currency}`, l, () => ({
      direction: l.direction,
      currency: l.currency,
    }));
  }
  const strip = <T extends { seen: Set<string>; invoices: number }>({
    seen,
    ...rest
  }: T): Omit<T, 'seen'> => ({ ...rest, invoices: seen.size });
  return {
    figures: [...figures.values()].map(strip).sort(compareFigures),
    totals: [...totals.values()]
      .map(strip)
      .sort(
        (a, b) =>
          compareDirections(a.direction, b.direction) ||
          (a.currency === 'EUR' ? -1 : 0) - (b.currency === 'EUR' ? -1 : 0) ||
          compareText(a.currency, b.currency),
      ),
  };
}

export function compareLines(a: VatLine, b: VatLine): number {
  return (
    compareDirections(a.direction, b.direction) ||
    compareText(a.taxPointDate, b.taxPointDate) ||
    compareText(a.number, b.number) ||
    compareText(a.invoiceId, b.invoiceId) ||
    (b.percent ?? -1) - (a.percent ?? -1)
  );
}

const byDirectionAndDate = <
  T extends { direction: string; invoiceDate: string | null; number: string | null },
>(
  a: T,
  b: T,
): number =>
  compareDirections(a.direction as Direction, b.direction as Direction) ||
  compareText(a.invoiceDate, b.invoiceDate) ||
  compareText(a.number, b.number);

/** VAT per month in euros (other currencies are not converted): collected, deductible, net. */
export function vatByMonth(figures: readonly VatFigure[], months: readonly string[]): VatMonth[] {
  return months.map((month) => {
    let collectedCents = 0;
    let deductibleCents = 0;
    for (const f of figures) {
      if (f.month !== month || f.currency !== 'EUR') continue;
      if (f.direction === 'OUTBOUND') collectedCents += f.vatCents;
      else deductibleCents += f.vatCents;
    }
    return { month, collectedCents, deductibleCents, netCents: collectedCents - deductibleCents };
  });
}

/** The months together: the period's VAT in euros, collected, deductible and net. */
export function vatBalance(byMonth: readonly VatMonth[]): VatBalance {
  const balance: VatBalance = { collectedCents: 0, deductibleCents: 0, netCents: 0 };
  for (const m of byMonth) {
    balance.collectedCents += m.collectedCents;
    balance.deductibleCents += m.deductibleCents;
    balance.netCents += m.netCents;
  }
  return balance;
}

/** The TVA report of `period` over the archived invoices `items` (any order). */

export function computeVatReport(
  items: Iterable<ReportItem>,
  period: ReportPeriod,
  context: ReportContext,
): VatReport {
  const lines: VatLine[] = [];
  const pending: VatPending[] = [];
  const excluded: VatExcluded[] = [];
  const held: VatHeld[] = [];
  let withoutDetails = 0;
  for (const item of items) {
    const outcome = vatOutcome(item, period, context.reverseChargeRateBp);
    switch (outcome.kind) {
      case 'counted':
        lines.push(...outcome.lines);
        if (outcome.lines[0]?.rule === 'no_details') withoutDetails += 1;
        break;
      case 'pending':
        pending.push(outcome.pending);
        break;
      case 'excluded':
        excluded.push(outcome.excluded);
        break;
      case 'held':
        held.push(outcome.held);
        break;
      case 'outside':
        break;
    }
  }
  lines.sort(compareLines);
  const { figures, totals } = summarise(lines);
  const months = periodMonths(period);
  const byMonth = vatByMonth(figures, months);
  return {
    kind: 'vat',
    period,
    months,
    figures,
    totals,
    byMonth,
    balance: vatBalance(byMonth),
    lines,
    pending: pending.sort(byDirectionAndDate),
    excluded: excluded.sort(byDirectionAndDate),
    held: held.sort(byDirectionAndDate),
    withoutDetails,
    coverage: context.coverage,
    generatedAt: (context.now ?? systemClock.now()).toISOString(),
  };
}
