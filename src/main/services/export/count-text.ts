// A workbook text that agrees with its number, in the workbook's language (French: 0 and 1 take
// the singular). `{count}` is the number as that language writes it unless params give it.
import type { Language } from '#shared/contract.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { pluralForm, type PluralForms } from '#shared/i18n/plural.ts';

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
