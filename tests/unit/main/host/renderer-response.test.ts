// The plain-Node half of the Electron shell's app:// protocol: what rendererResponse answers.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { rendererResponse } from '#main/host/static-files.ts';
import { CONTENT_SECURITY_POLICY } from '#shared/csp.ts';

let parent: string;
let root: string;
before(() => {
  parent = mkdtempSync(join(tmpdir(), 'renderer-response-'));
  root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(parent, 'secret.txt'), 'outside');
});
after(() => rmSync(parent, { recursive: true, force: true }));

test('index.html with its type, no-store and the CSP as a header', async () => {
  const response = await rendererResponse(root, 'app://invoice-desk/index.html');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(response.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(await response.text(), '<!doctype html><title>x</title>');
  const script = await rendererResponse(root, 'app://invoice-desk/assets/app.js?v=1');
  assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(await script.text(), 'console.log(1)');
});

test('traversal, missing files and other methods are refused', async () => {
  for (const url of [
    'app://invoice-desk/../secret.txt',
    'app://invoice-desk/%2e%2e/secret.txt',
    'app://invoice-desk/assets/',
    'app://invoice-desk/missing.js',
    'not a url',
  ]) {
    const response = await rendererResponse(root, url);
    assert.equal(response.status, 404, url);
    assert.ok(!(await response.text()).includes('outside'));
  }
  const post = await rendererResponse(root, 'app://invoice-desk/index.html', 'POST');
  assert.equal(post.status, 405);
});
