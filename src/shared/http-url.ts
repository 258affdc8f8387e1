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

/** This machine: localhost, 127.0.0.0/8 or ::1 (a URL's hostname, IPv6 in brackets or not). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** https anywhere, plain http only to this machine (the demo operator): the client secret and
 * the bearer must never travel unencrypted. False for anything that is not an http(s) URL. */
export function isSecureOperatorUrl(value: string): boolean {
  if (!isAbsoluteHttpUrl(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' || isLoopbackHost(url.hostname);
}

export const INSECURE_HTTP_MESSAGE =
  'plain http:// is only allowed to this machine (localhost, 127.0.0.1, ::1): use https://';
