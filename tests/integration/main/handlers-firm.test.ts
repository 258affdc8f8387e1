// The firm's archive's channels through the dispatcher (issue 30, item 2): arguments checked
// before any connection; a server out of reach said as such and nothing kept; the password
// never in an answer nor the log.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Result } from '#shared/contract.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { createDispatcher, createHandlers } from '#main/handlers/index.ts';
import { fakeKeytar } from '#support/fakes.ts';

const PASSWORD = 'le-mot-de-passe-du-cabinet';
const lines: string[] = [];
const log = {
  info: (line: string) => void lines.push(line),
  warn: (line: string) => void lines.push(line),
  error: (line: string) => void lines.push(line),
};
let dataDir: string;
let s: Services;
let dispatch: ReturnType<typeof createDispatcher>;

before(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'firm-handlers-'));
  s = createServices({ dataDir, shell: 'browser', log, loadKeytar: async () => fakeKeytar() });
  dispatch = createDispatcher(createHandlers(s, { probeIntervalMs: 0 }), { log });
});
after(async () => {
  await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('firm:state: the embedded archive by default', async () => {
  assert.deepEqual(await dispatch('firm:state', undefined), {
    ok: true,
    value: { store: 'embedded' },
  });
});

test('firm:test refuses what is not a postgres:// URL before connecting, quoting nothing', async () => {
  const r = (await dispatch('firm:test', {
    url: 'https://server/db',
    password: PASSWORD,
    tls: 'verify',
  })) as Result<unknown>;
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.error.kind, 'invalid_input');
  assert.ok(!JSON.stringify(r).includes(PASSWORD));
});

test('firm:connect to a server out of reach: said so, nothing kept, no password anywhere', async () => {
  const r = (await dispatch('firm:connect', {
    url: 'postgres://invoice_desk_app@127.0.0.1:1/invoice_desk',
    password: PASSWORD,
    tls: 'off',
  })) as Result<{ result: { ok: boolean; problem?: string }; state: unknown }>;
  assert.equal(r.ok, true);
  assert.equal(r.ok && r.value.result.ok, false);
  assert.equal(r.ok && r.value.result.problem, 'unreachable');
  assert.deepEqual(r.ok && r.value.state, { store: 'embedded' });
  assert.equal(existsSync(join(dataDir, 'firm.json')), false);
  assert.equal(await s.vault.location('firm-archive'), 'none');
  assert.ok(!JSON.stringify(r).includes(PASSWORD));
  assert.ok(!lines.join('\n').includes(PASSWORD));
});
