// One sync owner per firm (issue 30, item 3) on a real server: a workstation (a child process)
// becomes a connection's owner through the advisory lock and writes a page with its checkpoint;
// another asking meanwhile is told no; the owner is killed (SIGKILL: no goodbye), and the other
// takes over within the 30 s the issue allows (here at its next ask) and resumes the same run
// at the checkpoint the dead owner left, nothing written lost, nothing to read again before it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { awaitSyncOwner, claimSyncOwner } from '#main/services/archive/postgres/sync-owner.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const CHILD = fileURLToPath(new URL('./sync-owner-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('the sync owner of a connection', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let fresh: Awaited<ReturnType<typeof freshSchema>>;
  before(async () => {
    fresh = await freshSchema('owner');
  });
  after(() => fresh.drop());

  test('the owner killed, another workstation takes over and resumes at its checkpoint', async () => {
    const options = { url: TEST_PG_URL!, schema: fresh.schema };
    const child = spawn(process.execPath, [CHILD, TEST_PG_URL!, fresh.schema, 'firm-client'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.setEncoding('utf8');
    let said = '';
    while (!said.includes('\n')) said += String((await once(child.stdout, 'data'))[0]);
    const [word, run] = said.trim().split(' ');
    assert.equal(word, 'owner');
    assert.equal(await claimSyncOwner(options, 'firm-client'), null, 'one owner at a time');
    assert.ok(
      await claimSyncOwner(options, 'another-client').then((o) => o?.release().then(() => true)),
    );

    const waiting = awaitSyncOwner(options, 'firm-client', { intervalMs: 100 });
    const killedAt = performance.now();
    child.kill('SIGKILL');
    const owner = (await waiting)!;
    const tookOverMs = performance.now() - killedAt;
    assert.ok(tookOverMs < 30_000, `taken over in ${Math.round(tookOverMs)} ms`);

    const archives = new PostgresArchives(fresh.pool, fresh.schema);
    const sync = await archives.ports.syncWrites('firm-client');
    const { runId, resumed } = await sync.beginRun('2026-03-15T09:05:00.000Z', true);
    assert.equal(resumed, true, 'the dead owner’s run goes on');
    assert.equal(runId, Number(run));
    const [partition] = await sync.partitions();
    assert.equal(partition!.nextOffset, 200, 'from the checkpoint the dead owner wrote');
    assert.equal((await (await archives.ports.existing('firm-client'))!.counts()).invoices, 200);
    await owner.release();
    const next = await claimSyncOwner(options, 'firm-client');
    assert.ok(next, 'released: the next may own it');
    await next.release();
  });

  test('an owner whose session the server ends is told (lost), and the lock is free', async () => {
    const options = { url: TEST_PG_URL!, schema: fresh.schema };
    const owner = (await claimSyncOwner(options, 'lost-client'))!;
    const admin = new pg.Client({ connectionString: TEST_PG_URL! });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'invoice-desk sync owner'`,
    );
    await admin.end();
    await owner.lost;
    const next = await claimSyncOwner(options, 'lost-client');
    assert.ok(next);
    await next.release();
  });
});
