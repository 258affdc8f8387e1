// The built-in demo operator: a real HTTP server that follows the operator interface
// (docs/operator-api.md) over deterministic French demo data.
import type { AddressInfo } from 'node:net';
import { createDataset } from './data/dataset.ts';
import { checkFaults, type SandboxFaults } from './faults.ts';
import { createSandboxServer } from './server.ts';
import { DEMO_CLIENTS, TOKEN_PATH, TokenStore } from './token.ts';
import { WebhookStore } from './webhook-store.ts';

export type { SandboxFaults } from './faults.ts';
export { runSandboxCli } from './cli.ts';

export interface SandboxOptions {
  port?: number;
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string;
  /** Default 42. */
  seed?: number;
  /** Default 3000, at most 100,000. */
  invoices?: number;
  /** Default 300. */
  tokenLifetimeSeconds?: number;
  faults?: Partial<SandboxFaults>;
}

export interface SandboxClient {
  clientId: string;
  clientSecret: string;
}

export interface RunningSandbox {
  baseUrl: string;
  tokenUrl: string;
  clients: { admin: SandboxClient; user: SandboxClient };
  /** Mutable at run time: every request reads the current values. */
  faults: SandboxFaults;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const lifetime = options.tokenLifetimeSeconds ?? 300;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError(`port must be 0..65535, got ${port}`);
  if (!Number.isFinite(lifetime) || lifetime <= 0)
    throw new RangeError(`tokenLifetimeSeconds must be > 0, got ${lifetime}`);

  const dataset = createDataset(options.seed ?? 42, options.invoices ?? 3000);
  const tokens = new TokenStore(lifetime);
  const webhooks = new WebhookStore();
  const running: RunningSandbox = {
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
    close: async () => {},
  };
  const server = createSandboxServer({ dataset, tokens, webhooks, faults: () => running.faults });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  running.baseUrl = `http://${urlHost(host)}:${address.port}`;
  running.tokenUrl = `${running.baseUrl}${TOKEN_PATH}`;
  let closing: Promise<void> | undefined;
  running.close = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // Keep-alive connections would hold close() open until they time out.
      server.closeIdleConnections();
      setImmediate(() => server.closeAllConnections());
    });
    return closing;
  };
  return running;
}
