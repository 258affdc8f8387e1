// The token endpoint (client credentials) and token lifetime, over real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { tokenResponseSchema } from '#shared/operator/schemas.ts';
import { api, call } from '#support/demo-operator.ts';

// The operator's clock, set (issue 25); a token's lifetime still runs on the real time, which it
// measures.
const NOW = new Date('2026-11-22T12:00:00Z');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('token endpoint', () => {
  let demoOperator: RunningDemoOperator;
  before(async () => {
    demoOperator = await startDemoOperator({ invoices: 50, now: NOW, tokenLifetimeSeconds: 120 });
  });
  after(() => demoOperator.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    call(demoOperator.tokenUrl, { method: 'POST', headers: { ...FORM, ...headers }, body });

  test('the token URL is the Keycloak-style path of the realm', () => {
    assert.equal(
      new URL(demoOperator.tokenUrl).pathname,
      '/realms/invoice-desk-demo/protocol/openid-connect/token',
    );
    assert.equal(new URL(demoOperator.baseUrl).hostname, '127.0.0.1');
  });

  test('HTTP Basic client authentication', async () => {
    const basic = Buffer.from('demo-admin:demo-admin-secret').toString('base64');
    const answer = await post('grant_type=client_credentials', { authorization: `Basic ${basic}` });
    assert.equal(answer.status, 200);
    const token = tokenResponseSchema.parse(answer.body);
    assert.equal(token.token_type, 'Bearer');
    assert.equal(token.expires_in, 120);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.match(answer.headers.get('content-type')!, /^application\/json; charset=utf-8$/);
    // The token works.
    assert.equal((await api(demoOperator, token.access_token)('/v1/config/webhook')).status, 200);
  });

  test('client_id/client_secret in the body; each token is new', async () => {
    const body = 'grant_type=client_credentials&client_id=demo-user&client_secret=demo-user-secret';
    const a = await post(body);
    const b = await post(body);
    assert.equal(a.status, 200);
    assert.notEqual(a.body.access_token, b.body.access_token);
    assert.ok(a.body.access_token.length >= 32);
  });

  test('wrong secret, unknown client or no credentials → 401 invalid_client', async () => {
    for (const body of [
      'grant_type=client_credentials&client_id=demo-user&client_secret=nope',
      'grant_type=client_credentials&client_id=nobody&client_secret=demo-user-secret',
      'grant_type=client_credentials',
    ]) {
      const answer = await post(body);
      assert.equal(answer.status, 401, body);
      assert.equal(answer.body.error, 'invalid_client');
      assert.equal(typeof answer.body.error_description, 'string');
      assert.equal(answer.body.access_token, undefined);
    }
    const basic = Buffer.from('demo-admin:wrong').toString('base64');
    const viaBasic = await post('grant_type=client_credentials', {
      authorization: `Basic ${basic}`,
    });
    assert.equal(viaBasic.status, 401);
    assert.match(viaBasic.headers.get('www-authenticate') ?? '', /^Basic /);
  });

  test('unsupported grant → 400 unsupported_grant_type; missing grant → 400 invalid_request', async () => {
    const wrong = await post(
      'grant_type=password&client_id=demo-user&client_secret=demo-user-secret',
    );
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'unsupported_grant_type');
    const missing = await post('client_id=demo-user&client_secret=demo-user-secret');
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'invalid_request');
  });

  test('wrong content type → 400 invalid_request; GET → 405', async () => {
    const json = await call(demoOperator.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'demo-user',
        client_secret: 'demo-user-secret',
      }),
    });
    assert.equal(json.status, 400);
    assert.equal(json.body.error, 'invalid_request');
    const get = await call(demoOperator.tokenUrl);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
  });
});

describe('token expiry', () => {
  test('a 1-second token works, then is refused with 401 once expired', async () => {
    const demoOperator = await startDemoOperator({
      invoices: 10,
      now: NOW,
      tokenLifetimeSeconds: 1,
    });
    try {
      const answer = await call(demoOperator.tokenUrl, {
        method: 'POST',
        headers: FORM,
        body: 'grant_type=client_credentials&client_id=demo-user&client_secret=demo-user-secret',
      });
      assert.equal(answer.body.expires_in, 1);
      const get = api(demoOperator, answer.body.access_token);
      assert.equal((await get('/v1.1/invoice/search?limit=1')).status, 200);
      await new Promise((resolve) => setTimeout(resolve, 1150));
      const expired = await get('/v1.1/invoice/search?limit=1');
      assert.equal(expired.status, 401);
      assert.match(expired.headers.get('www-authenticate') ?? '', /invalid_token/);
    } finally {
      await demoOperator.close();
    }
  });
});
