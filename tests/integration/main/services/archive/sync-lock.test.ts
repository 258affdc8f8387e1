// The sync lock between processes: held by a live process it refuses (conflict, naming the
// process), dropped by the operating system the moment its holder dies (even a zombie, not yet
// reaped), and one process cannot take it twice.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  acquireSyncLock,
  isSyncLocked,
  syncLockFiles,
  syncLockPath,
} from '#main/services/archive/sqlite/sync-lock.ts';
import { spawnUnreaped, untilZombie } from '#support/sync-requests.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'sync-lock-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

function isConflict(error: unknown): boolean {
  return (error as { kind?: unknown }).kind === 'conflict';
}

/** A script that takes the lock of `connectionId`, says "held", and keeps it until killed. */
function holderScript(connectionId: string): string[] {
  return [
    '--input-type=module',
    '-e',
    `import { acquireSyncLock } from '#main/services/archive/sqlite/sync-lock.ts';
     acquireSyncLock(${JSON.stringify(dataDir)}, ${JSON.stringify(connectionId)});
     process.stdout.write('held\\n');
     setInterval(() => {}, 1000);`,
  ];
}

test('one process cannot take the lock twice; release lets it be taken again', () => {
  const lock = acquireSyncLock(dataDir, 'conn-a');
  assert.equal(isSyncLocked(dataDir, 'conn-a'), true);
  assert.throws(() => acquireSyncLock(dataDir, 'conn-a'), isConflict);
  assert.equal(isSyncLocked(dataDir, 'conn-b'), false, 'one lock per connection');
  lock.release();
  lock.release();
  assert.equal(isSyncLocked(dataDir, 'conn-a'), false);
  acquireSyncLock(dataDir, 'conn-a').release();
  const [, , owner] = syncLockFiles(dataDir, 'conn-a');
  assert.ok(!existsSync(owner!), 'the owner note goes with the lock');
});

test('a live process holding the lock refuses it; once that process is killed it is taken over', async () => {
  const holder = spawn(process.execPath, holderScript('conn-c'), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await once(holder.stdout!, 'data');
    assert.equal(isSyncLocked(dataDir, 'conn-c'), true);
    assert.throws(
      () => acquireSyncLock(dataDir, 'conn-c'),
      (error: unknown) =>
        isConflict(error) &&
        new RegExp(`already running \\(process ${holder.pid}\\)`).test((error as Error).message),
    );
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    assert.equal(isSyncLocked(dataDir, 'conn-c'), false, 'a dead owner holds nothing');
    acquireSyncLock(dataDir, 'conn-c').release();
  } finally {
    holder.kill('SIGKILL');
  }
});

test('a holder killed and not yet reaped (a zombie) holds nothing: the lock is taken at once', async () => {
  const { parent, pid, stdout } = spawnUnreaped(holderScript('conn-z'), { cwd: ROOT });
  try {
    const holderPid = await pid;
    await once(stdout, 'data'); // "held"
    assert.throws(() => acquireSyncLock(dataDir, 'conn-z'), isConflict);
    process.kill(holderPid, 'SIGKILL');
    await untilZombie(holderPid);
    // The zombie still answers kill(pid, 0), as a live process does.
    assert.doesNotThrow(() => process.kill(holderPid, 0));
    assert.equal(isSyncLocked(dataDir, 'conn-z'), false);
    acquireSyncLock(dataDir, 'conn-z').release();
  } finally {
    parent.kill('SIGKILL');
  }
});

test('an owner note left behind names no holder: the lock is free', () => {
  mkdirSync(join(dataDir, 'archive'), { recursive: true });
  const [, , owner] = syncLockFiles(dataDir, 'conn-d');
  writeFileSync(owner!, `${process.ppid}\n`); // a live process, which holds no lock
  assert.equal(isSyncLocked(dataDir, 'conn-d'), false);
  const lock = acquireSyncLock(dataDir, 'conn-d');
  assert.ok(existsSync(syncLockPath(dataDir, 'conn-d')));
  lock.release();
});
