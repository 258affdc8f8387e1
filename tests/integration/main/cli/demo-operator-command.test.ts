// The demo operator command line: one JSON line on stdout, clean stop on SIGTERM/SIGINT, exit 2 on bad
// flags. Spawned exactly as a user runs it: `node src/main/cli.ts demo-operator ...` (or its old
// name, `sandbox`).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const NODE = `${ROOT}node_modules/.bin/node`;

function startCli(args: string[], command = 'demo-operator'): ChildProcess {
  return spawn(NODE, ['src/main/cli.ts', command, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Everything printed on stdout until the first newline (or the process's end). */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing: ${text}`)));
    setTimeout(() => reject(new Error('no output within 15 s')), 15_000).unref();
  });
}

async function stopped(
  child: ChildProcess,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; stdout: string }> {
  let rest = '';
  child.stdout!.on('data', (chunk: string) => (rest += chunk));
  const exit = once(child, 'exit');
  child.kill(signal);
  const [code] = (await exit) as [number | null];
  return { code, stdout: rest };
}

describe('npm run demo-operator', () => {
  test('--json prints exactly one JSON line; the server answers; SIGTERM stops it with exit 0', async () => {
    const child = startCli(['--port', '0', '--json', '--invoices', '200', '--seed', '3']);
    try {
      const out = await firstLine(child);
      const lines = out.split('\n').filter((l) => l !== '');
      assert.equal(lines.length, 1);
      const info = JSON.parse(lines[0]!);
      assert.deepEqual(Object.keys(info).sort(), ['baseUrl', 'clients', 'tokenUrl']);
      assert.deepEqual(info.clients.admin, {
        clientId: 'demo-admin',
        clientSecret: 'demo-admin-secret',
      });
      assert.deepEqual(info.clients.user, {
        clientId: 'demo-user',
        clientSecret: 'demo-user-secret',
      });
      assert.match(info.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);

      const token = await fetch(info.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo-user&client_secret=demo-user-secret',
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const search = await fetch(`${info.baseUrl}/v1.1/invoice/search?limit=1`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      }).then((r) => r.json() as Promise<{ meta: { count: number } }>);
      assert.equal(search.meta.count, 200);

      const { code, stdout } = await stopped(child, 'SIGTERM');
      assert.equal(code, 0);
      assert.equal(stdout, '', 'nothing else on stdout');
      await assert.rejects(fetch(`${info.baseUrl}/v1.1/invoice/search`), 'the server is closed');
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('text mode names the URLs and the demo clients; SIGINT stops it with exit 0', async () => {
    const child = startCli([
      '--port',
      '0',
      '--invoices',
      '10',
      '--rate-limit',
      '5',
      '--latency',
      '1',
      '--refuse-q-fields',
      'state,direction',
    ]);
    try {
      let text = await firstLine(child);
      await new Promise((resolve) => setTimeout(resolve, 200));
      text += child.stdout!.read() ?? '';
      assert.match(text, /http:\/\/127\.0\.0\.1:\d+/);
      assert.match(text, /\/realms\/invoice-desk-demo\/protocol\/openid-connect\/token/);
      assert.match(text, /demo-admin/);
      assert.match(text, /demo-user-secret/);
      const { code } = await stopped(child, 'SIGINT');
      assert.equal(code, 0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('--company names the demo account’s company: its issued invoices are that seller’s', async () => {
    const child = startCli([
      '--port',
      '0',
      '--json',
      '--invoices',
      '30',
      '--company',
      'BOULANGERIE MARTIN SARL',
    ]);
    try {
      const info = JSON.parse((await firstLine(child)).trim());
      const token = await fetch(info.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo-user&client_secret=demo-user-secret',
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const body = await fetch(
        `${info.baseUrl}/v1.1/invoice/search?limit=50&expand=businessData&q=${encodeURIComponent('invoice.direction:"OUTBOUND"')}`,
        { headers: { authorization: `Bearer ${token.access_token}` } },
      ).then((r) => r.text());
      assert.match(body, /BOULANGERIE MARTIN SARL/);
      assert.doesNotMatch(body, /ATELIERS DUVAL/);
      await stopped(child, 'SIGTERM');
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('bad flags → a message on stderr and exit 2', async () => {
    for (const args of [
      ['--port', 'abc'],
      ['--bogus'],
      ['--failure-rate', '2'],
      ['--refuse-q-fields', 'amount'],
      ['--invoices', '100001'],
      ['--seed', '1.5'],
      ['--company', ' '],
      ['extra'],
    ]) {
      const child = startCli(args);
      let stderr = '';
      let stdout = '';
      child.stderr!.on('data', (c: Buffer) => (stderr += c));
      child.stdout!.on('data', (c: Buffer) => (stdout += c));
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, /demo operator: .+\n/);
      assert.equal(stdout, '');
    }
  });
  test('the old command name, sandbox, runs the same demo operator', async () => {
    const child = startCli(['--bogus'], 'sandbox');
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 2);
    assert.match(stderr, /usage: cli\.ts demo-operator/);
  });
});
