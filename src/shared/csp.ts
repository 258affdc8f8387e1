// The Content-Security-Policy of the renderer, defined once: the build writes it into the page's
// <meta> (electron.vite.config.ts), and the browser host and the Electron shell send it as a
// response header too, where it also covers what a <meta> cannot (frame-ancestors).
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
