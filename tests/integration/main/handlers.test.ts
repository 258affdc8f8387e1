// The handlers against the real embedded demo operator (real HTTP on 127.0.0.1).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionTestReport, ConnectionSummary, Sourced } from '#shared/contract.ts';
import type { Invoice, InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import { archivedHandlers, value } from '#support/archived-handlers.ts';

// No archive, and no keychain needed here: custom secrets are kept for the session.
const { services, dispatch, close } = archivedHandlers({
  prefix: 'spine',
  env: {},
  probeIntervalMs: 10_000,
});
after(close);

test('invoices:search and invoices:get with demo-admin return live operator data', async () => {
  const search = value<Sourced<InvoiceSearchResponse>>(
    await dispatch('invoices:search', { offset: 0, limit: 10 }),
  );
  assert.equal(search.source, 'live');
  assert.ok(search.data.data.length > 0 && search.data.data.length <= 10);
  const first = search.data.data[0]!;
  assert.ok(first.metadata.invoiceId);
  // Both expansions were asked for.
  assert.ok(
    search.data.data.some((item) => item.businessData !== undefined),
    'businessData expanded',
  );
  assert.ok(
    search.data.data.some((item) => item.lastStatusData !== undefined),
    'lastStatusData expanded',
  );

  const invoice = value<Sourced<Invoice>>(
    await dispatch('invoices:get', { invoiceId: first.metadata.invoiceId }),
  );
  assert.equal(invoice.source, 'live');
  assert.equal(invoice.data.invoiceId, first.metadata.invoiceId);

  const missing = await dispatch('invoices:get', {
    invoiceId: '00000000-0000-4000-8000-000000000000',
  });
  assert.equal(!missing.ok && missing.error.kind, 'not_found');
});

test('connections:test on demo-user finds the user role only', async () => {
  const report = value<ConnectionTestReport>(
    await dispatch('connections:test', { id: 'demo-user' }),
  );
  assert.equal(report.tokenObtained, true);
  assert.deepEqual(report.roles, { user: true, admin: false });
});

test('connections:test on a custom connection with a wrong secret is an auth error', async () => {
  const demo = await services.demo.ensureStarted();
  const saved = value<ConnectionSummary>(
    await dispatch('connections:save', {
      name: 'Wrong secret',
      baseUrl: demo.baseUrl,
      tokenUrl: demo.tokenUrl,
      clientId: demo.clients.admin.clientId,
      clientSecret: 'definitely-not-the-secret',
      secretStorage: 'session',
    }),
  );
  assert.equal(saved.secret, 'session');
  const result = await dispatch('connections:test', { id: saved.id });
  assert.ok(!result.ok, JSON.stringify(result));
  assert.equal(result.error.kind, 'auth');
  assert.ok(!JSON.stringify(result).includes('definitely-not-the-secret'));
});

test('a saved connection becomes the active one for operator calls', async () => {
  const demo = await services.demo.ensureStarted();
  const saved = value<ConnectionSummary>(
    await dispatch('connections:save', {
      name: 'Demo as custom',
      baseUrl: demo.baseUrl,
      tokenUrl: demo.tokenUrl,
      clientId: demo.clients.user.clientId,
      clientSecret: 'wrong',
      secretStorage: 'session',
    }),
  );
  value(await dispatch('settings:update', { activeConnectionId: saved.id }));
  const denied = await dispatch('invoices:search', { offset: 0, limit: 1 });
  assert.equal(!denied.ok && denied.error.kind, 'auth');
  // Fix the secret: the cached client is rebuilt and the call goes through.
  value(
    await dispatch('connections:save', {
      id: saved.id,
      name: saved.name,
      baseUrl: saved.baseUrl,
      tokenUrl: saved.tokenUrl,
      clientId: saved.clientId,
      clientSecret: demo.clients.user.clientSecret,
      secretStorage: 'session',
    }),
  );
  const search = value<Sourced<InvoiceSearchResponse>>(
    await dispatch('invoices:search', { offset: 0, limit: 1 }),
  );
  assert.equal(search.data.data.length, 1);
  const webhooks = await dispatch('webhooks:list', undefined);
  assert.equal(!webhooks.ok && webhooks.error.kind, 'forbidden');
  value(await dispatch('settings:update', { activeConnectionId: 'demo-admin' }));
  assert.ok(
    Array.isArray(value<Sourced<unknown[]>>(await dispatch('webhooks:list', undefined)).data),
  );
});
