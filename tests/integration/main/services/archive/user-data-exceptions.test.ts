// The exceptions' handled marks (issue 19, item 4) in the user-data file (a real SQLite file),
// step 4 of its migrations: note, who, when and the reasons covered, read back after reopening,
// the newest word wins, "Rouvrir" takes it off; a file of step 3 moves to step 4 and keeps what
// it held.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { quarterPeriod } from '#shared/report-period.ts';
import {
  USER_DATA_MIGRATIONS,
  USER_DATA_VERSION,
  openUserData,
  userDataPath,
} from '#main/services/archive/user-data-store.ts';

const AT = new Date('2026-11-24T10:00:00Z');
const LATER = new Date('2026-11-25T08:30:00Z');
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'exception-marks-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('handled marks keep the note, who, when and the reasons; reopening takes them off', () => {
  const dir = dataDir();
  let store = openUserData(dir, 'conn-1');
  store.markExceptionsHandled(
    [
      { invoiceId: A, reasons: ['status:213'] },
      { invoiceId: B, reasons: ['past_due', 'unmapped'] },
    ],
    'Avoir demandé au client',
    'marie',
    AT,
  );
  store.markExceptionsHandled([{ invoiceId: B, reasons: ['past_due'] }], null, 'paul', LATER);
  store.close();
  store = openUserData(dir, 'conn-1');
  try {
    const marks = store.exceptionMarks();
    assert.deepEqual(marks.get(A), {
      invoiceId: A,
      note: 'Avoir demandé au client',
      by: 'marie',
      at: AT.toISOString(),
      reasons: ['status:213'],
    });
    assert.deepEqual(
      marks.get(B),
      {
        invoiceId: B,
        note: null,
        by: 'paul',
        at: LATER.toISOString(),
        reasons: ['past_due'],
      },
      'the newest word wins',
    );
    assert.equal(store.reopenExceptions([A, '00000000-0000-4000-8000-0000000000ff']), 1);
    assert.deepEqual([...store.exceptionMarks().keys()], [B]);
  } finally {
    store.close();
  }
});

test('a user-data file of step 3 moves to step 4 and keeps its marks and line 22', () => {
  const dir = dataDir();
  openUserData(dir, 'conn-0').close(); // makes the folder
  const path = userDataPath(dir, 'conn-1');
  const db = new DatabaseSync(path);
  for (const step of USER_DATA_MIGRATIONS.slice(0, 3)) step(db);
  db.exec('PRAGMA user_version = 3');
  db.prepare(`INSERT INTO payment_marks VALUES (?, '2026-11-02', NULL, ?)`).run(
    A,
    AT.toISOString(),
  );
  db.prepare(`INSERT INTO carried_credits VALUES ('2026-07-01', '2026-09-30', 500, ?)`).run(
    AT.toISOString(),
  );
  db.close();
  assert.ok(USER_DATA_VERSION >= 4); // later steps (issue 26: 5) keep these too
  const store = openUserData(dir, 'conn-1');
  try {
    assert.equal(store.paymentMarks().size, 1);
    assert.equal(store.carriedCredit(quarterPeriod(2026, 3)), 500);
    assert.equal(store.exceptionMarks().size, 0);
    store.markExceptionsHandled([{ invoiceId: A, reasons: ['status:210'] }], 'vu', 'marie', AT);
    assert.equal(store.exceptionMarks().get(A)?.note, 'vu');
  } finally {
    store.close();
  }
});
