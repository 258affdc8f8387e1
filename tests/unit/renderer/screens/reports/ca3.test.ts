// Line 22 as the accountant types it (issue 18, item 3): French or English marks, to cents.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEuros } from '#renderer/screens/reports/ca3.ts';

test('line 22 takes euros as typed in French or English', () => {
  assert.equal(parseEuros('1 250,50'), 125_050);
  assert.equal(parseEuros('1\u202f250,5 €'), 125_050);
  assert.equal(parseEuros('1,250.50'), 125_050);
  assert.equal(parseEuros('1250'), 125_000);
  assert.equal(parseEuros('0,07'), 7);
  assert.equal(parseEuros(''), 0);
});

test('what is not an amount is refused, never guessed', () => {
  for (const text of ['abc', '-12', '12,345,6', '1.2.3', '1,2,3'])
    assert.equal(parseEuros(text), null, text);
});
