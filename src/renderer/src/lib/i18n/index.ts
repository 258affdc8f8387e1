// i18n for the renderer. How to plug a screen in (Directory, Participants, Webhooks…):
//   1. French is the reference: `fr/<screen>.ts` exports `{ … } as const` (nested objects of strings).
//   2. English twin: `en/<screen>.ts` exports `{ … } as const satisfies Translation<typeof fr>`
//      (import type fr from '../fr/<screen>.ts'): a missing or extra key fails to compile.
//   3. Both are merged below under the area's name, so keys read `<screen>.<path>`:
//        import { t } from './index.ts';   t('directory.title')   t('common.count', { count: 3 })
//      `{name}` placeholders are replaced from params. t() reads the language rune: call it in the
//      template (or in $derived) and the text follows the language switch.
//   A text that agrees with a number is `{ one: '…', other: '…' }` in both dictionaries, read with
//   tn('portfolio.shown', n, params): the language's own rule picks (French: 0 and 1 singular).
//   4. Numbers, amounts and dates: lib/format.ts (formatAmount, formatDate, formatDateTime,
//      formatNumber), which follow the same language (fr → fr-FR, en → en-GB).
//   tests/unit/renderer/i18n.test.ts checks that fr and en have the same keys and no empty text.
import type { Language } from '#shared/contract.ts';
import { interpolate, setLocaleSource } from '../format.ts';
import { countText } from '#shared/i18n/plural.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { language } from '../stores/language.svelte.ts';
import frCommon from '#shared/i18n/fr/common.ts';
import frInvoices from '#shared/i18n/fr/invoices.ts';
import frSettings from '#shared/i18n/fr/settings.ts';
import frDirectory from '#shared/i18n/fr/directory.ts';
import frParticipants from '#shared/i18n/fr/participants.ts';
import frWebhooks from '#shared/i18n/fr/webhooks.ts';
import frExports from '#shared/i18n/fr/exports.ts';
import frArchive from '#shared/i18n/fr/archive.ts';
import frReports from '#shared/i18n/fr/reports.ts';
import frAccounting from '#shared/i18n/fr/accounting.ts';
import frCa3 from '#shared/i18n/fr/ca3.ts';
import frSyncRound from '#shared/i18n/fr/sync-round.ts';
import frPortfolio from '#shared/i18n/fr/portfolio.ts';
import frFollowUp from '#shared/i18n/fr/follow-up.ts';
import frBank from '#shared/i18n/fr/bank.ts';
import frCa12 from '#shared/i18n/fr/ca12.ts';
import frRates from '#shared/i18n/fr/rates.ts';
import frFirm from '#shared/i18n/fr/firm.ts';
import frD441 from '#shared/i18n/fr/d441.ts';

import type { Translation } from '#shared/i18n/translation.ts';
export type { Translation };

const french = {
  common: frCommon,
  invoices: frInvoices,
  settings: frSettings,
  directory: frDirectory,
  participants: frParticipants,
  webhooks: frWebhooks,
  exports: frExports,
  archive: frArchive,
  reports: frReports,
  accounting: frAccounting,
  ca3: frCa3,
  syncRound: frSyncRound,
  portfolio: frPortfolio,
  followUp: frFollowUp,
  bank: frBank,
  ca12: frCa12,
  rates: frRates,
  firm: frFirm,
  d441: frD441,
} as const;

type Reference = typeof french;
export type { Reference };

/** Each language's words. English is its own chunk, evaluated only when it is shown
 * (`loadDictionary`): a French start-up does not evaluate it (issue 27, item 7). Until then its
 * place holds the French words, which t() would fall back to anyway. */
export const dictionaries: { fr: Reference; en: Translation<Reference> } = {
  fr: french,
  en: french,
};

let english: Promise<void> | null = null;
/** Makes `lang`'s words available; call (and await) before `language.set(lang)`. */
export function loadDictionary(lang: Language): Promise<void> {
  if (lang !== 'en') return Promise.resolve();
  english ??= import('./english.ts').then((module) => {
    dictionaries.en = module.english;
  });
  return english;
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translatable key, e.g. 'common.retry' or 'invoices.columns.seller'. */
export type MessageKey = Leaves<Reference>;
/** The keys of texts that agree with a number: `{ one, other }` in the dictionaries. */
export type PluralKey = MessageKey extends infer K
  ? K extends `${infer B}.one`
    ? B
    : never
  : never;
export type MessageParams = Record<string, string | number | null | undefined>;

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

/** The text for `key` agreeing with `count` by the current language's rule (plural.ts);
 * `{count}` is the number as the language writes it unless params give it. */
export function tn(key: PluralKey, count: number, params?: MessageParams): string {
  const one = lookup(language.current, `${key}.one`);
  const other = lookup(language.current, `${key}.other`);
  const forms =
    one !== undefined && other !== undefined
      ? { one, other }
      : { one: lookup('fr', `${key}.one`) ?? key, other: lookup('fr', `${key}.other`) ?? key };
  return countText(forms, count, language.current, params);
}

/** For keys computed at run time (e.g. an enum value): falls back to `fallback` when absent. */
export function tOr(key: string, fallback: string, params?: MessageParams): string {
  const text = lookup(language.current, key);
  return text === undefined ? fallback : interpolate(text, params);
}

export { language };
