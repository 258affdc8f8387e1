// The store the app's services read (issue 30, items 2 and 5), against a real PostgreSQL
// server (scripts/with-postgres.sh): without firm.json the embedded archive; with it (and the
// password in the keychain) the firm's archive, whose client list every workstation shares
// without secrets; a client read is copied into the workstation's local SQLite archive, which
// the same ports read, dated, once the server is cut off.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createServices, type Services } from '#main/services/index.ts';
import { fixedClock } from '#main/services/clock.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import {
  FIRM_VAULT_ACCOUNT,
  writeFirmSettings,
} from '#main/services/archive/postgres/firm-settings.ts';
import { firmClients, listClients } from '#main/services/archive/postgres/firm-clients.ts';
import { SCHEMA_VERSION } from '#main/services/archive/postgres/migrate.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { fakeKeytar, silentLog } from '#support/fakes.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';
import { tcpRelay, type TcpCut } from '#support/tcp-cut.ts';

const NOW = '2026-11-20T09:30:00.000Z';
const CLIENT = 'firm-client-a';

function servicesOn(dataDir: string): Services {
  return createServices({
    dataDir,
    shell: 'browser',
    log: silentLog,
    clock: fixedClock(NOW),
    loadKeytar: async () => fakeKeytar(),
  });
}

test('without firm.json the services read the embedded archive (no server needed)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'firm-none-'));
  const s = servicesOn(dataDir);
  try {
    assert.deepEqual(s.archiveStore.state(), { store: 'embedded' });
    assert.equal(await s.archiveStore.link(), null);
    const page = await s.readArchive(CLIENT, (archive) => archive.queryInvoices());
    assert.deepEqual(page, { rows: [], total: 0 });
    assert.equal(await s.shareFirmClients(), null);
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('on the firm store', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let firm: Awaited<ReturnType<typeof freshSchema>>;
  let relay: TcpCut;
  let dataDir: string;
  let s: Services;

  before(async () => {
    firm = await freshSchema('choice');
    // The firm's archive of one client, as a sync on another workstation left it.
    const archive = await new PostgresArchives(firm.pool, firm.schema).ports.open(CLIENT);
    const items = [1, 2, 3].map((n) =>
      searchItem({ id: uuidOf(n), number: `F-${n}`, ttc: 120 * n, ht: 100 * n, tva: 20 * n }),
    );
    await archive.saveSearchPage({}, { data: items, meta: {} }, '2026-11-19T08:00:00.000Z');
    await archive.saveDetail(fullInvoice(items[0]!), '2026-11-19T08:00:00.000Z');
    const server = new URL(TEST_PG_URL!);
    relay = await tcpRelay(server.hostname, Number(server.port));
    const through = new URL(TEST_PG_URL!);
    through.port = String(relay.port);
    through.password = '';
    dataDir = mkdtempSync(join(tmpdir(), 'firm-choice-'));
    writeFirmSettings(dataDir, { url: through.toString(), schema: firm.schema, tls: 'off' });
    s = servicesOn(dataDir);
    await s.vault.set(FIRM_VAULT_ACCOUNT, decodeURIComponent(server.password), 'keychain');
  });
  after(async () => {
    await s?.close();
    await relay?.cut();
    await firm?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the archive's ports read the firm's archive", async () => {
    const page = await s.readArchive(CLIENT, (archive) => archive.queryInvoices());
    assert.equal(page.total, 3);
    assert.deepEqual(page.rows.map((row) => row.invoiceNumber).sort(), ['F-1', 'F-2', 'F-3']);
    const state = s.archiveStore.state();
    assert.equal(state.store, 'firm');
    assert.deepEqual(state.store === 'firm' && state.connection, {
      state: 'connected',
      schemaVersion: SCHEMA_VERSION,
    });
    // The URL kept and shown has no password.
    assert.ok(state.store === 'firm' && !state.url.includes(':' + new URL(TEST_PG_URL!).password));
  });

  test("the firm's list of clients: shared without secrets, each workstation sees every one", async () => {
    const own = await s.connections.save({
      name: 'Client de ce poste',
      baseUrl: 'https://operator.example/api',
      tokenUrl: 'https://operator.example/token',
      clientId: 'own-client',
      clientSecret: 'own-secret-never-shared',
    });
    await listClients(
      firm.pool,
      [
        {
          connectionId: 'listed-by-another',
          name: 'Client d’un autre poste',
          baseUrl: 'https://operator.example/api',
          tokenUrl: 'https://operator.example/token',
          clientId: 'other-client',
          customerId: null,
          company: 'AUTRE SAS',
        },
      ],
      'marie@poste-2',
      new Date('2026-11-18T10:00:00Z'),
    );
    const list = await s.shareFirmClients();
    assert.deepEqual(
      list?.map((c) => [c.name, c.secretHere]),
      [
        ['Client de ce poste', true],
        ['Client d’un autre poste', false],
      ],
    );
    // The other workstation's client is now one of this workstation's connections, secretless.
    const adopted = await s.connections.get('listed-by-another');
    assert.equal(adopted.secret, 'none');
    const live = (await s.connections.resolve('listed-by-another')).getClientSecret();
    await assert.rejects(live, { kind: 'auth', reason: 'secret_absent' });
    // A live call asks the operator client for a token: it says the secret is not here.
    const operator = await s.operators.forConnection('listed-by-another');
    await assert.rejects(operator.tokenProvider.getToken(), {
      kind: 'auth',
      reason: 'secret_absent',
    });
    // What the firm's server holds: every client, who listed it and when, never a secret.
    const rows = await firmClients(firm.pool);
    assert.deepEqual(
      rows.map((r) => [r.connectionId, r.updatedBy === 'marie@poste-2' ? r.updatedAt : 'here']),
      [
        [own.id, 'here'],
        ['listed-by-another', '2026-11-18T10:00:00.000Z'],
      ],
    );
    const dump = JSON.stringify((await firm.pool.query('SELECT * FROM firm_clients')).rows);
    assert.ok(!dump.includes('own-secret-never-shared'));
  });

  test("a second workstation joining the firm's store takes in every client at start", async () => {
    const second = mkdtempSync(join(tmpdir(), 'firm-choice-second-'));
    const through = new URL(TEST_PG_URL!);
    through.port = String(relay.port);
    through.password = '';
    writeFirmSettings(second, { url: through.toString(), schema: firm.schema, tls: 'off' });
    const other = servicesOn(second);
    try {
      await other.vault.set(
        FIRM_VAULT_ACCOUNT,
        decodeURIComponent(new URL(TEST_PG_URL!).password),
        'keychain',
      );
      const told = new Promise<void>((resolve) =>
        other.events.subscribe((event) => event === 'connections:changed' && resolve()),
      );
      await other.archiveStore.link(); // the first use reaches the server
      await told;
      const names = other.connections.clientReferences().map((c) => c.name);
      assert.ok(names.includes('Client de ce poste'));
      assert.ok(names.includes('Client d’un autre poste'));
      assert.equal((await other.connections.get('listed-by-another')).secret, 'none');
    } finally {
      await other.close();
      rmSync(second, { recursive: true, force: true });
    }
  });

  test('server cut off: the same ports read the local copy, which says of when it is', async () => {
    await s.archiveStore.refreshLocalCopy(CLIENT);
    const before = s.archiveStore.state();
    assert.equal(before.store === 'firm' && before.localCopies[CLIENT], NOW);

    await relay.cut();
    const page = await s.readArchive(CLIENT, (archive) => archive.queryInvoices());
    assert.deepEqual(page.rows.map((row) => row.invoiceNumber).sort(), ['F-1', 'F-2', 'F-3']);
    const detail = await s.readArchive(CLIENT, (archive) => archive.invoice(uuidOf(1)));
    assert.equal(detail?.detail?.invoiceId ?? detail?.row.invoiceId, uuidOf(1));
    const state = s.archiveStore.state();
    assert.equal(state.store === 'firm' && state.connection.state, 'unreachable');
    assert.equal(state.store === 'firm' && state.localCopies[CLIENT], NOW);
    // A client never copied here has nothing to read offline, and says so.
    await assert.rejects(
      s.readArchive('never-copied', (archive) => archive.counts()),
      /no local copy/,
    );
  });
});
