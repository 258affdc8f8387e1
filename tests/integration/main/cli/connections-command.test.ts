// `cli connections list|add|remove` in child processes, over a data folder of their own, with the
// real keychain (scripts/with-keyring.sh): the secret comes from stdin, lands in the keychain and
// nowhere else (no output, no file), and every mistake gets the right exit code.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { INSECURE_HTTP_MESSAGE } from '#shared/http-url.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { openUserData, userDataPath } from '#main/services/archive/user-data-store.ts';
import {
  KEYCHAIN_SERVICE,
  allFilesText,
  connectionsAddArgs,
  deleteSecrets,
  keychainSkipReason,
  keytar,
  runCli,
} from '#support/cli.ts';

const SECRET = `cli-secret-${process.pid}-${Date.now()}-do-not-leak`;
const noKeychain = await keychainSkipReason();

// The operator's clock, set (issue 25): the same data on any day.
const NOW = new Date('2026-11-22T12:00:00Z');
let operator: RunningDemoOperator;
let dataDir: string;
const created: string[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cli-connections-'));
  operator = await startDemoOperator({ invoices: 10, seed: 3, now: NOW });
});
after(async () => {
  await operator.close();
  if (!noKeychain) await deleteSecrets(created);
  rmSync(dataDir, { recursive: true, force: true });
});

function addArgs(name: string, extra: string[] = []): string[] {
  const { baseUrl, tokenUrl } = operator;
  return connectionsAddArgs(
    { name, baseUrl, tokenUrl, clientId: operator.clients.user.clientId },
    extra,
  );
}

async function listJson(): Promise<{ id: string; name: string; [key: string]: unknown }[]> {
  const listed = await runCli(['connections', 'list', '--json'], { dataDir });
  assert.equal(listed.code, 0, listed.stderr);
  return JSON.parse(listed.stdout);
}

describe('cli connections', { skip: noKeychain }, () => {
  test('add reads the secret from stdin into the keychain; list shows the connection, never the secret', async () => {
    const added = await runCli(addArgs('Cabinet Martin', ['--requests-per-minute', '1200']), {
      dataDir,
      input: `${SECRET}\n`,
    });
    assert.equal(added.code, 0, added.stderr);
    const id = added.stdout.trim();
    assert.match(id, /^[0-9a-f-]{36}$/, 'prints the new id alone');
    created.push(id);
    assert.equal(
      await keytar.getPassword(KEYCHAIN_SERVICE, id),
      SECRET,
      'the line end is not part of it',
    );

    const text = await runCli(['connections', 'list'], { dataDir });
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(`${id}\\s+Cabinet Martin\\s+custom\\s+keychain\\s+1200`));
    assert.match(text.stdout, /demo-admin\s+Démo \(administrateur\)\s+demo\s+builtin/);

    const listed = await listJson();
    assert.deepEqual(
      listed.map((c) => c.id),
      ['demo-admin', 'demo-user', id],
    );
    const mine = listed.find((c) => c.id === id)!;
    assert.equal(mine.baseUrl, operator.baseUrl);
    assert.equal(mine.secret, 'keychain');
    assert.equal(mine.requestsPerMinute, 1200);
    assert.equal(listed[0]!.baseUrl, null, 'a demo connection has no fixed address');

    for (const output of [added.stdout, added.stderr, text.stdout, text.stderr])
      assert.ok(!output.includes(SECRET), 'the secret is in no output');
    assert.ok(!allFilesText(dataDir).includes(SECRET), 'the secret is in no file');

    const json = await runCli(addArgs('Cabinet Durand', ['--json']), {
      dataDir,
      input: SECRET,
    });
    assert.equal(json.code, 0, json.stderr);
    const summary = JSON.parse(json.stdout);
    created.push(summary.id);
    assert.equal(summary.name, 'Cabinet Durand');
    assert.equal(summary.kind, 'custom');
    assert.equal(summary.secret, 'keychain');
    assert.ok(!json.stdout.includes(SECRET));
  });

  test('refused: an empty secret, a secret as an argument, plain http to a remote host, a bad customer id', async () => {
    const before = (await listJson()).length;

    const empty = await runCli(addArgs('Vide'), { dataDir, input: '\n' });
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /no client secret on stdin/);
    assert.match(empty.stderr, /^Usage: /m);

    const asArgument = await runCli(addArgs('Argument', [`--client-secret=${SECRET}`]), {
      dataDir,
      input: SECRET,
    });
    assert.equal(asArgument.code, 2);
    assert.match(asArgument.stderr, /read from stdin only/);
    assert.ok(!asArgument.stderr.includes(SECRET), 'the value typed is not echoed');

    const unknownFlag = await runCli(addArgs('Inconnu', [`--password=${SECRET}`]), {
      dataDir,
      input: SECRET,
    });
    assert.equal(unknownFlag.code, 2);
    assert.match(unknownFlag.stderr, /Unknown option '--password'/);
    assert.ok(!unknownFlag.stderr.includes(SECRET), 'an unknown option is named without its value');

    const insecure = await runCli(
      connectionsAddArgs({
        name: 'En clair',
        baseUrl: 'http://operator.example.com',
        tokenUrl: 'https://auth.example.com/token',
        clientId: 'x',
      }),
      { dataDir, input: SECRET },
    );
    assert.equal(insecure.code, 1);
    assert.equal(insecure.stderr.trim().split('\n').length, 1, 'one line');
    assert.ok(insecure.stderr.includes(INSECURE_HTTP_MESSAGE), insecure.stderr);
    assert.match(insecure.stderr, /^invalid_input: --base-url: /);

    const badCustomer = await runCli(addArgs('Client', ['--customer-id', '12']), {
      dataDir,
      input: SECRET,
    });
    assert.equal(badCustomer.code, 1);
    assert.match(badCustomer.stderr, /^invalid_input: --customer-id: /);

    assert.equal((await listJson()).length, before, 'nothing was saved');
    assert.ok(!allFilesText(dataDir).includes(SECRET));
  });

  test('remove: an ambiguous name lists the candidates (exit 2); by id it deletes the connection and its secret', async () => {
    const twin = await runCli(addArgs('Cabinet Martin'), { dataDir, input: SECRET });
    assert.equal(twin.code, 0, twin.stderr);
    const twinId = twin.stdout.trim();
    created.push(twinId);
    assert.match(twin.stderr, /same name/, 'the namesake is pointed out');

    const ambiguous = await runCli(['connections', 'remove', 'cabinet martin'], { dataDir });
    assert.equal(ambiguous.code, 2);
    const first = (await listJson()).find((c) => c.name === 'Cabinet Martin' && c.id !== twinId)!;
    assert.ok(ambiguous.stderr.includes(first.id) && ambiguous.stderr.includes(twinId));
    assert.equal((await listJson()).filter((c) => c.name === 'Cabinet Martin').length, 2);

    const removed = await runCli(['connections', 'remove', twinId, '--json'], { dataDir });
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(JSON.parse(removed.stdout), {
      removed: twinId,
      name: 'Cabinet Martin',
      archiveDeleted: true,
    });
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, twinId), null, 'secret deleted');
    assert.ok(!(await listJson()).some((c) => c.id === twinId));

    // The user's payment marks go with the connection (they survive only a clear of its archive).
    const marks = openUserData(dataDir, first.id);
    marks.markPaid(['00000000-0000-4000-8000-000000000001'], '2026-11-02', null, new Date());
    marks.close();

    // Now the name is unique again.
    const byName = await runCli(['connections', 'remove', 'Cabinet Martin'], { dataDir });
    assert.equal(byName.code, 0, byName.stderr);
    assert.match(byName.stdout, /Removed "Cabinet Martin"/);
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, first.id), null);
    assert.ok(!existsSync(join(dataDir, 'archive', `${first.id}.sqlite`)));
    assert.ok(!existsSync(userDataPath(dataDir, first.id)), 'its payment marks deleted');
  });

  test('remove: an unknown connection fails with a reason (exit 1); a demo connection cannot be removed', async () => {
    const unknown = await runCli(['connections', 'remove', 'Nobody'], { dataDir });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^not_found: No connection has the id or name "Nobody"/);
    assert.equal(unknown.stderr.trim().split('\n').length, 1);

    const demo = await runCli(['connections', 'remove', 'demo-user'], { dataDir });
    assert.equal(demo.code, 1);
    assert.match(demo.stderr, /^invalid_input: The demo connections cannot be removed/);
  });
});

describe('cli usage', () => {
  let usageDir: string;
  before(() => {
    usageDir = mkdtempSync(join(tmpdir(), 'cli-usage-'));
  });
  after(() => rmSync(usageDir, { recursive: true, force: true }));

  test('bad usage exits 2 with a usage line; --help exits 0', async () => {
    for (const args of [
      [],
      ['bogus'],
      ['connections'],
      ['connections', 'rename'],
      ['connections', 'list', '--bogus'],
      ['connections', 'add', '--name', 'x'],
      ['connections', 'add', '--name', 'x', '--base-url', 'https://a', '--token-url', 'https://b'],
      [...addArgsFor('x'), '--requests-per-minute', 'many'],
      ['connections', 'remove'],
      ['connections', 'remove', 'a', 'b'],
      ['sync'],
      ['sync', '--connection'],
      ['sync', '--connection', 'demo-admin', '--bogus'],
      ['archive'],
      ['archive', 'status'],
      ['archive', 'erase', '--connection', 'demo-admin'],
      ['export', '--query', ''],
      ['report'],
    ]) {
      const result = await runCli(args, { dataDir: usageDir });
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /Usage: /, args.join(' '));
      assert.equal(result.stdout, '', args.join(' '));
    }
    for (const args of [
      ['--help'],
      ['connections', '--help'],
      ['sync', '--help'],
      ['export', '--help'],
      ['report', '-h'],
    ]) {
      const result = await runCli(args, { dataDir: usageDir });
      assert.equal(result.code, 0, args.join(' '));
      assert.match(result.stdout, /Usage: /);
    }
  });
});

function addArgsFor(name: string): string[] {
  return connectionsAddArgs({
    name,
    baseUrl: 'https://a.example',
    tokenUrl: 'https://b.example',
    clientId: 'c',
  });
}
