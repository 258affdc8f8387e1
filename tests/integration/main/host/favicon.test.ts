// The browser host answers /favicon.ico with the app icon (browsers ask for it without reading the
// page), over real HTTP; a renderer build's own file of that name would win.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowserHost, type BrowserHost } from '#main/host/index.ts';

const ICON_32 = fileURLToPath(new URL('../../../../resources/icons/32x32.png', import.meta.url));
const silent = { info() {}, warn() {}, error() {} };
let parent: string;
let rendererDir: string;
let host: BrowserHost;

before(async () => {
  parent = mkdtempSync(join(tmpdir(), 'host-favicon-'));
  rendererDir = join(parent, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Invoice Desk</title>');
  host = await startBrowserHost({ dataDir: join(parent, 'data'), rendererDir, log: silent });
});
after(async () => {
  await host.close();
  rmSync(parent, { recursive: true, force: true });
});

test('GET /favicon.ico answers 200 with the 32 px app icon as a PNG', async () => {
  const response = await fetch(`${host.origin}/favicon.ico`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/png');
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  const body = Buffer.from(await response.arrayBuffer());
  assert.deepEqual(body, readFileSync(ICON_32));
});

test('HEAD /favicon.ico gives the size without a body', async () => {
  const response = await fetch(`${host.origin}/favicon.ico`, { method: 'HEAD' });
  assert.equal(response.status, 200);
  assert.equal(Number(response.headers.get('content-length')), readFileSync(ICON_32).length);
});

test('only that conventional path reaches resources/: other icon names stay 404', async () => {
  for (const path of ['/favicon.png', '/32x32.png', '/icons/32x32.png', '/favicon.ico/']) {
    const response = await fetch(`${host.origin}${path}`);
    assert.equal(response.status, 404, path);
    await response.arrayBuffer();
  }
});

test("a renderer build's own favicon.ico wins over the app icon", async () => {
  writeFileSync(join(rendererDir, 'favicon.ico'), 'from the build');
  try {
    const response = await fetch(`${host.origin}/favicon.ico`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'from the build');
  } finally {
    rmSync(join(rendererDir, 'favicon.ico'));
  }
});
