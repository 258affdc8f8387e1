// `cli sync --all [--due] [--json]` in child processes, as the operating system's scheduler runs
// it: every connection synced once through the app's sync path and locks, one JSON line per
// progress and a summary per connection, exit 1 when one failed (the others still synced), only
// those due with --due; a round killed mid-way (SIGKILL) is resumed by the next, the lock free.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_CONNECTION_IDS } from '#shared/contract.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { settingsFilePath } from '#main/services/paths.ts';
import {
  connectionsAddArgs,
  deleteSecrets,
  finished,
  jsonLines,
  keychainSkipReason,
  runCli,
  spawnCli,
} from '#support/cli.ts';

const noKeychain = await keychainSkipReason();
const INVOICES = 400;

// The operator's clock, set: the same invoices and statuses on any day (issue 25). The CLI's own
// clock stays the real one: its runs are separate processes, and what it decides between
// them (what is due, a backoff) is time elapsed, which INVOICE_DESK_NOW would start again at
// each process.
const NOW = new Date('2026-11-22T12:00:00Z');
let operator: RunningDemoOperator;
const dirs: string[] = [];
const created: string[] = [];

before(async () => {
  operator = await startDemoOperator({ invoices: INVOICES, seed: 23, now: NOW });
});
after(async () => {
  await operator.close();
  if (!noKeychain) await deleteSecrets(created);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-sync-all-'));
  dirs.push(dir);
  return dir;
}

async function addConnection(
  dataDir: string,
  name: string,
  where: { baseUrl: string; tokenUrl: string } = operator,
): Promise<string> {
  const { clientId, clientSecret } = operator.clients.admin;
  const added = await runCli(
    connectionsAddArgs({ name, baseUrl: where.baseUrl, tokenUrl: where.tokenUrl, clientId }, [
      '--requests-per-minute',
      '100000',
    ]),
    { dataDir, input: `${clientSecret}\n` },
  );
  assert.equal(added.code, 0, added.stderr);
  const id = added.stdout.trim();
  created.push(id);
  return id;
}

/** The firm's schedule, as the settings screen would keep it (0 = never). */
function setSchedule(dataDir: string, connections: Record<string, number>): void {
  const path = settingsFilePath(dataDir);
  const root = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  root.syncSchedule = { everyHours: 4, connections };
  writeFileSync(path, JSON.stringify(root));
}

async function archived(
  dataDir: string,
  id: string,
): Promise<{ invoices: number; details: number; syncRunning: boolean; unfinishedSync: boolean }> {
  const result = await runCli(['archive', 'status', '--connection', id, '--json'], { dataDir });
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout);
}

const DEMOS = [DEMO_CONNECTION_IDS.admin, DEMO_CONNECTION_IDS.user];

describe('cli sync --all', { skip: noKeychain }, () => {
  test('every connection synced once: progress lines and a summary each, then the round; exit 0; --due then finds none due', async () => {
    const dataDir = freshDataDir();
    const a = await addConnection(dataDir, 'Client A');
    const b = await addConnection(dataDir, 'Client B');
    const result = await runCli(['sync', '--all', '--no-details', '--json'], { dataDir });
    assert.equal(result.code, 0, result.stderr);
    const lines = jsonLines(result.stdout);
    const summaries = lines.filter((l) => l.type === 'summary');
    assert.deepEqual(
      summaries.map((l) => l.connectionId),
      [...DEMOS, a, b],
    );
    for (const id of [...DEMOS, a, b]) {
      assert.ok(
        lines.some((l) => l.type === 'progress' && l.connectionId === id),
        `${id}: progress`,
      );
      const summary = summaries.find((l) => l.connectionId === id)!;
      assert.equal(summary.cancelled, false);
      assert.equal((summary.archive as { invoices: number }).invoices, summary.invoicesNew);
    }
    for (const id of [a, b]) assert.equal((await archived(dataDir, id)).invoices, INVOICES);
    assert.deepEqual(lines.at(-1), {
      type: 'round',
      total: 4,
      done: 4,
      failed: 0,
      skipped: 0,
      cancelled: false,
    });

    const due = await runCli(['sync', '--all', '--due', '--json'], { dataDir });
    assert.equal(due.code, 0, due.stderr);
    assert.deepEqual(jsonLines(due.stdout), [
      { type: 'round', total: 0, done: 0, failed: 0, skipped: 0, cancelled: false },
    ]);
  });

  test('a connection whose operator cannot be reached: its error line, exit 1, the others still synced', async () => {
    const dataDir = freshDataDir();
    const good = await addConnection(dataDir, 'Client joignable');
    const bad = await addConnection(dataDir, 'Client mal tapé', {
      baseUrl: 'http://127.0.0.1:9/api',
      tokenUrl: 'http://127.0.0.1:9/token',
    });
    setSchedule(dataDir, Object.fromEntries(DEMOS.map((id) => [id, 0])));
    const result = await runCli(['sync', '--all', '--due', '--no-details', '--json'], { dataDir });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^server: 1 of 2 connections failed to sync/m);
    const lines = jsonLines(result.stdout);
    const error = lines.find((l) => l.type === 'error')!;
    assert.equal(error.connectionId, bad);
    assert.equal(error.kind, 'offline');
    assert.equal(typeof error.message, 'string');
    const summary = lines.find((l) => l.type === 'summary')!;
    assert.equal(summary.connectionId, good);
    assert.equal((await archived(dataDir, good)).invoices, INVOICES);
    assert.deepEqual(lines.at(-1), {
      type: 'round',
      total: 2,
      done: 1,
      failed: 1,
      skipped: 0,
      cancelled: false,
    });

    // Run again by the OS scheduler at once: the failing one waits for its backoff (5 min), the
    // other is not due; nothing is asked. Without --due, every connection is tried.
    const again = await runCli(['sync', '--all', '--due', '--no-details', '--json'], { dataDir });
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(jsonLines(again.stdout), [
      { type: 'round', total: 0, done: 0, failed: 0, skipped: 0, cancelled: false },
    ]);
    const all = await runCli(['sync', '--all', '--no-details', '--json'], { dataDir });
    assert.equal(all.code, 1);
    assert.equal(jsonLines(all.stdout).find((l) => l.type === 'error')?.connectionId, bad);
  });

  test('a round killed mid-way (SIGKILL): the next round resumes the killed sync at once, the lock free', async () => {
    const dataDir = freshDataDir();
    const killed = await addConnection(dataDir, 'Client interrompu');
    const later = await addConnection(dataDir, 'Client suivant');
    setSchedule(dataDir, Object.fromEntries(DEMOS.map((id) => [id, 0])));
    operator.faults.latencyMs = 100;
    const child = spawnCli(['sync', '--all', '--due', '--json'], { dataDir });
    const done = finished(child);
    try {
      await new Promise<void>((resolve, reject) => {
        let buffer = '';
        const onData = (chunk: string): void => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop()!;
          for (const line of lines) {
            const p = JSON.parse(line) as { type: string; connectionId: string; requests: number };
            if (p.type === 'progress' && p.connectionId === killed && p.requests >= 20) {
              child.stdout!.off('data', onData);
              resolve();
              return;
            }
          }
        };
        child.stdout!.on('data', onData);
        child.once('exit', () => reject(new Error('the round ended before it could be killed')));
      });
      child.kill('SIGKILL');
      await done;
    } finally {
      operator.faults.latencyMs = 0;
    }
    const between = await archived(dataDir, killed);
    assert.equal(between.unfinishedSync, true);
    assert.equal(between.syncRunning, false, 'the lock went with the killed process');

    const next = await runCli(['sync', '--all', '--due', '--json'], { dataDir });
    assert.equal(next.code, 0, next.stderr);
    const lines = jsonLines(next.stdout);
    assert.ok(!lines.some((l) => l.type === 'skipped'), 'nothing left to a dead sync');
    const resumed = lines.find((l) => l.type === 'summary' && l.connectionId === killed)!;
    assert.equal(resumed.resumed, true, 'it went on with the killed run');
    const fresh = lines.find((l) => l.type === 'summary' && l.connectionId === later)!;
    assert.equal(fresh.resumed, false);
    for (const id of [killed, later]) {
      const end = await archived(dataDir, id);
      assert.equal(end.invoices, INVOICES);
      assert.equal(end.details, INVOICES);
      assert.equal(end.unfinishedSync, false);
    }
  });

  test('usage: --all goes without --connection, --due with --all', async () => {
    const dataDir = freshDataDir();
    const both = await runCli(['sync', '--all', '--connection', 'x'], { dataDir });
    assert.equal(both.code, 2);
    const due = await runCli(['sync', '--due', '--connection', 'x'], { dataDir });
    assert.equal(due.code, 2);
    const lanes = await runCli(['sync', '--all', '--concurrency', '9'], { dataDir });
    assert.equal(lanes.code, 2);
    assert.match(lanes.stderr, /--concurrency must be a whole number from 1 to 4/);
  });
});
