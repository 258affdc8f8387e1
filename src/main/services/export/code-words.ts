// The one label of a platform code in every workbook (issue 27, item 7): a state ("INVALID",
// "NOT_DELIVERED"…) or a lifecycle status ("210") in the reader's words, never the English code
// in a French workbook. A text that is no code (an entry's detail in words) is kept as it is.
import type { Language } from '#shared/contract.ts';
import { codeLabel } from '#shared/invoices/labels.ts';
import { labelOf, wordsFor } from './words.ts';

/** "Non distribuée", "210 · Refusée"; an unknown text as it is. */
export function codeWords(code: string, language: Language): string {
  const words = wordsFor(language);
  const state = labelOf(words.common.states, code);
  if (state !== undefined) return state;
  if (/^\d{3}$/.test(code)) return codeLabel(code, words.invoices.lifecycle);
  return code;
}

/** The same, for a value that may be missing. */
export function codeWordsOf(
  code: string | null | undefined,
  language: Language,
): string | undefined {
  return code === null || code === undefined || code === '' ? undefined : codeWords(code, language);
}
