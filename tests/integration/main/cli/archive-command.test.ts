// A damaged archive from the command line, in child processes against a demo operator started
// here: a custom connection (`connections add`, real keychain) synced by `cli sync`, a few KB of
// its archive overwritten; `archive status` and `sync` then say so in one plain line (exit 1)
// with where the file was set aside, and `archive rebuild` fills a new archive from the
// operator, leaving the user's own file byte for byte.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import {
  connectionsAddArgs,
  deleteSecrets,
  jsonLines,
  keychainSkipReason,
  runCli,
} from '#support/cli.ts';
import { damageArchiveFile, userFilePath, writeUserFile } from '#support/damaged-archive.ts';

const noKeychain = await keychainSkipReason();
const INVOICES = 300;
const NAME = 'Cabinet Endommagé';
/** The one line a damaged archive gives on stderr, with the file it was set aside as. */
const DAMAGED_LINE =
  /^file \(archive_damaged\): The archive of this connection is damaged \(SQLite cannot read part of its file\)\. It was set aside as (\S+\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:-\d+)?\.sqlite)\. Rebuild it from the operator .*archive rebuild --connection [\w-]+\)\.\n$/;

// The operator's clock, set: the same invoices and statuses on any day (issue 25). The CLI runs on
// the real clock: the only time it shows here is in the name of a file it set aside, matched
// by its pattern.
const NOW = new Date('2026-11-22T12:00:00Z');
let operator: RunningDemoOperator;
let dataDir: string;
const created: string[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cli-damage-'));
  operator = await startDemoOperator({ invoices: INVOICES, seed: 23, now: NOW });
});
after(async () => {
  await operator.close();
  if (!noKeychain) await deleteSecrets(created);
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(args: string[]) {
  return runCli(args, { dataDir });
}

describe('cli: a damaged archive', { skip: noKeychain }, () => {
  let id: string;
  let path: string;
  let userFile: string;
  let userBytes: Buffer;

  before(async () => {
    const { clientId, clientSecret } = operator.clients.admin;
    const added = await runCli(
      connectionsAddArgs(
        { name: NAME, baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl, clientId },
        ['--requests-per-minute', '100000'],
      ),
      { dataDir, input: `${clientSecret}\n` },
    );
    assert.equal(added.code, 0, added.stderr);
    id = added.stdout.trim();
    created.push(id);
    const synced = await cli(['sync', '--connection', NAME]);
    assert.equal(synced.code, 0, synced.stderr);
    path = archivePath(dataDir, id);
    userFile = userFilePath(path);
    writeUserFile(userFile);
    userBytes = readFileSync(userFile);
  });

  test('archive status says the archive is damaged and where it went (exit 1)', async () => {
    damageArchiveFile(path, 'middle');
    const status = await cli(['archive', 'status', '--connection', NAME]);
    assert.equal(status.code, 1);
    assert.equal(status.stdout, '');
    const setAsideAs = DAMAGED_LINE.exec(status.stderr)?.[1];
    assert.ok(setAsideAs, status.stderr);
    assert.ok(status.stderr.includes(`--connection ${id}`));
    assert.ok(existsSync(setAsideAs) && !existsSync(path), 'set aside, nothing in its place');

    // Asked again: the same words and the same file, and still nothing created.
    const again = await cli(['archive', 'status', '--connection', NAME, '--json']);
    assert.equal(again.code, 1);
    assert.equal(DAMAGED_LINE.exec(again.stderr)?.[1], setAsideAs);
    assert.ok(!existsSync(path));
  });

  test('archive rebuild fills a new archive from the operator; the user file stays', async () => {
    const rebuilt = await cli(['archive', 'rebuild', '--connection', NAME]);
    assert.equal(rebuilt.code, 0, rebuilt.stderr);
    assert.match(
      rebuilt.stdout,
      new RegExp(
        `Rebuilt the archive of "${NAME}" from the operator: ${INVOICES} invoices, ${INVOICES} with their full business data\\.\\n$`,
      ),
    );
    const status = await cli(['archive', 'status', '--connection', NAME, '--json']);
    assert.equal(status.code, 0, status.stderr);
    const report = jsonLines(status.stdout)[0]!;
    assert.equal(report.invoices, INVOICES);
    assert.equal(report.details, INVOICES);
    assert.deepEqual(readFileSync(userFile), userBytes);

    const sound = await cli(['archive', 'rebuild', '--connection', NAME]);
    assert.equal(sound.code, 1);
    assert.match(sound.stderr, /^conflict: The archive of this connection is not damaged/);
  });

  test('sync on a damaged archive: exit 1 with the plain words, not "database disk image is malformed"', async () => {
    damageArchiveFile(path, 'middle');
    const synced = await cli(['sync', '--connection', NAME]);
    assert.equal(synced.code, 1);
    assert.doesNotMatch(synced.stderr, /malformed|internal/);
    const setAsideAs = DAMAGED_LINE.exec(synced.stderr)?.[1];
    assert.ok(setAsideAs, synced.stderr);
    assert.ok(existsSync(setAsideAs) && !existsSync(path));

    const rebuilt = await cli(['archive', 'rebuild', '--connection', NAME, '--json']);
    assert.equal(rebuilt.code, 0, rebuilt.stderr);
    const summary = jsonLines(rebuilt.stdout).at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.equal(summary.invoicesNew, INVOICES);
    assert.deepEqual(readFileSync(userFile), userBytes, 'the user file is byte for byte the same');
  });
});
