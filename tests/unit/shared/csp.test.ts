import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CONTENT_SECURITY_POLICY } from '#shared/csp.ts';

test('the CSP header is the one of the renderer index.html', () => {
  const html = readFileSync(new URL('../../../src/renderer/index.html', import.meta.url), 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  assert.ok(meta, 'index.html declares a CSP meta tag');
  assert.equal(CONTENT_SECURITY_POLICY, meta[1]);
});
