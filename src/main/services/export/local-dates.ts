// Dates written inside a workbook's text (the "About" sheet, a coverage sentence, a filter) as
// the user reads them in the UI's language, never as ISO: "31/03/2026", "31/03/2026 14:05".
import type { Language } from '#shared/contract.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { excelDate } from './cells.ts';

/** "2026-03-31" → "31/03/2026" in French. Not a day: as it is. */
export function localDate(day: string, language: Language): string {
  const date = excelDate(day);
  return date ? new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC' }).format(date) : day;
}

/** An ISO date-time → the local day and time, "31/03/2026 14:05" in French. Unreadable: as it is. */
export function localDateTime(instant: string, language: Language): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);
}
