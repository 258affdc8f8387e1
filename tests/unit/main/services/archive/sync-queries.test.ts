import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_QUERY_LENGTH, parseQuery } from '#main/demo-operator/query.ts';
import {
  STATUS_BATCH_SIZE,
  partitionQuery,
  statusBatchQuery,
} from '#main/services/archive/sync.ts';
import { uuidOf } from '#support/archive-fixtures.ts';

test('a status batch is the largest OR of ids the demo operator accepts', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => uuidOf(i + 1));
  const q = statusBatchQuery(ids(STATUS_BATCH_SIZE));
  assert.ok(q.length <= MAX_QUERY_LENGTH);
  assert.doesNotThrow(() => parseQuery(q));
  assert.throws(() => parseQuery(statusBatchQuery(ids(STATUS_BATCH_SIZE + 1))), /longer than/);
});

test('partition query: one direction and one state, in the spec syntax', () => {
  assert.equal(
    partitionQuery('INBOUND', 'DELIVERED'),
    'invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"',
  );
});
