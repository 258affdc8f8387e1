// The client against a hostile or misconfigured operator over real HTTP on 127.0.0.1: endless
// bodies, HTML pages, redirects, bodies that are not JSON, plain http to another machine.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  OperatorClient,
  type OperatorClientOptions,
} from '#main/services/operator/operator-client.ts';
import { toAppError } from '#main/services/errors.ts';
import {
  endlessBody,
  htmlPage,
  notJson,
  redirectTo,
  type EndlessBody,
} from '#support/hostile-http.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  expectOperatorError,
  json,
  searchItem,
  startFakeOperator,
  startServer,
  INVOICE_ID,
  type FakeOperator,
  type Handler,
} from '#support/operator-fakes.ts';

let api: Handler = (_req, res) => json(res, 500, {});
let op: FakeOperator;

before(async () => {
  op = await startFakeOperator({ expiresIn: 300, api: (req, res, raw) => api(req, res, raw) });
});
after(() => op.close());
beforeEach(() => {
  op.requests.length = 0;
});

function client(extra: Partial<OperatorClientOptions> = {}): OperatorClient {
  return new OperatorClient({
    connection: { baseUrl: `${op.url}/api`, tokenUrl: op.tokenUrl, clientId: CLIENT_ID },
    getClientSecret: async () => CLIENT_SECRET,
    retryBaseDelayMs: 1,
    timeoutMs: 5000,
    ...extra,
  });
}

const emptyDirectory = { data: [], meta: { offset: 0, limit: 1, count: 0 } };
const searchPage = { data: [searchItem(INVOICE_ID)], meta: { offset: 0, limit: 1, count: 1 } };

describe('item 5: the size of an answer is capped', () => {
  test('an endless body: reading stops at the cap, not retried, invalid_response too_large', async () => {
    let body: EndlessBody | undefined;
    api = (_req, res) => {
      body = endlessBody(res);
    };
    const error = await expectOperatorError(() =>
      client({ maxResponseBytes: 2 * 1024 * 1024 }).searchInvoices({}),
    );
    assert.equal(error.kind, 'invalid_response');
    assert.equal(error.reason, 'too_large');
    assert.match(error.message, /larger than 2 MB/);
    assert.equal(op.apiRequests().length, 1, 'a too-large answer is not retried');
    await body!.closed;
    assert.ok(body!.written() < 64 * 1024 * 1024, `the server wrote ${body!.written()} bytes`);
    assert.equal(toAppError(error).reason, 'too_large');
  });

  test('a declared Content-Length over the cap is refused before reading', async () => {
    api = (_req, res) => {
      endlessBody(res, { limit: 600 * 1024 * 1024, contentLength: true });
    };
    const error = await expectOperatorError(() => client().listWebhooks());
    assert.equal(error.reason, 'too_large');
    assert.match(error.message, /larger than 8 MB/);
  });

  test('the token endpoint is capped at 64 KB', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'x'.repeat(200_000), token_type: 'Bearer' }));
    });
    try {
      const c = new OperatorClient({
        connection: { baseUrl: server.url, tokenUrl: `${server.url}/token`, clientId: CLIENT_ID },
        getClientSecret: async () => CLIENT_SECRET,
      });
      const error = await expectOperatorError(() => c.listWebhooks());
      assert.equal(error.reason, 'too_large');
      assert.match(error.message, /Token request.*64 KB/);
      assert.equal(server.requests.length, 1);
    } finally {
      await server.close();
    }
  });
});

describe('item 10: redirects, HTML and non-JSON answers say what they are', () => {
  test('a redirect is not followed: invalid_response, reason redirect, naming the target host', async () => {
    const elsewhere = await startServer((_req, res) => json(res, 200, []));
    try {
      api = (_req, res) => redirectTo(res, `${elsewhere.url}/v1/config/webhook`);
      const error = await expectOperatorError(() => client().listWebhooks());
      assert.equal(error.kind, 'invalid_response');
      assert.equal(error.reason, 'redirect');
      assert.equal(error.status, 302);
      assert.ok(error.message.includes(`127.0.0.1:${elsewhere.port}`), error.message);
      assert.equal(elsewhere.requests.length, 0, 'the bearer never went to the redirect target');
    } finally {
      await elsewhere.close();
    }
  });

  test('JSON served as text/html is refused (html); garbage is not_json; a mismatch is schema', async () => {
    api = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('[]');
    };
    assert.equal((await expectOperatorError(() => client().listWebhooks())).reason, 'html');
    api = (_req, res) => htmlPage(res);
    assert.equal((await expectOperatorError(() => client().listWebhooks())).reason, 'html');
    api = (_req, res) => notJson(res);
    assert.equal((await expectOperatorError(() => client().listWebhooks())).reason, 'not_json');
    api = (_req, res) => json(res, 200, { not: 'a list' });
    const schema = await expectOperatorError(() => client().listWebhooks());
    assert.equal(schema.reason, 'schema');
    assert.equal(toAppError(schema).reason, 'schema');
  });
});

describe('item 3: Tester la connexion says what happened', () => {
  const probes = (directory: Handler, webhooks: Handler): Handler => {
    return (req, res, raw) => {
      if (req.path.includes('/invoice/search')) json(res, 200, searchPage);
      else if (req.path.includes('/directory/')) void directory(req, res, raw);
      else void webhooks(req, res, raw);
    };
  };

  test('an HTML page is thrown as html, not reported as missing rights', async () => {
    api = probes(
      (_req, res) => htmlPage(res),
      (_req, res) => json(res, 200, []),
    );
    const error = await expectOperatorError(() => client().testConnection());
    assert.equal(error.reason, 'html');
  });

  test('a body that is not JSON → not_json; a redirect → redirect', async () => {
    api = probes(
      (_req, res) => json(res, 200, emptyDirectory),
      (_req, res) => notJson(res),
    );
    assert.equal((await expectOperatorError(() => client().testConnection())).reason, 'not_json');
    api = probes(
      (_req, res) => redirectTo(res, 'https://login.example/sso'),
      (_req, res) => json(res, 200, []),
    );
    const redirect = await expectOperatorError(() => client().testConnection());
    assert.equal(redirect.reason, 'redirect');
    assert.match(redirect.message, /login\.example/);
  });

  test('a probe that times out → timeout', async () => {
    api = probes(
      (_req, res) => json(res, 200, emptyDirectory),
      () => undefined, // never answers
    );
    const error = await expectOperatorError(() =>
      client({ timeoutMs: 300, maxRetries: 0 }).testConnection(),
    );
    assert.equal(error.kind, 'timeout');
  });

  test('403 and 404 still tell about roles', async () => {
    api = probes(
      (_req, res) => json(res, 404, {}),
      (_req, res) => json(res, 403, { statusMessage: 'Admin account required' }),
    );
    const report = await client().testConnection();
    assert.deepEqual(report.roles, { user: true, admin: false });
  });
});

describe('item 6: plain http only to this machine', () => {
  for (const [name, connection] of [
    [
      'token URL',
      { baseUrl: 'https://api.operator.example', tokenUrl: 'http://sso.operator.example/token' },
    ],
    [
      'base URL',
      { baseUrl: 'http://api.operator.example', tokenUrl: 'https://sso.operator.example/token' },
    ],
  ] as const) {
    test(`an http:// ${name} to another host is refused before anything is sent`, async () => {
      let secretRead = false;
      let fetched = 0;
      const c = new OperatorClient({
        connection: { ...connection, clientId: CLIENT_ID },
        getClientSecret: async () => {
          secretRead = true;
          return CLIENT_SECRET;
        },
        // Would only be reached for the token if the base URL check came too late.
        fetch: async () => {
          fetched += 1;
          return new Response(
            JSON.stringify({ access_token: 'tok-123456', token_type: 'Bearer' }),
            {
              headers: { 'content-type': 'application/json' },
            },
          );
        },
      });
      const error = await expectOperatorError(() => c.listWebhooks());
      assert.equal(error.kind, 'invalid_input');
      assert.equal(error.reason, 'insecure_http');
      assert.match(error.message, /operator\.example/);
      if (name === 'token URL') {
        assert.equal(secretRead, false);
        assert.equal(fetched, 0);
      } else {
        assert.equal(fetched, 1, 'only the https token request went out');
      }
    });
  }

  test('http to 127.0.0.1 and localhost is allowed (the demo operator)', async () => {
    api = (_req, res) => json(res, 200, []);
    assert.deepEqual(await client().listWebhooks(), []);
    const local = new OperatorClient({
      connection: {
        baseUrl: `http://localhost:${op.port}/api`,
        tokenUrl: `http://localhost:${op.port}/oauth/token`,
        clientId: CLIENT_ID,
      },
      getClientSecret: async () => CLIENT_SECRET,
    });
    assert.deepEqual(await local.listWebhooks(), []);
  });
});
