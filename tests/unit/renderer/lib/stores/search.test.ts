// The Search mechanism (lib/stores/search.svelte.ts) in plain Node, compiled by Svelte
// (tests/support/svelte-runes.ts): an answer belongs to the connection it was asked for, and a
// failure shows no rows but an earlier answer to the very same request, marked as such.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppError, Result, Settings } from '#shared/contract.ts';
import '#support/svelte-runes.ts'; // before the stores are imported (below, dynamically)
import { installFakeMain } from '#support/fake-main.ts';

/** The fake main: each call waits until the test answers it. */
const { calls } = installFakeMain();

const { session } = await import('#renderer/stores/session.svelte.ts');
const { Search } = await import('#renderer/stores/search.svelte.ts');

const OFFLINE: AppError = { kind: 'offline', message: 'x', reason: 'not_archived' };

function activate(id: string): void {
  session.settings = { activeConnectionId: id, workOffline: false } as Settings;
  session.generation++;
}

/** Answers the last call and lets the search take it. */
async function answer(r: Result<unknown>): Promise<void> {
  const call = calls.pop();
  assert.ok(call, 'a call was sent');
  call.answer(r);
  await new Promise((done) => setTimeout(done, 0));
}

const rows = (name: string) => ({ ok: true as const, value: { data: [name] } });

test('another connection’s answer is gone the moment the connection changes', async () => {
  activate('a');
  const search = new Search('invoices:search', { keepResultOnError: true });
  void search.run({ offset: 0, limit: 50 });
  await answer(rows('rows of a'));
  assert.deepEqual(search.result, { data: ['rows of a'] });

  activate('b');
  assert.equal(search.result, null, 'before any answer from b');
  assert.equal(search.answered, null);
  assert.equal(search.error, null);

  void search.run({ offset: 0, limit: 50 });
  assert.equal(search.loading, true);
  await answer({ ok: false, error: OFFLINE });
  assert.equal(search.result, null, 'b failed: still nothing of a');
  assert.deepEqual(search.error, OFFLINE);
  assert.equal(search.earlier, false);
});

test('an answer that arrives after a switch is not shown under the new connection', async () => {
  activate('a');
  const search = new Search('directory:search');
  void search.run({ q: 'x', offset: 0, limit: 20 });
  activate('b');
  assert.equal(search.loading, false, 'a’s wait is not b’s');
  await answer(rows('late rows of a'));
  assert.equal(search.result, null);
  assert.equal(search.error, null);
});

test('a failed search shows no rows of another request (item 6)', async () => {
  activate('a');
  const search = new Search('invoices:search', { keepResultOnError: true });
  void search.run({ offset: 0, limit: 50 });
  await answer(rows('all invoices'));
  void search.run({ q: 'direction:IN', offset: 0, limit: 50 });
  await answer({ ok: false, error: OFFLINE });
  assert.equal(search.result, null);
  assert.equal(search.answered, null);
  assert.deepEqual(search.error, OFFLINE);
});

test('the same request failing again keeps its earlier answer, marked as earlier', async () => {
  activate('a');
  const search = new Search('invoices:search', { keepResultOnError: true });
  void search.run({ offset: 0, limit: 50, q: 'state:REJECTED' });
  await answer(rows('rejected'));
  void search.run({ q: 'state:REJECTED', limit: 50, offset: 0 });
  await answer({ ok: false, error: OFFLINE });
  assert.deepEqual(search.result, { data: ['rejected'] });
  assert.equal(search.earlier, true);
  assert.deepEqual(search.error, OFFLINE);

  const strict = new Search('directory:search');
  void strict.run({ q: 'x', offset: 0, limit: 20 });
  await answer(rows('found'));
  void strict.run({ q: 'x', offset: 0, limit: 20 });
  await answer({ ok: false, error: OFFLINE });
  assert.equal(strict.result, null, 'without keepResultOnError nothing is kept');
});

test('a search sent before the settings are read belongs to the connection they name', async () => {
  session.settings = null;
  const search = new Search('invoices:search');
  void search.run({ offset: 0, limit: 50 });
  assert.equal(search.loading, true);
  session.settings = { activeConnectionId: 'a', workOffline: false } as Settings;
  await answer(rows('first rows'));
  assert.deepEqual(search.result, { data: ['first rows'] });
});

test('a search sent alongside the start-up, answered before the settings are read, shows once they are', async () => {
  session.settings = null; // the start-up has not read them yet
  const search = new Search('invoices:search', { keepResultOnError: true });
  void search.run({ offset: 0, limit: 50 });
  await answer({ ok: false, error: OFFLINE });
  assert.equal(search.loading, true, 'whose answer it is is not known yet');
  assert.equal(search.error, null);

  session.settings = { activeConnectionId: 'a', workOffline: false } as Settings;
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(search.loading, false);
  assert.deepEqual(search.error, OFFLINE, 'the active connection’s answer, shown');
});
