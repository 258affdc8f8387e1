// The firm server's URL main is given, from what the settings screen's fields hold: the server
// as typed (host:port/database, or a postgres:// URL) with the user put in; never a password
// (that goes apart, to the keychain). Null when the text names no server.
export function firmUrl(server: string, user: string): string | null {
  const text = server.trim();
  const postgres = /^postgres(ql)?:\/\//.test(text);
  if (!postgres && text.includes('://')) return null; // another kind of address (https://…)
  try {
    const url = new URL(postgres ? text : `postgres://${text}`);
    if (!url.hostname) return null;
    url.username = encodeURIComponent(user.trim());
    url.password = '';
    return url.toString();
  } catch {
    return null;
  }
}

/** What the server field shows again of a kept URL: host:port/database. */
export function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
