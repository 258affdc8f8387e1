// What the stores besides Search keep of a connection (lib/stores/): a sync's progress and
// outcome, an export's progress, an open panel or a notice. Under another connection none of it
// shows, at once, before anything is answered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Settings } from '#shared/contract.ts';
import '#support/svelte-runes.ts'; // before the stores are imported (below, dynamically)
import { installFakeMain } from '#support/fake-main.ts';

/** The fake main: events go to the listeners. */
const { listeners } = installFakeMain();

const { session } = await import('#renderer/stores/session.svelte.ts');
const { sync } = await import('#renderer/stores/archive.svelte.ts');
const { excelExports } = await import('#renderer/stores/exports.svelte.ts');
const { Owned } = await import('#renderer/stores/owned.svelte.ts');

function activate(id: string): void {
  session.settings = { activeConnectionId: id, workOffline: false } as Settings;
  session.generation++;
}

test('a sync running for one connection shows nothing of itself under another', () => {
  activate('a');
  sync.show('a');
  void sync.start();
  assert.equal(sync.starting, true);
  listeners.get('sync:progress')?.({ connectionId: 'a', phase: 'list', done: 3, total: 22 });
  assert.ok(sync.progress, 'a’s progress shows under a');

  activate('b');
  assert.equal(sync.starting, false);
  assert.equal(sync.running, false);
  assert.equal(sync.progress, null);
  assert.equal(sync.summary, null);
  listeners.get('sync:progress')?.({ connectionId: 'a', phase: 'list', done: 4, total: 22 });
  assert.equal(sync.progress, null, 'a’s later progress does not show under b');

  activate('a');
  assert.equal(sync.starting, true, 'back on a: its sync is still running');
});

test('an export started under one connection shows its progress under that one only', () => {
  activate('a');
  void excelExports.start('invoices', { kind: 'invoices', source: 'live' });
  assert.equal(excelExports.get('invoices')?.running, true);
  activate('b');
  assert.equal(excelExports.get('invoices'), undefined);
  activate('a');
  assert.equal(excelExports.get('invoices')?.running, true);
});

test('an open panel or a notice is gone once another connection is active', () => {
  activate('a');
  const opened = new Owned<string>();
  opened.value = 'invoice of a';
  assert.equal(opened.value, 'invoice of a');
  activate('b');
  assert.equal(opened.value, null);
  activate('a');
  assert.equal(opened.value, null, 'it does not come back');
});
