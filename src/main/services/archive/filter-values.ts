// The archive screen's filter values as both stores check them before they reach SQL
// (sqlite/archive-query.ts, postgres/query.ts): one rule, so a bad bound fails alike on both.

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `value` when it is a day YYYY-MM-DD; a RangeError naming the filter otherwise. */
export function day(name: string, value: string): string {
  if (!ISO_DAY.test(value)) throw new RangeError(`${name} must be a date YYYY-MM-DD, got ${value}`);
  return value;
}

/** `value` when it is a whole number of cents; a RangeError naming the filter otherwise. */
export function cents(name: string, value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer of cents`);
  return value;
}
