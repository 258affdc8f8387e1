// The embedded demo operator behind the built-in demo connections: the demo operator's server
// (src/main/demo-operator/) started in this process on first use on a free 127.0.0.1 port, closed
// on shutdown.
import { traceStart } from './start-trace.ts';

export interface DemoClient {
  clientId: string;
  clientSecret: string;
}

export interface DemoEndpoints {
  baseUrl: string;
  tokenUrl: string;
  clients: { admin: DemoClient; user: DemoClient };
}

export type StartDemo = () => Promise<
  DemoEndpoints & { close(): Promise<void>; buildInvoices?(): void | Promise<void> }
>;

export class EmbeddedDemoOperator {
  readonly #start: StartDemo;
  #running: ReturnType<StartDemo> | undefined;
  #closed = false;

  constructor(start: StartDemo) {
    this.#start = start;
  }

  /** Starts the demo operator once; concurrent callers share the same start. */
  ensureStarted(): Promise<DemoEndpoints> {
    // After shutdown a late caller (a connectivity check on a timer) must not start a server
    // that nothing would close.
    if (this.#closed)
      return Promise.reject(new Error('The app is closing: the demo operator is stopped.'));
    if (!this.#running) {
      this.#running = this.#start();
      // A failed start may succeed on the next use (a port race, say).
      this.#running.catch(() => {
        this.#running = undefined;
      });
    }
    return this.#running;
  }

  /** Starts it and builds its invoices, off the path of the first request that reads them. */
  async buildInvoices(): Promise<void> {
    await this.ensureStarted();
    traceStart('demo: started, building its invoices');
    await (await this.#running)?.buildInvoices?.();
    traceStart('demo: invoices built');
  }

  async close(): Promise<void> {
    this.#closed = true;
    const running = this.#running;
    this.#running = undefined;
    if (!running) return;
    try {
      await (await running).close();
    } catch {
      // It never started: nothing to close.
    }
  }
}
