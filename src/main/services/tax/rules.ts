// The rules the reports apply to one archived invoice: is it a credit note, does it count at all,
// when did its VAT become due, is it paid. Pure functions of the invoice's own data.
import { VAT_EXCLUSION_CODES, VAT_EXCLUSION_STATES } from '#shared/reports.ts';
import { isCreditNoteType } from '#shared/invoices/amount-totals.ts';

/** UNTDID 1001 credit-note codes (381 and the others): their amounts count negative. The one
 * rule the screens' totals follow too. */
export const isCreditNote = isCreditNoteType;

/**
 * Why an invoice does not count in any report figure, or null when it does: rejected by the
 * platform (INVALID, DUPLICATED, WRONG_ROUTING, CONVERSION_FAILED, NOT_DELIVERED), refused by the
 * buyer (210 Refusée) or rejected (213 Rejetée). The reason is the state or the code.
 */
export function exclusionReason(state: string, lifecycleCode: string | null): string | null {
  if ((VAT_EXCLUSION_STATES as readonly string[]).includes(state)) return state;
  if (lifecycleCode !== null && (VAT_EXCLUSION_CODES as readonly string[]).includes(lifecycleCode))
    return lifecycleCode;
  return null;
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in France of an ISO date-time (a status at 23:30 UTC on 31 March is on
 * 1 April in Paris); a plain day "YYYY-MM-DD" is returned as it is. Null when unreadable. */
export function parisDay(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return PARIS_DAY.format(instant);
}

type TaxPoint = 'invoice_date' | 'delivery_date' | 'payment_date' | 'unknown';

const BY_CODE: Record<number, TaxPoint> = {
  3: 'invoice_date',
  5: 'invoice_date',
  29: 'delivery_date',
  35: 'delivery_date',
  72: 'payment_date',
  432: 'payment_date',
};
const BY_IOP: Record<string, TaxPoint> = {
  INVOICE_DATE: 'invoice_date',
  DELIVERY_DATE: 'delivery_date',
  PAYMENT_DATE: 'payment_date',
  UNKNOWN: 'unknown',
};

/** What the invoice's BT-8 says: the code first (it is the invoice's own field), else iopCode. */
/** BT-8 (taxPaymentOption.code and .iopCode), as VatFacts (invoice.ts) carries it. */
export interface TaxPaymentOption {
  taxPaymentCode: number | null;
  taxPaymentIop: string | null;
}

export function taxPointRule(facts: TaxPaymentOption): TaxPoint {
  const byCode = facts.taxPaymentCode !== null ? BY_CODE[facts.taxPaymentCode] : undefined;
  if (byCode) return byCode;
  return (facts.taxPaymentIop !== null ? BY_IOP[facts.taxPaymentIop] : undefined) ?? 'unknown';
}

/** The 212 "Encaissée" day of an invoice whose last status is 212, else null. */
export function collectedOn(
  lifecycleCode: string | null,
  lifecycleDate: string | null,
): string | null {
  return lifecycleCode === '212' ? parisDay(lifecycleDate) : null;
}

/** The day the operator says an invoice was paid (its last status 211 or 212; the status's own
 * day in Paris, or null when undated), or undefined when it says nothing of a payment. */
export function statusPaidDay(
  lifecycleCode: string | null,
  lifecycleDate: string | null,
): { day: string | null; source: 'status_211' | 'status_212' } | undefined {
  if (lifecycleCode !== '211' && lifecycleCode !== '212') return undefined;
  return {
    day: parisDay(lifecycleDate),
    source: lifecycleCode === '211' ? 'status_211' : 'status_212',
  };
}

/** EU member states (ISO 3166 alpha-2; Greece's VAT prefix EL too; XI: Northern Ireland's
 * goods). France is among them: a French supplier is not "not established in France". */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

/** The 15th of the month after `day`. */
function fifteenthAfter(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-15` : `${year}-${String(month + 1).padStart(2, '0')}-15`;
}

/** Goods between member states (an intra-EU delivery, F2, or acquisition, B2): VAT is due on
 * the 15th of the month after the delivery, or on the invoice's date when it is earlier (CGI
 * art. 269-1 d and 269-2 d; directive 2006/112 art. 67 and 69), whatever its BT-8. */
export function intraEuDay(invoiceDate: string, deliveryDate: string | null): string {
  const fifteenth = fifteenthAfter(deliveryDate ?? invoiceDate);
  return invoiceDate < fifteenth ? invoiceDate : fifteenth;
}
