// Which VAT return a company files now, and by when (issue 26, item 5). Pure: the caller gives
// the instant ("now", injected: never the wall clock in a test), the company's regime and what
// its legal due day depends on; the day is decided in Europe/Paris time, as the tax office does.
// The rules (docs/accounting.md, "VAT regimes, deadlines and currencies"):
// - CGI 287: réel normal files a CA3 a month, or a quarter when the year's VAT is under 4,000 €;
//   the simplified regime files one CA12 (3517-S) a year, by the second working day after 1 May
//   of the next year (CGI 287-3, for a fiscal year ending on 31 December).
// - CGI annexe IV art. 39, BOI-TVA-DECLA-20-20-10-10: the CA3's day in the month after the
//   period, by the registered office's department (Paris, 92, 93, 94 or not), the legal form
//   (SA or not, individual businesses by their name's first letter) and the SIREN's first two
//   digits. A deadline on a weekend or a public holiday moves to the next working day.
import type { ReportPeriod } from './reports.ts';
import { addDays, dayNumber, periodOf, shiftPeriod, type PeriodKind } from './report-period.ts';

export const VAT_REGIMES = ['monthly', 'quarterly', 'simplified'] as const;
/** réel normal monthly (the default), réel normal quarterly, simplified (annual CA12). */
export type VatRegime = (typeof VAT_REGIMES)[number];

export const LEGAL_FORMS = ['company', 'sa', 'individual', 'other'] as const;
/** What the due day depends on: a company other than an SA (SARL, SAS…), an SA, an individual
 * business (entreprise individuelle), another legal person (association…). */
export type LegalForm = (typeof LEGAL_FORMS)[number];

/** A French department: 01–95 (20 is now 2A and 2B), 971–976. */
export const DEPARTMENT_PATTERN = /^(0[1-9]|1\d|2[1-9AB]|[3-8]\d|9[0-5]|97[1-6])$/;
const PARIS_DEPARTMENTS = new Set(['75', '92', '93', '94']);

/** What the legal due day of a company's CA3 rests on. */
export interface TaxProfile {
  regime: VatRegime;
  legalForm: LegalForm;
  /** The registered office's department; null when not set (then read as outside Paris). */
  department: string | null;
  siren: string | null;
  /** The company's (or the individual's) name: its first letter for an individual business. */
  name: string | null;
}

/** What a due day had to assume because the profile did not say it. */
export type DueDayAssumption = 'department' | 'siren' | 'name';

export interface DueDay {
  /** Day of the month after the period (15 to 24), before a weekend or holiday moves it. */
  day: number;
  assumed: DueDayAssumption[];
}

/** The CA3's legal day of the month (CGI annexe IV art. 39). Where the profile lacks what the
 * rule needs, the earliest day the missing fact allows, said in `assumed`: a deadline shown too
 * early costs a reminder, one too late a penalty. */
export function ca3DueDay(profile: Omit<TaxProfile, 'regime'>): DueDay {
  const assumed: DueDayAssumption[] = [];
  if (profile.department === null) assumed.push('department');
  const paris = profile.department !== null && PARIS_DEPARTMENTS.has(profile.department);
  const twoDigits =
    profile.siren && /^\d{9}$/.test(profile.siren) ? Number(profile.siren.slice(0, 2)) : null;
  switch (profile.legalForm) {
    case 'individual': {
      const letter = firstLetter(profile.name);
      if (letter === null) assumed.push('name');
      const early = letter === null || letter <= 'H';
      return { day: paris ? (early ? 15 : 17) : early ? 16 : 19, assumed };
    }
    case 'company': {
      if (!paris) return { day: 21, assumed };
      if (twoDigits === null) {
        assumed.push('siren');
        return { day: 19, assumed };
      }
      return { day: twoDigits <= 68 ? 19 : twoDigits <= 78 ? 20 : 21, assumed };
    }
    case 'sa': {
      if (!paris) return { day: 24, assumed };
      if (twoDigits === null) {
        assumed.push('siren');
        return { day: 23, assumed };
      }
      return { day: twoDigits <= 74 ? 23 : 24, assumed };
    }
    case 'other':
      return { day: 24, assumed };
  }
}

/** A name's first letter, capital, without its accent ("Élodie" → "E"); null when none. */
function firstLetter(name: string | null): string | null {
  const letter = (name ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 1)
    .toUpperCase();
  return letter === '' ? null : letter;
}

// ---- French public holidays and working days ----

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher), "YYYY-MM-DD". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The eleven public holidays of mainland France (Code du travail L3133-1), "YYYY-MM-DD",
 * in order. Alsace-Moselle's two more (Good Friday, 26 December) are not counted. */
export function publicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'].map(
    (md) => `${year}-${md}`,
  );
  // Easter Monday, Ascension (Thursday, 39 days after), Whit Monday (50 days after).
  const moving = [1, 39, 50].map((days) => addDays(easter, days));
  return [...fixed, ...moving].sort();
}

/** True from Monday to Friday, outside public holidays. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(Number(day.slice(0, 4))).includes(day);
}

/** The day itself when it is a working day, else the next working day. */
export function nextWorkingDay(day: string): string {
  let d = day;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

// ---- The return of a period, and the one to file now ----

export type ReturnForm = 'ca3' | 'ca12';

/** The kind of period a regime's return covers. */
export function periodKindOf(regime: VatRegime): Extract<PeriodKind, 'month' | 'quarter' | 'year'> {
  return regime === 'monthly' ? 'month' : regime === 'quarterly' ? 'quarter' : 'year';
}

export function returnFormOf(regime: VatRegime): ReturnForm {
  return regime === 'simplified' ? 'ca12' : 'ca3';
}

/** The filing deadline of the return of `period` (a month, a quarter, or a year for the CA12). */
export function returnDeadline(period: ReportPeriod, profile: TaxProfile): string {
  const next = addDays(period.to, 1); // the first day after the period
  if (profile.regime === 'simplified') {
    // CGI 287-3: the second working day after 1 May of the year after.
    const first = nextWorkingDay(`${next.slice(0, 4)}-05-02`);
    return nextWorkingDay(addDays(first, 1));
  }
  const day = String(ca3DueDay(profile).day).padStart(2, '0');
  return nextWorkingDay(`${next.slice(0, 7)}-${day}`);
}

/** 'upcoming': the period is not over; 'due': over, deadline not passed; 'late': deadline passed
 * and not declared; 'declared': the accountant recorded it as declared. */
export type ReturnState = 'upcoming' | 'due' | 'late' | 'declared';

export interface DueReturn {
  regime: VatRegime;
  form: ReturnForm;
  period: ReportPeriod;
  /** The last day to file, YYYY-MM-DD (a working day). */
  deadline: string;
  /** The legal day of the month before a holiday moved it (null for the CA12). */
  dueDay: number | null;
  assumed: DueDayAssumption[];
  state: ReturnState;
  /** Days from today (Paris) to the deadline: negative when late. */
  daysLeft: number;
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day an instant falls on in Paris, "YYYY-MM-DD". */
export function parisDayOf(instant: Date): string {
  return PARIS_DAY.format(instant);
}

/**
 * The return to file now: the last period that ended before today (Paris), unless the
 * accountant recorded it as declared, in which case the next one (until the current period,
 * which is 'upcoming' while it runs).
 */
export function returnDueNow(
  now: Date,
  profile: TaxProfile,
  isDeclared: (period: ReportPeriod) => boolean = () => false,
): DueReturn {
  const today = parisDayOf(now);
  const current = periodOf(periodKindOf(profile.regime), today);
  let period = shiftPeriod(current, -1);
  while (period.from !== current.from && isDeclared(period)) period = shiftPeriod(period, 1);
  return returnOf(period, profile, today, isDeclared(period));
}

/** The return of one period as of `today` (Paris day). */
export function returnOf(
  period: ReportPeriod,
  profile: TaxProfile,
  today: string,
  declared = false,
): DueReturn {
  const deadline = returnDeadline(period, profile);
  const state: ReturnState = declared
    ? 'declared'
    : period.to >= today
      ? 'upcoming'
      : today > deadline
        ? 'late'
        : 'due';
  const due = profile.regime === 'simplified' ? null : ca3DueDay(profile);
  return {
    regime: profile.regime,
    form: returnFormOf(profile.regime),
    period,
    deadline,
    dueDay: due?.day ?? null,
    assumed: due?.assumed ?? [],
    state,
    daysLeft: dayNumber(deadline) - dayNumber(today),
  };
}

/** A period of another kind that keeps the month: from a month, the quarter or year holding it;
 * from a quarter or year, `month` when it lies in it, else the period's first month. */
export function switchKind(
  period: ReportPeriod,
  kind: PeriodKind,
  month: string | null = null,
): ReportPeriod {
  const anchor =
    month !== null && `${month}-01` >= period.from && `${month}-01` <= period.to
      ? `${month}-01`
      : period.from;
  return periodOf(kind, anchor);
}
