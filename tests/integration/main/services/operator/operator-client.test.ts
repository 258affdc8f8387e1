// The operator client against the real demo operator (src/main/demo operator), over real HTTP.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startDemoOperator } from '#main/demo-operator/index.ts';
import {
  OperatorClient,
  type OperatorClientOptions,
} from '#main/services/operator/operator-client.ts';
import { toAppError } from '#main/services/errors.ts';
import { expectOperatorError } from '#support/operator-fakes.ts';

type DemoOperator = Awaited<ReturnType<typeof startDemoOperator>>;
type Role = 'admin' | 'user';

/** Wraps the global fetch to observe what the client sends and receives (no behaviour change). */
function observed(tokenUrl: string) {
  const log: { url: string; method: string; status: number }[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    log.push({ url: String(input), method: init?.method ?? 'GET', status: response.status });
    return response;
  };
  return {
    fetch: wrapped,
    log,
    tokenRequests: () => log.filter((e) => e.url === tokenUrl).length,
    api: () => log.filter((e) => e.url !== tokenUrl),
  };
}

function clientFor(
  demoOperator: DemoOperator,
  role: Role,
  extra: Partial<OperatorClientOptions> = {},
) {
  const obs = observed(demoOperator.tokenUrl);
  const creds = demoOperator.clients[role];
  const client = new OperatorClient({
    connection: {
      baseUrl: demoOperator.baseUrl,
      tokenUrl: demoOperator.tokenUrl,
      clientId: creds.clientId,
    },
    getClientSecret: async () => creds.clientSecret,
    fetch: obs.fetch,
    retryBaseDelayMs: 5,
    ...extra,
  });
  return { client, obs };
}

const NO_FAULTS = { latencyMs: 0, failureRate: 0, rateLimitPerSecond: 0 };
// The demo operator's clock, set: its newest invoices have no status yet in the first minutes
// of a day, and the expanded search below expects one on each of the first five (CI failed it
// at 00:05 UTC on 28 November 2026).
const NOW = new Date('2026-03-15T10:00:00.000Z');

describe('operator client ↔ demo operator', () => {
  let demoOperator: DemoOperator;
  before(async () => {
    demoOperator = await startDemoOperator({ seed: 7, invoices: 120, now: NOW });
  });
  after(() => demoOperator.close());
  beforeEach(() => Object.assign(demoOperator.faults, NO_FAULTS));

  describe('every call, admin role', () => {
    test('searchInvoices: page, expand, q filter', async () => {
      const { client } = clientFor(demoOperator, 'admin');
      const page = await client.searchInvoices({
        expand: ['businessData', 'lastStatusData'],
        offset: 0,
        limit: 5,
      });
      assert.equal(page.data.length, 5);
      assert.equal(page.meta.limit, 5);
      assert.ok(page.meta.count >= 5);
      assert.ok(
        page.data.every(
          (item) => item.businessData !== undefined && item.lastStatusData !== undefined,
        ),
      );
      const plain = await client.searchInvoices({ limit: 5 });
      assert.ok(plain.data.every((item) => item.businessData === undefined));
      const inbound = await client.searchInvoices({ q: 'invoice.direction:"INBOUND"', limit: 200 });
      assert.ok(inbound.data.length > 0);
      assert.ok(inbound.data.every((item) => item.metadata.direction === 'INBOUND'));
      assert.ok(inbound.meta.count < page.meta.count);
    });

    test('searchInvoices: a bad q → invalid_input with the operator message', async () => {
      const { client } = clientFor(demoOperator, 'admin');
      const error = await expectOperatorError(() => client.searchInvoices({ q: 'invoice.state:' }));
      assert.equal(error.kind, 'invalid_input');
      assert.equal(error.status, 400);
      assert.ok(error.operatorMessage && error.operatorMessage.length > 0);
    });

    test('getInvoice: a listed invoice, and not_found for an unknown id', async () => {
      const { client } = clientFor(demoOperator, 'admin');
      const first = (await client.searchInvoices({ limit: 1 })).data[0];
      assert.ok(first);
      const invoice = await client.getInvoice(first.metadata.invoiceId);
      assert.equal(invoice.invoiceId, first.metadata.invoiceId);
      assert.ok(invoice.businessData.monetary.invoiceCurrency.length > 0);
      const error = await expectOperatorError(() =>
        client.getInvoice('00000000-0000-4000-8000-000000000000'),
      );
      assert.equal(error.kind, 'not_found');
    });

    test('searchDirectory: /v1/directory/french, name wildcard', async () => {
      const { client, obs } = clientFor(demoOperator, 'admin');
      const all = await client.searchDirectory({ q: '', limit: 3 });
      assert.equal(all.data.length, 3);
      const name = all.data[0]!.name;
      const found = await client.searchDirectory({ q: `name:"${name.slice(0, 3)}*"`, limit: 50 });
      assert.ok(found.data.some((e) => e.name === name));
      assert.ok(obs.api().every((e) => new URL(e.url).pathname === '/v1/directory/french'));
    });

    test('searchParticipants: full text', async () => {
      const { client } = clientFor(demoOperator, 'admin');
      const some = await client.searchParticipants({ value: 'a', limit: 5 });
      assert.ok(some.length > 0 && some.length <= 5);
      const byName = await client.searchParticipants({ value: some[0]!.name });
      assert.ok(byName.some((p) => p.participantId === some[0]!.participantId));
    });

    test('webhooks: create, list, 409 on a duplicate direction, delete, 404 on deleting an unknown one', async () => {
      const { client } = clientFor(demoOperator, 'admin');
      for (const existing of await client.listWebhooks())
        await client.deleteWebhook(existing.webhookId);
      const created = await client.createWebhook({
        filterStreamDirection: 'INBOUND',
        label: 'ERP inbound',
        interopData: { endpoints: { invoice: { callbackUrl: 'https://erp.example/invoices' } } },
      });
      assert.equal(created.type, 'WEBHOOK');
      const listed = await client.listWebhooks();
      const mine = listed.find((w) => w.webhookId === created.id);
      assert.equal(mine?.label, 'ERP inbound');
      assert.equal(mine?.filterStreamDirection, 'INBOUND');

      const conflict = await expectOperatorError(() =>
        client.createWebhook({ filterStreamDirection: 'INBOUND' }),
      );
      assert.equal(conflict.kind, 'conflict');
      assert.equal(conflict.status, 409);
      assert.equal((conflict.details as { webhookId?: string }).webhookId, created.id);
      assert.ok(conflict.operatorMessage);

      assert.deepEqual(await client.deleteWebhook(created.id), { type: 'WEBHOOK', id: created.id });
      const gone = await expectOperatorError(() => client.deleteWebhook(created.id));
      assert.equal(gone.kind, 'not_found');
      assert.equal(toAppError(gone).status, 404);
    });

    test('testConnection: admin has both roles', async () => {
      const { client } = clientFor(demoOperator, 'admin');
      const report = await client.testConnection();
      assert.equal(report.tokenObtained, true);
      assert.equal(report.probe.ok, true);
      assert.deepEqual(report.roles, { user: true, admin: true });
    });
  });

  describe('user role', () => {
    test('invoices and directory allowed; participants and webhooks → forbidden', async () => {
      const { client } = clientFor(demoOperator, 'user');
      assert.equal((await client.searchInvoices({ limit: 1 })).data.length, 1);
      assert.ok((await client.searchDirectory({ q: '', limit: 1 })).data.length <= 1);
      for (const call of [
        () => client.searchParticipants({ value: 'a' }),
        () => client.listWebhooks(),
        () => client.createWebhook({ filterStreamDirection: 'OUTBOUND' }),
        () => client.deleteWebhook('whatever'),
      ]) {
        const error = await expectOperatorError(call);
        assert.equal(error.kind, 'forbidden');
        assert.equal(error.status, 403);
      }
    });

    test('testConnection: user role only', async () => {
      const { client } = clientFor(demoOperator, 'user');
      const report = await client.testConnection();
      assert.deepEqual(report.roles, { user: true, admin: false });
      assert.deepEqual(report.probe, {
        endpoint: 'GET /v1.1/invoice/search',
        ok: true,
        status: 200,
      });
    });
  });

  describe('authentication', () => {
    test('a wrong secret → auth (from calls and from testConnection), secret never in the envelope', async () => {
      const client = new OperatorClient({
        connection: {
          baseUrl: demoOperator.baseUrl,
          tokenUrl: demoOperator.tokenUrl,
          clientId: demoOperator.clients.admin.clientId,
        },
        getClientSecret: async () => 'definitely-wrong-secret',
      });
      const error = await expectOperatorError(() => client.listWebhooks());
      assert.equal(error.kind, 'auth');
      assert.ok(!JSON.stringify(toAppError(error)).includes('definitely-wrong-secret'));
      assert.equal((await expectOperatorError(() => client.testConnection())).kind, 'auth');
    });

    test('20 parallel calls → exactly 1 token request', async () => {
      const { client, obs } = clientFor(demoOperator, 'admin');
      const pages = await Promise.all(
        Array.from({ length: 20 }, (_, i) => client.searchInvoices({ offset: i, limit: 1 })),
      );
      assert.equal(pages.length, 20);
      assert.equal(obs.tokenRequests(), 1);
      assert.equal(obs.api().length, 20);
    });
  });

  describe('faults', () => {
    test('429: retried with Retry-After until every call succeeds', async () => {
      const { client, obs } = clientFor(demoOperator, 'admin');
      await client.searchInvoices({ limit: 1 }); // token first: the token endpoint is rate limited too
      demoOperator.faults.rateLimitPerSecond = 2;
      const started = Date.now();
      const pages = await Promise.all(
        Array.from({ length: 5 }, () => client.searchInvoices({ limit: 1 })),
      );
      assert.equal(pages.length, 5);
      assert.ok(
        obs.api().some((e) => e.status === 429),
        'the operator did rate limit',
      );
      assert.ok(Date.now() - started >= 900, 'the client waited as Retry-After asked');
    });

    test('503 on every call → server after the retries (GET), no retry on POST', async () => {
      const { client, obs } = clientFor(demoOperator, 'admin', {
        maxRetries: 2,
        maxRetryAfterSeconds: 0.02,
      });
      await client.searchInvoices({ limit: 1 });
      demoOperator.faults.failureRate = 1;
      const before = obs.api().length;
      const error = await expectOperatorError(() => client.searchInvoices({ limit: 1 }));
      assert.equal(error.kind, 'server');
      assert.equal(error.status, 503);
      assert.equal(obs.api().length - before, 3);
      const post = await expectOperatorError(() =>
        client.createWebhook({ filterStreamDirection: 'OUTBOUND' }),
      );
      assert.equal(post.kind, 'server');
      assert.equal(obs.api().length - before, 4);
    });

    test('cancellation via AbortController → cancelled at once', async () => {
      const { client } = clientFor(demoOperator, 'admin');
      await client.searchInvoices({ limit: 1 });
      demoOperator.faults.latencyMs = 3000;
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await expectOperatorError(() =>
        client.searchInvoices({ limit: 1 }, controller.signal),
      );
      assert.equal(error.kind, 'cancelled');
      // Well before the operator's 3 s answer, with room for a loaded machine.
      assert.ok(Date.now() - started < 2500);
    });

    test('a slow operator → timeout', async () => {
      const { client } = clientFor(demoOperator, 'admin', { timeoutMs: 200 });
      await client.searchInvoices({ limit: 1 });
      demoOperator.faults.latencyMs = 1500;
      assert.equal(
        (await expectOperatorError(() => client.searchInvoices({ limit: 1 }))).kind,
        'timeout',
      );
    });
  });
});

describe('token lifetime', () => {
  test('1-second tokens: the client refreshes before expiry, transparently', async () => {
    const demoOperator = await startDemoOperator({
      seed: 1,
      invoices: 10,
      now: NOW,
      tokenLifetimeSeconds: 1,
    });
    try {
      const { client, obs } = clientFor(demoOperator, 'user');
      await client.searchInvoices({ limit: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await client.searchInvoices({ limit: 1 });
      assert.equal(obs.tokenRequests(), 2);
      assert.ok(
        obs.api().every((e) => e.status === 200),
        'no 401 seen: the refresh was proactive',
      );
    } finally {
      await demoOperator.close();
    }
  });

  test('a token the operator forgot (restart): one 401, a fresh token, then success', async () => {
    const first = await startDemoOperator({ seed: 1, invoices: 10, now: NOW });
    const port = Number(new URL(first.baseUrl).port);
    const { client, obs } = clientFor(first, 'admin');
    await client.listWebhooks();
    await first.close();
    const second = await startDemoOperator({ port, seed: 1, invoices: 10, now: NOW });
    try {
      assert.ok(Array.isArray(await client.listWebhooks()));
      assert.deepEqual(
        obs.api().map((e) => e.status),
        [200, 401, 200],
      );
      assert.equal(obs.tokenRequests(), 2);
    } finally {
      await second.close();
    }
  });

  test('an expired token the client still believes fresh: the 401 is retried once with a fresh token', async () => {
    const demoOperator = await startDemoOperator({
      seed: 1,
      invoices: 10,
      now: NOW,
      tokenLifetimeSeconds: 1,
    });
    try {
      // The client's clock stands still: its 1-second token never looks old to it.
      const frozen = Date.now();
      const { client, obs } = clientFor(demoOperator, 'user', {
        refreshMarginSeconds: 0,
        now: () => frozen,
      });
      await client.searchInvoices({ limit: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal((await client.searchInvoices({ limit: 1 })).data.length, 1);
      assert.deepEqual(
        obs.api().map((e) => e.status),
        [200, 401, 200],
      );
      assert.equal(obs.tokenRequests(), 2);
    } finally {
      await demoOperator.close();
    }
  });
});
