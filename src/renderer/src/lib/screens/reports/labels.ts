// Words and numbers of the reports screen in the user's locale.
import { currentLocale } from '../../format.ts';

/** "2026-10" → "oct. 2026" (fr) / "Oct 2026" (en). */
export function monthLabel(month: string, locale: string = currentLocale()): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

/** Today in the user's time zone, "YYYY-MM-DD". The renderer's one "now": the page's clock
 * (Playwright's page.clock fixes it in the UI tests). */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
