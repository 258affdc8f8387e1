// A mistyped operator address (its host name resolves to nothing) is said as such: reason
// host_not_found, from the connection test and from any call, never a bare "offline".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { toAppError } from '#main/services/errors.ts';

// .invalid never resolves (RFC 2606): the real resolver answers ENOTFOUND (or EAI_AGAIN
// without a DNS server), as for a typo.
const HOST = 'https://api.operateur-mal-saisi.invalid';

function client(): OperatorClient {
  return new OperatorClient({
    connection: {
      baseUrl: HOST,
      tokenUrl: `${HOST}/oauth/token`,
      clientId: '0f6b3b4e-8f1c-4b9e-9a57-3d2f1c0b9a11',
    },
    getClientSecret: async () => 'secret-de-test-123',
    sleep: async () => undefined,
  });
}

test('the connection test of a host that does not exist says host_not_found', async () => {
  const error = await client()
    .testConnection()
    .then(
      () => assert.fail('the test passed'),
      (e: unknown) => toAppError(e),
    );
  assert.equal(error.kind, 'offline');
  assert.equal(error.reason, 'host_not_found');
  assert.match(error.message, /host api\.operateur-mal-saisi\.invalid not found/);
});

test('a search on that host fails the same way', async () => {
  const error = await client()
    .searchInvoices({ limit: 1 })
    .then(
      () => assert.fail('the search answered'),
      (e: unknown) => toAppError(e),
    );
  assert.equal(error.reason, 'host_not_found');
});
