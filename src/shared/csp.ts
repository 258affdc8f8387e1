// The Content-Security-Policy of the renderer, the same as the <meta> in src/renderer/index.html
// (a unit test keeps the two equal). Sent as a response header by the browser host and by the
// Electron shell, where a header also covers what a <meta> cannot (frame-ancestors).
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
