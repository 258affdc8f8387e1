// A text that agrees with a number: a dictionary gives `{ one, other }` and the language's own
// rule picks (Intl.PluralRules). French takes the singular for 0 and 1 ("0 dossier", "1 dossier"),
// English for 1 only ("0 companies"). The one way the screens (tn), the workbooks, the
// notifications and the CLI write a count.
import type { Language } from '../contract.ts';
import { interpolate } from './interpolate.ts';
import { LOCALES } from './locales.ts';

export interface PluralForms {
  readonly one: string;
  readonly other: string;
}

const rules = new Map<string, Intl.PluralRules>();

/** The form of `forms` that `count` takes in `locale`. */
export function pluralForm(forms: PluralForms, count: number, locale: string): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return rule.select(count) === 'one' ? forms.one : forms.other;
}

/** The form `count` takes in `language`, its placeholders filled: `{count}` is the number as
 * that language writes it ("1 200") unless params give it. */
export function countText(
  forms: PluralForms,
  count: number,
  language: Language,
  params?: Record<string, string | number | null | undefined>,
): string {
  const locale = LOCALES[language];
  return interpolate(pluralForm(forms, count, locale), {
    count: new Intl.NumberFormat(locale).format(count),
    ...params,
  });
}
