// The first screen's search while the warm-up's is still on its way (issue 27, item 7), against
// real demo operators over HTTP: a client company of its own (a second demo operator, another
// seed and name, slowed down) beside the built-in demo. The page's first search joins the
// warm-up's (the operator sees one search), the token is asked before the page's scripts are in,
// and a switch before the early answer lands never shows the previous client's rows.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sourced } from '#shared/contract.ts';
import type { InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { fixedClock } from '#main/services/clock.ts';
import { FIRST_PAGE } from '#main/services/first-search.ts';
import { archivedHandlers, value, type ArchivedHandlers } from '#support/archived-handlers.ts';
import { api, tokenFor } from '#support/demo-operator.ts';

const START = '2026-11-27T08:00:00.000Z';
const SEARCH_PATH = '/v1.1/invoice/search';

type SearchAnswer = Sourced<InvoiceSearchResponse>;

interface OtherClient {
  operator: RunningDemoOperator;
  /** The operator's requests so far: method and path, oldest first. */
  requests(): string[];
}

/** A second client company: its own demo operator (another seed and name), logging requests. */
async function otherClient(latencyMs: number): Promise<OtherClient> {
  const dir = mkdtempSync(join(tmpdir(), 'first-search-early-operator-'));
  const log = join(dir, 'requests.log');
  const operator = await startDemoOperator({
    port: 0,
    seed: 7,
    invoices: 400,
    company: 'BOULANGERIE MARTIN SAS',
    now: Date.parse(START),
    log,
    faults: { latencyMs },
  });
  after(async () => {
    await operator.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const requests = (): string[] =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const { method, path } = JSON.parse(line) as { method: string; path: string };
        return `${method} ${path.split('?')[0]}`;
      });
  return { operator, requests };
}

/** The app on START with the other client's connection saved and active. */
async function appOn(
  prefix: string,
  other: OtherClient,
): Promise<ArchivedHandlers & { id: string }> {
  const app = archivedHandlers({ prefix, clock: fixedClock(START) });
  after(app.close);
  const { id } = value<{ id: string }>(
    await app.dispatch('connections:save', {
      name: 'Boulangerie Martin',
      baseUrl: other.operator.baseUrl,
      tokenUrl: other.operator.tokenUrl,
      clientId: other.operator.clients.admin.clientId,
      clientSecret: other.operator.clients.admin.clientSecret,
      secretStorage: 'session',
    }),
  );
  value(await app.dispatch('settings:update', { activeConnectionId: id }));
  return { ...app, id };
}

/** The first page's invoice ids as the operator answers them to its admin client. */
async function ownIds(operator: Pick<RunningDemoOperator, 'baseUrl' | 'tokenUrl' | 'clients'>) {
  const running = operator as RunningDemoOperator;
  const answer = await api(
    running,
    await tokenFor(running, 'admin'),
  )(`${SEARCH_PATH}?offset=0&limit=${FIRST_PAGE.limit}`);
  assert.equal(answer.status, 200);
  return (answer.body as InvoiceSearchResponse).data.map((i) => i.metadata.invoiceId);
}

const idsOf = (answer: SearchAnswer): string[] => answer.data.data.map((i) => i.metadata.invoiceId);

async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 10_000) assert.fail(`still waiting for ${what}`);
    await sleep(10);
  }
}

test("the page's first search joins the warm-up's on its way: one search reaches the operator", async () => {
  const other = await otherClient(300);
  const app = await appOn('first-search-joined', other);
  app.services.warmUp();
  // The page asks at once: the warm-up's search is still on its way (300 ms a request).
  const answer = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(answer.source, 'live');
  assert.deepEqual(
    other.requests().filter((r) => r.endsWith(SEARCH_PATH)),
    [`GET ${SEARCH_PATH}`],
    'the warm-up sent the search, the page took its answer',
  );
  assert.deepEqual(idsOf(answer), await ownIds(other.operator));

  // Written through all the same (after the page had it): offline at once, the same search
  // reads it back.
  value(await app.dispatch('settings:update', { workOffline: true }));
  const offline = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(offline.source, 'archive');
  assert.deepEqual(idsOf(offline), idsOf(answer));
});

test("the token is asked at once; the search waits for the page's scripts", async () => {
  const other = await otherClient(0);
  const app = await appOn('first-search-token', other);
  let scriptsServed!: () => void;
  app.services.warmUp({ firstSearchAfter: new Promise<void>((r) => (scriptsServed = r)) });
  const client = await app.services.operators.forConnection(app.id);
  await until(() => other.requests().length > 0, "the warm-up's first request");
  await sleep(50); // nothing else follows before the scripts are served
  assert.equal(client.tokenProvider.requestCount, 1);
  assert.deepEqual(
    other.requests().filter((r) => r.endsWith(SEARCH_PATH)),
    [],
    'no search before the scripts',
  );

  scriptsServed();
  const answer = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(client.tokenProvider.requestCount, 1, 'the same token');
  assert.equal(other.requests().filter((r) => r.endsWith(SEARCH_PATH)).length, 1);
  assert.deepEqual(idsOf(answer), await ownIds(other.operator));
});

test("a switch before the warm-up's answer lands: the first screen gets the new client's rows", async () => {
  const other = await otherClient(1_500);
  const app = await appOn('first-search-switch-early', other);
  const demo = await app.services.demo.ensureStarted();
  const demoIds = await ownIds(demo as unknown as RunningDemoOperator);
  const otherIds = await ownIds(other.operator);
  assert.equal(
    demoIds.filter((id) => otherIds.includes(id)).length,
    0,
    'two companies, no invoice in common',
  );

  const before = other.requests().length;
  app.services.warmUp();
  let landed = false;
  await app.services.operators.forConnection(app.id);
  await until(() => other.requests().length > before, "the warm-up's token");
  void app.services.firstSearch.answered().then(() => (landed = true));
  // The user picks the built-in demo before the other client's answer lands (1.5 s a request).
  value(await app.dispatch('settings:update', { activeConnectionId: 'demo-admin' }));
  const shown = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(landed, false, "the warm-up's answer had not landed yet");
  assert.deepEqual(idsOf(shown), demoIds, "the demo's own rows, never the other client's");

  // Back on the other client: its own rows (the early answer is its own).
  value(await app.dispatch('settings:update', { activeConnectionId: app.id }));
  const back = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.deepEqual(idsOf(back), otherIds);

  // Each archive holds its own client's answer only.
  await app.services.firstSearch.answered();
  value(await app.dispatch('settings:update', { workOffline: true }));
  assert.deepEqual(
    idsOf(value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE))),
    otherIds,
  );
  value(await app.dispatch('settings:update', { activeConnectionId: 'demo-admin' }));
  assert.deepEqual(
    idsOf(value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE))),
    demoIds,
  );
});
