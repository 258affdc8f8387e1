// Item 10: under a rate limit the client pauses as a whole. Twenty concurrent calls against the
// demo operator limited to 5 requests per second, over real HTTP; every answer is counted.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';

// The operator's clock, set (issue 25); its limit counts requests per second of the real time.
const NOW = new Date('2026-11-22T12:00:00Z');
let demo: RunningDemoOperator;

before(async () => {
  demo = await startDemoOperator({ port: 0, now: NOW, faults: { rateLimitPerSecond: 5 } });
});
after(() => demo.close());

test('20 concurrent calls under a 5/s rate limit: all succeed with at most 20 answers 429', async () => {
  const statuses: number[] = [];
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  const client = new OperatorClient({
    connection: {
      baseUrl: demo.baseUrl,
      tokenUrl: demo.tokenUrl,
      clientId: demo.clients.admin.clientId,
    },
    getClientSecret: async () => demo.clients.admin.clientSecret,
    fetch: counting,
  });
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) => client.searchInvoices({ offset: i, limit: 1 })),
  );
  const failed = results.filter((r) => r.status === 'rejected');
  assert.equal(failed.length, 0, `failed: ${failed.map((f) => String(f.reason)).join('; ')}`);
  const tooMany = statuses.filter((s) => s === 429).length;
  // Before one shared pause: 58 answers 429 were seen for the same 20 calls.
  assert.ok(tooMany <= 20, `${tooMany} answers 429 for 20 calls`);
  console.log(`# 429 answers: ${tooMany} of ${statuses.length} requests`);
});
