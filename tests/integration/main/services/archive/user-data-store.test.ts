// The user-data file beside each archive (payment marks): real SQLite files. What only the user
// wrote survives clearing and rebuilding the archive, goes with the connection, and the reports
// and the archive export read it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport } from '#shared/reports.ts';
import { archivePath, openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { Archives } from '#main/services/archive/archives.ts';
import {
  USER_DATA_VERSION,
  openUserData,
  readPaymentMarks,
  userDataPath,
} from '#main/services/archive/user-data-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'user-data-'));
  dirs.push(dir);
  return dir;
}
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const AT = new Date('2026-11-20T10:00:00Z');

test('its own file beside the archive, owner-only, with its own migrations', () => {
  const dir = dataDir();
  const store = openUserData(dir, 'conn-1');
  try {
    assert.equal(store.path, join(dir, 'archive', 'conn-1.user.sqlite'));
    assert.equal(userDataPath(dir, 'conn-1'), store.path);
    if (process.platform !== 'win32') assert.equal(statSync(store.path).mode & 0o777, 0o600);
  } finally {
    store.close();
  }
  const db = new DatabaseSync(userDataPath(dir, 'conn-1'));
  try {
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as {
      user_version: number;
    };
    assert.equal(version, USER_DATA_VERSION);
  } finally {
    db.close();
  }
  assert.throws(() => userDataPath(dir, '../etc'), RangeError);
});

test('mark, unmark, re-mark: the newest word wins, and it is there after reopening', () => {
  const dir = dataDir();
  let store = openUserData(dir, 'conn-1');
  store.markPaid([A, B], '2026-11-02', 'virement 1234', AT);
  assert.deepEqual(store.paymentMarks([A]).get(A), {
    invoiceId: A,
    paidOn: '2026-11-02',
    note: 'virement 1234',
    markedAt: AT.toISOString(),
  });
  assert.equal(store.unmarkPaid([B, '00000000-0000-4000-8000-000000000009']), 1);
  assert.deepEqual([...store.paymentMarks().keys()], [A]);
  store.markPaid([A], '2026-11-05', null, new Date('2026-11-21T08:00:00Z'));
  store.close();

  store = openUserData(dir, 'conn-1');
  try {
    assert.deepEqual(store.paymentMarks().get(A), {
      invoiceId: A,
      paidOn: '2026-11-05',
      note: null,
      markedAt: '2026-11-21T08:00:00.000Z',
    });
  } finally {
    store.close();
  }
});

test('clearing the archive keeps the marks; deleting the connection deletes them', async () => {
  const dir = dataDir();
  const archives = new Archives({ dataDir: dir });
  archives.open('conn-1');
  archives.userData('conn-1').markPaid([A], '2026-11-02', null, AT);

  // The archive is deleted and rebuilt (a clear, then a new file): the marks stay.
  await archives.clear('conn-1');
  assert.equal(existsSync(archivePath(dir, 'conn-1')), false);
  const rebuilt = archives.open('conn-1');
  assert.deepEqual([...readPaymentMarks(rebuilt).keys()], [A]);
  assert.deepEqual([...archives.userData('conn-1').paymentMarks().keys()], [A]);

  archives.deleteUserData('conn-1');
  assert.equal(existsSync(userDataPath(dir, 'conn-1')), false);
  assert.equal(readPaymentMarks(rebuilt).size, 0);
  await archives.close();
});

test('the échéancier leaves out what the user marked paid, read beside the archive', async () => {
  const dir = dataDir();
  const now = new Date('2026-11-22T12:00:00Z');
  fillDemoArchive(dir, 'demo-admin', { seed: 21, invoices: 400, now });
  const archive = openArchive(dir, 'demo-admin');
  try {
    const period = parsePeriod('2026-11');
    const before = (await computeReport(reportSourceOf(archive), 'aging', period, {
      now,
    })) as AgingReport;
    const [one, two] = before.lines.filter((l) => l.direction === 'OUTBOUND');
    assert.ok(one && two, 'two receivables with no known payment');
    const store = openUserData(dir, 'demo-admin');
    store.markPaid([one.invoiceId, two.invoiceId], '2026-11-20', 'relevé', now);
    store.close();

    const after = (await computeReport(reportSourceOf(archive), 'aging', period, {
      now,
    })) as AgingReport;
    const total = (r: AgingReport) => r.sides[0]!.totals.find((t) => t.currency === 'EUR')!;
    assert.equal(
      total(after).totalCents,
      total(before).totalCents - one.amountCents - two.amountCents,
    );
    assert.equal(after.paidByMark, 2);
    assert.deepEqual(
      after.paid
        .filter((p) => p.paidSource === 'marked')
        .map((p) => [p.invoiceId, p.paidOn, p.note])
        .sort(),
      [
        [one.invoiceId, '2026-11-20', 'relevé'],
        [two.invoiceId, '2026-11-20', 'relevé'],
      ].sort(),
    );
  } finally {
    archive.close();
  }
});
