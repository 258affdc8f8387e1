// The browser host's security over real HTTP, and one real call end to end to the demo operator.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTENT_SECURITY_POLICY,
  MAX_BODY_BYTES,
  startBrowserHost,
  type BrowserHost,
} from '#main/host/index.ts';
import { rawRequest } from '#support/raw-http.ts';

const silent = { info() {}, warn() {}, error() {} };
let parent: string;
let host: BrowserHost;
let port: number;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function send(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<Reply> {
  const reply = await rawRequest(port, options);
  return { ...reply, body: reply.body.toString('utf8') };
}

function rpc(channel: string, args: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send({
    method: 'POST',
    path: `/rpc/${channel}`,
    headers: { 'content-type': 'application/json', 'x-invoice-desk-token': host.token, ...headers },
    body: JSON.stringify({ args }),
  });
}

before(async () => {
  parent = mkdtempSync(join(tmpdir(), 'spine-host-'));
  const rendererDir = join(parent, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Invoice Desk</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(parent, 'outside.txt'), 'must not be served');
  host = await startBrowserHost({ dataDir: join(parent, 'data'), rendererDir, log: silent });
  port = Number(new URL(host.origin).port);
});
after(async () => {
  await host.close();
  rmSync(parent, { recursive: true, force: true });
});

test('binds 127.0.0.1 on a random port; the URL carries a 32-byte token in its fragment', () => {
  assert.match(host.url, /^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
  assert.ok(port > 0);
  assert.equal(Buffer.from(host.token, 'base64url').length, 32);
});

test('serves the renderer with the CSP and safe headers', async () => {
  const index = await send({ path: '/' });
  assert.equal(index.status, 200);
  assert.equal(index.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(index.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
  assert.equal(index.headers['x-content-type-options'], 'nosniff');
  assert.equal(index.headers['referrer-policy'], 'no-referrer');
  const script = await send({ path: '/assets/app.js', headers: { host: `localhost:${port}` } });
  assert.equal(script.status, 200);
  assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
});

test('no path traversal, no directory listing', async () => {
  for (const path of [
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/%2e%2e/outside.txt',
    '/..%2foutside.txt',
    '/assets/',
    '/nope.js',
  ]) {
    const reply = await send({ path });
    assert.equal(reply.status, 404, path);
    assert.ok(!reply.body.includes('must not be served'));
  }
});

test('an RPC without the token, or with a wrong one, is 401', async () => {
  const none = await rpc('app:info', undefined, { 'x-invoice-desk-token': '' });
  assert.equal(none.status, 401);
  assert.equal(JSON.parse(none.body).error.kind, 'auth');
  const wrong = await rpc('app:info', undefined, {
    'x-invoice-desk-token': `${host.token.slice(0, -1)}x`,
  });
  assert.equal(wrong.status, 401);
  const events = await send({ path: '/events?token=nope' });
  assert.equal(events.status, 401);
});

test('a foreign Host is 403 (no DNS rebinding), a foreign Origin is 403 (no cross-site call)', async () => {
  assert.equal((await rpc('app:info', undefined, { host: `evil.example:${port}` })).status, 403);
  assert.equal((await rpc('app:info', undefined, { host: '127.0.0.1:1' })).status, 403);
  assert.equal((await send({ path: '/', headers: { host: 'evil.example' } })).status, 403);
  assert.equal((await rpc('app:info', undefined, { origin: 'https://evil.example' })).status, 403);
  assert.equal((await rpc('app:info', undefined, { origin: 'null' })).status, 403);
  assert.equal(
    (await rpc('app:info', undefined, { origin: `http://127.0.0.1:${port}` })).status,
    200,
  );
});

test('wrong method 405, not JSON 415, too large 413, bad JSON 400, unknown channel 404', async () => {
  const get = await send({
    path: '/rpc/app:info',
    headers: { 'x-invoice-desk-token': host.token },
  });
  assert.equal(get.status, 405);
  assert.equal(get.headers.allow, 'POST');
  const text = await send({
    method: 'POST',
    path: '/rpc/app:info',
    headers: { 'content-type': 'text/plain', 'x-invoice-desk-token': host.token },
    body: '{}',
  });
  assert.equal(text.status, 415);
  const big = await send({
    method: 'POST',
    path: '/rpc/connections:save',
    headers: { 'content-type': 'application/json', 'x-invoice-desk-token': host.token },
    body: Buffer.alloc(MAX_BODY_BYTES + 10, 0x20),
  });
  assert.equal(big.status, 413);
  const badJson = await send({
    method: 'POST',
    path: '/rpc/app:info',
    headers: { 'content-type': 'application/json', 'x-invoice-desk-token': host.token },
    body: '{"args":',
  });
  assert.equal(badJson.status, 400);
  assert.equal((await rpc('fs:read', {})).status, 404);
  assert.equal((await send({ method: 'DELETE', path: '/' })).status, 405);
  for (const reply of [get, text, big, badJson]) assert.equal(JSON.parse(reply.body).ok, false);
});

test('invalid arguments come back as an invalid_input envelope', async () => {
  const reply = await rpc('invoices:search', { offset: 'x', limit: 10 });
  assert.equal(reply.status, 200);
  const body = JSON.parse(reply.body);
  assert.equal(body.error.kind, 'invalid_input');
  assert.deepEqual(body.error.details.issues[0].path, ['offset']);
});

test('a real call with the token works end to end against the demo operator', async () => {
  const reply = await rpc('invoices:search', { offset: 0, limit: 5 });
  assert.equal(reply.status, 200);
  const body = JSON.parse(reply.body);
  assert.equal(body.ok, true, reply.body);
  assert.equal(body.value.source, 'live');
  assert.equal(body.value.data.data.length, 5);
  assert.equal(reply.headers['cache-control'], 'no-store');
});

test('events stream over SSE: connections:changed after a settings change', async () => {
  const received = new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/events?token=${host.token}`,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('event: connections:changed')) {
            req.destroy();
            resolve(text);
          }
        });
        // Trigger the event once the stream is open.
        void rpc('settings:update', { language: 'en' });
      },
    );
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    req.end();
  });
  assert.match(await received, /event: connections:changed\ndata: null\n\n/);
});
