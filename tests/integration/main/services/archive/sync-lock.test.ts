// The sync lock between processes: held by a live process it refuses (conflict), left by a killed
// one it is taken over, and one process cannot take it twice.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { acquireSyncLock, isSyncLocked, syncLockPath } from '#main/services/archive/sync-lock.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'sync-lock-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

function isConflict(error: unknown): boolean {
  return (error as { kind?: unknown }).kind === 'conflict';
}

test('one process cannot take the lock twice; release lets it be taken again', () => {
  const lock = acquireSyncLock(dataDir, 'conn-a');
  assert.ok(existsSync(lock.path));
  assert.equal(isSyncLocked(dataDir, 'conn-a'), true);
  assert.throws(() => acquireSyncLock(dataDir, 'conn-a'), isConflict);
  assert.equal(isSyncLocked(dataDir, 'conn-b'), false, 'one lock per connection');
  lock.release();
  lock.release();
  assert.ok(!existsSync(lock.path));
  assert.equal(isSyncLocked(dataDir, 'conn-a'), false);
  acquireSyncLock(dataDir, 'conn-a').release();
});

test('a live process holding the lock refuses it; once that process is killed it is taken over', async () => {
  const holder = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { acquireSyncLock } from '#main/services/archive/sync-lock.ts';
       acquireSyncLock(${JSON.stringify(dataDir)}, 'conn-c');
       process.stdout.write('held\\n');
       setInterval(() => {}, 1000);`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await once(holder.stdout!, 'data');
    assert.equal(isSyncLocked(dataDir, 'conn-c'), true);
    assert.throws(
      () => acquireSyncLock(dataDir, 'conn-c'),
      (error: unknown) =>
        isConflict(error) && new RegExp(`process ${holder.pid}`).test((error as Error).message),
    );
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    assert.equal(isSyncLocked(dataDir, 'conn-c'), false, 'a dead owner holds nothing');
    const lock = acquireSyncLock(dataDir, 'conn-c');
    lock.release();
  } finally {
    holder.kill('SIGKILL');
  }
});

test('a lock file naming this process that it does not hold is stale (an earlier process had the pid)', () => {
  const path = syncLockPath(dataDir, 'conn-d');
  writeFileSync(path, `${process.pid}\n`);
  assert.equal(isSyncLocked(dataDir, 'conn-d'), false);
  acquireSyncLock(dataDir, 'conn-d').release();
  assert.ok(!existsSync(path));
});
