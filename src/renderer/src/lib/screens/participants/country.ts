// A country code in words, in the UI language ("FR" → "France" / "France", "DE" → "Allemagne").
const names = new Map<string, Intl.DisplayNames>();

export function countryName(code: string | undefined, locale: string): string {
  if (!code) return '';
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    names.set(locale, display);
  }
  try {
    return display.of(code.toUpperCase()) ?? code;
  } catch {
    return code; // not a region code: show what the operator sent
  }
}
