export { startBrowserHost, MAX_BODY_BYTES } from './browser-host.ts';
export type { BrowserHost } from './browser-host.ts';
export { CONTENT_SECURITY_POLICY } from '#shared/csp.ts';
