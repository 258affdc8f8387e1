// The European Central Bank's reference rates as it publishes them (issue 26, item 3):
// eurofxref-hist.csv (or eurofxref.csv, the day's), "Date,USD,JPY,…" then one line per day,
// newest first, each rate in units of the currency per euro, "N/A" where the ECB gave none that
// day (a currency not yet or no longer quoted); the published lines end with a comma. Read whole
// or refused whole: every bad line is named with its reason, and nothing is kept from a file that
// has one. Pure.
import { isDay } from '#shared/report-period.ts';
import type { RatesProblem, RatesProblemCode } from '#shared/rates.ts';

/** Rates by currency, each a list of [day, rate] in ascending days (rate as printed: "0.8662"). */
export interface EcbRates {
  /** First and last day of the file. */
  from: string;
  to: string;
  currencies: Record<string, [string, string][]>;
}

/** A refused line: its number and why, in English (the CLI's stderr). */
export interface CsvProblem {
  /** 1-based line of the file. */
  line: number;
  reason: string;
}

export type EcbParse = { ok: true; rates: EcbRates } | { ok: false; problems: CsvProblem[] };
/** The same, each refused line with a code and values the settings screen words too. */
export type EcbRead = { ok: true; rates: EcbRates } | { ok: false; problems: RatesProblem[] };

export function parseEcbCsv(text: string): EcbParse {
  const read = readEcbCsv(text);
  return read.ok
    ? read
    : { ok: false, problems: read.problems.map(({ line, reason }) => ({ line, reason })) };
}

const RATE = /^\d{1,9}(\.\d{1,10})?$/;
const CURRENCY = /^[A-Z]{3}$/;
/** A file with more bad lines is surely not the ECB's: the first ones say it. */
const MAX_PROBLEMS = 20;

export function readEcbCsv(text: string): EcbRead {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const problems: RatesProblem[] = [];
  const fail = (
    line: number,
    code: RatesProblemCode,
    values: Record<string, string>,
    reason: string,
  ) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ line, code, values, reason });
  };
  const cells = (line: string) => {
    const fields = line.split(',').map((f) => f.trim());
    if (fields.length > 1 && fields.at(-1) === '') fields.pop(); // the ECB's trailing comma
    return fields;
  };
  const header = cells(lines[0] ?? '');
  if (header[0] !== 'Date' || header.length < 2)
    return {
      ok: false,
      problems: [
        {
          line: 1,
          code: 'header',
          values: {},
          reason: 'the first line is not the ECB header "Date,USD,JPY,…"',
        },
      ],
    };
  const codes = header.slice(1);
  const seenCodes = new Set<string>();
  for (const code of codes) {
    if (!CURRENCY.test(code))
      fail(1, 'currency', { code }, `"${code}" is not a currency code (three capitals)`);
    else if (seenCodes.has(code))
      fail(1, 'currency_twice', { code }, `the currency ${code} is given twice`);
    seenCodes.add(code);
  }
  if (lines.length < 2) fail(1, 'no_rates', {}, 'the file has no rates');
  const byCurrency: Record<string, [string, string][]> = Object.fromEntries(
    codes.map((c) => [c, []]),
  );
  const days = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    const fields = cells(lines[i]!);
    if (fields.length !== header.length) {
      const counts = { fields: String(fields.length), header: String(header.length) };
      fail(n, 'fields', counts, `${fields.length} fields where the header has ${header.length}`);
      continue;
    }
    const day = fields[0]!;
    if (!isDay(day)) {
      fail(n, 'day', { day }, `"${day}" is not a day YYYY-MM-DD`);
      continue;
    }
    if (days.has(day)) {
      fail(n, 'day_twice', { day }, `the day ${day} is given twice`);
      continue;
    }
    days.add(day);
    fields.slice(1).forEach((value, k) => {
      if (value === 'N/A' || value === '') return;
      if (!RATE.test(value) || Number(value) === 0)
        fail(
          n,
          'rate',
          { code: codes[k]!, value },
          `${codes[k]}: "${value}" is not a rate (a positive decimal with a dot, or N/A)`,
        );
      else byCurrency[codes[k]!]!.push([day, value]);
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  for (const list of Object.values(byCurrency)) list.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const sorted = [...days].sort();
  return { ok: true, rates: { from: sorted[0]!, to: sorted.at(-1)!, currencies: byCurrency } };
}

/** The rate of `currency` on `day`, or on the latest earlier day the ECB published one. */
export function ecbRateOn(
  rates: EcbRates | null,
  currency: string,
  day: string,
): { day: string; rate: string } | null {
  const list = rates?.currencies[currency.toUpperCase()];
  if (!list || list.length === 0) return null;
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]![0] <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : { day: list[found]![0], rate: list[found]![1] };
}
