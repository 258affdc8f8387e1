// Line 22 of the VAT return (issue 18) in the user-data file (a real SQLite file): kept per
// period, read back after reopening, 0 forgets it; a file of step 2 moves to step 3 and keeps
// what it held.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { monthPeriod, quarterPeriod } from '#shared/report-period.ts';
import {
  USER_DATA_MIGRATIONS,
  openUserData,
  userDataPath,
} from '#main/services/archive/user-data-store.ts';

const AT = new Date('2026-11-20T10:00:00Z');
const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'carried-credit-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('line 22 is kept per period and read back after reopening; 0 forgets it', () => {
  const dir = dataDir();
  const q3 = quarterPeriod(2026, 3);
  let store = openUserData(dir, 'conn-1');
  assert.equal(store.carriedCredit(q3), 0, 'never entered: 0');
  store.saveCarriedCredit(q3, 1_234_56, AT);
  store.saveCarriedCredit(monthPeriod(2026, 7), 99, AT);
  store.saveCarriedCredit(q3, 2_000_00, AT); // the newest figure wins
  store.close();
  store = openUserData(dir, 'conn-1');
  try {
    assert.equal(store.carriedCredit(q3), 2_000_00);
    assert.equal(store.carriedCredit(monthPeriod(2026, 7)), 99, 'July is its own period');
    assert.equal(store.carriedCredit(quarterPeriod(2026, 4)), 0);
    store.saveCarriedCredit(q3, 0, AT);
    assert.equal(store.carriedCredit(q3), 0);
  } finally {
    store.close();
  }
});

test('a user-data file of step 2 moves to step 3 and keeps its marks and settings', () => {
  const dir = dataDir();
  openUserData(dir, 'conn-0').close(); // makes the folder
  const path = userDataPath(dir, 'conn-1');
  const db = new DatabaseSync(path);
  USER_DATA_MIGRATIONS[0]!(db);
  USER_DATA_MIGRATIONS[1]!(db);
  db.exec('PRAGMA user_version = 2');
  db.prepare(
    "INSERT INTO payment_marks VALUES ('00000000-0000-4000-8000-000000000001', '2026-11-02', NULL, ?)",
  ).run(AT.toISOString());
  db.close();
  const store = openUserData(dir, 'conn-1');
  try {
    assert.equal(store.paymentMarks().size, 1);
    assert.equal(store.carriedCredit(quarterPeriod(2026, 3)), 0);
    store.saveCarriedCredit(quarterPeriod(2026, 3), 5_00, AT);
    assert.equal(store.carriedCredit(quarterPeriod(2026, 3)), 5_00);
  } finally {
    store.close();
  }
});
