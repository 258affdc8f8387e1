/** True for an absolute http: or https: URL with a host: what an operator's base URL, its token
 * URL and a webhook's callback address must all be. */
export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
