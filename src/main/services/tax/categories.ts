// The VAT categories' rules (UNTDID 5305) and an invoice's VAT breakdown checked and put in euro
// cents: below both the accounting entries and the reports (issue 28, item 6), which apply them
// each in its own way. Pure.
import type { LeftOutReason } from '#shared/accounting.ts';
import { toCents } from '../archive/amounts.ts';
import type { AccountingFacts } from '../archive/ports.ts';
/** Categories (UNTDID 5305) with no VAT charged whose buyer self-assesses it: reverse charge
 * (AE) and intra-EU supplies (K). A foreign seller's other untaxed lines too (see isSelfAssessed). */
const SELF_ASSESSED = new Set(['AE', 'K']);
/** Exempt (E), zero-rated (Z) or outside the scope (O): no VAT anyone owes. */
const NO_VAT = new Set(['E', 'Z', 'O']);
/** Every category whose lines charge no VAT on the invoice (G: export). */
const UNTAXED = new Set([...SELF_ASSESSED, ...NO_VAT, 'G']);

/** A purchase line whose VAT the buyer self-assesses (autoliquidation): no VAT charged, and AE
 * or K, or a foreign seller's line that is not exempt (the CA3 follows the same rule). */
export function isSelfAssessed(l: RateLine, sellerForeign: boolean): boolean {
  return (
    l.tax === 0 && (SELF_ASSESSED.has(l.category) || (sellerForeign && !NO_VAT.has(l.category)))
  );
}

/** French words of an amount in cents, for the reasons' details: "1234,50". */
export function euros(cents: number): string {
  const negative = cents < 0;
  const abs = String(Math.abs(cents)).padStart(3, '0');
  return `${negative ? '-' : ''}${abs.slice(0, -2)},${abs.slice(-2)}`;
}

/** Half away from zero, as accountants round. */
export const roundHalf = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/** The country of a party: its address's, else its VAT number's prefix, else France. */
export function countryOf(country: string | null, vat: string | null): string {
  if (country) return country.toUpperCase();
  if (vat && /^[A-Z]{2}/i.test(vat)) return vat.slice(0, 2).toUpperCase();
  return 'FR';
}

/** One VAT breakdown line in cents (euros), with the rate in basis points when given. */
export interface RateLine {
  category: string;
  bp: number | null;
  taxable: number;
  tax: number;
}

export type Checked =
  | { ok: true; lines: RateLine[]; ttc: number; tolerance: number }
  | { ok: false; reason: LeftOutReason; detail: string | null };

/**
 * The invoice's breakdown and TTC in euro cents, or why it cannot be posted: another currency
 * without a euro VAT total (BT-111), no breakdown, or totals that do not reconcile (the sums of
 * the breakdown ≠ BT-109 / BT-110; HT + TVA ≠ TTC beyond 1 cent per rate line; a rate line's
 * VAT ≠ its base × its rate beyond 1 cent).
 */
export function checkTotals(facts: AccountingFacts): Checked {
  const currency = (facts.currency ?? 'EUR').toUpperCase();
  const mismatch = (detail: string): Checked => ({ ok: false, reason: 'totals_mismatch', detail });
  if (facts.taxDetails.length === 0) return { ok: false, reason: 'no_vat_breakdown', detail: null };
  const lines: RateLine[] = [];
  for (const d of facts.taxDetails) {
    const taxable = toCents(d.taxableAmount?.amount);
    const tax = toCents(d.taxAmount?.amount);
    if (taxable === null || tax === null) return mismatch('montant absent du détail de TVA');
    const bp = typeof d.percent === 'number' ? Math.round(d.percent * 100) : null;
    lines.push({ category: (d.categoryCode ?? '').toUpperCase(), bp, taxable, tax });
  }
  const ht = toCents(facts.taxBasisTotal);
  const tva = toCents(facts.taxTotal);
  const ttc = toCents(facts.invoiceAmount);
  if (ht === null || tva === null || ttc === null) return mismatch('total HT, TVA ou TTC absent');
  const sumHt = lines.reduce((s, l) => s + l.taxable, 0);
  const sumTva = lines.reduce((s, l) => s + l.tax, 0);
  if (sumHt !== ht) return mismatch(`HT par taux ${euros(sumHt)} ≠ total HT ${euros(ht)}`);
  if (sumTva !== tva) return mismatch(`TVA par taux ${euros(sumTva)} ≠ total TVA ${euros(tva)}`);
  const tolerance = lines.length; // 1 cent per rate line
  if (Math.abs(ht + tva - ttc) > tolerance)
    return mismatch(`HT ${euros(ht)} + TVA ${euros(tva)} ≠ TTC ${euros(ttc)}`);
  for (const l of lines) {
    // A rate on an untaxed line (AE, K, G, E, Z, O) is the rate the buyer self-assesses at.
    if (l.bp === null || l.bp === 0 || UNTAXED.has(l.category)) continue;
    const expected = roundHalf((l.taxable * l.bp) / 10_000);
    if (Math.abs(expected - l.tax) > 1)
      return mismatch(
        `${l.bp / 100} % × ${euros(l.taxable)} = ${euros(expected)} ≠ TVA ${euros(l.tax)}`,
      );
  }
  if (currency === 'EUR') return { ok: true, lines, ttc, tolerance };

  // Another currency: converted at the rate its own euro VAT total gives (BT-111 / BT-110).
  const eurTva = toCents(facts.taxTotalAccounting);
  if (eurTva === null)
    return { ok: false, reason: 'foreign_currency', detail: `${currency}, sans TVA en euros` };
  if (tva === 0)
    return {
      ok: false,
      reason: 'foreign_currency',
      detail: `${currency}, TVA nulle : pas de taux vers l'euro`,
    };
  const rate = eurTva / tva;
  const converted = lines.map((l) => ({
    ...l,
    taxable: roundHalf(l.taxable * rate),
    tax: roundHalf(l.tax * rate),
  }));
  // The euro VAT is the invoice's own: a conversion difference goes to its largest line.
  const gap = eurTva - converted.reduce((s, l) => s + l.tax, 0);
  const largest = converted.reduce((a, b) => (Math.abs(b.tax) > Math.abs(a.tax) ? b : a));
  largest.tax += gap;
  const eurTtc =
    converted.reduce((s, l) => s + l.taxable + l.tax, 0) + roundHalf((ttc - ht - tva) * rate);
  return { ok: true, lines: converted, ttc: eurTtc, tolerance: tolerance + 1 };
}
