// The CLI's exit waits for its output: a long `--json` answer read through a shell pipe arrives
// whole. process.exit() right after the write kept only the first 64 KiB the pipe could hold.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const EXIT_MODULE = fileURLToPath(new URL('../../../../src/main/cli/exit.ts', import.meta.url));

test('exitAfterOutput: 300 KB written to a slow shell pipe all arrive, with the exit code', async () => {
  const script =
    `const { exitAfterOutput } = await import(${JSON.stringify(EXIT_MODULE)});` +
    `process.stdout.write('x'.repeat(300_000) + '\\n');` +
    `exitAfterOutput(3);`;
  const command = `'${process.execPath}' --input-type=module -e "$SCRIPT"; echo "exit $?" >&2`;
  const child = spawn('sh', ['-c', `(${command}) | (sleep 0.3; wc -c)`], {
    env: { ...process.env, SCRIPT: script },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await once(child, 'close');
  assert.equal(stdout.trim(), '300001', stderr);
  assert.match(stderr, /exit 3/);
});
