// Small fakes for the spine's unit tests: an in-memory keychain, a demo operator that never
// listens, an operator client with canned answers.
import type { OperatorClient } from '#main/services/operator/operator-client.ts';
import type { KeytarLike } from '#main/services/vault/index.ts';
import type { StartDemo } from '#main/services/connections/index.ts';
import type { ResolvedConnection } from '#main/services/connections/index.ts';

export function fakeKeytar(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    async getPassword(service, account) {
      return entries.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      entries.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      return entries.delete(`${service}/${account}`);
    },
  };
}

export const DEMO_SECRETS = { admin: 'demo-admin-secret-xyz', user: 'demo-user-secret-xyz' };

export const fakeStartDemo: StartDemo = async () => ({
  baseUrl: 'http://127.0.0.1:9/api',
  tokenUrl: 'http://127.0.0.1:9/oauth/token',
  clients: {
    admin: { clientId: 'demo-admin-client', clientSecret: DEMO_SECRETS.admin },
    user: { clientId: 'demo-user-client', clientSecret: DEMO_SECRETS.user },
  },
  close: async () => {},
});

/** An OperatorClient stand-in that records which connection it was built for and what it was asked. */
export function fakeOperatorClient(
  connection: ResolvedConnection,
  calls: unknown[] = [],
): OperatorClient {
  const fake = {
    async searchInvoices(params: unknown) {
      calls.push({ connection: connection.id, method: 'searchInvoices', params });
      await connection.getClientSecret();
      return { data: [], meta: { offset: 0, limit: 50, total: 0 } };
    },
    async getInvoice(invoiceId: string) {
      calls.push({ connection: connection.id, method: 'getInvoice', invoiceId });
      throw Object.assign(new Error('Invoice not found'), { kind: 'not_found', status: 404 });
    },
    async searchDirectory() {
      return { data: [], meta: {} };
    },
    async searchParticipants() {
      return [];
    },
    async listWebhooks() {
      return [];
    },
    async createWebhook() {
      return { type: 'WEBHOOK', id: 'w1' };
    },
    async deleteWebhook(id: string) {
      return { type: 'WEBHOOK', id };
    },
    async testConnection() {
      await connection.getClientSecret();
      return {
        tokenObtained: true,
        probe: { endpoint: '/v1/invoices', ok: true, status: 200 },
        roles: { user: true, admin: false },
        durationMs: 1,
      };
    },
  };
  return fake as unknown as OperatorClient;
}

export const silentLog = { info() {}, warn() {}, error() {} };

/** A logger that keeps what it was told, to check nothing secret is logged. */
export function recordingLog(): {
  lines: string[];
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
} {
  const lines: string[] = [];
  const push = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { lines, info: push, warn: push, error: push };
}
