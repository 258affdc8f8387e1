// An invoice in another currency in euros (issue 26, item 3; VAT directive art. 91, CGI 266):
// at the rate its own VAT total in euros gives (BT-111 with BT-6 = EUR), else at the European
// Central Bank's reference rate of the day its VAT became due (or the latest earlier day the ECB
// published one), from the rates file the accountant imported, else at the rate the accountant
// typed for that invoice. Every conversion says its source and rate. Pure: the VAT rules call it
// where they read an invoice's totals (reports/ca3-rules.ts; the unified computation later).
import type { AccountingFacts } from '../archive/ports.ts';
import { checkTotals, type Checked } from './categories.ts';
import type { TypedRate } from '../archive/user-data-store.ts';
import { ecbRateOn, type EcbRates } from '../rates/ecb-csv.ts';

export type RateSource = 'invoice' | 'ecb' | 'typed';

/** How one invoice was converted: `rate` in units of the currency per euro (the ECB's way),
 * null for the invoice's own euro VAT; `rateDay` the ECB's day. */
export interface Conversion {
  currency: string;
  source: RateSource;
  rate: string | null;
  rateDay: string | null;
}

export interface ConversionInputs {
  rates: EcbRates | null;
  typed: ReadonlyMap<string, TypedRate>;
}

const RATE_TEXT = /^(\d{1,9})(?:\.(\d{1,10}))?$/;

/** Cents of the currency in euro cents at `rate` units per euro, rounded half away from zero,
 * in exact decimal arithmetic (no float drift on large amounts). */
export function toEuroCents(cents: number, rate: string): number {
  const m = RATE_TEXT.exec(rate.trim());
  if (!m) throw new RangeError(`Not a rate: ${rate}`);
  const decimals = m[2] ?? '';
  const scaled = BigInt(m[1]! + decimals); // rate × 10^d
  if (scaled === 0n) throw new RangeError('A rate is above zero.');
  const numerator = BigInt(Math.abs(cents)) * 10n ** BigInt(decimals.length) * 2n;
  const rounded = (numerator / scaled + 1n) / 2n; // half away from zero
  return Number(rounded) * Math.sign(cents) || 0;
}

/** The invoice's totals in euros and how they were converted (null for an invoice in euros),
 * or why they cannot be (checkTotals' reasons; foreign_currency when no rate is known). */
export function totalsInEuros(
  facts: AccountingFacts,
  invoice: { invoiceId: string; dueDay: string | null },
  inputs: ConversionInputs,
): { checked: Checked; conversion: Conversion | null } {
  const currency = (facts.currency ?? 'EUR').toUpperCase();
  if (currency === 'EUR') return { checked: checkTotals(facts), conversion: null };
  // The invoice's own euro VAT total first (checkTotals converts at its rate).
  const own = checkTotals(facts);
  if (own.ok)
    return { checked: own, conversion: { currency, source: 'invoice', rate: null, rateDay: null } };
  if (own.reason !== 'foreign_currency') return { checked: own, conversion: null };
  // Else the totals as invoiced, checked in their currency, then converted at a rate.
  const asInvoiced = checkTotals({ ...facts, currency: 'EUR' });
  if (!asInvoiced.ok) return { checked: asInvoiced, conversion: null };
  const ecb = invoice.dueDay ? ecbRateOn(inputs.rates, currency, invoice.dueDay) : null;
  const typed = inputs.typed.get(invoice.invoiceId);
  const conversion: Conversion | null = ecb
    ? { currency, source: 'ecb', rate: ecb.rate, rateDay: ecb.day }
    : typed && typed.currency.toUpperCase() === currency
      ? { currency, source: 'typed', rate: typed.rate, rateDay: null }
      : null;
  if (!conversion)
    return {
      checked: {
        ok: false,
        reason: 'foreign_currency',
        detail: `${currency} : aucun taux BCE au ${invoice.dueDay ?? '?'} ni taux saisi`,
      },
      conversion: null,
    };
  const rate = conversion.rate!;
  const lines = asInvoiced.lines.map((l) => ({
    ...l,
    taxable: toEuroCents(l.taxable, rate),
    tax: toEuroCents(l.tax, rate),
  }));
  return {
    checked: {
      ok: true,
      lines,
      ttc: toEuroCents(asInvoiced.ttc, rate),
      // Each converted line may round by a cent: HT + TVA ≈ TTC within one more per line.
      tolerance: asInvoiced.tolerance + lines.length,
    },
    conversion,
  };
}

/** An invoice's totals in euros as the CA3 and the entries both read them (one rule): at a rate
 * with its source when rates are given (`converted` hears each conversion), else as checkTotals
 * reads them (the invoice's own BT-111 only). `dueDay`: the day its VAT became due. */
export function checkedInEuros(
  facts: AccountingFacts,
  invoice: { invoiceId: string; dueDay: string | null },
  inputs?: ConversionInputs & { converted?: (invoiceId: string, conversion: Conversion) => void },
): Checked {
  if (!inputs) return checkTotals(facts);
  const { checked, conversion } = totalsInEuros(facts, invoice, inputs);
  if (conversion && checked.ok) inputs.converted?.(invoice.invoiceId, conversion);
  return checked;
}
