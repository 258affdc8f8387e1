// An exception reason as a badge (issue 19, item 4): its short words, its long words for the
// tooltip, and its tone (a rejection or refusal is bad news; a dispute, a suspension, a late
// payment or an invoice held waits for someone; the books' matters are information).
import { reasonText, type ExceptionReasonWords } from '#shared/exception-words.ts';
import type { ExceptionReason } from '#shared/exceptions.ts';
import type { BadgeTone } from '../../components/badge.ts';
import { formatDate } from '../../format.ts';

export interface ReasonBadge {
  label: string;
  title: string;
  tone: BadgeTone;
}

function toneOf(reason: ExceptionReason): BadgeTone {
  switch (reason.kind) {
    case 'status':
      return reason.code === '213' || reason.code === '210' ? 'bad' : 'wait';
    case 'past_due':
    case 'held':
      return 'wait';
    case 'unmapped':
      return 'info';
    case 'left_out':
      return 'off';
  }
}

export function reasonBadge(reason: ExceptionReason, words: ExceptionReasonWords): ReasonBadge {
  const date = (day: string): string => formatDate(day);
  return {
    label: reasonText(reason, words, false, date),
    title: reasonText(reason, words, true, date),
    tone: toneOf(reason),
  };
}
