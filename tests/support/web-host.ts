// Starts the browser host as a user would (`node src/main/cli.ts web --port 0 --json`) in a
// child process, for the e2e fixture and the UI benchmark alike.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from './cli-entry.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER_INDEX = join(PROJECT_ROOT, 'out', 'renderer', 'index.html');
const NODE = join(PROJECT_ROOT, 'node_modules', '.bin', 'node');
const START_TIMEOUT_MS = 30_000;

export interface WebHost {
  /** http://127.0.0.1:PORT/#token=… */
  url: string;
  /** Everything the host wrote on stderr so far (its log). */
  logs(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
  stop(): Promise<void>;
  /** The host process's id (the UI bench reads its CPU time). */
  pid: number | undefined;
}

/** Starts a host on a random port over `dataDir`, with `env` added (INVOICE_DESK_LANG=fr by
 * default; no background sync rounds unless the test sets INVOICE_DESK_BACKGROUND_SYNC). */
export async function startWebHost(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<WebHost> {
  const child = spawn(NODE, [CLI_ENTRY, 'web', '--port', '0', '--json'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      INVOICE_DESK_LANG: 'fr',
      INVOICE_DESK_BACKGROUND_SYNC: 'off',
      ...env,
      INVOICE_DESK_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const logs = () => stderr;
  try {
    const url = await waitForUrl(child, logs);
    child.stdout?.resume(); // nothing else is expected there; never let the pipe fill up
    return { url, logs, stop: () => stop(child), pid: child.pid };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

function waitForUrl(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      fail(
        new Error(`The browser host printed no URL within ${START_TIMEOUT_MS} ms.\n${stderr()}`),
      );
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      const line = stdout.slice(0, newline);
      try {
        const { url } = JSON.parse(line) as { url?: unknown };
        if (typeof url !== 'string') throw new Error('no url');
        done();
        resolve(url);
      } catch {
        fail(new Error(`The browser host printed an unexpected first line: ${line}\n${stderr()}`));
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      fail(
        new Error(
          `The browser host exited (code ${code}, signal ${signal}) before printing its URL.\n${stderr()}`,
        ),
      );
    };
    function done() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      done();
      reject(error);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
