// A text that agrees with a number: a dictionary gives `{ one, other }` and the language's own
// rule picks (Intl.PluralRules). French takes the singular for 0 and 1 ("0 dossier", "1 dossier"),
// English for 1 only ("0 companies").

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
