import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { basicAuthorization, TokenProvider } from '#main/services/operator/token-provider.ts';
import { toAppError } from '#main/services/errors.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  expectOperatorError,
  json,
  startFakeOperator,
  startServer,
  type FakeOperator,
  type TestServer,
} from '#support/operator-fakes.ts';

function provider(
  tokenUrl: string,
  extra: Partial<ConstructorParameters<typeof TokenProvider>[0]> = {},
): TokenProvider {
  return new TokenProvider({
    credentials: { tokenUrl, clientId: CLIENT_ID, getClientSecret: async () => CLIENT_SECRET },
    ...extra,
  });
}

describe('TokenProvider', () => {
  let op: FakeOperator;
  before(async () => {
    op = await startFakeOperator({ expiresIn: 100, api: (_req, res) => json(res, 200, {}) });
  });
  after(() => op.close());

  test('POSTs grant_type=client_credentials, form-encoded, with Basic client authentication (RFC 6749 §2.3.1)', async () => {
    const before = op.requests.length;
    const token = await provider(op.tokenUrl).getToken();
    assert.match(token, /^tok-/);
    const req = op.requests[before];
    assert.ok(req);
    assert.equal(req.method, 'POST');
    assert.equal(req.path, '/oauth/token');
    assert.equal(req.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(req.body, 'grant_type=client_credentials');
    // clientId and secret are each form-url-encoded before base64.
    const decoded = Buffer.from(
      String(req.headers.authorization).replace(/^Basic /, ''),
      'base64',
    ).toString('utf8');
    assert.equal(decoded, 'desk+client%3A1:S3cr3t+p%40ss%2B%2F%C3%A9');
    assert.equal(
      basicAuthorization('a b', 'c:d'),
      `Basic ${Buffer.from('a+b:c%3Ad').toString('base64')}`,
    );
  });

  test('caches the token until refreshMarginSeconds before expires_in', async () => {
    let clock = 1_000_000;
    const tokens = provider(op.tokenUrl, { now: () => clock, refreshMarginSeconds: 30 });
    const count = op.tokenRequests();
    const first = await tokens.getToken();
    clock += 69_000; // 100 s lifetime - 30 s margin = refresh after 70 s
    assert.equal(await tokens.getToken(), first);
    assert.equal(op.tokenRequests(), count + 1);
    clock += 2_000;
    const second = await tokens.getToken();
    assert.notEqual(second, first);
    assert.equal(op.tokenRequests(), count + 2);
    assert.equal(tokens.requestCount, 2);
  });

  test('without expires_in the token is treated as short-lived (60 s)', async () => {
    const short = await startFakeOperator({
      expiresIn: undefined,
      api: (_req, res) => json(res, 200, {}),
    });
    try {
      let clock = 0;
      const tokens = provider(short.tokenUrl, { now: () => clock, refreshMarginSeconds: 0 });
      const first = await tokens.getToken();
      clock = 59_000;
      assert.equal(await tokens.getToken(), first);
      clock = 60_001;
      assert.notEqual(await tokens.getToken(), first);
      assert.equal(short.tokenRequests(), 2);
    } finally {
      await short.close();
    }
  });

  test('twenty concurrent callers share one token request', async () => {
    const slow = await startFakeOperator({
      expiresIn: 100,
      tokenDelayMs: 50,
      api: (_req, res) => json(res, 200, {}),
    });
    try {
      const tokens = provider(slow.tokenUrl);
      const results = await Promise.all(Array.from({ length: 20 }, () => tokens.getToken()));
      assert.equal(new Set(results).size, 1);
      assert.equal(slow.tokenRequests(), 1);
    } finally {
      await slow.close();
    }
  });

  test('invalidate drops the current token only', async () => {
    const tokens = provider(op.tokenUrl);
    const first = await tokens.getToken();
    tokens.invalidate('some-older-token');
    assert.equal(await tokens.getToken(), first);
    tokens.invalidate(first);
    const second = await tokens.getToken();
    assert.notEqual(second, first);
    tokens.invalidate(first); // stale: keeps the new one
    assert.equal(await tokens.getToken(), second);
  });

  test('a wrong secret gives kind auth, and the secret appears nowhere in the error', async () => {
    const tokens = new TokenProvider({
      credentials: {
        tokenUrl: op.tokenUrl,
        clientId: CLIENT_ID,
        getClientSecret: async () => 'wrong-secret-value',
      },
    });
    const error = await expectOperatorError(() => tokens.getToken());
    assert.equal(error.kind, 'auth');
    assert.equal(error.status, 401);
    assert.match(error.message, /client ID or client secret/);
    assert.equal(error.operatorMessage, 'Bad client credentials');
    const envelope = JSON.stringify(toAppError(error));
    assert.ok(!envelope.includes('wrong-secret-value'));
    assert.ok(
      !envelope.includes(Buffer.from('wrong-secret-value').toString('base64').slice(0, 12)),
    );
  });

  describe('against odd token endpoints', () => {
    let server: TestServer;
    let answer: (res: Parameters<typeof json>[0]) => void = () => undefined;
    before(async () => {
      server = await startServer((_req, res) => answer(res));
    });
    after(() => server.close());

    test('400 invalid_client → auth', async () => {
      answer = (res) => json(res, 400, { error: 'invalid_client' });
      const error = await expectOperatorError(() => provider(`${server.url}/token`).getToken());
      assert.equal(error.kind, 'auth');
      assert.equal(error.status, 400);
      assert.match(error.message, /invalid_client/);
    });

    for (const [name, body, path] of [
      ['no access_token', { token: 'x', token_type: 'Bearer' }, 'access_token'],
      ['not a Bearer token', { access_token: 'x', token_type: 'mac' }, 'token_type'],
      [
        'expires_in not a number',
        { access_token: 'x', token_type: 'Bearer', expires_in: 'soon' },
        'expires_in',
      ],
    ] as const) {
      test(`a token response with ${name} → invalid_response naming ${path}`, async () => {
        answer = (res) => json(res, 200, body);
        const error = await expectOperatorError(() => provider(`${server.url}/token`).getToken());
        assert.equal(error.kind, 'invalid_response');
        assert.ok(Array.isArray(error.details));
        assert.ok(
          (error.details as string[]).some((line) => line.startsWith(`${path}:`)),
          String(error.details),
        );
      });
    }

    test('a token response that is not JSON → invalid_response', async () => {
      answer = (res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>login</html>');
      };
      const error = await expectOperatorError(() => provider(`${server.url}/token`).getToken());
      assert.equal(error.kind, 'invalid_response');
    });

    test('expires_in as a numeric string is accepted', async () => {
      answer = (res) =>
        json(res, 200, { access_token: 'abc', token_type: 'bearer', expires_in: '3600' });
      assert.equal(await provider(`${server.url}/token`).getToken(), 'abc');
    });

    test('a failed refresh is not cached: the next call asks again', async () => {
      answer = (res) => json(res, 503, {});
      const tokens = provider(`${server.url}/token`);
      const error = await expectOperatorError(() => tokens.getToken());
      assert.equal(error.kind, 'server');
      answer = (res) =>
        json(res, 200, { access_token: 'later', token_type: 'Bearer', expires_in: 100 });
      assert.equal(await tokens.getToken(), 'later');
    });

    test('429 carries Retry-After as retryAfterMs', async () => {
      answer = (res) => json(res, 429, {}, { 'retry-after': '2' });
      const error = await expectOperatorError(() => provider(`${server.url}/token`).getToken());
      assert.equal(error.kind, 'rate_limited');
      assert.equal(error.retryAfterMs, 2000);
    });
  });

  test('an unreachable token endpoint → offline', async () => {
    const gone = await startServer(() => undefined);
    await gone.close();
    const error = await expectOperatorError(() => provider(`${gone.url}/token`).getToken());
    assert.equal(error.kind, 'offline');
    assert.match(error.message, /ECONNREFUSED/);
  });

  test('a token endpoint that never answers → timeout', async () => {
    const silent = await startServer(() => undefined);
    try {
      const error = await expectOperatorError(() =>
        provider(`${silent.url}/token`, { timeoutMs: 100 }).getToken(),
      );
      assert.equal(error.kind, 'timeout');
    } finally {
      await silent.close();
    }
  });

  test('a caller who aborts stops waiting (cancelled); the shared request still serves the others', async () => {
    const slow = await startFakeOperator({
      expiresIn: 100,
      tokenDelayMs: 150,
      api: (_req, res) => json(res, 200, {}),
    });
    try {
      const tokens = provider(slow.tokenUrl);
      const controller = new AbortController();
      const patient = tokens.getToken();
      const impatient = tokens.getToken(controller.signal);
      setTimeout(() => controller.abort(), 20);
      const started = Date.now();
      const error = await expectOperatorError(() => impatient);
      assert.equal(error.kind, 'cancelled');
      assert.ok(Date.now() - started < 120, 'cancelled before the token arrived');
      assert.match(await patient, /^tok-/);
      assert.equal(slow.tokenRequests(), 1);
    } finally {
      await slow.close();
    }
  });

  test('a secret that cannot be read → keychain, and no token request is sent', async () => {
    const before = op.tokenRequests();
    const tokens = new TokenProvider({
      credentials: {
        tokenUrl: op.tokenUrl,
        clientId: CLIENT_ID,
        getClientSecret: () => Promise.reject(new Error('keychain locked')),
      },
    });
    const error = await expectOperatorError(() => tokens.getToken());
    assert.equal(error.kind, 'keychain');
    assert.equal(op.tokenRequests(), before);
  });
});
