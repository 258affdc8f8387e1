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
    case 'status':
      return w.status[reason.code];
    case 'past_due':
      return interpolate(long ? w.pastDueLong : w.pastDue, {
        days: reason.days,
        date: date(reason.dueDate),
      });
    case 'unmapped':
      return long ? interpolate(w.unmappedLong, { party: reason.party }) : w.unmapped;
    case 'held':
      return w.held[reason.reason];
    case 'left_out': {
      if (!long) return w.leftOut;
      const why = w.leftOutReasons[reason.reason];
      return interpolate(w.leftOutLong, {
        reason: reason.detail ? `${why} (${reason.detail})` : why,
      });
    }
  }
}
