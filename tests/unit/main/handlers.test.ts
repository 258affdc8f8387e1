import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHANNELS, type Result } from '#shared/contract.ts';
import {
  createDispatcher,
  createHandlers,
  resolveLanguage,
  type Dispatch,
} from '#main/handlers/index.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { OperatorError } from '#main/services/errors.ts';
import { fixedClock } from '#main/services/clock.ts';
import {
  DEMO_SECRETS,
  fakeKeytar,
  fakeOperatorClient,
  fakeStartDemo,
  recordingLog,
} from '#support/fakes.ts';

const SECRET = 'Zq9-very-secret-client-secret-5521';
// The services' clock: a live answer is dated by it.
const NOW = '2028-02-29T12:00:00.000Z';
let dataDir: string;
let services: Services;
let dispatch: Dispatch;
let log: ReturnType<typeof recordingLog>;
let calls: unknown[];
const results: Result<unknown>[] = [];

async function call(channel: string, args?: unknown): Promise<Result<unknown>> {
  const result = await dispatch(channel, args);
  results.push(result);
  return result;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'spine-dispatch-'));
  log = recordingLog();
  calls = [];
  services = createServices({
    dataDir,
    shell: 'browser',
    env: {},
    osLocale: () => 'fr-FR',
    log,
    startDemo: fakeStartDemo,
    loadKeytar: async () => fakeKeytar(),
    createOperatorClient: (connection) => fakeOperatorClient(connection, calls),
    clock: fixedClock(NOW),
  });
  dispatch = createDispatcher(createHandlers(services), { log });
});
afterEach(async () => {
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the handlers cover exactly the contract channels', () => {
  assert.deepEqual(Object.keys(createHandlers(services)).sort(), [...CHANNELS].sort());
});

test('an unknown channel is rejected', async () => {
  const result = await call('fs:read', { path: '/etc/passwd' });
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.error.kind, 'invalid_input');
});

test('bad arguments give invalid_input with the zod issue paths', async () => {
  const result = await call('invoices:search', { offset: -1, limit: 5000, extra: true });
  assert.ok(!result.ok);
  assert.equal(result.error.kind, 'invalid_input');
  const paths = (result.error.details as { issues: { path: unknown[] }[] }).issues.map((i) =>
    i.path.join('.'),
  );
  assert.ok(paths.includes('offset') && paths.includes('limit'), JSON.stringify(paths));
  const noArgs = await call('settings:get', { unexpected: 1 });
  assert.equal(!noArgs.ok && noArgs.error.kind, 'invalid_input');
});

test('errors are wrapped in the envelope with their kind', async () => {
  const missing = await call('invoices:get', { invoiceId: '0d3c9a0e-1111-4a2b-8c3d-4e5f6a7b8c9d' });
  assert.deepEqual(!missing.ok && missing.error.kind, 'not_found');
  const demoEdit = await call('connections:delete', { id: 'demo-admin' });
  assert.equal(!demoEdit.ok && demoEdit.error.kind, 'invalid_input');

  const failing = createDispatcher(
    {
      ...createHandlers(services),
      'webhooks:list': async () => {
        throw new OperatorError({ kind: 'forbidden', message: 'Forbidden', status: 403 });
      },
      'vault:status': async () => {
        throw new Error('boom');
      },
    },
    { log },
  );
  assert.deepEqual(await failing('webhooks:list', undefined), {
    ok: false,
    error: { kind: 'forbidden', message: 'Forbidden', status: 403 },
  });
  const unexpected = await failing('vault:status', null);
  assert.equal(!unexpected.ok && unexpected.error.kind, 'server');
});

test('operator handlers use the active connection, ask both expansions and say the data is live', async () => {
  const result = await call('invoices:search', { q: 'state:VALID', offset: 0, limit: 20 });
  assert.ok(result.ok);
  const value = result.value as { source: string; fetchedAt: string };
  assert.equal(value.source, 'live');
  assert.equal(value.fetchedAt, NOW);
  assert.deepEqual(calls[0], {
    connection: 'demo-admin',
    method: 'searchInvoices',
    params: { q: 'state:VALID', expand: ['businessData', 'lastStatusData'], offset: 0, limit: 20 },
  });

  const saved = await call('connections:save', {
    name: 'Client',
    baseUrl: 'https://api.example.com',
    tokenUrl: 'https://auth.example.com/token',
    clientId: 'c',
    clientSecret: SECRET,
  });
  assert.ok(saved.ok);
  const id = (saved.value as { id: string }).id;
  await call('settings:update', { activeConnectionId: id });
  await call('invoices:search', { offset: 0, limit: 1 });
  assert.equal((calls[1] as { connection: string }).connection, id);
});

test('connections:changed is emitted after connection and settings changes', async () => {
  const events: string[] = [];
  services.events.subscribe((event) => events.push(event));
  const saved = await call('connections:save', {
    name: 'Client',
    baseUrl: 'https://api.example.com',
    tokenUrl: 'https://auth.example.com/token',
    clientId: 'c',
  });
  await call('settings:update', { language: 'en' });
  await call('connections:delete', { id: (saved as { value: { id: string } }).value.id });
  assert.deepEqual(events, ['connections:changed', 'connections:changed', 'connections:changed']);
});

test('app:info: INVOICE_DESK_LANG forces, else settings, else the OS locale', async () => {
  const info = await call('app:info');
  assert.deepEqual(info.ok && info.value, {
    version: services.version,
    language: 'fr',
    languageForced: false,
    osLocale: 'fr-FR',
    shell: 'browser',
  });
  assert.match(services.version, /^\d+\.\d+\.\d+/);
  const settings = {
    language: 'system' as const,
    activeConnectionId: 'demo-admin',
    workOffline: false,
  };
  assert.deepEqual(
    resolveLanguage({ INVOICE_DESK_LANG: 'en' }, { ...settings, language: 'fr' }, 'fr-FR'),
    {
      language: 'en',
      forced: true,
    },
  );
  assert.deepEqual(resolveLanguage({}, { ...settings, language: 'en' }, 'fr-FR'), {
    language: 'en',
    forced: false,
  });
  assert.deepEqual(resolveLanguage({}, settings, 'fr-CA'), { language: 'fr', forced: false });
  assert.deepEqual(resolveLanguage({}, settings, 'de-DE'), { language: 'fr', forced: false });
  assert.deepEqual(resolveLanguage({}, settings, 'en-GB'), { language: 'en', forced: false });
});

test('a secret never appears in any result nor in the log', async () => {
  const connection = {
    name: 'Client',
    baseUrl: 'https://api.example.com',
    tokenUrl: 'https://auth.example.com/token',
    clientId: 'c',
    clientSecret: SECRET,
  };
  const saved = await call('connections:save', connection);
  const id = (saved as { value: { id: string } }).value.id;
  await call('connections:save', {
    ...connection,
    id,
    clientSecret: SECRET,
    secretStorage: 'session',
  });
  // Invalid calls that carry the secret: the error must not quote it.
  await call('connections:save', { ...connection, clientSecret: SECRET, name: '' });
  await call('connections:save', {
    ...connection,
    clientSecret: SECRET,
    baseUrl: 'nope',
    surprise: SECRET,
  });
  await call('connections:save', { ...connection, clientSecret: 42 });
  await call('connections:test', { id });
  await call('connections:test', { id: 'demo-user' });
  await call('settings:update', { activeConnectionId: id });
  for (const channel of CHANNELS) await call(channel, undefined);
  await call('connections:list');
  const everything = JSON.stringify(results) + log.lines.join('\n');
  assert.ok(results.length > 20);
  for (const secret of [SECRET, DEMO_SECRETS.admin, DEMO_SECRETS.user]) {
    assert.ok(!everything.includes(secret), `${secret} leaked`);
  }
});

test('invalid arguments name each field once, however many rules it broke', async () => {
  const result = await call('connections:save', {
    name: 'X',
    baseUrl: `https://${'a'.repeat(2100)}`,
    tokenUrl: 'https://sso.example/token',
    clientId: 'c',
  });
  assert.equal(result.ok, false);
  if (!result.ok)
    assert.equal(result.error.message, 'Invalid arguments for connections:save: baseUrl');
});

test('connections:save refuses plain http to another machine, with a clear message', async () => {
  const result = await call('connections:save', {
    name: 'X',
    baseUrl: 'http://api.operator.example',
    tokenUrl: 'https://sso.operator.example/token',
    clientId: 'c',
    clientSecret: SECRET,
  });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.error.kind, 'invalid_input');
  assert.match(JSON.stringify(result.error.details), /only allowed to this machine/);
  const local = await call('connections:save', {
    name: 'Local',
    baseUrl: 'http://127.0.0.1:8080/api',
    tokenUrl: 'http://localhost:8080/token',
    clientId: 'c',
    clientSecret: SECRET,
  });
  assert.ok(local.ok, JSON.stringify(local));
});
