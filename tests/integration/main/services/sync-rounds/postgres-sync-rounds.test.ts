// One sync per firm (issue 30, item 3) through the real sync rounds: two workstations (a child
// process and this one) run a round over the same connection into the same firm store on a real
// PostgreSQL server, against the demo operator over HTTP, every request recorded. The first
// becomes the sync owner; the second follows its sync in the store (no request of its own);
// the owner is killed mid-sync (SIGKILL), the second takes over within 30 s, resumes the run
// at its last checkpoint, and finishes it: across both, no request asked twice but at most the
// one page that was being written.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { duplicates } from '#support/sync-requests.ts';
import { CONNECTION, firmRounds, type Said } from './firm-rounds.ts';

const CHILD = fileURLToPath(new URL('./firm-round-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const NOW = new Date('2026-03-15T10:00:00.000Z');

describe(
  'one sync per firm, through the sync rounds',
  { skip: TEST_PG_URL ? false : NO_SERVER },
  () => {
    let operator: RunningDemoOperator;
    let fresh: Awaited<ReturnType<typeof freshSchema>>;
    const dir = mkdtempSync(join(tmpdir(), 'firm-rounds-'));
    before(async () => {
      // Slow enough a page (40 ms) that the owner is killed while it reads the lists.
      operator = await startDemoOperator({
        seed: 9,
        invoices: 2500,
        now: NOW,
        faults: { latencyMs: 40 },
      });
      fresh = await freshSchema('rounds');
    });
    after(async () => {
      await operator.close();
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    test('the owner killed mid-sync: the other workstation takes over and resumes, nothing asked twice but one page', async () => {
      const database = { url: TEST_PG_URL!, schema: fresh.schema };
      const creds = operator.clients.user;
      const log = join(dir, 'owner-requests.log');
      const child = spawn(
        process.execPath,
        [
          CHILD,
          TEST_PG_URL!,
          fresh.schema,
          operator.baseUrl,
          operator.tokenUrl,
          creds.clientId,
          creds.clientSecret,
          log,
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // The owner has written a few list pages (each with its checkpoint).
      for await (const line of createInterface({ input: child.stdout! })) {
        const said = JSON.parse(line) as Said;
        if ('progress' in said && said.progress.invoicesSeen >= 400) break;
      }

      // The second workstation: it follows the owner's sync, and asks the operator nothing.
      const heard: Said[] = [];
      let followed!: () => void;
      const following = new Promise<void>((resolve) => (followed = resolve));
      let tookOver: number | null = null;
      const second = firmRounds({
        database,
        operator: { ...creds, baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl },
        say: (said) => {
          heard.push(said);
          if ('following' in said) followed();
          if ('progress' in said) tookOver ??= performance.now();
        },
      });
      try {
        const round = second.rounds.run('all');
        await following;
        const seen = heard.find(
          (s): s is Extract<Said, { following: unknown }> => 'following' in s,
        )!;
        assert.equal(seen.following.unfinishedSync, true, 'it sees the owner’s run under way');
        assert.ok(seen.following.invoices >= 400, 'and what the owner archived so far');
        assert.equal(second.recorder.requests.length, 0, 'a follower asks the operator nothing');

        const killedAt = performance.now();
        child.kill('SIGKILL');
        await exited;
        const ended = await round;
        assert.ok(tookOver !== null, 'the second workstation synced');
        const takeoverMs = tookOver - killedAt;
        assert.ok(takeoverMs < 30_000, `taken over in ${Math.round(takeoverMs)} ms`);

        const entry = ended.connections[0]!;
        assert.equal(entry.state, 'done', JSON.stringify(entry.error));
        assert.equal(entry.progress?.phase, 'done');
        // The owner's run goes on (the summary's resumed), from its last checkpoint.
        assert.equal((entry.progress as { resumed?: boolean }).resumed, true);

        const archive = (await second.firm.ports.existing(CONNECTION))!;
        assert.equal(await archive.hasUnfinishedSync(), false);
        assert.ok(await archive.lastSyncAt());
        const coverage = await archive.coverage();
        assert.ok(
          coverage.every((p) => p.finished),
          'every partition read through',
        );
        const owner = readFileSync(log, 'utf8').split('\n').filter(Boolean);
        const all = [...owner, ...second.recorder.requests];
        const twice = duplicates(all);
        assert.ok(twice.length <= 1, `asked twice: ${twice.join(', ')}`);
        // The pages read again: at most the one on its way when the owner was killed (the
        // firm's owner keeps one list or status page in flight; with 8, up to 8 were asked
        // again), each asked exactly twice.
        const readAgain = all.filter((key) => twice.includes(key)).length - twice.length;
        assert.ok(readAgain <= 1, `pages read again: ${readAgain}`);
        assert.ok(owner.length > 0 && second.recorder.requests.length > 0, 'both asked their part');
        // Nothing the owner wrote is read again: the second starts where the checkpoint says.
        assert.equal(
          (await archive.counts()).invoices,
          coverage.reduce((n, p) => n + p.archived, 0),
        );
      } finally {
        child.kill('SIGKILL');
        await second.close();
      }
    });

    test('an owner whose lock is lost stops writing: the run is left to the next owner', async () => {
      const database = { url: TEST_PG_URL!, schema: fresh.schema };
      const creds = operator.clients.user;
      const connectionId = 'firm-client-lost';
      let written!: () => void;
      const pagesWritten = new Promise<void>((resolve) => (written = resolve));
      const owner = firmRounds({
        database,
        connectionId,
        operator: { ...creds, baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl },
        say: (said) => {
          if ('progress' in said && said.progress.invoicesSeen >= 400) written();
        },
      });
      try {
        const round = owner.rounds.run('all');
        await pagesWritten;
        // The server ends the owner's session (as a network cut would): its lock is gone.
        const admin = new pg.Client({ connectionString: TEST_PG_URL! });
        await admin.connect();
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE application_name = 'invoice-desk sync owner'`,
        );
        await admin.end();
        const entry = (await round).connections[0]!;
        assert.equal(entry.state, 'skipped');
        assert.match(entry.error?.message ?? '', /ownership .* lost/);
        const archive = (await owner.firm.ports.existing(connectionId))!;
        assert.equal(await archive.hasUnfinishedSync(), true, 'the run is left to the next owner');
        const kept = (await archive.counts()).invoices;
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal((await archive.counts()).invoices, kept, 'nothing written since');
      } finally {
        await owner.close();
      }
    });
  },
);
