// The CA3 draft (3310-CA3, issue 18): a month's or a quarter's VAT return box by box, from the
// archive and the company's accounting settings, each box with the invoices behind it and the
// rule that put each one there (ca3-rules.ts); what is held, lacking or left out, named; and the
// check against the entries of the same period (accounting/entries.ts, run on the same rows):
// the return's collected and deductible VAT against the VAT accounts' movements, every
// difference explained invoice by invoice. Pure: the caller reads the archive and user data.
import {
  CA3_BASE_BOXES,
  CA3_RATE_BOXES,
  CA3_TOTAL_BOXES,
  type Ca3Aside,
  type Ca3Box,
  type Ca3BoxCode,
  type Ca3Contribution,
  type Ca3Explanation,
  type Ca3GapReason,
  type Ca3Side,
  type Ca3Reconciliation,
  type Ca3Report,
  wholeEuros,
} from '#shared/ca3.ts';
import { isYearPeriod } from '#shared/ca12.ts';
import type { Entry } from '#shared/accounting.ts';
import { daysInMonth } from '#shared/report-period.ts';
import type { ReportCoverage, ReportInvoice, ReportPeriod } from '#shared/reports.ts';
import type { Ca3Row } from '../archive/ports.ts';
import { accountLabels } from '../accounting/account-labels.ts';
import { invoiceOutcome } from '../accounting/entries.ts';
import { directionOf, invoiceDay } from '../tax/invoice.ts';
import { taxPointRule } from '../tax/rules.ts';
import { ca3Outcome, partAmount, type Ca3Part, type Ca3RuleContext } from './ca3-rules.ts';
import { systemClock } from '../clock.ts';

export interface Ca3Context extends Ca3RuleContext {
  /** Line 22 as the accountant entered it for this period (user data). */
  carriedCreditCents: number;
  company: { siren: string | null; name: string | null };
  coverage: ReportCoverage;
  now?: Date;
  /** The simplified regime's year (the CA12 lays it out, returns/ca12.ts): a whole calendar
   * year instead of a month or a quarter, the same rules. */
  wholeYear?: boolean;
}

/** A return covers a month or a quarter (the company's regime): else a RangeError. */
export function checkReturnPeriod(period: ReportPeriod): void {
  const from = /^(\d{4})-(\d{2})-01$/.exec(period.from);
  const to = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period.to);
  if (from && to) {
    const [year, month] = [Number(from[1]), Number(from[2])];
    const months = (Number(to[1]) - year) * 12 + Number(to[2]) - month + 1;
    const lastDay = Number(to[3]) === daysInMonth(Number(to[1]), Number(to[2]));
    if (lastDay && (months === 1 || (months === 3 && (month - 1) % 3 === 0))) return;
  }
  throw new RangeError(
    `A VAT return covers a month or a quarter, not ${period.from} to ${period.to}.`,
  );
}

/** A CA12 covers a calendar year, whole: else a RangeError. */
export function checkYearPeriod(period: ReportPeriod): void {
  if (!isYearPeriod(period))
    throw new RangeError(`A CA12 covers a calendar year, not ${period.from} to ${period.to}.`);
}

const RATE = new Set<string>(CA3_RATE_BOXES);
const DEDUCTIBLE = new Set<string>(['19', '20']);

/** The VAT an invoice's entries put in the period's VAT accounts: collected (credit − debit of
 * 44571 and 4452), deductible (debit − credit of 44566, 44562 and 445662). */
function entriesVat(
  entries: readonly Entry[],
  collectedAccounts: ReadonlySet<string>,
  deductibleAccounts: ReadonlySet<string>,
): { collected: number; deductible: number } {
  let collected = 0;
  let deductible = 0;
  for (const entry of entries)
    for (const line of entry.lines) {
      if (collectedAccounts.has(line.account)) collected += line.creditCents - line.debitCents;
      if (deductibleAccounts.has(line.account)) deductible += line.debitCents - line.creditCents;
    }
  return { collected, deductible };
}

interface Gap {
  invoice: Ca3Row;
  returnVat: { collected: number; deductible: number };
  entriesVat: { collected: number; deductible: number };
  due: Ca3Part[];
  notDue: Ca3Part[];
  aside: Ca3Aside | null;
}

/** Why an invoice's VAT differs between the return and the entries: the facts, which the
 * screen and the workbook word in the user's language (src/shared/ca3-explanation.ts). */
export function explainGap(gap: Gap, period: ReportPeriod): Ca3Explanation {
  const { row } = gap.invoice;
  const dated = invoiceDay(row);
  const inside = dated !== null && dated >= period.from && dated <= period.to;
  const elsewhere = gap.notDue[0];
  const inPeriodPart = gap.due[0];
  let reason: Ca3GapReason;
  let part: Ca3Part | undefined;
  if (gap.aside?.reason === 'other_rate') reason = 'other_rate';
  else if (inside && elsewhere) [reason, part] = ['due_outside', elsewhere];
  else if (!inside && inPeriodPart) [reason, part] = ['due_inside', inPeriodPart];
  else if (inside && gap.invoice.facts && taxPointRule(gap.invoice.facts) === 'payment_date')
    reason = 'reverse_charge_unpaid';
  else reason = 'counted_differently';
  const side = (key: 'collected' | 'deductible'): Ca3Side | null =>
    gap.returnVat[key] === gap.entriesVat[key]
      ? null
      : { returnCents: gap.returnVat[key], entriesCents: gap.entriesVat[key] };
  return {
    invoiceId: row.invoiceId,
    number: row.invoiceNumber,
    counterpartyName: row.counterpartyName,
    invoiceDate: dated,
    reason,
    dueDay: part?.dueDay ?? null,
    basis: part?.basis ?? null,
    collected: side('collected'),
    deductible: side('deductible'),
  };
}

const byInvoice = <
  T extends {
    direction: string;
    invoiceDate: string | null;
    number: string | null;
    invoiceId: string;
  },
>(
  a: T,
  b: T,
): number =>
  (a.direction === b.direction ? 0 : a.direction === 'OUTBOUND' ? -1 : 1) ||
  (a.invoiceDate ?? '').localeCompare(b.invoiceDate ?? '') ||
  (a.number ?? '').localeCompare(b.number ?? '') ||
  a.invoiceId.localeCompare(b.invoiceId);

/** The CA3 draft of `context.period` from the archive's candidates (archive ca3Rows). */
export function computeCa3Report(invoices: Iterable<Ca3Row>, context: Ca3Context): Ca3Report {
  const { period, settings } = context;
  if (context.wholeYear) checkYearPeriod(period);
  else checkReturnPeriod(period);
  const accounts = settings.accounts;
  const collectedAccounts = new Set([accounts.vatCollected, accounts.vatReverseChargeDue]);
  const deductibleAccounts = new Set([
    accounts.vatDeductible,
    accounts.vatDeductibleAssets,
    accounts.vatReverseChargeDeductible,
  ]);
  const label = accountLabels(accounts);
  const contributions = new Map<Ca3BoxCode, Ca3Contribution[]>();
  const held: Ca3Aside[] = [];
  const lacking: Ca3Aside[] = [];
  const leftOut: (ReportInvoice & { reason: string })[] = [];
  const gaps: Gap[] = [];
  let collectedEntries = 0;
  let deductibleEntries = 0;

  for (const invoice of invoices) {
    const outcome = ca3Outcome(invoice, context);
    const returnVat = { collected: 0, deductible: 0 };
    let due: Ca3Part[] = [];
    let notDue: Ca3Part[] = [];
    let aside: Ca3Aside | null = null;
    if (outcome.kind === 'left_out') leftOut.push(outcome.invoice);
    else if (outcome.kind === 'held' || outcome.kind === 'lacking') {
      aside = outcome.aside;
      (outcome.kind === 'held' ? held : lacking).push(aside);
    } else if (outcome.kind === 'counted') {
      ({ due, notDue } = outcome);
      const { row } = invoice;
      // One contribution per box and rule of the invoice (its lines summed).
      const mine = new Map<string, Ca3Contribution>();
      for (const part of due) {
        if (RATE.has(part.code)) returnVat.collected += part.taxCents;
        if (DEDUCTIBLE.has(part.code)) returnVat.deductible += part.taxCents;
        const key = `${part.code}|${part.rule}`;
        const known = mine.get(key);
        if (known) {
          known.baseCents += part.baseCents;
          known.taxCents += part.taxCents;
          continue;
        }
        const contribution: Ca3Contribution = {
          invoiceId: row.invoiceId,
          number: row.invoiceNumber,
          invoiceDate: invoiceDay(row),
          dueDay: part.dueDay,
          direction: directionOf(row),
          counterpartyName: row.counterpartyName,
          rule: part.rule,
          creditNote: part.rule === 'credit_note',
          baseCents: part.baseCents,
          taxCents: part.taxCents,
          ...(part.payment ? { payment: part.payment } : {}),
        };
        mine.set(key, contribution);
        const list = contributions.get(part.code);
        if (list) list.push(contribution);
        else contributions.set(part.code, [contribution]);
      }
    }
    // The same invoice's entries for the period (invoice date; VAT on payment on its 212 day).
    const posted = invoiceOutcome(invoice, {
      period,
      settings,
      chooser: context.chooser,
      label,
      ...(context.currency ? { currency: context.currency } : {}),
    });
    const entries =
      posted.kind === 'posted'
        ? entriesVat(posted.entries, collectedAccounts, deductibleAccounts)
        : { collected: 0, deductible: 0 };
    collectedEntries += entries.collected;
    deductibleEntries += entries.deductible;
    if (entries.collected !== returnVat.collected || entries.deductible !== returnVat.deductible)
      gaps.push({ invoice, returnVat, entriesVat: entries, due, notDue, aside });
  }

  const boxes = new Map<Ca3BoxCode, Ca3Box>();
  for (const code of [...CA3_BASE_BOXES, ...CA3_RATE_BOXES, ...CA3_TOTAL_BOXES]) {
    const list = (contributions.get(code) ?? []).sort(
      (a, b) =>
        (a.dueDay ?? '').localeCompare(b.dueDay ?? '') ||
        (a.number ?? '').localeCompare(b.number ?? '') ||
        a.invoiceId.localeCompare(b.invoiceId),
    );
    const rate = RATE.has(code);
    boxes.set(code, {
      code,
      amountCents: list.reduce((s, c) => s + partAmount({ code, ...c }), 0),
      baseCents: rate ? list.reduce((s, c) => s + c.baseCents, 0) : null,
      contributions: list,
    });
  }
  const amount = (code: Ca3BoxCode): number => boxes.get(code)!.amountCents;
  const set = (code: Ca3BoxCode, cents: number): void => {
    boxes.get(code)!.amountCents = cents;
  };
  // 22: the credit carried from the previous return (its line 27), as the accountant entered it.
  set('22', context.carriedCreditCents);
  // The totals follow the form's arithmetic (the notice: every box in whole euros; the online
  // form adds the rounded boxes): 16, 23 and the result are sums of rounded amounts, so they
  // may differ by a euro or two from the exact cents the boxes hold.
  const rounded = (code: Ca3BoxCode): number => wholeEuros(amount(code)) * 100;
  const roundedSum = (codes: readonly Ca3BoxCode[]): number =>
    codes.reduce((s, code) => s + rounded(code), 0);
  // 16 total TVA brute: the rate lines (A4 imports and the other lines are not computed here).
  set('16', roundedSum(CA3_RATE_BOXES));
  // 23 total deductible: 19 + 20 + 21 + 22.
  set('23', roundedSum(['19', '20', '21', '22']));
  const net = amount('16') - amount('23');
  set('TD', Math.max(net, 0)); // TVA due: 16 − 23 when positive
  set('25', Math.max(-net, 0)); // crédit: 23 − 16 when positive
  set('27', amount('25')); // crédit à reporter: no refund asked (line 26) in a draft
  set('28', amount('TD')); // TVA nette due: TD (no credit imputed, no other tax here)

  // The check against the entries is to the cent: the boxes' exact amounts, not the form's.
  const exactSum = (codes: readonly Ca3BoxCode[]): number =>
    codes.reduce((s, code) => s + amount(code), 0);
  const collectedReturn = exactSum(CA3_RATE_BOXES);
  const deductibleReturn = exactSum(['19', '20', '21']);
  const explanations = gaps
    .sort((a, b) => byInvoice(invoiceName(a.invoice), invoiceName(b.invoice)))
    .map((gap) => explainGap(gap, period));
  const collectedGap = collectedReturn - collectedEntries;
  const deductibleGap = deductibleReturn - deductibleEntries;
  const reconciliation: Ca3Reconciliation = {
    collectedReturnCents: collectedReturn,
    collectedEntriesCents: collectedEntries,
    deductibleReturnCents: deductibleReturn,
    deductibleEntriesCents: deductibleEntries,
    differenceCents: Math.abs(collectedGap) + Math.abs(deductibleGap),
    collectedGapCents: collectedGap,
    deductibleGapCents: deductibleGap,
    // What the gaps do to the amount due (16 − 23): more collected raises it, more deductible
    // lowers it; two gaps may offset.
    netEffectCents: collectedGap - deductibleGap,
    explanations,
  };
  return {
    kind: 'ca3',
    period,
    company: { siren: settings.siren ?? context.company.siren, name: context.company.name },
    boxes: [...boxes.values()],
    carriedCreditCents: context.carriedCreditCents,
    held: held.sort(byInvoice),
    lacking: lacking.sort(byInvoice),
    leftOut: leftOut.sort(byInvoice),
    reconciliation,
    coverage: context.coverage,
    computedAt: (context.now ?? systemClock.now()).toISOString(),
  };
}

function invoiceName(invoice: Ca3Row) {
  const { row } = invoice;
  return {
    direction: directionOf(row),
    invoiceDate: invoiceDay(row),
    number: row.invoiceNumber,
    invoiceId: row.invoiceId,
  };
}
