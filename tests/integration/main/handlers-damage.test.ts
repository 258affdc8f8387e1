// A damaged archive through the handlers: a real archive made by a real sync of a demo operator
// (HTTP on 127.0.0.1), a few KB of its file overwritten while the app is closed, then the app
// again over the same data folder: the status and every use say the archive is damaged and where
// the file went (renamed with its date, never deleted), and a rebuild fills a new archive from
// the operator, leaving the file of what the user wrote byte for byte.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ArchiveSearchResult, ArchiveStatus, SyncSummary } from '#shared/archive.ts';
import type { ConnectionSummary, Sourced } from '#shared/contract.ts';
import type { InvoicePayment } from '#shared/payments.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import type { Dispatch } from '#main/handlers/index.ts';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import type { Services } from '#main/services/index.ts';
import { failure, handlersOver, value } from '#support/archived-handlers.ts';
import { damageArchiveFile, userFilePath } from '#support/damaged-archive.ts';

const NOW = Date.parse('2026-03-15T12:00:00Z');
const INVOICES = 400;
const SET_ASIDE = /\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(-\d+)?\.sqlite$/;

let operator: RunningDemoOperator;
let dir: string;

before(async () => {
  operator = await startDemoOperator({ seed: 7, invoices: INVOICES, now: NOW });
  dir = mkdtempSync(join(tmpdir(), 'archive-damage-'));
});
after(async () => {
  await operator.close();
  rmSync(dir, { recursive: true, force: true });
});

interface App {
  services: Services;
  dispatch: Dispatch;
  connection: ConnectionSummary;
}

/** The app over `dataDir`, with the test's connection (saved again with its session-only
 * secret when it exists already: a restarted app asks for it). */
async function startApp(dataDir: string, id?: string): Promise<App> {
  const { services, dispatch } = handlersOver(dataDir, { env: {}, probeIntervalMs: 100 });
  const connection = value<ConnectionSummary>(
    await dispatch('connections:save', {
      ...(id ? { id } : {}),
      name: 'Opérateur du test',
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: operator.clients.admin.clientId,
      clientSecret: operator.clients.admin.clientSecret,
      secretStorage: 'session',
      requestsPerMinute: 100_000,
    }),
  );
  value(await dispatch('settings:update', { activeConnectionId: connection.id }));
  return { services, dispatch, connection };
}

/** A data folder whose archive a real sync filled, the app closed, then a few KB damaged; with
 * the user's own file beside it. */
async function damagedDataFolder(
  name: string,
  where: 'middle' | 'header',
): Promise<{
  dataDir: string;
  id: string;
  path: string;
  userFile: string;
  userBytes: Buffer;
  marked: string[];
}> {
  const dataDir = join(dir, name);
  const first = await startApp(dataDir);
  const synced = value<SyncSummary>(await first.dispatch('sync:start', {}));
  assert.equal(synced.invoicesNew, INVOICES);
  const id = first.connection.id;
  // What only the user wrote: two invoices marked paid, through the app.
  const page = value<Sourced<ArchiveSearchResult>>(
    await first.dispatch('archive:search', { offset: 0, limit: 2 }),
  );
  const marked = page.data.rows.map((row) => row.invoiceId);
  value(
    await first.dispatch('payments:mark', {
      connectionId: id,
      invoiceIds: marked,
      paidOn: PAID_ON,
      note: 'Virement reçu',
    }),
  );
  await first.services.close(); // the archive checkpointed and closed: one file
  const path = archivePath(dataDir, id);
  const userFile = userFilePath(path);
  damageArchiveFile(path, where);
  return { dataDir, id, path, userFile, userBytes: readFileSync(userFile), marked };
}

const PAID_ON = '2026-03-10';

/** The user's marks, read back through the app after the rebuild. */
async function expectMarksKept(app: { dispatch: Dispatch }, id: string, marked: string[]) {
  const payments = value<InvoicePayment[]>(
    await app.dispatch('payments:get', { connectionId: id, invoiceIds: marked }),
  );
  assert.deepEqual(
    payments.map((p) => [p.invoiceId, p.mark?.paidOn, p.mark?.note]),
    marked.map((invoiceId) => [invoiceId, PAID_ON, 'Virement reçu']),
  );
}

test('a damaged archive is said, set aside with its date, and rebuilt from the operator; the user file stays', async () => {
  const { dataDir, id, path, userFile, userBytes, marked } = await damagedDataFolder(
    'middle',
    'middle',
  );
  const app = await startApp(dataDir, id);
  try {
    const status = value<ArchiveStatus>(await app.dispatch('archive:status', { connectionId: id }));
    assert.ok(status.damage, `expected damage in ${JSON.stringify(status).slice(0, 300)}`);
    assert.equal(status.invoices, 0);
    assert.equal(dirname(status.damage.setAsideAs), dirname(path));
    assert.ok(basename(status.damage.setAsideAs).startsWith(`${id}.damaged-`));
    assert.match(status.damage.setAsideAs, SET_ASIDE);
    assert.equal(
      status.damage.setAsideAs.match(/damaged-(\d{4}-\d\d-\d\d)/)?.[1],
      status.damage.detectedAt.slice(0, 10),
      'named with the day it was found',
    );
    assert.ok(existsSync(status.damage.setAsideAs), 'the damaged file is kept, renamed');
    assert.ok(!existsSync(path), 'nothing left under the archive name');

    // Every use says so, in the same words, rather than "database disk image is malformed".
    for (const [channel, args] of [
      ['sync:start', {}],
      ['archive:search', { offset: 0, limit: 10 }],
    ] as const) {
      const error = failure(await app.dispatch(channel, args));
      assert.equal(error.kind, 'file', channel);
      assert.equal(error.reason, 'archive_damaged', channel);
      assert.ok(error.message.includes(status.damage.setAsideAs), error.message);
      assert.doesNotMatch(error.message, /malformed/);
    }
    assert.ok(!existsSync(path), 'a refused use created no new archive');

    const rebuilt = value<SyncSummary>(await app.dispatch('archive:rebuild', { connectionId: id }));
    assert.equal(rebuilt.cancelled, false);
    assert.equal(rebuilt.invoicesNew, INVOICES, 'every invoice read again from the operator');
    const after = value<ArchiveStatus>(await app.dispatch('archive:status', { connectionId: id }));
    assert.equal(after.damage, null);
    assert.equal(after.invoices, INVOICES);
    assert.equal(after.details, INVOICES);
    const page = value<Sourced<ArchiveSearchResult>>(
      await app.dispatch('archive:search', { offset: 0, limit: 10 }),
    );
    assert.equal(page.data.total, INVOICES);

    assert.ok(existsSync(status.damage.setAsideAs), 'the damaged file is still where it went');
    assert.deepEqual(readFileSync(userFile), userBytes, 'the user file is byte for byte the same');
    await expectMarksKept(app, id, marked);
    const archiveFiles = readdirSync(dirname(path)).filter((name) => name.startsWith(id));
    assert.ok(archiveFiles.includes(basename(userFile)));
  } finally {
    await app.services.close();
  }
});

test('a header overwritten: refused at open, set aside at once, and a sound archive is not rebuilt', async () => {
  const { dataDir, id, path, userFile, userBytes, marked } = await damagedDataFolder(
    'header',
    'header',
  );
  const app = await startApp(dataDir, id);
  try {
    // The first use is a sync: it fails saying why (the file is not a database any more).
    const error = failure(await app.dispatch('sync:start', {}));
    assert.equal(error.reason, 'archive_damaged');
    const setAsideAs = (error.details as { setAsideAs: string }).setAsideAs;
    assert.match(setAsideAs, SET_ASIDE);
    const status = value<ArchiveStatus>(await app.dispatch('archive:status', { connectionId: id }));
    assert.equal(status.damage?.setAsideAs, setAsideAs);
    assert.ok(existsSync(setAsideAs) && !existsSync(path));

    value<SyncSummary>(await app.dispatch('archive:rebuild', { connectionId: id }));
    const again = failure(await app.dispatch('archive:rebuild', { connectionId: id }));
    assert.equal(again.kind, 'conflict', 'a sound archive is synced, not rebuilt');
    assert.deepEqual(readFileSync(userFile), userBytes);
    await expectMarksKept(app, id, marked);
  } finally {
    await app.services.close();
  }
});
