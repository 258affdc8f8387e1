// The one way a dictionary's text takes its values, on screen (renderer) and in workbooks (main).

/** Replaces {name} placeholders; unknown placeholders stay visible so that a mistake shows. */
export function interpolate(
  template: string,
  params?: Record<string, string | number | null | undefined>,
): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}
