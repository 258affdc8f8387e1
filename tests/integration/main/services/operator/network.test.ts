// Transport failures over real sockets: a self-signed HTTPS operator (certificate generated here
// with openssl), a closed port, a name that does not resolve.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { toAppError } from '#main/services/errors.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  expectOperatorError,
  json,
  startFakeOperator,
  startServer,
  type FakeOperator,
} from '#support/operator-fakes.ts';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe(
  'TLS: a self-signed certificate',
  { skip: hasOpenssl() ? false : 'openssl is not installed' },
  () => {
    let dir: string;
    let server: Server;
    let httpsUrl: string;
    let op: FakeOperator;
    let hits = 0;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'invoice-desk-tls-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      server = createServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (_req, res) => {
          hits += 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ access_token: 'never-used', token_type: 'Bearer', expires_in: 60 }),
          );
        },
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      httpsUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      op = await startFakeOperator({ expiresIn: 60, api: (_req, res) => json(res, 200, []) });
    });

    after(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await op.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('token endpoint over untrusted TLS → tls, no retry, testConnection throws', async () => {
      const client = new OperatorClient({
        connection: { baseUrl: op.url, tokenUrl: `${httpsUrl}/token`, clientId: CLIENT_ID },
        getClientSecret: async () => CLIENT_SECRET,
        retryBaseDelayMs: 1,
      });
      const error = await expectOperatorError(() => client.testConnection());
      assert.equal(error.kind, 'tls');
      assert.match(error.message, /SELF_SIGNED|UNABLE_TO_VERIFY/);
      assert.equal(hits, 0, 'the handshake failed: the server never saw a request');
      assert.equal(toAppError(error).kind, 'tls');
    });

    test('API over untrusted TLS → tls', async () => {
      const client = new OperatorClient({
        connection: { baseUrl: httpsUrl, tokenUrl: op.tokenUrl, clientId: CLIENT_ID },
        getClientSecret: async () => CLIENT_SECRET,
        retryBaseDelayMs: 1,
      });
      const error = await expectOperatorError(() => client.listWebhooks());
      assert.equal(error.kind, 'tls');
      assert.equal(op.tokenRequests(), 1);
    });
  },
);

describe('unreachable operator', () => {
  test('a closed port → offline after the retries', async () => {
    const gone = await startServer(() => undefined);
    await gone.close();
    let fetches = 0;
    const client = new OperatorClient({
      connection: { baseUrl: gone.url, tokenUrl: `${gone.url}/token`, clientId: CLIENT_ID },
      getClientSecret: async () => CLIENT_SECRET,
      retryBaseDelayMs: 1,
      maxRetries: 2,
      fetch: (input, init) => {
        fetches += 1;
        return fetch(input, init);
      },
    });
    const error = await expectOperatorError(() => client.searchInvoices({}));
    assert.equal(error.kind, 'offline');
    assert.match(error.message, /ECONNREFUSED/);
    assert.equal(fetches, 3);
  });

  test('a host name that does not resolve → offline', async () => {
    const client = new OperatorClient({
      connection: {
        baseUrl: 'https://operator.invalid',
        tokenUrl: 'https://operator.invalid/token',
        clientId: CLIENT_ID,
      },
      getClientSecret: async () => CLIENT_SECRET,
      retryBaseDelayMs: 1,
      maxRetries: 0,
      timeoutMs: 5000,
    });
    const error = await expectOperatorError(() => client.listWebhooks());
    assert.ok(error.kind === 'offline' || error.kind === 'timeout', error.message);
  });
});
