// The built-in demo operator: a real HTTP server that follows the operator interface
// (docs/operator-api.md) over deterministic French demo data.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkDatasetArgs, createDataset, type Dataset } from './data/dataset.ts';
import { RequestLog } from './request-log.ts';
import { checkFaults, type DemoOperatorFaults } from './faults.ts';
import { createDemoOperatorServer } from './server.ts';
import { DEMO_CLIENTS, TOKEN_PATH, TokenStore } from './token.ts';
import { WebhookStore } from './webhook-store.ts';

export type { DemoOperatorFaults } from './faults.ts';

export interface DemoOperatorOptions {
  port?: number;
  /** Default 127.0.0.1: the demo operator is for this machine only. */
  host?: string;
  /** Default 42. */
  seed?: number;
  /** Default 3000, at most 100,000. */
  invoices?: number;
  /** The demo account's own company name (default ATELIERS DUVAL AGENCEMENT SAS): several demo
   * operators with other seeds and names are several client companies of one firm. */
  company?: string;
  /** Default 300. */
  tokenLifetimeSeconds?: number;
  faults?: Partial<DemoOperatorFaults>;
  /** Appends one JSON line per request to this file (time, method, path, status). */
  log?: string;
  /** An HTTP server already listening, to answer on (port and host are then its own): the
   * embedded demo operator's thread listens before this module is loaded. */
  server?: Server;
  /** New invoices deposited per minute while it runs, 0..6000 (default 0). */
  arrivalsPerMinute?: number;
  /**
   * The clock at the start (default: the current time). The history ends the day before it, and
   * nothing is ever dated after the clock; tests pin it to get the same data on any day.
   */
  now?: Date | number;
}

export interface DemoOperatorClient {
  clientId: string;
  clientSecret: string;
}

export interface RunningDemoOperator {
  baseUrl: string;
  tokenUrl: string;
  clients: { admin: DemoOperatorClient; user: DemoOperatorClient };
  /** Mutable at run time: every request reads the current values. */
  faults: DemoOperatorFaults;
  /** The demo operator's clock: the start time plus the time elapsed plus every advance(). */
  now(): Date;
  /**
   * Moves the clock forward by `ms` (test seam): arrivals and lifecycle statuses due by then
   * appear at the next request, as if that much time had passed.
   */
  advance(ms: number): void;
  /** Builds the invoices now rather than on the first request that reads them. */
  buildInvoices(): void;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startDemoOperator(
  options: DemoOperatorOptions = {},
): Promise<RunningDemoOperator> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const lifetime = options.tokenLifetimeSeconds ?? 300;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError(`port must be 0..65535, got ${port}`);
  if (!Number.isFinite(lifetime) || lifetime <= 0)
    throw new RangeError(`tokenLifetimeSeconds must be > 0, got ${lifetime}`);

  const startMs = options.now === undefined ? Date.now() : Number(options.now);
  const seed = options.seed ?? 42;
  const invoices = options.invoices ?? 3000;
  const datasetOptions = {
    startMs,
    arrivalsPerMinute: options.arrivalsPerMinute ?? 0,
    ...(options.company ? { company: options.company } : {}),
  };
  checkDatasetArgs(seed, invoices, datasetOptions);
  // Built on the first request that reads it: a process that only lists the demo connections
  // (most CLI calls) or asks a token never pays for it (a fraction of a second of CPU).
  let built: Dataset | undefined;
  const dataset = (): Dataset => (built ??= createDataset(seed, invoices, datasetOptions));
  // Monotonic: a wall-clock step backwards must not hide what was already shown.
  const started = performance.now();
  let advancedMs = 0;
  const now = (): number => startMs + Math.floor(performance.now() - started) + advancedMs;
  const tokens = new TokenStore(lifetime);
  const webhooks = new WebhookStore();
  const running: RunningDemoOperator = {
    baseUrl: '',
    tokenUrl: '',
    clients: {
      admin: {
        clientId: DEMO_CLIENTS.admin.clientId,
        clientSecret: DEMO_CLIENTS.admin.clientSecret,
      },
      user: { clientId: DEMO_CLIENTS.user.clientId, clientSecret: DEMO_CLIENTS.user.clientSecret },
    },
    faults: checkFaults(options.faults ?? {}),
    now: () => new Date(now()),
    advance: (ms) => {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advance() takes a duration in ms >= 0, got ${ms}`);
      advancedMs += Math.floor(ms);
    },
    buildInvoices: () => void dataset(),
    close: async () => {},
  };
  const log = options.log === undefined ? undefined : new RequestLog(options.log);
  const server = createDemoOperatorServer(
    {
      dataset,
      tokens,
      webhooks,
      faults: () => running.faults,
      now,
      ...(log ? { log } : {}),
    },
    options.server,
  );
  try {
    if (!options.server)
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
  } catch (e) {
    log?.close();
    throw e;
  }
  const address = server.address() as AddressInfo;
  running.baseUrl = `http://${urlHost(host)}:${address.port}`;
  running.tokenUrl = `${running.baseUrl}${TOKEN_PATH}`;
  let closing: Promise<void> | undefined;
  running.close = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => {
        log?.close();
        if (error) reject(error);
        else resolve();
      });
      // Keep-alive connections would hold close() open until they time out.
      server.closeIdleConnections();
      setImmediate(() => server.closeAllConnections());
    });
    return closing;
  };
  return running;
}
