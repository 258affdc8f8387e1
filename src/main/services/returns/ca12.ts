// The CA12 draft (3517-S, issue 26 item 4), pure: the year's CA3 figures (reports/ca3.ts run over
// the calendar year: the same rule for every invoice, no second VAT computation) laid out on the
// CA12's lines, the form's arithmetic on the rounded lines, and the two instalments from the
// previous year's figures (docs/vat-calendar.md, "The CA12").
import {
  CA12_FROM_CA3,
  CA12_RATE_LINES,
  type Ca12Instalments,
  type Ca12InvoiceLine,
  type Ca12Line,
  type Ca12LineCode,
  type Ca12Report,
} from '#shared/ca12.ts';
import { wholeEuros, type Ca3Report } from '#shared/ca3.ts';
import { boxOfReport } from '#shared/ca3-layout.ts';

/** Instalments are not due when the previous year's base is under 1,000 € (CGI art. 287-3). */
export const INSTALMENT_THRESHOLD_CENTS = 100_000;
/** July's and December's shares of the base, in per cent. */
export const JULY_PERCENT = 55;
export const DECEMBER_PERCENT = 40;

/** The CA12's lines from the year's CA3 figures, without instalments (30, 33, 34 are zero). */
function linesOf(annual: Ca3Report): Map<Ca12LineCode, Ca12Line> {
  const lines = new Map<Ca12LineCode, Ca12Line>();
  for (const [code, from] of Object.entries(CA12_FROM_CA3) as [
    Ca12InvoiceLine,
    readonly (typeof CA12_FROM_CA3)[Ca12InvoiceLine][number][],
  ][]) {
    const boxes = from.map((box) => boxOfReport(annual, box));
    const rate = (CA12_RATE_LINES as readonly string[]).includes(code);
    lines.set(code, {
      code,
      amountCents: boxes.reduce((s, b) => s + b.amountCents, 0),
      baseCents: rate ? boxes.reduce((s, b) => s + (b.baseCents ?? 0), 0) : null,
      from,
    });
  }
  const rounded = (code: Ca12LineCode): number =>
    wholeEuros(lines.get(code)?.amountCents ?? 0) * 100;
  const total = (code: Ca12LineCode, cents: number): void => {
    lines.set(code, { code, amountCents: cents, baseCents: null, from: [] });
  };
  // The form's arithmetic: every line in whole euros, the totals the sums of the rounded lines.
  total(
    '16',
    CA12_RATE_LINES.reduce((s, code) => s + rounded(code), 0),
  );
  total('24', wholeEuros(annual.carriedCreditCents) * 100); // the credit carried, as entered
  total('26', rounded('20') + rounded('21') + rounded('22') + rounded('24'));
  const net = rounded('16') - rounded('26');
  total('28', Math.max(net, 0));
  total('29', Math.max(-net, 0));
  // 57: the VAT due before deducting VAT on fixed assets, next year's instalments' base.
  total('57', Math.max(net + rounded('20'), 0));
  return lines;
}

/** The instalments paid in the year, from the previous year's CA3 figures (null: none known). */
export function instalmentsOf(year: number, previous: Ca3Report | null): Ca12Instalments {
  const base = previous ? (linesOf(previous).get('57')?.amountCents ?? 0) : 0;
  const baseInvoices = previous
    ? new Set(previous.boxes.flatMap((b) => b.contributions.map((c) => c.invoiceId))).size
    : 0;
  const exempt = base < INSTALMENT_THRESHOLD_CENTS;
  const share = (percent: number): number =>
    exempt ? 0 : Math.round(((base / 100) * percent) / 100) * 100;
  return {
    baseYear: year - 1,
    baseCents: base,
    baseInvoices,
    exempt,
    julyCents: share(JULY_PERCENT),
    decemberCents: share(DECEMBER_PERCENT),
  };
}

/** The CA12 of `year` from that year's CA3 figures and the previous year's (instalments). */
export function computeCa12Report(
  year: number,
  annual: Ca3Report,
  previous: Ca3Report | null,
): Ca12Report {
  const lines = linesOf(annual);
  const instalments = instalmentsOf(year, previous);
  const paid = instalments.julyCents + instalments.decemberCents;
  const due = lines.get('28')?.amountCents ?? 0;
  const set = (code: Ca12LineCode, cents: number): void => {
    lines.set(code, { code, amountCents: cents, baseCents: null, from: [] });
  };
  set('30', paid);
  set('33', Math.max(due - paid, 0)); // the balance to pay with the return
  set('34', Math.max(paid - due, 0)); // paid too much: set against the next instalments
  return {
    kind: 'ca12',
    year,
    period: annual.period,
    company: annual.company,
    lines: [...lines.values()],
    instalments,
    annual,
    coverage: annual.coverage,
    computedAt: annual.computedAt,
  };
}
