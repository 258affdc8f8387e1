// `cli bank import|matches|confirm|undo` on the firm's archive (issue 30): a workstation's CLI
// connected with `firm connect` to a real PostgreSQL server (scripts/with-postgres.sh) writes the
// firm's bank, which another workstation (the app's services on the same firm) reads, and no
// bank file of its own. The CLI children meet a keychain of this test's own (private-keyring.ts):
// the firm's password entry is one per keychain, and the other CLI tests on firms set and delete
// theirs in the shared one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BankView } from '#shared/bank.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { bankDataPath } from '#main/services/archive/bank-store.ts';
import { copyArchive } from '#main/services/archive/postgres/copy-archive.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { jsonLines, runCli } from '#support/cli.ts';
import { workstation, type Workstation } from '#support/firm-workstation.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import {
  privateKeyring,
  privateKeyringSkipReason,
  type PrivateKeyring,
} from '#support/private-keyring.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENT = 'demo-admin';
const skip = !TEST_PG_URL ? NO_SERVER : await privateKeyringSkipReason();

interface Line {
  id: string;
  state: string;
  invoiceIds: string[];
}

describe('cli bank on the firm archive', { skip }, () => {
  let firm: Awaited<ReturnType<typeof freshSchema>>;
  let keyring: PrivateKeyring;
  let dataDir: string;
  let source: string;
  let statement: string;
  let other: Workstation;

  const cli = (args: string[], input?: string) =>
    runCli(args, {
      dataDir,
      env: { ...keyring.env, INVOICE_DESK_NOW: NOW.toISOString() },
      ...(input !== undefined ? { input } : {}),
    });
  const bank = async (args: string[]): Promise<Record<string, unknown>> => {
    const done = await cli(['bank', ...args, '--connection', CLIENT, '--json']);
    assert.equal(done.code, 0, done.stderr);
    return jsonLines(done.stdout)[0]!;
  };
  /** What another workstation of the firm reads of the line. */
  const seenElsewhere = async (lineId: string) =>
    (await other.call<BankView>('bank:view', { connectionId: CLIENT })).lines.find(
      (line) => line.id === lineId,
    )!;

  before(async () => {
    keyring = await privateKeyring();
    firm = await freshSchema('bank_cli');
    dataDir = mkdtempSync(join(tmpdir(), 'bank-cli-firm-'));
    source = mkdtempSync(join(tmpdir(), 'bank-cli-source-'));
    // The client's archive in the firm's store, as `archive migrate` moves it.
    fillDemoArchive(source, CLIENT, { seed: 17, invoices: 600, now: NOW });
    await copyArchive(firm.pool, source, CLIENT);
    const file = demoStatementFiles(
      demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
    )[0]!;
    statement = join(source, file.name);
    writeFileSync(statement, file.bytes);
    // This workstation's CLI joins the firm: the password on stdin, into the private keychain.
    const url = new URL(TEST_PG_URL!);
    const password = decodeURIComponent(url.password);
    url.password = '';
    const connected = await cli(
      ['firm', 'connect', url.toString(), '--schema', firm.schema, '--tls', 'off'],
      `${password}\n`,
    );
    assert.equal(connected.code, 0, connected.stderr);
    other = await workstation(firm.schema, { now: NOW, client: CLIENT });
  });
  after(async () => {
    await other?.services.close();
    await firm?.drop();
    await keyring?.close();
    for (const dir of [dataDir, source, other?.dataDir])
      if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('import, confirm and undo write the firm’s bank, which another workstation reads', async () => {
    const imported = await bank(['import', '--file', statement]);
    assert.equal(imported.ok, true);
    assert.ok(Number(imported.added) > 0);
    const view = await other.call<BankView>('bank:view', { connectionId: CLIENT });
    assert.equal(view.lines.length, imported.added, 'the other workstation reads every line');
    // Imported again: nothing new, the firm already has every line.
    assert.equal((await bank(['import', '--file', statement])).added, 0);

    const suggested = (await bank(['matches', '--state', 'suggested'])).lines as Line[];
    assert.ok(suggested.length > 0, 'a suggestion to confirm');
    const lineId = suggested[0]!.id;
    const confirmed = (await bank(['confirm', '--line', lineId])).line as Line & {
      allocations: { invoiceId: string }[];
    };
    assert.equal(confirmed.state, 'confirmed');
    const there = await seenElsewhere(lineId);
    assert.equal(there.state, 'confirmed');
    assert.equal(there.decided, true);
    assert.deepEqual(
      there.invoices.map((i) => i.invoiceId),
      confirmed.allocations.map((a) => a.invoiceId),
    );

    const undone = (await bank(['undo', '--line', lineId])).line as Line;
    assert.notEqual(undone.state, 'confirmed');
    const back = await seenElsewhere(lineId);
    assert.equal(back.decided, false);
    assert.equal(back.state, undone.state);

    // The CLI wrote no bank file of its own: the bank is the firm's.
    assert.equal(existsSync(bankDataPath(dataDir, CLIENT)), false);
  });
});
