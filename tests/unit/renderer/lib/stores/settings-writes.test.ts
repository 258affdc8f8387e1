// The session's settings writes in plain Node: changes made in quick succession (two languages,
// two connections picked) reach main one after the other, and the last one is what shows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '#support/svelte-runes.ts'; // before the stores are imported (below, dynamically)
import { installFakeMain } from '#support/fake-main.ts';

/** The fake main: each call waits until the test answers it; the saved settings are its own. */
const { calls } = installFakeMain();

const { session } = await import('#renderer/stores/session.svelte.ts');
const { language } = await import('#renderer/stores/language.svelte.ts');

const saved: Record<string, unknown> = { activeConnectionId: null, language: 'fr' };

/** Answers the oldest call as main would, then lets the session take the answer. */
async function answerNext(): Promise<string> {
  const call = calls.shift();
  assert.ok(call, 'a call was sent');
  if (call.channel === 'settings:update') {
    Object.assign(saved, call.args);
    call.answer({ ok: true, value: { ...saved } });
  } else {
    call.answer({ ok: true, value: { language: saved.language, languageForced: false } });
  }
  await new Promise((done) => setTimeout(done, 0));
  return call.channel;
}

test.beforeEach(() => void (calls.length = 0));

test('Français then English at once: written in that order, English shown', async () => {
  language.set('fr');
  const french = session.setLanguage('fr');
  const english = session.setLanguage('en');
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(
    calls.map((c) => c.channel),
    ['settings:update'],
    'the second choice waits for the first to be written',
  );
  const order: string[] = [];
  while (calls.length > 0) order.push(await answerNext());
  assert.deepEqual(order, ['settings:update', 'app:info', 'settings:update', 'app:info']);
  assert.equal(await french, null);
  assert.equal(await english, null);
  assert.equal(saved.language, 'en');
  assert.equal(language.current, 'en');
});

test('a refused write does not hold back the next choice', async () => {
  language.set('fr');
  const refused = session.setLanguage('en');
  const next = session.setLanguage('en');
  await new Promise((done) => setTimeout(done, 0));
  const first = calls.shift();
  assert.equal(first?.channel, 'settings:update');
  first?.answer({ ok: false, error: { kind: 'invalid_input', message: 'no' } });
  await new Promise((done) => setTimeout(done, 0));
  assert.equal((await refused)?.kind, 'invalid_input');
  while (calls.length > 0) await answerNext();
  assert.equal(await next, null);
  assert.equal(language.current, 'en');
});

test('two connections picked at once: written in that order, the second one active', async () => {
  const first = session.activate('a');
  const second = session.activate('b');
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(
    calls.map((c) => c.args),
    [{ activeConnectionId: 'a' }],
    'the second pick waits for the first to be written',
  );
  while (calls.length > 0) {
    const channel = await answerNext();
    assert.equal(channel, 'settings:update');
  }
  assert.equal(await first, null);
  assert.equal(await second, null);
  assert.equal(saved.activeConnectionId, 'b');
  assert.equal(session.settings?.activeConnectionId, 'b');
});
