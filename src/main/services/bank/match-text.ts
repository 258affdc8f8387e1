// The words of bank labels and invoice parties, compared the way a person reads them: accents,
// case and punctuation do not count, legal forms (SAS, SARL...) are not part of a name.
import { COMMON_LEGAL_FORMS } from '../legal-forms.ts';

/** Not part of a name either: the legal forms, and the words around them (articles, "and",
 * "company"). */
const LEGAL_FORMS = new Set<string>([
  ...COMMON_LEGAL_FORMS,
  'CIE',
  'ET',
  'DE',
  'DES',
  'DU',
  'LA',
  'LE',
  'LES',
  'L',
  'D',
  'AND',
  'THE',
  'ETS',
  'STE',
  'SOCIETE',
]);

const NOT_ASCII = /[^\x20-\x7e]/;

/** Accents taken off (a label or a number is most often plain ASCII already: kept as is). */
function plain(text: string): string {
  return !NOT_ASCII.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Upper case ASCII words, accents and punctuation gone. */
export function words(text: string): string[] {
  return plain(text)
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

/** The words that make a company's name its own (no legal form, no article). */
export function nameWords(name: string): string[] {
  return words(name).filter((w) => !LEGAL_FORMS.has(w) && w.length > 1);
}

/** Letters and digits only, upper case: how a reference is compared ("F2026-0012" = "F20260012"). */
export function compact(text: string): string {
  return plain(text)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** A reference specific enough to be looked for in a label: 5 characters or more with a digit
 * (a bare "123" would be found in any amount or date). */
export function searchableReference(ref: string): boolean {
  return ref.length >= 5 && /\d/.test(ref);
}

/**
 * The candidate references of a label: each run of characters between separators, and each
 * two and three neighbours joined (banks turn "F2026-000012" into "F2026 000012"), compacted.
 */
export function referenceTokens(text: string): Set<string> {
  const parts = plain(text)
    .toUpperCase()
    .split(/[\s,;:/()'"+*]+/)
    .map(compact)
    .filter(Boolean);
  const tokens = new Set<string>();
  for (let i = 0; i < parts.length; i++) {
    tokens.add(parts[i]!);
    if (i + 1 < parts.length) tokens.add(parts[i]! + parts[i + 1]!);
    if (i + 2 < parts.length) tokens.add(parts[i]! + parts[i + 1]! + parts[i + 2]!);
  }
  // "FACT123" or "N°F2026-0012": a reference glued to a word before it.
  for (const p of parts) {
    const glued = /^(?:FACTURES?|FACT|NO|REF)(.{5,})$/.exec(p);
    if (glued) tokens.add(glued[1]!);
  }
  return tokens;
}
