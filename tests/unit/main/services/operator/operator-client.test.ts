import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { ServerResponse } from 'node:http';
import {
  OperatorClient,
  type OperatorClientOptions,
} from '#main/services/operator/operator-client.ts';
import { toAppError } from '#main/services/errors.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  CUSTOMER_ID,
  DIRECTORY_ENTRY,
  INVOICE_ID,
  INVOICE_ID_2,
  PARTICIPANT,
  WEBHOOK,
  expectOperatorError,
  invoice,
  json,
  searchItem,
  startFakeOperator,
  type FakeOperator,
  type Handler,
  type RecordedRequest,
} from '#support/operator-fakes.ts';

let api: Handler = (_req, res) => json(res, 500, {});
let op: FakeOperator;
let sleeps: number[] = [];

before(async () => {
  op = await startFakeOperator({ expiresIn: 300, api: (req, res, raw) => api(req, res, raw) });
});
after(() => op.close());
beforeEach(() => {
  op.requests.length = 0;
  sleeps = [];
});

/** A client whose backoff sleeps are recorded and instant (the delays chosen are what we assert). */
function client(extra: Partial<OperatorClientOptions> = {}): OperatorClient {
  return new OperatorClient({
    connection: {
      baseUrl: `${op.url}/api/`,
      tokenUrl: op.tokenUrl,
      clientId: CLIENT_ID,
      customerId: CUSTOMER_ID,
    },
    getClientSecret: async () => CLIENT_SECRET,
    retryBaseDelayMs: 5,
    timeoutMs: 2000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
}

/** Answers from a script, one entry per API request (the last one repeats). */
function script(...steps: ((req: RecordedRequest, res: ServerResponse) => void)[]): Handler {
  let i = 0;
  return (req, res) => {
    const step = steps[Math.min(i++, steps.length - 1)];
    step?.(req, res);
  };
}

const ok = (body: unknown) => (_req: RecordedRequest, res: ServerResponse) => json(res, 200, body);
const status =
  (code: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  (_req: RecordedRequest, res: ServerResponse) =>
    json(res, code, body, headers);
const destroy = (_req: RecordedRequest, res: ServerResponse): void => {
  res.socket?.destroy();
};

describe('endpoints', () => {
  test('searchInvoices: path, query (expand comma-separated), customer-id, bearer; extra fields tolerated', async () => {
    api = ok({
      data: [searchItem(INVOICE_ID), searchItem(INVOICE_ID_2, 'PENDING')],
      meta: { offset: 0, limit: 2, count: 2, extra: 'x' },
    });
    const result = await client().searchInvoices({
      q: 'invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"',
      expand: ['businessData', 'lastStatusData'],
      offset: 10,
      limit: 2,
    });
    assert.equal(result.data.length, 2);
    assert.equal(result.data[1]?.metadata.state, 'PENDING');
    assert.equal(result.meta.count, 2);
    const [req] = op.apiRequests();
    assert.ok(req);
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/api/v1.1/invoice/search');
    assert.match(req.url, /expand=businessData,lastStatusData/);
    assert.equal(req.query.get('q'), 'invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"');
    assert.equal(req.query.get('offset'), '10');
    assert.equal(req.query.get('limit'), '2');
    assert.equal(req.headers['customer-id'], CUSTOMER_ID);
    assert.match(String(req.headers.authorization), /^Bearer tok-/);
  });

  test('searchInvoices omits what was not given, and sends no customer-id without one', async () => {
    api = ok({ data: [], meta: { offset: 0, limit: 50, count: 0 } });
    const noCustomer = new OperatorClient({
      connection: { baseUrl: op.url, tokenUrl: op.tokenUrl, clientId: CLIENT_ID },
      getClientSecret: async () => CLIENT_SECRET,
    });
    await noCustomer.searchInvoices({});
    const [req] = op.apiRequests();
    assert.equal(req?.url, '/v1.1/invoice/search');
    assert.equal(req?.headers['customer-id'], undefined);
  });

  test('getInvoice accepts an object or an array of one object', async () => {
    api = ok(invoice());
    const single = await client().getInvoice(INVOICE_ID);
    assert.equal(single.invoiceId, INVOICE_ID);
    assert.equal(single.businessData.monetary.payableAmount.amount, 120);
    assert.equal('unknownTopLevel' in single, false);
    api = ok([invoice(INVOICE_ID_2)]);
    const fromArray = await client().getInvoice(INVOICE_ID_2);
    assert.equal(fromArray.invoiceId, INVOICE_ID_2);
    const reqs = op.apiRequests();
    assert.equal(reqs[0]?.path, `/api/v1/invoice/${INVOICE_ID}`);
    assert.equal(reqs[0]?.headers['customer-id'], CUSTOMER_ID);
  });

  test('getInvoice: an empty array → not_found, two invoices → invalid_response', async () => {
    api = ok([]);
    assert.equal(
      (await expectOperatorError(() => client().getInvoice(INVOICE_ID))).kind,
      'not_found',
    );
    api = ok([invoice(), invoice(INVOICE_ID_2)]);
    assert.equal(
      (await expectOperatorError(() => client().getInvoice(INVOICE_ID))).kind,
      'invalid_response',
    );
  });

  test('getInvoice encodes the id into the path', async () => {
    api = ok(invoice());
    await client().getInvoice('a/b?c');
    assert.equal(op.apiRequests()[0]?.url, '/api/v1/invoice/a%2Fb%3Fc');
  });

  test('searchDirectory uses /v1/directory/french when it works, and sticks to it', async () => {
    api = ok({ data: [DIRECTORY_ENTRY], meta: { offset: 0, limit: 1, count: 1 } });
    const c = client();
    const result = await c.searchDirectory({ q: 'name:"ACME*"', limit: 1 });
    assert.equal(result.data[0]?.name, 'ACME');
    await c.searchDirectory({ q: 'x' });
    assert.deepEqual(
      op.apiRequests().map((r) => r.path),
      ['/api/v1/directory/french', '/api/v1/directory/french'],
    );
    assert.equal(op.apiRequests()[0]?.query.get('q'), 'name:"ACME*"');
    assert.equal(op.apiRequests()[0]?.headers['customer-id'], undefined);
  });

  test('searchDirectory falls back to /v1/directory/fr/search on 404 and remembers it', async () => {
    api = (req, res) =>
      req.path.endsWith('/french')
        ? json(res, 404, { statusMessage: 'Not found' })
        : json(res, 200, { data: [DIRECTORY_ENTRY], meta: { offset: 0, limit: 50, count: 1 } });
    const c = client();
    assert.equal((await c.searchDirectory({ q: 'a' })).meta.count, 1);
    assert.equal((await c.searchDirectory({ q: 'b' })).meta.count, 1);
    assert.deepEqual(
      op.apiRequests().map((r) => r.path),
      ['/api/v1/directory/french', '/api/v1/directory/fr/search', '/api/v1/directory/fr/search'],
    );
  });

  test('searchDirectory: 404 on both paths → not_found', async () => {
    api = status(404, { statusMessage: 'nope' });
    const error = await expectOperatorError(() => client().searchDirectory({ q: 'a' }));
    assert.equal(error.kind, 'not_found');
    assert.equal(op.apiRequests().length, 2);
  });

  test('searchParticipants sends value, offset, limit', async () => {
    api = ok([PARTICIPANT]);
    const result = await client().searchParticipants({ value: 'ACME SA', offset: 5, limit: 7 });
    assert.equal(result[0]?.name, 'ACME');
    const [req] = op.apiRequests();
    assert.equal(req?.path, '/api/v1/config/participant');
    assert.equal(req?.query.get('value'), 'ACME SA');
    assert.equal(req?.query.get('offset'), '5');
    assert.equal(req?.query.get('limit'), '7');
  });

  test('listWebhooks, createWebhook (JSON body), deleteWebhook', async () => {
    api = (req, res) => {
      if (req.method === 'GET') json(res, 200, [WEBHOOK]);
      else if (req.method === 'POST') json(res, 201, { type: 'WEBHOOK', id: 'wh-2' });
      else json(res, 200, { type: 'WEBHOOK', id: req.path.split('/').pop() });
    };
    const c = client();
    assert.equal((await c.listWebhooks())[0]?.webhookId, 'wh-1');
    const body = {
      filterStreamDirection: 'OUTBOUND' as const,
      label: 'ERP',
      interopData: { endpoints: { invoice: { callbackUrl: 'https://erp.example/invoices' } } },
    };
    assert.deepEqual(await c.createWebhook(body), { type: 'WEBHOOK', id: 'wh-2' });
    assert.deepEqual(await c.deleteWebhook('wh 2'), { type: 'WEBHOOK', id: 'wh%202' });
    const [list, create, del] = op.apiRequests();
    assert.equal(list?.path, '/api/v1/config/webhook');
    assert.equal(create?.method, 'POST');
    assert.equal(create?.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(create?.body ?? ''), body);
    assert.equal(del?.method, 'DELETE');
    assert.equal(del?.url, '/api/v1/config/webhook/wh%202');
  });
});

describe('validation', () => {
  test('a missing or wrong field → invalid_response with the zod paths in details', async () => {
    const bad = searchItem(INVOICE_ID_2) as { metadata: Record<string, unknown> };
    bad.metadata.state = 'LOST';
    delete bad.metadata.direction;
    api = ok({ data: [searchItem(INVOICE_ID), bad], meta: { offset: 0, limit: 2, count: 2 } });
    const error = await expectOperatorError(() => client().searchInvoices({}));
    assert.equal(error.kind, 'invalid_response');
    assert.equal(error.status, 200);
    const details = error.details as string[];
    assert.ok(
      details.some((l) => l.startsWith('data[1].metadata.state: ')),
      details.join('\n'),
    );
    assert.ok(
      details.some((l) => l.startsWith('data[1].metadata.direction: ')),
      details.join('\n'),
    );
    assert.match(error.message, /does not match the interface \(2 problems/);
  });

  test('a body that is not JSON → invalid_response', async () => {
    api = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    };
    assert.equal(
      (await expectOperatorError(() => client().listWebhooks())).kind,
      'invalid_response',
    );
  });

  test('bad arguments → invalid_input before any request', async () => {
    const c = client();
    for (const call of [
      () => c.searchInvoices({ limit: 500 }),
      () => c.searchInvoices({ offset: 1001 }),
      () => c.searchInvoices({ offset: 1.5 }),
      () => c.searchInvoices({ expand: ['everything' as 'businessData'] }),
      () => c.getInvoice(''),
      () => c.searchParticipants({ value: ' ' }),
      () => c.deleteWebhook(''),
      () =>
        c.createWebhook({ interopData: { endpoints: { status: { callbackUrl: 'not a url' } } } }),
      () => c.createWebhook({ unknown: 1 } as never),
    ]) {
      assert.equal((await expectOperatorError(call)).kind, 'invalid_input');
    }
    assert.equal(op.requests.length, 0);
  });
});

describe('errors by status', () => {
  test('400 → invalid_input with the operator statusMessage and details', async () => {
    api = status(400, { statusMessage: 'limit must be <= 200', details: { field: 'limit' } });
    const error = await expectOperatorError(() => client().searchInvoices({}));
    assert.equal(error.kind, 'invalid_input');
    assert.equal(error.status, 400);
    assert.equal(error.operatorMessage, 'limit must be <= 200');
    assert.deepEqual(error.details, { field: 'limit' });
    assert.equal(op.apiRequests().length, 1, 'a 400 is not retried');
  });

  test('403 → forbidden, 404 → not_found, 409 → conflict with code and details', async () => {
    api = status(403, { statusMessage: 'Admin account required' });
    const forbidden = await expectOperatorError(() => client().listWebhooks());
    assert.equal(forbidden.kind, 'forbidden');
    assert.equal(forbidden.operatorMessage, 'Admin account required');

    api = status(404, { statusMessage: 'Webhook not found' });
    assert.equal(
      (await expectOperatorError(() => client().deleteWebhook('nope'))).kind,
      'not_found',
    );

    api = status(409, {
      code: 'DUPLICATE_RESOURCE',
      statusMessage: 'A webhook exists for this direction',
      details: { webhookId: 'wh-1' },
    });
    const conflict = await expectOperatorError(() =>
      client().createWebhook({ filterStreamDirection: 'INBOUND' }),
    );
    assert.equal(conflict.kind, 'conflict');
    assert.equal(conflict.status, 409);
    assert.deepEqual(conflict.details, { webhookId: 'wh-1' });
    assert.match(conflict.message, /DUPLICATE_RESOURCE/);
    assert.deepEqual(toAppError(conflict), {
      kind: 'conflict',
      status: 409,
      message: conflict.message,
      operatorMessage: 'A webhook exists for this direction',
      details: { webhookId: 'wh-1' },
    });
  });

  test('a token echoed by the operator does not reach the envelope', async () => {
    api = (req, res) =>
      json(res, 400, {
        statusMessage: `bad header: ${req.headers.authorization}`,
        details: { authorization: req.headers.authorization },
      });
    const error = await expectOperatorError(() => client().listWebhooks());
    const envelope = JSON.stringify(toAppError(error));
    assert.ok(!/tok-\d/.test(envelope), envelope);
    assert.ok(!envelope.includes(CLIENT_SECRET));
  });
});

describe('401: one retry with a fresh token', () => {
  test('a token the server forgot is replaced once, transparently', async () => {
    api = ok([WEBHOOK]);
    const c = client();
    await c.listWebhooks();
    const tokensBefore = op.tokenRequests();
    op.validTokens.clear(); // the operator restarted
    assert.equal((await c.listWebhooks()).length, 1);
    assert.equal(op.tokenRequests(), tokensBefore + 1);
  });

  test('401 again with the fresh token → auth, after exactly two API requests', async () => {
    api = status(401, { statusMessage: 'token revoked' });
    const error = await expectOperatorError(() => client().createWebhook({}));
    assert.equal(error.kind, 'auth');
    assert.equal(error.status, 401);
    assert.equal(op.apiRequests().length, 2);
    assert.equal(op.tokenRequests(), 2);
  });
});

describe('retries', () => {
  test('503 twice then 200 on GET: succeeds after exponential backoff with jitter', async () => {
    api = script(status(503), status(503), ok([WEBHOOK]));
    const result = await client({ retryBaseDelayMs: 100 }).listWebhooks();
    assert.equal(result.length, 1);
    assert.equal(op.apiRequests().length, 3);
    assert.equal(sleeps.length, 2);
    assert.ok(sleeps[0]! >= 50 && sleeps[0]! <= 100, `first delay ${sleeps[0]}`);
    assert.ok(sleeps[1]! >= 100 && sleeps[1]! <= 200, `second delay ${sleeps[1]}`);
  });

  test('5xx on every try → server after 1 + maxRetries requests', async () => {
    api = status(502, { statusMessage: 'bad gateway' });
    const error = await expectOperatorError(() => client({ maxRetries: 2 }).deleteWebhook('wh-1'));
    assert.equal(error.kind, 'server');
    assert.equal(error.status, 502);
    assert.equal(error.operatorMessage, 'bad gateway');
    assert.match(error.message, /Gave up after 3 attempts/);
    assert.equal(op.apiRequests().length, 3);
  });

  test('5xx on POST is never retried', async () => {
    api = script(status(503), status(201, { type: 'WEBHOOK', id: 'x' }));
    const error = await expectOperatorError(() => client().createWebhook({}));
    assert.equal(error.kind, 'server');
    assert.equal(op.apiRequests().length, 1);
  });

  test('a dropped connection on GET is retried; on every try → offline', async () => {
    api = script(destroy, ok([WEBHOOK]));
    assert.equal((await client().listWebhooks()).length, 1);
    assert.equal(op.apiRequests().length, 2);

    op.requests.length = 0;
    api = destroy;
    const error = await expectOperatorError(() => client({ maxRetries: 1 }).listWebhooks());
    assert.equal(error.kind, 'offline');
    assert.equal(op.apiRequests().length, 2);
  });

  test('a dropped connection on POST is not retried → offline', async () => {
    api = destroy;
    const error = await expectOperatorError(() => client().createWebhook({}));
    assert.equal(error.kind, 'offline');
    assert.equal(op.apiRequests().length, 1);
  });

  test('429 with Retry-After in seconds, then 200: waits what the operator asked (POST too)', async () => {
    api = script(
      status(429, {}, { 'retry-after': '2' }),
      status(201, { type: 'WEBHOOK', id: 'wh-9' }),
    );
    assert.equal((await client().createWebhook({ label: 'x' })).id, 'wh-9');
    assert.deepEqual(sleeps, [2000]);
    assert.equal(op.apiRequests().length, 2);
  });

  test('429 with Retry-After as an HTTP date, capped by maxRetryAfterSeconds', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    const inFive = new Date(Date.now() + 5_000).toUTCString();
    api = script(
      status(429, {}, { 'retry-after': inAnHour }),
      status(429, {}, { 'retry-after': inFive }),
      ok([]),
    );
    await client({ maxRetryAfterSeconds: 10 }).listWebhooks();
    assert.equal(sleeps[0], 10_000);
    assert.ok(sleeps[1]! > 3_000 && sleeps[1]! <= 5_000, `second delay ${sleeps[1]}`);
  });

  test('429 on every try → rate_limited', async () => {
    api = status(429, { statusMessage: 'slow down' }, { 'retry-after': '0' });
    const error = await expectOperatorError(() => client({ maxRetries: 2 }).searchInvoices({}));
    assert.equal(error.kind, 'rate_limited');
    assert.equal(error.operatorMessage, 'slow down');
    assert.equal(op.apiRequests().length, 3);
  });

  test('a paced call (the sync): its 429 slows its pacer, not the client; every try waits its turn', async () => {
    api = script(
      status(429, {}, { 'retry-after': '2' }),
      ok({ meta: { count: 0, offset: 0, limit: 50 }, data: [] }),
      ok([]),
    );
    const told: (number | undefined)[] = [];
    let turns = 0;
    const pacer = {
      take: async () => void turns++,
      rateLimited: (retryAfterMs: number | undefined, sentAt: number) => {
        assert.ok(sentAt > 0 && sentAt <= Date.now());
        told.push(retryAfterMs);
      },
    };
    const c = client();
    await c.searchInvoices({}, undefined, pacer);
    assert.deepEqual(told, [2000], 'the pacer was told of the 429 and its Retry-After');
    assert.equal(turns, 2, 'the retry took a turn of its own');
    // A call outside the sync is not paused by the sync's 429.
    await c.listWebhooks();
    assert.deepEqual(sleeps, [], 'the client itself never paused');
    assert.equal(op.apiRequests().length, 3);
  });

  test('maxRetries 0 → no retry at all', async () => {
    api = status(503);
    await expectOperatorError(() => client({ maxRetries: 0 }).listWebhooks());
    assert.equal(op.apiRequests().length, 1);
    assert.deepEqual(sleeps, []);
  });
});

describe('timeouts and cancellation', () => {
  test('no answer within timeoutMs → timeout, not retried', async () => {
    api = () => undefined; // never answers
    const started = Date.now();
    const error = await expectOperatorError(() => client({ timeoutMs: 150 }).listWebhooks());
    assert.equal(error.kind, 'timeout');
    assert.ok(Date.now() - started < 1000);
    assert.equal(op.apiRequests().length, 1);
  });

  test('a body that stalls halfway → timeout', async () => {
    api = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
    };
    assert.equal(
      (await expectOperatorError(() => client({ timeoutMs: 150 }).searchInvoices({}))).kind,
      'timeout',
    );
  });

  test('abort during the request → cancelled at once', async () => {
    api = () => undefined;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    const error = await expectOperatorError(() => client().listWebhooks(controller.signal));
    assert.equal(error.kind, 'cancelled');
    assert.ok(Date.now() - started < 500);
    assert.equal(toAppError(error).kind, 'cancelled');
  });

  test('abort during a backoff sleep → cancelled at once, no further request', async () => {
    api = status(503);
    const controller = new AbortController();
    // The real sleep, with a long delay: only the abort can end it early.
    const c = new OperatorClient({
      connection: { baseUrl: op.url, tokenUrl: op.tokenUrl, clientId: CLIENT_ID },
      getClientSecret: async () => CLIENT_SECRET,
      retryBaseDelayMs: 20_000,
    });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await expectOperatorError(() => c.listWebhooks(controller.signal));
    assert.equal(error.kind, 'cancelled');
    assert.ok(Date.now() - started < 1000);
    assert.equal(op.apiRequests().length, 1);
  });

  test('an injected sleep that ignores the signal is still cut short', async () => {
    api = status(503);
    const controller = new AbortController();
    const c = client({ sleep: () => new Promise((resolve) => setTimeout(resolve, 5000).unref()) });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    assert.equal(
      (await expectOperatorError(() => c.listWebhooks(controller.signal))).kind,
      'cancelled',
    );
    assert.ok(Date.now() - started < 1000);
  });

  test('an already aborted signal → cancelled, nothing sent', async () => {
    const controller = new AbortController();
    controller.abort();
    assert.equal(
      (await expectOperatorError(() => client().listWebhooks(controller.signal))).kind,
      'cancelled',
    );
    assert.equal(op.requests.length, 0);
  });
});

describe('token endpoint failures seen by the client', () => {
  test('a wrong secret → auth, and no API request', async () => {
    const c = new OperatorClient({
      connection: { baseUrl: op.url, tokenUrl: op.tokenUrl, clientId: CLIENT_ID },
      getClientSecret: async () => 'not-the-secret',
      sleep: async (ms) => void sleeps.push(ms),
    });
    const error = await expectOperatorError(() => c.searchInvoices({}));
    assert.equal(error.kind, 'auth');
    assert.equal(op.apiRequests().length, 0);
    assert.equal(op.tokenRequests(), 1, 'auth errors are not retried');
    assert.ok(!JSON.stringify(toAppError(error)).includes('not-the-secret'));
  });

  test("the vault's typed failure from getClientSecret reaches the caller unchanged", async () => {
    const failure = new AppFailure('keychain', 'The OS keychain is locked', { reason: 'locked' });
    const c = new OperatorClient({
      connection: { baseUrl: op.url, tokenUrl: op.tokenUrl, clientId: CLIENT_ID },
      getClientSecret: () => Promise.reject(failure),
      sleep: async (ms) => void sleeps.push(ms),
    });
    await assert.rejects(
      () => c.listWebhooks(),
      (error) => error === failure,
    );
    await assert.rejects(
      () => c.testConnection(),
      (error) => error === failure,
    );
    assert.deepEqual(toAppError(failure), failure.appError);
    assert.equal(op.requests.length, 0);
    assert.deepEqual(sleeps, [], 'not retried');
  });

  test('the token endpoint down then up: retried even before a POST (nothing was sent)', async () => {
    const flaky = await startFakeOperator({
      expiresIn: 300,
      api: (_req, res) => json(res, 201, { type: 'WEBHOOK', id: 'w' }),
    });
    let tokenCalls = 0;
    const c = new OperatorClient({
      connection: { baseUrl: flaky.url, tokenUrl: flaky.tokenUrl, clientId: CLIENT_ID },
      getClientSecret: async () => CLIENT_SECRET,
      // Fault injection: the first token request fails at the network level.
      fetch: async (input, init) => {
        if (String(input).endsWith('/oauth/token') && tokenCalls++ === 0) {
          throw new TypeError('fetch failed', {
            cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
          });
        }
        return fetch(input, init);
      },
      sleep: async () => undefined,
    });
    try {
      assert.equal((await c.createWebhook({})).id, 'w');
      assert.equal(tokenCalls, 2);
      assert.equal(flaky.apiRequests().length, 1);
    } finally {
      await flaky.close();
    }
  });
});

describe('testConnection', () => {
  test('reports the token, the probe and the roles the operator allowed', async () => {
    api = (req, res) => {
      if (req.path.includes('/invoice/search'))
        json(res, 200, { data: [searchItem(INVOICE_ID)], meta: { offset: 0, limit: 1, count: 1 } });
      else if (req.path.includes('/directory/'))
        json(res, 200, { data: [], meta: { offset: 0, limit: 1, count: 0 } });
      else json(res, 403, { statusMessage: 'Admin account required' });
    };
    const report = await client().testConnection();
    assert.equal(report.tokenObtained, true);
    assert.deepEqual(report.probe, { endpoint: 'GET /v1.1/invoice/search', ok: true, status: 200 });
    assert.deepEqual(report.roles, { user: true, admin: false });
    assert.ok(report.durationMs >= 0);
    const search = op.apiRequests().find((r) => r.path.includes('/invoice/search'));
    assert.equal(search?.query.get('limit'), '1');
  });

  test('a failing probe is reported, not thrown', async () => {
    api = (req, res) => {
      if (req.path.includes('/invoice/search')) json(res, 403, {});
      else if (req.path.includes('/directory/'))
        json(res, 200, { data: [], meta: { offset: 0, limit: 1, count: 0 } });
      else json(res, 200, []);
    };
    const report = await client().testConnection();
    assert.deepEqual(report.probe, {
      endpoint: 'GET /v1.1/invoice/search',
      ok: false,
      status: 403,
    });
    assert.equal(report.roles.admin, true);
  });

  test('no token → throws', async () => {
    const c = new OperatorClient({
      connection: { baseUrl: op.url, tokenUrl: op.tokenUrl, clientId: 'someone-else' },
      getClientSecret: async () => CLIENT_SECRET,
    });
    assert.equal((await expectOperatorError(() => c.testConnection())).kind, 'auth');
  });
});
