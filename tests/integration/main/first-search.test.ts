// The first screen's search sent by the shells' warm-up (issue 27, item 7), against the real
// embedded demo operator: the page's first `invoices:search` takes it, written through already;
// a switch during start-up gets the new connection's own answer, never the early one; another
// request, a second one or a late one asks the operator.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import type { Sourced } from '#shared/contract.ts';
import type { InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import { fixedClock } from '#main/services/clock.ts';
import { EARLY_ANSWER_MS, FIRST_PAGE, FirstSearch } from '#main/services/first-search.ts';
import { archivedHandlers, value, type ArchivedHandlers } from '#support/archived-handlers.ts';

const START = '2026-11-27T08:00:00.000Z';
const LATER = '2026-11-27T08:00:03.000Z';

type SearchAnswer = Sourced<InvoiceSearchResponse>;

/** A fresh app on `START`, warmed up as the shells do, its early search answered. */
async function startedApp(
  prefix: string,
): Promise<ArchivedHandlers & { at: (iso: string) => void }> {
  const clock = fixedClock(START);
  const app = archivedHandlers({ prefix, clock });
  app.services.warmUp();
  await app.services.demo.buildInvoices();
  await app.services.operators.forConnection('demo-admin');
  await turn(); // the warm-up's next step: the search is on its way
  await app.services.firstSearch.answered();
  return { ...app, at: (iso) => clock.set(iso) };
}

test("the page's first search takes the warm-up's answer, written through already", async () => {
  const app = await startedApp('first-search-taken');
  after(app.close);
  app.at(LATER); // the page asks 3 s later: the early answer keeps its own date
  const first = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(first.source, 'live');
  assert.equal(first.fetchedAt, START);
  assert.equal(first.data.data.length, FIRST_PAGE.limit);

  // Written through under its connection: offline, the same request reads it back.
  value(await app.dispatch('settings:update', { workOffline: true }));
  const offline = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(offline.source, 'archive');
  assert.equal(offline.fetchedAt, START);
  assert.deepEqual(
    offline.data.data.map((i) => i.metadata.invoiceId),
    first.data.data.map((i) => i.metadata.invoiceId),
  );

  // Taken once: the next search asks the operator.
  value(await app.dispatch('settings:update', { workOffline: false }));
  const again = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(again.source, 'live');
  assert.equal(again.fetchedAt, LATER);
});

test('a switch during start-up: the first screen gets the new connection’s own answer', async () => {
  const app = await startedApp('first-search-switch');
  after(app.close);
  // The early search went to demo-admin; the user switches before the page asks.
  value(await app.dispatch('settings:update', { activeConnectionId: 'demo-user' }));
  app.at(LATER);
  const answer = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(answer.source, 'live');
  assert.equal(answer.fetchedAt, LATER, 'asked of demo-user now, not the early answer');

  // Each connection's archive holds its own answer only.
  value(await app.dispatch('settings:update', { workOffline: true }));
  const user = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(user.fetchedAt, LATER);
  value(await app.dispatch('settings:update', { activeConnectionId: 'demo-admin' }));
  const admin = value<SearchAnswer>(await app.dispatch('invoices:search', FIRST_PAGE));
  assert.equal(admin.fetchedAt, START, 'the early answer, saved under demo-admin');
});

test('the early answer is for the same client, the first page, and a few seconds only', async () => {
  const app = archivedHandlers({ prefix: 'first-search-rules' });
  after(app.close);
  const admin = await app.services.operators.forConnection('demo-admin');
  const user = await app.services.operators.forConnection('demo-user');
  let elapsed = 0;
  const saved: string[] = [];
  const early = () => {
    const search = new FirstSearch({ now: () => new Date(START), elapsed: () => elapsed });
    search.send(admin, async (_value, fetchedAt) => (saved.push(fetchedAt), true));
    return search;
  };

  const answered = await early().take(admin, { offset: 0, limit: FIRST_PAGE.limit });
  assert.equal(answered?.fetchedAt, START);
  assert.equal(answered?.saved, true);
  assert.equal(answered?.value.data.length, FIRST_PAGE.limit);

  const search = early();
  assert.equal(search.take(user, FIRST_PAGE), null, 'another connection’s client');
  assert.equal(search.take(admin, { ...FIRST_PAGE, q: 'state = "REJECTED"' }), null);
  assert.equal(search.take(admin, { ...FIRST_PAGE, offset: 50 }), null);
  assert.ok(search.take(admin, FIRST_PAGE), 'still there for its own request');
  assert.equal(search.take(admin, FIRST_PAGE), null, 'once');

  const late = early();
  elapsed = EARLY_ANSWER_MS + 1;
  assert.equal(late.take(admin, FIRST_PAGE), null, 'sent too long ago');

  elapsed = 0;
  const asked = new FirstSearch({ now: () => new Date(START), elapsed: () => elapsed });
  assert.equal(asked.take(admin, FIRST_PAGE), null);
  asked.send(admin, async () => true);
  assert.equal(asked.take(admin, FIRST_PAGE), null, 'the page asked first: nothing sent after');
});

test('an early search that fails is the page’s own failure, said when the page asks', async () => {
  const app = archivedHandlers({ prefix: 'first-search-failure' });
  after(app.close);
  const saved = value<{ id: string }>(
    await app.dispatch('connections:save', {
      name: 'Adresse mal saisie',
      baseUrl: 'https://operator.no-such-host.invalid',
      tokenUrl: 'https://operator.no-such-host.invalid/token',
      clientId: 'client',
      clientSecret: 'secret',
      secretStorage: 'session',
    }),
  );
  value(await app.dispatch('settings:update', { activeConnectionId: saved.id }));
  const told: unknown[] = [];
  app.services.events.subscribe((event, payload) => {
    if (event === 'connectivity:changed') told.push(payload);
  });
  app.services.warmUp();
  await app.services.operators.forConnection(saved.id);
  await turn();
  await app.services.firstSearch.answered();
  assert.deepEqual(told, [], 'nothing said before the page asks');

  const answer = await app.dispatch('invoices:search', FIRST_PAGE);
  assert.ok(!answer.ok);
  assert.equal(answer.error.reason, 'host_not_found');
  assert.deepEqual(told, [{ online: false, reason: 'host_not_found' }]);
});
