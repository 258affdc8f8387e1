// What DateField.svelte reads and writes, kept apart so that node:test checks it: a day typed as
// the French and British write it (day first: 31/12/2026, 31.12.26, 31122026), or pasted in ISO
// (2026-12-31), checked against the real calendar, and an ISO day written back as day first.

export type DayProblem = 'format' | 'year' | 'month' | 'day';

export type TypedDay =
  | { kind: 'empty' }
  | { kind: 'day'; iso: string }
  | { kind: 'invalid'; problem: DayProblem; year?: number; month?: number };

/** Years a business date may fall in: a typo such as 20226 or 0226 is caught, not searched. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2199;

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4}|\d{2})$/;
const DIGITS = /^(\d{2})(\d{2})(\d{4})$/;

/** Days in `month` (1–12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day a user typed, or why it is not one. */
export function parseDay(text: string): TypedDay {
  const s = text.trim();
  if (s === '') return { kind: 'empty' };
  let day: number;
  let month: number;
  let year: number;
  const iso = ISO.exec(s);
  const dayFirst = iso ? null : (DAY_FIRST.exec(s) ?? DIGITS.exec(s));
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) {
    [day, month] = [Number(dayFirst[1]), Number(dayFirst[2])];
    // Two digits name a year of this century, as on a cheque: 26 is 2026.
    year = dayFirst[3]!.length === 2 ? 2000 + Number(dayFirst[3]) : Number(dayFirst[3]);
  } else return { kind: 'invalid', problem: 'format' };
  if (year < FIRST_YEAR || year > LAST_YEAR) return { kind: 'invalid', problem: 'year', year };
  if (month < 1 || month > 12) return { kind: 'invalid', problem: 'month', year, month };
  if (day < 1 || day > daysInMonth(year, month))
    return { kind: 'invalid', problem: 'day', year, month };
  return { kind: 'day', iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** True for a real calendar day written yyyy-mm-dd. */
export function isIsoDay(value: string): boolean {
  const typed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value) : null;
  return typed?.kind === 'day' && typed.iso === value;
}

/** "2026-12-31" → "31/12/2026" (French and British order alike); anything else as it is. */
export function dayText(value: string): string {
  if (!isIsoDay(value)) return value;
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}
