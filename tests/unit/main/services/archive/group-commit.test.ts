// Group commit: writes queued together share one transaction; a failing write rolls its whole
// group back and every write of it is told; writes queued later are not affected.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { GroupCommit } from '#main/services/archive/sqlite/group-commit.ts';

const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('each queued write gets its own result once committed', async () => {
  const archive = openArchive(dir, 'together');
  const commits = new GroupCommit(archive);
  const write = (key: string) => () => {
    archive.saveResponse('directory', key, { key });
    return key;
  };
  const results = await Promise.all([commits.run(write('a')), commits.run(write('b'))]);
  assert.deepEqual(results, ['a', 'b']);
  assert.deepEqual(archive.getResponse('directory', 'a')?.response, { key: 'a' });
  assert.deepEqual(archive.getResponse('directory', 'b')?.response, { key: 'b' });
  archive.close();
});

test('a failing write rolls back its group, tells every write of it, and spares the next group', async () => {
  const archive = openArchive(dir, 'failing');
  const commits = new GroupCommit(archive);
  const kept = commits.run(() => archive.saveResponse('directory', 'kept?', { n: 1 }));
  const failing = commits.run(() => {
    throw new Error('disk full');
  });
  await assert.rejects(kept, /disk full/);
  await assert.rejects(failing, /disk full/);
  assert.equal(archive.getResponse('directory', 'kept?'), null, 'rolled back with its group');
  await commits.run(() => archive.saveResponse('directory', 'later', { n: 2 }));
  assert.deepEqual(archive.getResponse('directory', 'later')?.response, { n: 2 });
  archive.close();
});
