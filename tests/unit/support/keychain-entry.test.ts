// The lock that keeps one keychain entry to one test file at a time (tests/support/
// keychain-entry.ts): a second holder waits for the first's release; a holder that died does not
// keep it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { holdKeychainEntry, lockPath } from '#support/keychain-entry.ts';

const account = () => `lock-test-${randomBytes(6).toString('hex')}`;

test('a second holder waits until the first releases the entry', async () => {
  const entry = account();
  const releaseFirst = await holdKeychainEntry(entry);
  const second: { release?: () => void } = {};
  const waiting = holdKeychainEntry(entry).then((release) => (second.release = release));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(typeof second.release, 'undefined', 'held by the first: the second waits');
  releaseFirst();
  await waiting;
  assert.ok(second.release, 'released: the second holds it');
  second.release();
  assert.equal(existsSync(lockPath(entry)), false);
});

// Without the take-over it would wait for the lock until it gives up (minutes): the timeout fails it.
test('an entry whose holder died is taken, not waited on', { timeout: 20_000 }, async () => {
  const entry = account();
  const path = lockPath(entry);
  // A process that has exited: its pid names nobody now.
  const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  }).stdout.trim();
  writeFileSync(path, gone, { flag: 'wx' });
  const release = await holdKeychainEntry(entry);
  assert.equal(readFileSync(path, 'utf8'), String(process.pid));
  release();
  assert.equal(existsSync(path), false, 'released: no lock file left');
});
