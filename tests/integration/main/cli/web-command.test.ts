// `cli.ts web` as the e2e fixture and users run it: one JSON line on stdout, clean stop on SIGTERM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from '#support/cli-entry.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = CLI_ENTRY;
const built = existsSync(join(root, 'out', 'renderer', 'index.html'));

function runCli(args: string[], cwd: string, dataDir: string) {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd,
    env: { ...process.env, INVOICE_DESK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

test('without a renderer build it says to run build:web and exits 2', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'spine-cli-'));
  try {
    const run = runCli(['web', '--json'], cwd, join(cwd, 'data'));
    assert.equal(await run.exited, 2);
    assert.equal(run.out(), '');
    assert.match(run.err(), /npm run build:web/);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

test(
  '--json prints exactly one {"url"} line; SIGTERM stops it cleanly',
  { skip: !built && 'out/renderer is not built (npm run build:web)' },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spine-cli-data-'));
    try {
      const run = runCli(['web', '--port', '0', '--json'], root, dataDir);
      while (!run.out().includes('\n')) await new Promise((resolve) => setTimeout(resolve, 50));
      const { url } = JSON.parse(run.out()) as { url: string };
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{43}$/);
      const page = await fetch(new URL('/', url));
      assert.equal(page.status, 200);
      // The demo operator starts on first use: a real call through the host.
      const token = new URL(url).hash.split('=')[1]!;
      const reply = await fetch(new URL('/rpc/connections:list', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-invoice-desk-token': token },
        body: '{}',
      });
      const body = (await reply.json()) as { ok: boolean; value: { id: string }[] };
      assert.deepEqual(
        body.value.map((p) => p.id),
        ['demo-admin', 'demo-user'],
      );
      run.child.kill('SIGTERM');
      assert.equal(await run.exited, 0);
      assert.equal(run.out().trim().split('\n').length, 1, 'nothing else on stdout');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
