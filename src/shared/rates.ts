// The ECB's reference rates the accountant imports (issue 26, item 3), as they cross to the
// renderer: what an import kept, what is kept now, and why a file was refused, line by line
// (a code the screen words, with the values it names).
export const RATES_PROBLEMS = [
  'header', // the first line is not "Date,USD,JPY,…"
  'currency', // a header cell is not a currency code
  'currency_twice',
  'no_rates',
  'fields', // a line with another number of fields than the header
  'day', // not a day YYYY-MM-DD
  'day_twice',
  'rate', // not a positive decimal with a dot, nor N/A
] as const;
export type RatesProblemCode = (typeof RATES_PROBLEMS)[number];

export interface RatesProblem {
  /** 1-based line of the file. */
  line: number;
  code: RatesProblemCode;
  /** What the line holds that is wrong (the cell, the currency, the day, the counts). */
  values: Record<string, string>;
  /** The reason in English (the CLI's stderr). */
  reason: string;
}

export interface RatesImported {
  file: string;
  from: string;
  to: string;
  days: number;
  currencies: string[];
}

/** The rates kept now for every connection, or null when none was imported. */
export interface RatesKept extends RatesImported {
  importedAt: string;
}
