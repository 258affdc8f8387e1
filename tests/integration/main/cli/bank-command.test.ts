// `cli.ts bank` as a user runs it (issue 29): a child process over its own data folder, the demo
// connection's archive filled with the demo invoices, the demo statements written by the CLI
// itself. The summary, a re-import adding nothing, a refused file (its line and reason, exit 1,
// nothing imported), the matches in JSON, a confirmation and its undo, and bad usage (exit 2).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { jsonLines, runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
let dataDir: string;
let files: string;

before(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bank-cli-'));
  files = join(dataDir, 'statements');
  fillDemoArchive(dataDir, 'demo-admin', { invoices: 3000, now: NOW });
});

after(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (args: string[]) =>
  runCli(['bank', ...args], { dataDir, env: { INVOICE_DESK_BACKGROUND_SYNC: 'off' } });

describe('cli bank', () => {
  test('demo-files writes a year of statements in the three formats', async () => {
    const result = await cli(['demo-files', '--dir', files, '--start', '2026-11-20', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const [out] = jsonLines(result.stdout);
    assert.equal((out!.files as string[]).length, 12);
    assert.ok((out!.files as string[]).includes('releve-2026-01.ofx'));
  });

  test('import prints the summary; the same file again adds nothing', async () => {
    const args = [
      'import',
      '--connection',
      'demo-admin',
      '--file',
      join(files, 'releve-2026-02.camt053.xml'),
      '--json',
    ];
    const first = await cli(args);
    assert.equal(first.code, 0, first.stderr);
    const [summary] = jsonLines(first.stdout);
    assert.equal(summary!.format, 'camt053');
    assert.ok((summary!.lines as number) > 50);
    assert.equal(summary!.added, summary!.lines);
    assert.equal(
      (summary!.auto as number) + (summary!.suggested as number) + (summary!.unmatched as number),
      summary!.lines,
    );
    const again = jsonLines((await cli(args)).stdout)[0]!;
    assert.deepEqual([again.added, again.already], [0, summary!.lines]);
  });

  test('a file that does not add up is refused with its line, nothing imported', async () => {
    const text = readFileSync(join(files, 'releve-2026-04.cfonb'), 'latin1').split('\r\n');
    const broken = join(dataDir, 'broken.cfonb');
    // One movement's amount changed: the closing balance no longer adds up.
    const at = text.findIndex((l) => l.startsWith('04'));
    text[at] =
      `${text[at]!.slice(0, 95)}${text[at]![95] === '9' ? '8' : '9'}${text[at]!.slice(96)}`;
    writeFileSync(broken, text.join('\r\n'), 'latin1');
    const result = await cli(['import', '--connection', 'demo-admin', '--file', broken]);
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /^invalid_input: The file "broken\.cfonb" was refused, nothing imported: line \d+: the statement does not add up/,
    );
    const matches = jsonLines(
      (await cli(['matches', '--connection', 'demo-admin', '--json'])).stdout,
    )[0]!;
    assert.ok(
      (matches.lines as { day: string }[]).every((l) => l.day.startsWith('2026-02')),
      'only February',
    );
  });

  test('matches --json, confirm and undo', async () => {
    const listed = jsonLines(
      (await cli(['matches', '--connection', 'demo-admin', '--state', 'auto', '--json'])).stdout,
    )[0]!;
    const lines = listed.lines as {
      id: string;
      state: string;
      invoiceIds: string[];
      rule: string;
      amount: number;
      label: string;
      day: string;
    }[];
    assert.ok(lines.length > 0);
    const line = lines[0]!;
    assert.deepEqual(Object.keys(line).slice(0, 9), [
      'id',
      'account',
      'day',
      'amount',
      'label',
      'state',
      'invoiceIds',
      'allocations',
      'rule',
    ]);
    assert.ok(line.invoiceIds.length > 0 && line.rule);
    const confirmed = jsonLines(
      (await cli(['confirm', '--connection', 'demo-admin', '--line', line.id, '--json'])).stdout,
    )[0]!;
    assert.equal((confirmed.line as { state: string }).state, 'confirmed');
    const undone = jsonLines(
      (await cli(['undo', '--connection', 'demo-admin', '--line', line.id, '--json'])).stdout,
    )[0]!;
    assert.equal((undone.line as { state: string }).state, 'auto');
  });

  test('bad usage exits 2 with the usage', async () => {
    const result = await cli(['import', '--connection', 'demo-admin']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--file/);
    assert.equal((await cli(['frobnicate'])).code, 2);
  });
});
