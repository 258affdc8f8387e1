// The offline local copy (issue 30, item 5) without a server: a client's archive is copied
// through the ports into another data folder's embedded archive (real SQLite on both sides),
// again only when it changed; a workstation whose firm server does not answer (nothing listens
// on its port) or whose keychain lacks the firm's password reads that copy through the same
// ports, and its state says the server is out of reach and of when the copy is.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createServices, type Services } from '#main/services/index.ts';
import { fixedClock } from '#main/services/clock.ts';
import { LocalCopies } from '#main/services/archive/local-copy.ts';
import {
  FIRM_VAULT_ACCOUNT,
  writeFirmSettings,
} from '#main/services/archive/postgres/firm-settings.ts';
import { fakeKeytar, silentLog } from '#support/fakes.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';

const CLIENT = 'client-copied';
const clock = fixedClock('2026-11-20T09:30:00.000Z');
const folders: string[] = [];
const opened: Services[] = [];

function services(): Services {
  const dataDir = mkdtempSync(join(tmpdir(), 'local-copy-'));
  folders.push(dataDir);
  const s = createServices({
    dataDir,
    shell: 'browser',
    log: silentLog,
    clock,
    loadKeytar: async () => fakeKeytar(),
  });
  opened.push(s);
  return s;
}

let firm: Services; // stands for the firm's archive: any ArchivePort copies the same way
let workstation: Services;

before(async () => {
  firm = services();
  const archive = await firm.archives.embeddedPorts.open(CLIENT);
  const items = [1, 2].map((n) => searchItem({ id: uuidOf(n), number: `F-${n}`, ttc: 120 }));
  await archive.saveSearchPage({}, { data: items, meta: {} }, '2026-11-19T08:00:00.000Z');
  await archive.saveDetail(fullInvoice(items[1]!), '2026-11-19T08:00:00.000Z');
  workstation = services();
});
after(async () => {
  for (const s of opened) await s.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

test('a copy is made through the ports, and made again only when the archive changed', async () => {
  const copies = new LocalCopies(workstation.dataDir);
  const source = (await firm.archives.embeddedPorts.existing(CLIENT))!;
  const local = () => workstation.archives.embeddedPorts.open(CLIENT);
  assert.equal(await copies.refresh(source, local, clock.now), true);
  assert.equal(copies.copiedAt(CLIENT), '2026-11-20T09:30:00.000Z');
  const copy = (await workstation.archives.embeddedPorts.existing(CLIENT))!;
  assert.deepEqual(await copy.counts(), { invoices: 2, details: 1 });
  assert.equal((await copy.invoice(uuidOf(2)))?.detail?.invoiceId, uuidOf(2));

  clock.set('2026-11-20T10:00:00.000Z');
  assert.equal(await copies.refresh(source, local, clock.now), false, 'unchanged: not copied');
  assert.equal(copies.copiedAt(CLIENT), '2026-11-20T09:30:00.000Z');
  await source.saveSearchPage(
    {},
    { data: [searchItem({ id: uuidOf(3), number: 'F-3', ttc: 60 })], meta: {} },
    '2026-11-20T09:45:00.000Z',
  );
  assert.equal(await copies.refresh(source, local, clock.now), true);
  assert.equal(copies.copiedAt(CLIENT), '2026-11-20T10:00:00.000Z');
  assert.deepEqual(await copy.counts(), { invoices: 3, details: 1 });
  // Only the new invoice was written again; the others stay as the first copy wrote them.
  assert.equal((await copy.invoice(uuidOf(3)))?.row.searchFetchedAt, '2026-11-20T10:00:00.000Z');
  assert.equal((await copy.invoice(uuidOf(1)))?.row.searchFetchedAt, '2026-11-20T09:30:00.000Z');
  // A detail keeps the date the firm's archive fetched it.
  assert.equal((await copy.invoice(uuidOf(2)))?.row.detailFetchedAt, '2026-11-19T08:00:00.000Z');
  // Kept across starts: the date is the copy's, not the process's.
  assert.equal(new LocalCopies(workstation.dataDir).copiedAt(CLIENT), '2026-11-20T10:00:00.000Z');
});

test('the firm server does not answer: the same ports read the copy, dated', async () => {
  // Port 1 of this machine: nothing listens there.
  writeFirmSettings(workstation.dataDir, {
    url: 'postgres://invoice_desk_app@127.0.0.1:1/invoice_desk',
    schema: 'invoice_desk',
    tls: 'off',
  });
  await workstation.vault.set(FIRM_VAULT_ACCOUNT, 'the-app-password', 'keychain');
  await workstation.archiveStore.reset();
  const page = await workstation.readArchive(CLIENT, (archive) => archive.queryInvoices());
  assert.deepEqual(page.rows.map((row) => row.invoiceNumber).sort(), ['F-1', 'F-2', 'F-3']);
  const state = workstation.archiveStore.state();
  assert.equal(state.store, 'firm');
  if (state.store !== 'firm') return;
  assert.equal(state.connection.state, 'unreachable');
  assert.match(
    state.connection.state === 'unreachable' ? state.connection.reason : '',
    /ECONNREFUSED/,
  );
  assert.equal(state.localCopies[CLIENT], '2026-11-20T10:00:00.000Z');
  assert.ok(!JSON.stringify(state).includes('the-app-password'));
});

test("the keychain lacks the firm's password: the copy is read, and the state says why", async () => {
  await workstation.vault.delete(FIRM_VAULT_ACCOUNT);
  await workstation.archiveStore.reset();
  const counts = await workstation.readArchive(CLIENT, (archive) => archive.counts());
  assert.deepEqual(counts, { invoices: 3, details: 1 });
  const state = workstation.archiveStore.state();
  assert.equal(state.store === 'firm' && state.connection.state, 'unreachable');
  assert.match(
    state.store === 'firm' && state.connection.state === 'unreachable'
      ? state.connection.reason
      : '',
    /keychain/,
  );
});
