// The `app` fixture: the browser host (`cli.ts web`) on a random port with a fresh data folder,
// opened in the page. Use it in every e2e spec:
//   import { test, expect } from './fixtures.ts';
//   test('…', async ({ app, page }) => { … });
//   test.use({ appEnv: { INVOICE_DESK_LANG: 'en' } });   // per file or describe block
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = join(PROJECT_ROOT, 'node_modules', '.bin', 'node');
const CLI = join(PROJECT_ROOT, 'src', 'main', 'cli.ts');
const RENDERER_INDEX = join(PROJECT_ROOT, 'out', 'renderer', 'index.html');
const START_TIMEOUT_MS = 30_000;

export interface App {
  /** http://127.0.0.1:PORT/#token=… */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  token: string;
  /** The INVOICE_DESK_DATA_DIR of this test (settings.json lives there). */
  dataDir: string;
  /** Everything the host wrote on stderr so far (its log). */
  logs(): string;
  /** Re-opens the app URL (a fresh page load with the token). */
  reload(): Promise<void>;
}

interface Fixtures {
  /** Extra environment for the host; defaults to INVOICE_DESK_LANG=fr. */
  appEnv: Record<string, string>;
  dataDir: string;
  app: App;
}

async function waitForUrl(child: ChildProcess, stderr: () => string): Promise<string> {
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
      try {
        const { url } = JSON.parse(stdout.slice(0, newline)) as { url?: unknown };
        if (typeof url !== 'string') throw new Error('no url');
        done();
        resolve(url);
      } catch {
        fail(
          new Error(
            `The browser host printed an unexpected first line: ${stdout.slice(0, newline)}\n${stderr()}`,
          ),
        );
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

export const test = base.extend<Fixtures>({
  appEnv: [{ INVOICE_DESK_LANG: 'fr' }, { option: true }],

  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'invoice-desk-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },

  app: async ({ page, dataDir, appEnv }, use, testInfo) => {
    if (!existsSync(RENDERER_INDEX)) {
      throw new Error(
        `The renderer is not built (${RENDERER_INDEX} is missing). Run \`npm run build:web\` (electron-vite build) before the e2e tests.`,
      );
    }
    const child = spawn(NODE, [CLI, 'web', '--port', '0', '--json'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, INVOICE_DESK_LANG: 'fr', ...appEnv, INVOICE_DESK_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const logs = () => stderr;
    try {
      const url = await waitForUrl(child, logs);
      const parsed = new URL(url);
      const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '';
      await page.goto(url);
      await use({
        url,
        origin: parsed.origin,
        token,
        dataDir,
        logs,
        reload: async () => {
          await page.goto(url);
        },
      });
    } finally {
      await stop(child);
      if (testInfo.status !== testInfo.expectedStatus && stderr) {
        await testInfo.attach('browser-host.log', { body: stderr, contentType: 'text/plain' });
      }
    }
  },
});

export { expect };
