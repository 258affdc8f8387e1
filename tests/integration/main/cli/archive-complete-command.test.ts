// `cli archive complete` (issue 27, item 3) in child processes against a demo operator started
// here, which lists at most 1,200 invoices of one query: `archive status` says which partition
// is cut and by how many; the ids of its invoices in a file (as the operator's portal exports
// them) complete it; the status then misses none.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import {
  connectionsAddArgs,
  deleteSecrets,
  jsonLines,
  keychainSkipReason,
  runCli,
} from '#support/cli.ts';

const noKeychain = await keychainSkipReason();
const SEED = 11;
const INVOICES = 3000;
const NOW = Date.parse('2026-03-01T12:00:00Z');
const NAME = 'Cabinet Coupé';

let operator: RunningDemoOperator;
let dataDir: string;
const created: string[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cli-complete-'));
  operator = await startDemoOperator({ invoices: INVOICES, seed: SEED, now: NOW });
});
after(async () => {
  await operator.close();
  if (!noKeychain) await deleteSecrets(created);
  rmSync(dataDir, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { dataDir });

interface Partition {
  direction: string;
  state: string;
  archived: number;
  operatorCount: number | null;
  missing: number;
}

describe('cli archive complete', { skip: noKeychain }, () => {
  test('status says the cut and by how many; the ids file completes it', async () => {
    const { clientId, clientSecret } = operator.clients.admin;
    const added = await runCli(
      connectionsAddArgs(
        { name: NAME, baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl, clientId },
        ['--requests-per-minute', '100000'],
      ),
      { dataDir, input: `${clientSecret}\n` },
    );
    assert.equal(added.code, 0, added.stderr);
    created.push(added.stdout.trim());
    const synced = await cli(['sync', '--connection', NAME]);
    assert.equal(synced.code, 0, synced.stderr);

    const before = await cli(['archive', 'status', '--connection', NAME]);
    assert.equal(before.code, 0, before.stderr);
    assert.match(before.stdout, /missing: +[\d,]+ invoices the operator's window cut off/);
    assert.match(before.stdout, /cut by the window, [\d,]+ missing \([\d,]+ at the operator\)/);
    const json = jsonLines(
      (await cli(['archive', 'status', '--connection', NAME, '--json'])).stdout,
    )[0] as {
      missing: number;
      partitions: Partition[];
    };
    const cut = json.partitions.find((p) => p.missing > 0)!;
    assert.equal(cut.missing, cut.operatorCount! - cut.archived);

    const ids = createDataset(SEED, INVOICES, { startMs: NOW })
      .records.filter((r) => r.direction === cut.direction && r.state === cut.state)
      .map((r) => `"${r.invoiceId}";"${r.state}"`);
    const file = join(dataDir, 'portal-export.csv');
    writeFileSync(file, ['"Identifiant";"État"', ...ids].join('\r\n'));
    const done = await cli(['archive', 'complete', '--connection', NAME, '--ids-file', file]);
    assert.equal(done.code, 0, done.stderr);
    assert.match(
      done.stdout,
      new RegExp(
        `^Completed the archive of "${NAME}": ${cut.missing.toLocaleString('en-US')} invoices added, `,
      ),
    );
    const after = jsonLines(
      (await cli(['archive', 'status', '--connection', NAME, '--json'])).stdout,
    )[0] as {
      missing: number;
      partitions: Partition[];
    };
    assert.equal(after.missing, json.missing - cut.missing);
    assert.equal(
      after.partitions.find((p) => p.direction === cut.direction && p.state === cut.state)?.missing,
      0,
    );
  });

  test('a file without ids, or no --ids-file: said, nothing fetched', async () => {
    const file = join(dataDir, 'empty.txt');
    writeFileSync(file, 'nothing here\n');
    const none = await cli(['archive', 'complete', '--connection', NAME, '--ids-file', file]);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /holds no invoice id/);
    const usage = await cli(['archive', 'complete', '--connection', NAME]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /missing --ids-file/);
  });
});
