// Filters belong to a client (issue 27, item 4): switching the active connection never carries
// the archive's or the live search's filters to the next client, and each client's own come back
// when it is active again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '#support/svelte-runes.ts'; // before the stores are imported (below, dynamically)
import { installFakeMain } from '#support/fake-main.ts';

const { calls } = installFakeMain();

const { session } = await import('#renderer/stores/session.svelte.ts');
const { archive } = await import('#renderer/stores/archive.svelte.ts');
const { invoices } = await import('#renderer/stores/invoices.svelte.ts');
const { activeFilterFields } = await import('#renderer/screens/archive/archive-filter.ts');

/** Activates `id` as the switcher does, main answering the settings write. */
async function activate(id: string): Promise<void> {
  const done = session.activate(id);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const call = calls.shift();
    if (!call) continue;
    if (call.channel === 'settings:update') {
      call.answer({ ok: true, value: { activeConnectionId: id, workOffline: false } });
      break;
    }
    call.answer({ ok: false, error: { kind: 'server', message: 'not in this test' } });
  }
  await done;
}

test('a client’s filters stay its own: none under the next, its own back on return', async () => {
  await activate('client-1');
  archive.form.lifecycleCodes = '208';
  archive.form.direction = 'INBOUND';
  invoices.direction = 'OUTBOUND';
  assert.deepEqual(activeFilterFields(archive.form), ['lifecycleCodes', 'direction']);

  await activate('client-2');
  assert.deepEqual(activeFilterFields(archive.form), [], 'client 2 opens unfiltered');
  assert.equal(invoices.direction, '');
  archive.form.search = 'DUVAL';

  await activate('client-1');
  assert.equal(archive.form.lifecycleCodes, '208', 'client 1’s own filter is back');
  assert.equal(archive.form.direction, 'INBOUND');
  assert.equal(archive.form.search, '');
  assert.equal(invoices.direction, 'OUTBOUND');

  await activate('client-2');
  assert.deepEqual(activeFilterFields(archive.form), ['search']);
});
