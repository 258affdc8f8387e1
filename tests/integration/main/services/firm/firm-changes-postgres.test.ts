// Main tells the renderer what another workstation changed (issue 30, item 4): once this
// workstation reaches the firm's archive (a real PostgreSQL server), it listens for changes and
// each becomes a 'firm:changed' event; a session that came back after a drop counts as a change
// of the client on screen; back on the embedded archive the listening stops. The listener is a
// fake standing in for postgres/changes.ts's listenForChanges (another branch), whose first
// attempt fails (fault injected): the next connect listens again.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Events } from '#shared/contract.ts';
import type { FirmChange } from '#shared/firm.ts';
import { createServices, type Services } from '#main/services/index.ts';
import type { ListenForChanges } from '#main/services/firm/changes.ts';
import {
  FIRM_VAULT_ACCOUNT,
  removeFirmSettings,
  writeFirmSettings,
} from '#main/services/archive/postgres/firm-settings.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { fakeKeytar, silentLog } from '#support/fakes.ts';

/** A listener the test drives: what it was asked to listen to, and its sessions. */
function fakeListener(failFirst: boolean) {
  const sessions: {
    schema: string | undefined;
    onChange: (change: FirmChange) => void;
    onReconnect: (() => void) | undefined;
    closed: boolean;
  }[] = [];
  let attempts = 0;
  const listen: ListenForChanges = async (options, onChange, settings) => {
    attempts++;
    if (failFirst && attempts === 1) throw new Error('the first session could not open');
    const session = {
      schema: options.schema,
      onChange,
      onReconnect: settings?.onReconnect,
      closed: false,
    };
    sessions.push(session);
    return {
      close: async () => {
        session.closed = true;
      },
    };
  };
  return { listen, sessions, attempts: () => attempts };
}

describe('firm:changed', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let firm: Awaited<ReturnType<typeof freshSchema>>;
  let dataDir: string;
  let s: Services;
  const fake = fakeListener(true);
  const heard: Events['firm:changed'][] = [];

  before(async () => {
    firm = await freshSchema('changes');
    const server = new URL(TEST_PG_URL!);
    const url = new URL(TEST_PG_URL!);
    url.password = '';
    dataDir = mkdtempSync(join(tmpdir(), 'firm-changes-'));
    writeFirmSettings(dataDir, { url: url.toString(), schema: firm.schema, tls: 'off' });
    s = createServices({
      dataDir,
      shell: 'browser',
      log: silentLog,
      loadKeytar: async () => fakeKeytar(),
      listenForChanges: fake.listen,
    });
    await s.vault.set(FIRM_VAULT_ACCOUNT, decodeURIComponent(server.password), 'keychain');
    s.events.subscribe((event, payload) => {
      if (event === 'firm:changed') heard.push(payload as Events['firm:changed']);
    });
  });
  after(async () => {
    await s?.close();
    await firm?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Waits for what the listener's promise chain does next (no clock involved). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  test('a failed first listen is tried again at the next connect', async () => {
    await s.archiveStore.link();
    await settle();
    assert.equal(fake.attempts(), 1);
    assert.equal(fake.sessions.length, 0);
    await s.archiveStore.reset();
    await s.archiveStore.link();
    await settle();
    assert.equal(fake.attempts(), 2);
    assert.equal(fake.sessions.length, 1);
    assert.equal(fake.sessions[0]!.schema, firm.schema);
  });

  test('each change heard is told to the renderer as it comes', () => {
    fake.sessions[0]!.onChange({ connectionId: 'client-a', what: 'marks' });
    fake.sessions[0]!.onChange({ connectionId: 'client-b', what: 'archive' });
    assert.deepEqual(heard, [
      { connectionId: 'client-a', what: 'marks' },
      { connectionId: 'client-b', what: 'archive' },
    ]);
  });

  test('listening again after a drop: the client on screen counts as changed', () => {
    heard.length = 0;
    fake.sessions[0]!.onReconnect?.();
    const active = s.connections.getSettings().activeConnectionId;
    assert.deepEqual(heard, [{ connectionId: active, what: 'archive' }]);
  });

  test('back on the embedded archive, the listening stops', async () => {
    removeFirmSettings(dataDir);
    await s.archiveStore.reset();
    await settle();
    assert.equal(fake.sessions[0]!.closed, true);
  });
});
