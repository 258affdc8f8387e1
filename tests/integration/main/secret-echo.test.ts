// Item 7: an operator that echoes the bearer and the client secret in an error body. Whatever it
// echoes, in whatever form, nothing of them reaches the Result envelope the dispatcher returns.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ConnectionSummary, Result } from '#shared/contract.ts';
import { createDispatcher, createHandlers, type Dispatch } from '#main/handlers/index.ts';
import { createServices, type Services } from '#main/services/index.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  formEncode,
  json,
  startFakeOperator,
  type FakeOperator,
} from '#support/operator-fakes.ts';
import { fakeKeytar } from '#support/fakes.ts';

const silent = { info() {}, warn() {}, error() {} };
let op: FakeOperator;
let dataDir: string;
let services: Services;
let dispatch: Dispatch;
const tokensSeen: string[] = [];

before(async () => {
  op = await startFakeOperator({
    expiresIn: 300,
    api: (req, res) => {
      const token = (req.headers.authorization ?? '').slice('Bearer '.length);
      tokensSeen.push(token);
      json(res, 400, {
        // No "Bearer" or "secret=" around the values: only redaction by value can catch them.
        statusMessage: `Request by ${token} refused; credentials were ${CLIENT_SECRET} / ${encodeURIComponent(CLIENT_SECRET)}`,
        details: {
          echo: [token, CLIENT_SECRET, formEncode(CLIENT_SECRET)],
          [token]: 'as a key too',
          basic: Buffer.from(`${formEncode(CLIENT_ID)}:${formEncode(CLIENT_SECRET)}`).toString(
            'base64',
          ),
        },
      });
    },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'spine-echo-'));
  services = createServices({
    dataDir,
    shell: 'browser',
    env: {},
    log: silent,
    loadKeytar: async () => fakeKeytar(),
  });
  dispatch = createDispatcher(createHandlers(services), { log: silent });
});
after(async () => {
  await services.close();
  await op.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('an echoed bearer and secret never reach the envelope', async () => {
  const saved = await dispatch('connections:save', {
    name: 'Écho',
    baseUrl: `${op.url}/api`,
    tokenUrl: op.tokenUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
  assert.ok(saved.ok, JSON.stringify(saved));
  const id = (saved.value as ConnectionSummary).id;
  assert.ok((await dispatch('settings:update', { activeConnectionId: id })).ok);

  const results: Result<unknown>[] = [
    await dispatch('webhooks:list', undefined),
    await dispatch('directory:search', { q: 'acme' }),
  ];
  assert.ok(tokensSeen.length > 0 && tokensSeen[0]!.length > 0, 'the operator saw a bearer');
  for (const result of results) {
    assert.equal(result.ok, false);
    if (result.ok) continue;
    assert.equal(result.error.kind, 'invalid_input');
    assert.equal(result.error.status, 400);
    assert.match(result.error.operatorMessage ?? '', /^Request by \[redacted\] refused/);
    const text = JSON.stringify(result);
    const forbidden = [
      ...tokensSeen,
      CLIENT_SECRET,
      encodeURIComponent(CLIENT_SECRET),
      formEncode(CLIENT_SECRET),
      Buffer.from(`${formEncode(CLIENT_ID)}:${formEncode(CLIENT_SECRET)}`).toString('base64'),
    ];
    for (const value of forbidden)
      assert.ok(!text.includes(JSON.stringify(value).slice(1, -1)), `${value} leaked: ${text}`);
  }
});
