// Operator amounts (JSON numbers with up to 2 decimals, spec 2.2) to integer cents, through the
// number's decimal text: Math.round(0.285 * 100) gives 28 because 0.285 is 0.28499999… in binary,
// while the operator meant 0.285 → 29 (half away from zero, as accountants round).

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Cents of an amount given as a number or a decimal string ("12.5", "-0.285", "1e3").
 * Returns null for absent, non-finite or malformed input, and for values beyond the safe
 * integer range (an archive never stores a rounded-away amount).
 */
export function toCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Most amounts have at most 2 decimals: then value × 100 is within a rounding error of an
    // integer, which is the answer (a third decimal, as in 0.285, is half a cent away). Below
    // 2^50 the product's own error (under 1/8) cannot reach half a cent.
    const scaled = value * 100;
    const rounded = Math.round(scaled);
    if (Math.abs(scaled - rounded) < 1e-6 && Math.abs(scaled) < 2 ** 50) return rounded || 0;
    text = String(value); // shortest text that reads back as the same number: "0.285"
  } else if (typeof value === 'string') {
    text = value.trim();
  } else return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, intPart = '', fracPart = '', exp] = match;
  if (intPart === '' && fracPart === '') return null;
  // Shift the decimal point by the exponent, in text.
  let digits = intPart + fracPart;
  let point = intPart.length + (exp ? Number(exp) : 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point) || '0';
  const frac = digits.slice(point).padEnd(3, '0');
  let cents = BigInt(whole) * 100n + BigInt(frac.slice(0, 2));
  if (frac.charCodeAt(2) - 48 >= 5) cents += 1n; // half away from zero (sign applied after)
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const result = Number(cents);
  return sign === '-' && result !== 0 ? -result : result;
}

/** "1234.5" style text of cents, for exports and messages (no float arithmetic). */
export function centsToDecimal(cents: number): string {
  const negative = cents < 0;
  const abs = String(Math.abs(cents)).padStart(3, '0');
  return `${negative ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}
