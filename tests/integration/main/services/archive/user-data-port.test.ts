// The user data port (issue 28, item 4): one connection's user data found by its id, never by a
// file's path, through an asynchronous interface a second database can implement. Real SQLite
// files under a real data folder.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#shared/accounting-settings.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { userDataDirectory } from '#main/services/archive/user-data-directory.ts';
import { userDataPath } from '#main/services/archive/user-data-store.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'user-data-port-'));
  dirs.push(dir);
  return dir;
}
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const AT = new Date('2026-11-20T10:00:00Z');
const Q3 = { from: '2026-07-01', to: '2026-09-30' };

test('reading the user data of a connection that has none creates nothing', async () => {
  const dir = dataDir();
  const archives = new Archives({ dataDir: dir });
  try {
    assert.equal(await userDataDirectory(archives).existing('conn-1'), null);
    assert.equal(existsSync(userDataPath(dir, 'conn-1')), false);
  } finally {
    await archives.close();
  }
});

test('what one connection wrote is found again by its id, and only by its id', async () => {
  const dir = dataDir();
  let archives = new Archives({ dataDir: dir });
  const mine = await userDataDirectory(archives).of('conn-1');
  assert.equal(mine.connectionId, 'conn-1');
  await mine.markPaid([A, B], '2026-11-18', 'virement', AT);
  assert.equal(await mine.unmarkPaid([B]), 1);
  await mine.saveAccountingSettings({ ...DEFAULT_ACCOUNTING_SETTINGS, siren: '552100554' }, AT);
  await mine.saveCarriedCredit(Q3, 12_345, AT);
  await mine.saveInvoiceRate(A, { currency: 'GBP', rate: '0.8662' }, AT);
  await archives.close();

  archives = new Archives({ dataDir: dir });
  try {
    const found = await userDataDirectory(archives).existing('conn-1');
    assert.ok(found, 'the connection has user data');
    const marks = await found.paymentMarks();
    assert.deepEqual([...marks.keys()], [A]);
    assert.equal(marks.get(A)?.paidOn, '2026-11-18');
    assert.equal(marks.get(A)?.note, 'virement');
    assert.equal((await found.accountingSettings()).siren, '552100554');
    assert.equal(await found.carriedCredit(Q3), 12_345);
    assert.equal((await found.invoiceRates()).get(A)?.rate, '0.8662');
    assert.equal(await userDataDirectory(archives).existing('conn-2'), null);
  } finally {
    await archives.close();
  }
});
