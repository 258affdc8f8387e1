// The embedded demo operator on a thread of its own (demo-operator-worker.ts runs there): its
// address as soon as its server listens, its invoices built there on request, and a clean stop.
// Main then talks to it over HTTP as to any operator (issue 27, item 7: its invoices' build and
// its answers held main's event loop while the page loaded).
import { Worker } from 'node:worker_threads';
import type { DemoEndpoints, StartDemo } from './embedded-demo-operator.ts';

export type ToDemoThread = { type: 'build' } | { type: 'close' };
export type FromDemoThread =
  | ({ type: 'listening' } & DemoEndpoints)
  | { type: 'built' }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

// Beside this module: its source when run from src/, the bundle's entry when built for the
// tests (scripts/build-cli.ts); the Electron shell passes its own (electron-vite's `?modulePath`).
const DEFAULT_WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './demo-operator-worker.ts' : './demo-operator-worker.mjs',
  import.meta.url,
);

export interface DemoThreadOptions {
  /** The demo operator's clock at its start (ms since the epoch). */
  now: number;
  workerUrl?: URL | string;
  /** Told when the thread could not load the demo operator (its requests then fail). */
  onFailure?: (message: string) => void;
}

/** Starts the thread; resolves once its server listens (the demo operator may still be loading:
 * its first requests wait for it). */
export function startDemoThread(options: DemoThreadOptions): ReturnType<StartDemo> {
  const worker = new Worker(options.workerUrl ?? DEFAULT_WORKER_URL, {
    workerData: { now: options.now },
  });
  // Like a timer, it does not keep the process alive by itself: the services' close() stops it.
  worker.unref();
  const waiting = { built: [] as (() => void)[], closed: [] as (() => void)[] };
  let exited = false;
  const ask = (type: ToDemoThread['type'], reply: keyof typeof waiting): Promise<void> =>
    exited
      ? Promise.resolve()
      : new Promise((resolve) => {
          waiting[reply].push(resolve);
          worker.postMessage({ type } satisfies ToDemoThread);
        });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: FromDemoThread) => {
      if (message.type === 'listening') {
        const { type: _, ...endpoints } = message;
        resolve({
          ...endpoints,
          buildInvoices: () => ask('build', 'built'),
          close: async () => {
            await ask('close', 'closed');
            await worker.terminate();
          },
        });
      } else if (message.type === 'failed') {
        options.onFailure?.(message.message);
        reject(new Error(`The demo operator did not start: ${message.message}`));
        void worker.terminate(); // nothing left for it to do
      } else for (const done of waiting[message.type].splice(0)) done();
    });
    // Before it listens: the start failed. After: its requests fail and say so.
    worker.on('error', reject);
    worker.on('exit', (code) => {
      exited = true;
      for (const done of [...waiting.built.splice(0), ...waiting.closed.splice(0)]) done();
      reject(new Error(`The demo operator's thread stopped (exit code ${code}).`));
    });
  });
}

/** Starts the thread now, before the rest of the process's code has loaded (`cli web`: from its
 * sources that takes main 0.5–2 s, which the thread spends loading the demo operator), and
 * returns the start the services use: this thread first, a new one for a later start (after a
 * failure: EmbeddedDemoOperator starts again on the next use). */
export function startDemoThreadNow(options: DemoThreadOptions): StartDemo {
  let started: ReturnType<StartDemo> | null = startDemoThread(options);
  started.catch(() => undefined); // told by onFailure; the services' start meets it
  return () => {
    const taken = started ?? startDemoThread(options);
    started = null;
    return taken;
  };
}
