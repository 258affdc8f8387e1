// Formatting in the user's locale. Pure functions: the locale defaults to the one the i18n layer
// registers with setLocaleSource() (a getter over the language rune, so templates that call these
// re-render when the language changes); tests pass a locale explicitly.

export type { Locale } from '#shared/i18n/locales.ts';
import type { Locale } from '#shared/i18n/locales.ts';

let localeSource: () => Locale = () => 'fr-FR';

/** Called once by lib/i18n/index.ts so that every helper follows the chosen language. */
export function setLocaleSource(source: () => Locale): void {
  localeSource = source;
}

export function currentLocale(): Locale {
  return localeSource();
}

// Building an Intl formatter is slow; each locale and option set is built once.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    `n|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `d|${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

/** 1234.5, 'EUR' → "1 234,50 €" (fr) / "€1,234.50" (en). An unknown currency code falls back to
 * the number followed by the code, never throws. */
export function formatAmount(
  amount: number | null | undefined,
  currency: string | null | undefined,
  locale: string = currentLocale(),
): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  if (currency) {
    try {
      return numberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      // not an ISO 4217 code: show it as text
    }
  }
  const n = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
  return currency ? `${n} ${currency}` : n;
}

export function formatNumber(
  value: number | null | undefined,
  locale: string = currentLocale(),
  options: Intl.NumberFormatOptions = {},
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat(locale, options).format(value);
}

/** Euros in a chart's axis and bar labels: short ("12,5 k €"), one decimal at most. */
export function formatCompactEuros(value: number, locale: string = currentLocale()): string {
  return formatNumber(value, locale, {
    style: 'currency',
    currency: 'EUR',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
}

/** A VAT rate given in percent (20 → "20 %" in French, "20%" in English). */
export function formatPercent(
  percent: number | null | undefined,
  locale: string = currentLocale(),
): string {
  if (percent === null || percent === undefined || Number.isNaN(percent)) return '';
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(percent / 100);
}

/** A plain date "YYYY-MM-DD" is a calendar day, not an instant: format it without time zone
 * shifts (read as UTC, formatted as UTC). */
function parseDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** "2025-03-07" → "07/03/2025" (fr) / "07/03/2025" (en-GB). Date-times show their local day.
 * Text that is not a date is returned as is. */
export function formatDate(
  value: string | null | undefined,
  locale: string = currentLocale(),
): string {
  if (!value) return '';
  const day = parseDay(value);
  if (day) {
    return dateFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(day);
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return dateFormat(locale, { dateStyle: 'short' }).format(instant);
}

/** "2025-03-07T09:05:00Z" → "07/03/2025 10:05" in Paris (fr) — the user's own time zone. */
export function formatDateTime(
  value: string | null | undefined,
  locale: string = currentLocale(),
  timeZone?: string,
): string {
  if (!value) return '';
  const day = parseDay(value);
  if (day) return formatDate(value, locale);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return dateFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(instant);
}

/** IBAN in groups of four, as printed on a RIB: "FR76 3000 6000 0112 3456 7890 189". */
export function formatIban(iban: string | null | undefined): string {
  if (!iban) return '';
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

export { interpolate } from '#shared/i18n/interpolate.ts';
