// Small real HTTP servers on 127.0.0.1 for the operator client's tests (no mocks of fetch).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OperatorError } from '#main/services/errors.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (
  req: RecordedRequest,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface TestServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const parsed = new URL(raw.url ?? '/', 'http://localhost');
      const req: RecordedRequest = {
        method: raw.method ?? 'GET',
        url: raw.url ?? '/',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(req);
      Promise.resolve(handler(req, res, raw)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

export const CLIENT_ID = 'desk client:1';
export const CLIENT_SECRET = 'S3cr3t p@ss+/é';

export interface FakeOperatorOptions {
  /** Seconds; undefined to omit expires_in. */
  expiresIn?: number | undefined;
  /** Delay of the token endpoint (ms). */
  tokenDelayMs?: number;
  /** Answers API requests that carry a valid token. */
  api: Handler;
}

export interface FakeOperator extends TestServer {
  tokenUrl: string;
  tokenRequests: () => number;
  apiRequests: () => RecordedRequest[];
  /** Tokens the API accepts; clear it to make the server forget them. */
  validTokens: Set<string>;
}

/** A token endpoint (client credentials, Basic auth) plus an API guarded by bearer tokens. */
export async function startFakeOperator(options: FakeOperatorOptions): Promise<FakeOperator> {
  const validTokens = new Set<string>();
  let issued = 0;
  const expected = `Basic ${Buffer.from(`${formEncode(CLIENT_ID)}:${formEncode(CLIENT_SECRET)}`).toString('base64')}`;
  const server = await startServer(async (req, res, raw) => {
    if (req.path === '/oauth/token') {
      if (options.tokenDelayMs) await new Promise((r) => setTimeout(r, options.tokenDelayMs));
      if (req.headers.authorization !== expected || req.body !== 'grant_type=client_credentials') {
        json(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
        return;
      }
      issued += 1;
      const token = `tok-${issued}-${Math.random().toString(36).slice(2)}`;
      validTokens.add(token);
      json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        ...(options.expiresIn !== undefined ? { expires_in: options.expiresIn } : {}),
      });
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !validTokens.has(auth.slice(7))) {
      json(res, 401, { statusMessage: 'Unauthorized' });
      return;
    }
    await options.api(req, res, raw);
  });
  return {
    ...server,
    tokenUrl: `${server.url}/oauth/token`,
    tokenRequests: () => server.requests.filter((r) => r.path === '/oauth/token').length,
    apiRequests: () => server.requests.filter((r) => r.path !== '/oauth/token'),
    validTokens,
  };
}

export function formEncode(value: string): string {
  return new URLSearchParams([['v', value]]).toString().slice(2);
}

/** Runs `fn`, expecting an OperatorError; returns it. Fails the test otherwise. */
export async function expectOperatorError(fn: () => Promise<unknown>): Promise<OperatorError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof OperatorError) return error;
    throw new Error(`expected an OperatorError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected an OperatorError, but the call succeeded');
}

// ---- Fixtures valid against the spec's schemas ----

export const INVOICE_ID = '3f1c2a8e-7b4d-4e2a-9c1f-0a1b2c3d4e5f';
export const INVOICE_ID_2 = '6a7b8c9d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
export const STREAM_ID = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
export const CUSTOMER_ID = 'c0ffee00-1234-4abc-8def-0123456789ab';

export function searchItem(invoiceId: string, state = 'DELIVERED'): unknown {
  return {
    metadata: {
      invoiceId,
      state,
      direction: 'INBOUND',
      createDate: '2025-01-02T10:00:00Z',
      extraField: 1,
    },
    lastStatusData: { code: '200', state: 'DELIVERED', date: null },
  };
}

export function invoice(invoiceId = INVOICE_ID): Record<string, unknown> {
  return {
    streamId: STREAM_ID,
    invoiceId,
    date: '2025-01-02',
    originalFormat: 'UBL',
    originalFlavor: 'EN16931',
    originalNetwork: 'DOMESTIC_FR',
    way: 'RECEIVED',
    businessData: {
      invoiceId: 'F-2025-001',
      invoiceDate: '2025-01-02',
      type: 380,
      monetary: {
        invoiceCurrency: 'EUR',
        invoiceAmount: { amount: 120 },
        taxBasisTotalAmount: { amount: 100 },
        taxTotalAmount: { amount: 20, currency: 'EUR' },
        payableAmount: { amount: 120 },
      },
      taxDetails: [
        {
          taxableAmount: { amount: 100 },
          taxAmount: { amount: 20 },
          categoryCode: 'S',
          percent: 20,
        },
      ],
      buyer: { name: 'Acheteur SA', electronicAddress: '0009:12345678900011' },
      seller: { name: 'Vendeur SARL' },
    },
    unknownTopLevel: { anything: true },
  };
}

export const DIRECTORY_ENTRY = {
  businessEntityId: 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
  name: 'ACME',
  type: 'LEGAL_UNIT',
  siren: '123456789',
};

export const PARTICIPANT = {
  participantId: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
  name: 'ACME',
  country: 'FR',
};

export const WEBHOOK = {
  webhookId: 'wh-1',
  filterStreamDirection: 'INBOUND',
  status: 'ACTIVE',
  adapterCode: 'standardAdapter',
  label: 'ERP',
  interopData: { endpoints: { status: { callbackUrl: 'https://erp.example/status' } } },
};
