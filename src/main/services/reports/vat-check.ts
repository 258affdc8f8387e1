// The "Contrôle TVA" (issue 26, item 1): the TVA report, the CA3 and the entries of one period,
// which all decide what is due by tax/vat-due.ts, compared invoice by invoice. Their totals agree
// to the cent, or each invoice they count differently is named with its reason, and the
// differences add up to the totals' (nothing unexplained). Pure: the caller computes the three.
import type { Ca3Report } from '#shared/ca3.ts';
import { CA3_RATE_BOXES, wholeEuros } from '#shared/ca3.ts';
import type { AccountingSettings, Ledger } from '#shared/accounting.ts';
import type { Direction } from '#shared/operator/enums.ts';
import type { VatReport } from '#shared/reports.ts';
import type {
  VatCheck,
  VatCheckFigures,
  VatCheckInvoice,
  VatCheckPayment,
  VatCheckReason,
} from '#shared/vat-check.ts';
import { systemClock } from '../clock.ts';

interface Sides {
  collected: number;
  deductible: number;
}

interface Named {
  number: string | null;
  direction: Direction;
  invoiceDate: string | null;
  counterpartyName: string | null;
}

const figures = (s: Sides): VatCheckFigures => ({
  collectedCents: s.collected,
  deductibleCents: s.deductible,
  netCents: s.collected - s.deductible,
});

/** Per invoice: its collected and deductible VAT, added to by `add`. */
function perInvoice() {
  const map = new Map<string, Sides>();
  return {
    map,
    add(invoiceId: string, collected: number, deductible: number) {
      const sides = map.get(invoiceId) ?? { collected: 0, deductible: 0 };
      sides.collected += collected;
      sides.deductible += deductible;
      map.set(invoiceId, sides);
    },
  };
}

const total = (map: Map<string, Sides>): Sides => {
  const sum = { collected: 0, deductible: 0 };
  for (const s of map.values()) {
    sum.collected += s.collected;
    sum.deductible += s.deductible;
  }
  return sum;
};

export interface VatCheckInput {
  vat: VatReport;
  ca3: Ca3Report;
  ledger: Ledger;
  settings: AccountingSettings;
  now?: Date;
}

export function computeVatCheck({ vat, ca3, ledger, settings, now }: VatCheckInput): VatCheck {
  const names = new Map<string, Named>();
  const name = (invoiceId: string, n: Named): void => {
    if (!names.has(invoiceId)) names.set(invoiceId, n);
  };

  // The TVA report: its lines in euros (another currency is not in its net).
  const fromReport = perInvoice();
  const reportRule = new Map<string, 'no_details' | 'foreign_currency'>();
  const payments = new Map<string, VatCheckPayment>();
  for (const l of vat.lines) {
    name(l.invoiceId, l);
    if (l.rule === 'no_details') reportRule.set(l.invoiceId, 'no_details');
    if (l.currency !== 'EUR') {
      reportRule.set(l.invoiceId, 'foreign_currency');
      continue;
    }
    const outbound = l.direction === 'OUTBOUND';
    fromReport.add(l.invoiceId, outbound ? l.vatCents : 0, outbound ? 0 : l.vatCents);
    if (l.payment) {
      const known = payments.get(l.invoiceId);
      if (known) known.vatCents += l.vatCents;
      else
        payments.set(l.invoiceId, {
          ...l.payment,
          invoiceId: l.invoiceId,
          number: l.number,
          direction: l.direction,
          counterpartyName: l.counterpartyName,
          vatCents: l.vatCents,
        });
    }
  }

  // The CA3: the rate lines (collected, self-assessed VAT included) and 19, 20, 21.
  const fromReturn = perInvoice();
  const rate = new Set<string>(CA3_RATE_BOXES);
  for (const box of ca3.boxes) {
    const deductible = box.code === '19' || box.code === '20' || box.code === '21';
    if (!rate.has(box.code) && !deductible) continue;
    for (const c of box.contributions) {
      name(c.invoiceId, c);
      fromReturn.add(c.invoiceId, deductible ? 0 : c.taxCents, deductible ? c.taxCents : 0);
    }
  }

  // The entries: the VAT accounts' movements of the period's ledger.
  const a = settings.accounts;
  const collectedAccounts = new Set([a.vatCollected, a.vatReverseChargeDue]);
  const deductibleAccounts = new Set([
    a.vatDeductible,
    a.vatDeductibleAssets,
    a.vatReverseChargeDeductible,
  ]);
  const fromEntries = perInvoice();
  for (const entry of ledger.entries)
    for (const line of entry.lines) {
      const collected = collectedAccounts.has(line.account)
        ? line.creditCents - line.debitCents
        : 0;
      const deductible = deductibleAccounts.has(line.account)
        ? line.debitCents - line.creditCents
        : 0;
      if (collected === 0 && deductible === 0) continue;
      name(entry.invoiceId, {
        number: entry.pieceRef,
        direction: entry.direction,
        invoiceDate: entry.pieceDate || null,
        counterpartyName: null,
      });
      fromEntries.add(entry.invoiceId, collected, deductible);
    }

  // Why an invoice differs: what the CA3 says of it first (held, lacking, its explanation
  // against the entries), then what the TVA report counted that the others cannot.
  const lacking = new Map(ca3.lacking.map((l) => [l.invoiceId, l]));
  const explained = new Map(ca3.reconciliation.explanations.map((e) => [e.invoiceId, e]));
  const reasonOf = (invoiceId: string): { reason: VatCheckReason; dueDay: string | null } => {
    const aside = lacking.get(invoiceId);
    if (aside) {
      const reason = aside.reason === 'no_details' ? 'no_details' : aside.reason;
      if (reason !== 'disputed' && reason !== 'suspended') return { reason, dueDay: null };
    }
    const byReport = reportRule.get(invoiceId);
    if (byReport) return { reason: byReport, dueDay: null };
    const e = explained.get(invoiceId);
    if (e) return { reason: e.reason, dueDay: e.dueDay };
    return { reason: 'counted_differently', dueDay: null };
  };

  const zero: Sides = { collected: 0, deductible: 0 };
  const ids = new Set([
    ...fromReport.map.keys(),
    ...fromReturn.map.keys(),
    ...fromEntries.map.keys(),
  ]);
  const differences: VatCheckInvoice[] = [];
  for (const invoiceId of ids) {
    const r = fromReport.map.get(invoiceId) ?? zero;
    const c = fromReturn.map.get(invoiceId) ?? zero;
    const e = fromEntries.map.get(invoiceId) ?? zero;
    const same = (x: Sides, y: Sides) =>
      x.collected === y.collected && x.deductible === y.deductible;
    if (same(r, c) && same(c, e)) continue;
    const n = names.get(invoiceId)!;
    // The CA3 and the report name the party; the entries' piece may be all that is known.
    differences.push({
      invoiceId,
      number: n.number,
      direction: n.direction,
      invoiceDate: n.invoiceDate,
      counterpartyName: n.counterpartyName,
      ...reasonOf(invoiceId),
      vatReport: figures(r),
      ca3: figures(c),
      entries: figures(e),
    });
  }
  differences.sort(
    (x, y) =>
      (x.direction === y.direction ? 0 : x.direction === 'OUTBOUND' ? -1 : 1) ||
      (x.invoiceDate ?? '').localeCompare(y.invoiceDate ?? '') ||
      (x.number ?? '').localeCompare(y.number ?? '') ||
      x.invoiceId.localeCompare(y.invoiceId),
  );

  const box = (code: string): number => ca3.boxes.find((b) => b.code === code)?.amountCents ?? 0;
  const reportTotal = total(fromReport.map);
  const returnTotal = total(fromReturn.map);
  const entriesTotal = total(fromEntries.map);
  return {
    kind: 'vatCheck',
    period: vat.period,
    vatReport: figures(reportTotal),
    ca3: {
      ...figures(returnTotal),
      form16Cents: box('16'),
      form23Cents: box('23') - wholeEuros(box('22')) * 100,
    },
    entries: figures(entriesTotal),
    agrees: differences.length === 0,
    differences,
    held: ca3.held.length,
    leftOut: ca3.leftOut.length,
    payments: [...payments.values()].sort(
      (x, y) => x.day.localeCompare(y.day) || (x.number ?? '').localeCompare(y.number ?? ''),
    ),
    coverage: vat.coverage,
    computedAt: (now ?? systemClock.now()).toISOString(),
  };
}
