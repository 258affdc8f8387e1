// The app:// scheme the Electron shell loads the renderer from, instead of file://: a standard,
// secure origin of its own, served by the plain-Node rendererResponse (path confinement, MIME,
// the CSP as a header). Register the scheme before app ready, handle it after.
import { protocol } from 'electron';
import { rendererResponse } from '../host/static-files.ts';

const APP_SCHEME = 'app';
const APP_HOST = 'invoice-desk';
/** The address of the renderer's page. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Before app ready: app:// behaves like https (standard URL parsing, secure context, fetch). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true },
    },
  ]);
}

/** After app ready: serves the built renderer folder under app://invoice-desk/. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => {
    if (!isAppProtocolUrl(request.url)) return new Response('Not found', { status: 404 });
    return rendererResponse(rendererDir, request.url, request.method);
  });
}

/** True for a URL of the app's own origin (app://invoice-desk/…). */
export function isAppProtocolUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}
