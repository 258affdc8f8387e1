// The CSP is written once (src/shared/csp.ts): the build puts it in the page's <meta>, the hosts
// send it as a header. Reads the build that `npm test` makes before the node tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { CONTENT_SECURITY_POLICY } from '#shared/csp.ts';

const source = new URL('../../../src/renderer/index.html', import.meta.url);
const built = new URL('../../../out/renderer/index.html', import.meta.url);
const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/;

test('the page source does not type the CSP a second time', () => {
  assert.doesNotMatch(readFileSync(source, 'utf8'), CSP_META);
});

test('the built page carries the one CSP in a <meta>, before any script', () => {
  assert.ok(existsSync(built), 'out/renderer/index.html is missing: run `npx electron-vite build`');
  const html = readFileSync(built, 'utf8');
  const meta = CSP_META.exec(html);
  assert.ok(meta, 'the built index.html declares a CSP meta tag');
  assert.equal(meta[1], CONTENT_SECURITY_POLICY);
  assert.ok(meta.index < html.indexOf('<script'), 'the CSP comes before the first script');
});
