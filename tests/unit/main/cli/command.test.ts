import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import {
  EXIT,
  UsageError,
  failureLine,
  failureOf,
  findConnection,
  integerOption,
  parseCommandLine,
  runCommand,
  type ConnectionRef,
} from '#main/cli/command.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { OperatorError } from '#main/services/errors.ts';
import { ExportError } from '#main/services/export-error.ts';

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { io: { stdout, stderr }, text: () => ({ out, err }) };
}

test('failureLine: kind and plain message on one line, the operator’s words, never a stack', () => {
  assert.equal(
    failureLine(new AppFailure('not_found', 'No connection has the id "x"')),
    'not_found: No connection has the id "x"',
  );
  assert.equal(
    failureLine(
      new OperatorError({
        kind: 'auth',
        message: 'Token request: rejected.',
        operatorMessage: 'client authentication failed',
      }),
    ),
    'auth: Token request: rejected. (the operator said: client authentication failed)',
  );
  const unexpected = failureLine(new RangeError('bad\nthing\n    at somewhere (file.ts:1:1)'));
  assert.match(unexpected, /^internal: bad thing/);
  assert.ok(!unexpected.includes('\n'));
  assert.equal(
    failureLine(new DOMException('aborted', 'AbortError')),
    'cancelled: The request was cancelled.',
  );
});

test('failureLine removes the secrets it is given and anything shaped like a credential', () => {
  const line = failureLine(new AppFailure('auth', 'refused s3cr3t-value for Bearer abc.def.ghi'), [
    's3cr3t-value',
  ]);
  assert.ok(!line.includes('s3cr3t-value'), line);
  assert.ok(!line.includes('abc.def.ghi'), line);
});

test('runCommand: 0 as returned, 2 with the usage after a UsageError, 1 with one line after a failure', async () => {
  const ok = io();
  assert.equal(await runCommand(async () => EXIT.ok, { io: ok.io }), 0);
  assert.deepEqual(ok.text(), { out: '', err: '' });

  const usage = io();
  const code = await runCommand(
    async () => {
      throw new UsageError('missing --connection', 'Usage: sync --connection X');
    },
    { io: usage.io },
  );
  assert.equal(code, 2);
  assert.equal(usage.text().err, 'missing --connection\nUsage: sync --connection X\n');

  const failed = io();
  assert.equal(
    await runCommand(
      async () => {
        throw new AppFailure('offline', 'The operator could not be reached with hunter22');
      },
      { io: failed.io, scrub: () => ['hunter22'] },
    ),
    1,
  );
  assert.equal(failed.text().err, 'offline: The operator could not be reached with [redacted]\n');
});

test('parseCommandLine: unknown options are named without their value; positionals are counted', () => {
  assert.throws(
    () => parseCommandLine(['--token=abcdef'], 'Usage: x', { json: { type: 'boolean' } }),
    (error: unknown) =>
      error instanceof UsageError &&
      error.message === "Unknown option '--token'" &&
      error.usage === 'Usage: x',
  );
  assert.throws(() => parseCommandLine([], 'U', {}, { min: 1, max: 1 }), /missing argument/);
  assert.throws(
    () => parseCommandLine(['a', 'b'], 'U', {}, { min: 1, max: 1 }),
    /unexpected argument 'b'/,
  );
  const parsed = parseCommandLine(
    ['--json', 'a'],
    'U',
    { json: { type: 'boolean' } },
    {
      min: 1,
      max: 1,
    },
  );
  assert.deepEqual({ ...parsed.values }, { json: true });
  assert.deepEqual(parsed.positionals, ['a']);
  assert.equal(parseCommandLine(['-h'], 'U', {}, { min: 1, max: 1 }).values.help, true);
});

test('integerOption: whole numbers within bounds', () => {
  assert.equal(integerOption(undefined, 'n', 1, 10, 'U'), undefined);
  assert.equal(integerOption('7', 'n', 1, 10, 'U'), 7);
  for (const bad of ['0', '11', '1.5', '-3', 'abc', ''])
    assert.throws(() => integerOption(bad, 'n', 1, 10, 'U'), UsageError, bad);
});

test('failureOf: a workbook that could not be written is `file` with its reason, on one line', () => {
  const error = new ExportError(
    'folder_missing',
    'The folder "/x/gone" does not exist any more.',
    '/x/gone',
  );
  assert.deepEqual(failureOf(error), {
    kind: 'file',
    reason: 'folder_missing',
    message: 'The folder "/x/gone" does not exist any more.',
  });
  assert.equal(
    failureLine(error),
    'file (folder_missing): The folder "/x/gone" does not exist any more.',
  );
  assert.deepEqual(failureOf(new ExportError('cancelled', 'The export was cancelled.', '/x')), {
    kind: 'cancelled',
    message: 'The export was cancelled.',
  });
});

test('parseCommandLine: an option given several times, when it may be', () => {
  const { values } = parseCommandLine(['--state', 'VALID', '--state', 'DELIVERED'], 'U', {
    state: { type: 'string', multiple: true },
  });
  assert.deepEqual(values.state, ['VALID', 'DELIVERED']);
});

// Every command finds its connection the same way (connections remove, sync, archive, export, report).
const connections: ConnectionRef[] = [
  { id: 'demo-admin', name: 'Démo (administrateur)', kind: 'demo' },
  { id: 'a1', name: 'Cabinet Martin', kind: 'custom' },
  { id: 'a2', name: 'cabinet martin', kind: 'custom' },
  { id: 'a3', name: 'Cabinet Dupont', kind: 'custom' },
];
const services = { connections: { references: () => connections } };

test('findConnection: by id, then by exact name, then by name ignoring case and accents', () => {
  assert.equal(findConnection(services, 'demo-admin', 'U').id, 'demo-admin');
  assert.equal(findConnection(services, 'Cabinet Martin', 'U').id, 'a1');
  assert.equal(findConnection(services, 'cabinet martin', 'U').id, 'a2');
  assert.equal(findConnection(services, 'CABINET DUPONT', 'U').id, 'a3');
  assert.equal(findConnection(services, 'demo (ADMINISTRATEUR)', 'U').id, 'demo-admin');
});

test('findConnection: an ambiguous name is bad usage listing the ids; an unknown one is not_found', () => {
  assert.throws(
    () => findConnection(services, 'CABINET MARTIN', 'Usage: x'),
    (error: unknown) =>
      error instanceof UsageError &&
      error.usage === 'Usage: x' &&
      error.message ===
        '2 connections are named "CABINET MARTIN"; pass one of their ids:\n  a1  Cabinet Martin\n  a2  cabinet martin',
  );
  assert.throws(
    () => findConnection(services, 'Nope', 'U'),
    (error: unknown) =>
      error instanceof AppFailure &&
      error.kind === 'not_found' &&
      failureLine(error) ===
        'not_found: No connection has the id or name "Nope" (`connections list` shows them)',
  );
});
