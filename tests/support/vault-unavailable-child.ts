// Child of vault-keychain.test.ts, started without a D-Bus session: the real services and
// dispatcher with no reachable keychain. Prints one JSON object of results on stdout.
import { createDispatcher, createHandlers } from '#main/handlers/index.ts';
import { createServices } from '#main/services/index.ts';

const [dataDir, secret] = process.argv.slice(2) as [string, string];
const silent = { info() {}, warn() {}, error() {} };
const services = createServices({ dataDir, shell: 'browser', env: {}, log: silent });
const dispatch = createDispatcher(createHandlers(services), { log: silent });
const demo = await services.demo.ensureStarted();
const input = {
  baseUrl: demo.baseUrl,
  tokenUrl: demo.tokenUrl,
  clientId: demo.clients.user.clientId,
};

const results: Record<string, unknown> = {};
results.status = await dispatch('vault:status', undefined);
results.keychainSave = await dispatch('connections:save', {
  ...input,
  name: 'Keychain',
  clientSecret: secret,
  secretStorage: 'keychain',
});
results.sessionSave = await dispatch('connections:save', {
  ...input,
  name: 'Session only',
  clientSecret: demo.clients.user.clientSecret,
  secretStorage: 'session',
});
results.list = await dispatch('connections:list', undefined);
const sessionId = (results.sessionSave as { value?: { id: string } }).value?.id ?? '';
await dispatch('settings:update', { activeConnectionId: sessionId });
results.secretUsable = await dispatch('invoices:search', { offset: 0, limit: 1 });
// Only the envelope's outcome of the search: its data is not the point here.
results.secretUsable = { ok: (results.secretUsable as { ok: boolean }).ok };
await services.close();
process.stdout.write(JSON.stringify(results));
