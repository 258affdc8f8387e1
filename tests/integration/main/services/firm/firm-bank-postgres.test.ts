// The bank on the firm's archive (issue 30): two workstations (two services, two data folders)
// connected to one firm archive on a real PostgreSQL server (scripts/with-postgres.sh). A bank
// statement imported and a match confirmed on A are what B's Banque screen and paid marks show;
// B's undo is what A sees; no workstation's own bank file holds any of it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { BankLineView, BankView } from '#shared/bank.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { bankDataPath } from '#main/services/archive/bank-store.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import {
  firmWithClient,
  type FirmWithClient,
  type Workstation,
} from '#support/firm-workstation.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENT = 'demo-admin';

describe('the bank on the firm archive', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let firm: FirmWithClient;
  let a: Workstation;
  let b: Workstation;
  const files = demoStatementFiles(
    demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
  );

  before(async () => {
    firm = await firmWithClient('bank', { client: CLIENT, seed: 17, invoices: 600, now: NOW });
    a = await firm.workstation();
    b = await firm.workstation();
  });
  after(async () => {
    await firm?.close();
  });

  test('a statement imported and a match confirmed on A are seen on B; B’s undo on A', async () => {
    const file = files[0]!;
    const imported = await a.call<{ added: number; auto: number; suggested: number }>(
      'bank:import',
      {
        connectionId: CLIENT,
        fileName: file.name,
        base64: Buffer.from(file.bytes).toString('base64'),
      },
    );
    assert.ok(imported.added > 0);
    assert.ok(imported.auto > 0);

    // B reads the same lines, the same matches, without importing anything.
    const seenOnB = await b.call<BankView>('bank:view', { connectionId: CLIENT });
    const seenOnA = await a.call<BankView>('bank:view', { connectionId: CLIENT });
    assert.equal(seenOnB.lines.length, imported.added);
    assert.deepEqual(seenOnB, seenOnA);

    // A confirms an automatic match: B sees it confirmed, and the invoice paid by the bank.
    const auto = seenOnA.lines.find((line) => line.state === 'auto')!;
    const confirmed = await a.call<BankLineView>('bank:confirm', {
      connectionId: CLIENT,
      lineId: auto.id,
    });
    assert.equal(confirmed.state, 'confirmed');
    const onB = (await b.call<BankView>('bank:view', { connectionId: CLIENT })).lines.find(
      (line) => line.id === auto.id,
    )!;
    assert.equal(onB.state, 'confirmed');
    assert.deepEqual(onB.invoices, confirmed.invoices);
    const invoiceId = confirmed.invoices[0]!.invoiceId;
    const [paid] = await b.call<{ bank?: { lineIds: string[] } }[]>('payments:get', {
      connectionId: CLIENT,
      invoiceIds: [invoiceId],
    });
    assert.ok(paid?.bank?.lineIds.includes(auto.id));

    // B takes the decision back: A sees the line proposed again, no longer confirmed.
    const undone = await b.call<BankLineView>('bank:undo', {
      connectionId: CLIENT,
      lineId: auto.id,
    });
    assert.notEqual(undone.state, 'confirmed');
    const backOnA = (await a.call<BankView>('bank:view', { connectionId: CLIENT })).lines.find(
      (line) => line.id === auto.id,
    )!;
    assert.equal(backOnA.state, undone.state);
    assert.equal(backOnA.decided, false);

    // Neither workstation wrote a bank file of its own: the bank is the firm's.
    assert.equal(existsSync(bankDataPath(a.dataDir, CLIENT)), false);
    assert.equal(existsSync(bankDataPath(b.dataDir, CLIENT)), false);
  });
});
