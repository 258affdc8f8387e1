// Issue 27, item 5: once a client connection exists, the built-in demo connections can be
// hidden: out of the portfolio and of the background rounds, the active connection moved to a
// client's, the setting kept in settings.json; shown again by the same setting.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ConnectionSummary, Result, Settings } from '#shared/contract.ts';
import type { PortfolioRow } from '#shared/portfolio.ts';
import type { SyncRoundStatus } from '#shared/sync-round.ts';
import { createDispatcher, createHandlers, type Dispatch } from '#main/handlers/index.ts';
import { createServices, type Services } from '#main/services/index.ts';

const silent = { info() {}, warn() {}, error() {} };
let dir: string;
let services: Services;
let dispatch: Dispatch;

function value<T>(result: Result<unknown>): T {
  assert.ok(result.ok, `expected ok, got ${JSON.stringify(result).slice(0, 500)}`);
  return result.value as T;
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'hide-demo-'));
  services = createServices({
    dataDir: dir,
    shell: 'browser',
    env: {},
    log: silent,
    loadKeytar: () => Promise.reject(new Error('not in this test')),
  });
  dispatch = createDispatcher(createHandlers(services, { probeIntervalMs: 0 }), { log: silent });
});
after(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

const portfolioIds = async () =>
  value<PortfolioRow[]>(await dispatch('portfolio:get', undefined)).map((r) => r.connectionId);

test('hidden demo connections leave the portfolio and the rounds; shown again on the same setting', async () => {
  // No client yet: hiding changes nothing (the demo is all there is).
  value(await dispatch('settings:update', { hideDemo: true }));
  assert.ok((await portfolioIds()).includes('demo-admin'), 'no client: the demo stays');

  const client = value<ConnectionSummary>(
    await dispatch('connections:save', {
      name: 'BOULANGERIE MARTIN',
      baseUrl: 'http://127.0.0.1:9/',
      tokenUrl: 'http://127.0.0.1:9/oauth/token',
      clientId: 'client',
      clientSecret: 'secret-de-test',
      secretStorage: 'session',
    }),
  );
  assert.deepEqual(await portfolioIds(), [client.id], 'only the client’s row');
  const settings = value<Settings>(await dispatch('settings:get', undefined));
  assert.equal(settings.activeConnectionId, client.id, 'a demo was active: the client is now');
  const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as {
    settings: Settings;
  };
  assert.equal(file.settings.hideDemo, true, 'kept in settings.json');
  // A round of every connection takes the client's only (it fails: nothing listens there).
  value(await dispatch('syncRound:start', { scope: 'all' }));
  let status: SyncRoundStatus;
  do {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = value<SyncRoundStatus>(await dispatch('syncRound:status', undefined));
  } while (status.running);
  assert.deepEqual(
    status.round!.connections.map((c) => c.connectionId),
    [client.id],
  );

  value(await dispatch('settings:update', { hideDemo: false }));
  const shown = await portfolioIds();
  assert.ok(shown.includes('demo-admin') && shown.includes(client.id), JSON.stringify(shown));
});
