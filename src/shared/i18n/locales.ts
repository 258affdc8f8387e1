// The locale each language of the app writes numbers, amounts and dates in (on screen, in
// workbooks, in notifications): French as in France, English as in Britain (day before month).
import type { Language } from '../contract.ts';

export type Locale = 'fr-FR' | 'en-GB';

export const LOCALES: Readonly<Record<Language, Locale>> = { fr: 'fr-FR', en: 'en-GB' };
