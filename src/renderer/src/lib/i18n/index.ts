// i18n for the renderer. How to plug an area in (Directory, Participants, Webhooks…):
//   1. French is the reference: `fr/<area>.ts` exports `{ … } as const` (nested objects of strings).
//   2. English twin: `en/<area>.ts` exports `{ … } as const satisfies Translation<typeof fr>`
//      (import type fr from '../fr/<area>.ts'): a missing or extra key fails to compile.
//   3. Both are merged below under the area's name, so keys read `<area>.<path>`:
//        import { t } from '../i18n/index.ts';   t('directory.title')   t('common.count', { count: 3 })
//      `{name}` placeholders are replaced from params. t() reads the language rune: call it in the
//      template (or in $derived) and the text follows the language switch.
//   4. Numbers, amounts and dates: lib/format.ts (formatAmount, formatDate, formatDateTime,
//      formatNumber), which follow the same language (fr → fr-FR, en → en-GB).
//   tests/unit/renderer/i18n.test.ts checks that fr and en have the same keys and no empty text.
import type { Language } from '../../../../shared/contract.ts';
import { interpolate, setLocaleSource, type Locale } from '../format.ts';
import { language } from '../stores/language.svelte.ts';
import frCommon from './fr/common.ts';
import frInvoices from './fr/invoices.ts';
import frSettings from './fr/settings.ts';
import frDirectory from './fr/directory.ts';
import frParticipants from './fr/participants.ts';
import frWebhooks from './fr/webhooks.ts';
import enCommon from './en/common.ts';
import enInvoices from './en/invoices.ts';
import enSettings from './en/settings.ts';
import enDirectory from './en/directory.ts';
import enParticipants from './en/participants.ts';
import enWebhooks from './en/webhooks.ts';

/** The shape an English dictionary must have: the French one's keys, any string as values. */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};

export const dictionaries = {
  fr: {
    common: frCommon,
    invoices: frInvoices,
    settings: frSettings,
    directory: frDirectory,
    participants: frParticipants,
    webhooks: frWebhooks,
  },
  en: {
    common: enCommon,
    invoices: enInvoices,
    settings: enSettings,
    directory: enDirectory,
    participants: enParticipants,
    webhooks: enWebhooks,
  },
} as const satisfies Record<Language, unknown>;

type Reference = (typeof dictionaries)['fr'];
// The English merge must match the French one too (each area file already checks itself).
const englishMatches: Translation<Reference> = dictionaries.en;
void englishMatches;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translatable key, e.g. 'common.retry' or 'invoices.columns.seller'. */
export type MessageKey = Leaves<Reference>;
export type MessageParams = Record<string, string | number | null | undefined>;

export const LOCALES: Record<Language, Locale> = { fr: 'fr-FR', en: 'en-GB' };
setLocaleSource(() => LOCALES[language.current]);

function lookup(lang: Language, key: string): string | undefined {
  let node: unknown = dictionaries[lang];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text for `key` in the current language, `{name}` placeholders filled from params. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text = lookup(language.current, key) ?? lookup('fr', key) ?? key;
  return interpolate(text, params);
}

/** For keys computed at run time (e.g. an enum value): falls back to `fallback` when absent. */
export function tOr(key: string, fallback: string, params?: MessageParams): string {
  const text = lookup(language.current, key);
  return text === undefined ? fallback : interpolate(text, params);
}

export function hasKey(key: string): boolean {
  return lookup(language.current, key) !== undefined;
}

export { language };
