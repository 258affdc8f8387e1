// `cli.ts web`: serves the built renderer and the handlers to a local browser (src/main/host/).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../services/paths.ts';
import { clockFromEnv } from '../services/clock.ts';
import { startDemoThreadNow } from '../services/demo-operator-thread.ts';
import type { StartDemo } from '../services/embedded-demo-operator.ts';

const USAGE = 'Usage: npm run start:web -- [--port N] [--json]';

/** Where electron-vite puts the renderer build, from the project root. */
function defaultRendererDir(projectRoot: string = process.cwd()): string {
  return resolve(projectRoot, 'out', 'renderer');
}

export interface WebCliOptions {
  /** Called with the URL once the host listens (npm start opens it in the browser). */
  onUrl?: (url: string) => void;
}

/** Background sync rounds while the host runs: on unless INVOICE_DESK_BACKGROUND_SYNC=off (the
 * e2e tests' default); a number there is how often it looks for connections due, in seconds. */
export function backgroundSyncOf(
  value: string | undefined,
): boolean | { intervalMs: number; firstDelayMs: number } {
  const text = value?.trim().toLowerCase();
  if (text === 'off' || text === '0' || text === 'false') return false;
  const seconds = Number(text);
  if (text && Number.isFinite(seconds) && seconds > 0)
    return { intervalMs: seconds * 1000, firstDelayMs: seconds * 1000 };
  return true;
}

/** The demo operator's thread started now, on the services' clock (none when INVOICE_DESK_NOW
 * is wrong: the services say so as they start). */
function demoThreadNow(): StartDemo | undefined {
  let now: number;
  try {
    now = clockFromEnv(process.env).now().getTime();
  } catch {
    return undefined;
  }
  return startDemoThreadNow({
    now,
    onFailure: (message) =>
      process.stderr.write(`[demo] the demo operator did not start: ${message}\n`),
  });
}

/** Runs until SIGINT/SIGTERM; resolves with the process exit code. */
export async function runWebCli(argv: string[], options: WebCliOptions = {}): Promise<number> {
  let values: { port?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a number from 0 to 65535\n${USAGE}\n`);
    return 2;
  }
  const rendererDir = defaultRendererDir();
  if (!existsSync(join(rendererDir, 'index.html'))) {
    process.stderr.write(
      `The renderer is not built (${join(rendererDir, 'index.html')} is missing). Run \`npm run build:web\` first.\n`,
    );
    return 2;
  }

  // The demo operator's thread starts loading before the host's own code (issue 27, item 7):
  // both take a while from the sources, and the first screen needs both.
  const startDemo = demoThreadNow();
  const [{ startBrowserHost }, { stderrLogger }] = await Promise.all([
    import('../host/browser-host.ts'),
    import('../services/index.ts'),
  ]);
  const host = await startBrowserHost({
    port,
    dataDir: resolveDataDir(),
    rendererDir,
    log: stderrLogger,
    backgroundSync: backgroundSyncOf(process.env.INVOICE_DESK_BACKGROUND_SYNC),
    ...(startDemo ? { startDemo } : {}),
  });
  if (values.json) {
    // Exactly one line on stdout: callers (the e2e fixture) parse it.
    process.stdout.write(`${JSON.stringify({ url: host.url })}\n`);
  } else {
    process.stdout.write(
      `Invoice Desk is served at:\n\n  ${host.url}\n\nOpen it in your browser. Ctrl+C stops it.\n`,
    );
  }
  options.onUrl?.(host.url);

  return new Promise<number>((resolveExit) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      stderrLogger.info(`[web] ${signal}: stopping`);
      host.close().then(
        () => resolveExit(0),
        (error: unknown) => {
          stderrLogger.error(`[web] stop failed: ${(error as Error).message}`);
          resolveExit(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `cli.ts web`: as runWebCli, without opening a browser. */
export function run(argv: string[]): Promise<number> {
  return runWebCli(argv);
}
