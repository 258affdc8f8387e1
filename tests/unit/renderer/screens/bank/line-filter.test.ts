// The Banque screen's state filter (issue 29, item 5): 'undecided' is the portfolio's count of
// unmatched lines, those no decision covers; a line said to pay no invoice is done.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inStateFilter } from '#renderer/screens/bank/line-filter.ts';

test('each state, every line, and the unmatched lines still to decide', () => {
  const open = { state: 'unmatched' as const, decided: false };
  const done = { state: 'unmatched' as const, decided: true };
  const suggested = { state: 'suggested' as const, decided: false };
  assert.deepEqual(
    [open, done, suggested].map((l) => inStateFilter(l, 'undecided')),
    [true, false, false],
  );
  assert.deepEqual(
    [open, done, suggested].map((l) => inStateFilter(l, 'unmatched')),
    [true, true, false],
  );
  assert.ok([open, done, suggested].every((l) => inStateFilter(l, '')));
  assert.equal(inStateFilter(suggested, 'suggested'), true);
});
