// One exception reason in words (issue 19, item 4), short for the screen's badges and long for
// its tooltip and the workbook: the same words both places, from src/shared/i18n/*/follow-up.ts.
import type { ExceptionReason } from './exceptions.ts';
import type frFollowUp from './i18n/fr/follow-up.ts';
import { interpolate } from './i18n/interpolate.ts';

export type ExceptionReasonWords = (typeof frFollowUp)['exceptions']['reasons'];

/** The reason's words: `long` names the party, the due day, the entries' specifics. `date`
 * formats a day in the reader's language. */
export function reasonText(
  reason: ExceptionReason,
  w: ExceptionReasonWords,
  long: boolean,
  date: (day: string) => string,
): string {
  switch (reason.kind) {
    case 'status': {
      const status = w.status[reason.code];
      const entries = reason.entries;
      if (!long || !entries) return status;
      if (entries.situation === 'held') return interpolate(w.statusHeld, { status });
      // "Rejetée (213), écartée des écritures" says it all; another cause is named.
      if (entries.reason === 'refused' || entries.reason === 'rejected')
        return interpolate(w.statusLeftOut, { status });
      return interpolate(w.statusLeftOutBecause, {
        status,
        reason: leftOutWhy(entries.reason, entries.detail, w),
      });
    }
    case 'past_due':
      return interpolate(long ? w.pastDueLong : w.pastDue, {
        days: reason.days,
        date: date(reason.dueDate),
      });
    case 'unmapped':
      return long ? interpolate(w.unmappedLong, { party: reason.party }) : w.unmapped;
    case 'held':
      return w.held[reason.reason];
    case 'left_out':
      return long
        ? interpolate(w.leftOutLong, { reason: leftOutWhy(reason.reason, reason.detail, w) })
        : w.leftOut;
  }
}

function leftOutWhy(
  reason: keyof ExceptionReasonWords['leftOutReasons'],
  detail: string | null,
  w: ExceptionReasonWords,
): string {
  const why = w.leftOutReasons[reason];
  return detail ? `${why} (${detail})` : why;
}
