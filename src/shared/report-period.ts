// Report periods as the user names them, in the CLI (--period 2026-10) and on screen (the period
// picker): a month, a quarter, a year, or a custom range of days. Pure calendar arithmetic on
// "YYYY-MM-DD" strings, without time zones.
import type { ReportPeriod } from './reports.ts';

export type PeriodKind = 'month' | 'quarter' | 'year' | 'custom';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Days in a month (month 1..12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a real calendar day "YYYY-MM-DD" (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1900 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function monthPeriod(year: number, month: number): ReportPeriod {
  return {
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`,
    label: `${year}-${pad(month)}`,
  };
}

export function quarterPeriod(year: number, quarter: number): ReportPeriod {
  const first = (quarter - 1) * 3 + 1;
  return {
    from: `${year}-${pad(first)}-01`,
    to: monthPeriod(year, first + 2).to,
    label: `${year}-Q${quarter}`,
  };
}

export function yearPeriod(year: number): ReportPeriod {
  return { from: `${year}-01-01`, to: `${year}-12-31`, label: String(year) };
}

export function customPeriod(from: string, to: string): ReportPeriod {
  return { from, to, label: `${from}..${to}` };
}

/** The longest custom range a report accepts: ten years. */
const MAX_DAYS = 3660;

/**
 * "2026-10" (month), "2026-Q3" (quarter), "2026" (year) or "2026-01-15..2026-02-14" (custom,
 * both days included). Throws a RangeError saying what is expected for anything else.
 */
export function parsePeriod(text: string): ReportPeriod {
  const input = text.trim();
  let m = /^(\d{4})$/.exec(input);
  if (m) return yearPeriod(checkYear(Number(m[1]), input));
  m = /^(\d{4})-[Qq]([1-4])$/.exec(input);
  if (m) return quarterPeriod(checkYear(Number(m[1]), input), Number(m[2]));
  m = /^(\d{4})-(\d{2})$/.exec(input);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12)
    return monthPeriod(checkYear(Number(m[1]), input), Number(m[2]));
  m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(input);
  if (m && isDay(m[1]!) && isDay(m[2]!)) return checkRange(customPeriod(m[1]!, m[2]!));
  throw new RangeError(
    `Not a period: ${JSON.stringify(text)}. Expected a month (2026-10), a quarter (2026-Q3), a year (2026) or a range of days (2026-01-15..2026-02-14).`,
  );
}

function checkYear(year: number, input: string): number {
  if (year < 1900 || year > 9999) throw new RangeError(`Not a period: ${JSON.stringify(input)}`);
  return year;
}

/** Checks a period's days: real days, from ≤ to, at most ten years. */
export function checkRange(period: ReportPeriod): ReportPeriod {
  if (!isDay(period.from) || !isDay(period.to))
    throw new RangeError(`A period runs between two days YYYY-MM-DD: ${period.from}..${period.to}`);
  if (period.from > period.to)
    throw new RangeError(`The period ends (${period.to}) before it starts (${period.from}).`);
  if (dayNumber(period.to) - dayNumber(period.from) > MAX_DAYS)
    throw new RangeError('A report covers at most ten years.');
  return period;
}

/** The kind of a period, read from its label. */
export function periodKind(period: ReportPeriod): PeriodKind {
  if (/^\d{4}$/.test(period.label)) return 'year';
  if (/^\d{4}-Q[1-4]$/.test(period.label)) return 'quarter';
  if (/^\d{4}-\d{2}$/.test(period.label)) return 'month';
  return 'custom';
}

/** Days since 1970-01-01 of a day "YYYY-MM-DD". */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** The day "YYYY-MM-DD" `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** The months "YYYY-MM" the period touches, in order. */
export function periodMonths(period: ReportPeriod): string[] {
  const months: string[] = [];
  let year = Number(period.from.slice(0, 4));
  let month = Number(period.from.slice(5, 7));
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${pad(month)}`;
    months.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export function inPeriod(day: string | null | undefined, period: ReportPeriod): boolean {
  return !!day && day >= period.from && day <= period.to;
}

/** The period before (step -1) or after (step 1): the same kind, or a custom range as long. */
export function shiftPeriod(period: ReportPeriod, step: -1 | 1): ReportPeriod {
  const year = Number(period.from.slice(0, 4));
  switch (periodKind(period)) {
    case 'year':
      return yearPeriod(year + step);
    case 'quarter': {
      const index = year * 4 + Number(period.label.slice(-1)) - 1 + step;
      return quarterPeriod(Math.floor(index / 4), (index % 4) + 1);
    }
    case 'month': {
      const index = year * 12 + Number(period.from.slice(5, 7)) - 1 + step;
      return monthPeriod(Math.floor(index / 12), (index % 12) + 1);
    }
    case 'custom': {
      const days = dayNumber(period.to) - dayNumber(period.from) + 1;
      return customPeriod(addDays(period.from, step * days), addDays(period.to, step * days));
    }
  }
}

/** The period of `kind` holding `day` (custom: that day's month as a range of days). */
export function periodOf(kind: PeriodKind, day: string): ReportPeriod {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  switch (kind) {
    case 'year':
      return yearPeriod(year);
    case 'quarter':
      return quarterPeriod(year, Math.floor((month - 1) / 3) + 1);
    case 'month':
      return monthPeriod(year, month);
    case 'custom': {
      const m = monthPeriod(year, month);
      return customPeriod(m.from, m.to);
    }
  }
}
