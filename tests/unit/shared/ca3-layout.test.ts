// The CLI's `--json` boxes (issue 18, item 5): every box by its code as printed on the form, the
// exact amount in euros, a rate line as { base, tax }.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ca3JsonBoxes } from '#shared/ca3-layout.ts';
import { sampleCa3 } from '#support/ca3-sample.ts';

test('--json boxes map each printed code to its exact euros', () => {
  const boxes = ca3JsonBoxes(sampleCa3());
  // Every box (JSON objects keep integer-like keys such as "16" first: the set, not the order).
  assert.deepEqual(
    Object.keys(boxes).sort(),
    [
      'A1',
      'A2',
      'A3',
      'A4',
      'B2',
      'B4',
      'E1',
      'E2',
      'F2',
      '08',
      '9B',
      '09',
      'T6',
      '16',
      '17',
      '19',
      '20',
      '21',
      '22',
      '23',
      'TD',
      '25',
      '27',
      '28',
    ].sort(),
  );
  assert.equal(boxes.A1, 9000.49);
  assert.deepEqual(boxes['08'], { base: 14000.49, tax: 2800.1 });
  assert.deepEqual(boxes.T6, { base: 0, tax: 0 });
  assert.equal(boxes['22'], 150);
  assert.equal(boxes.TD, 1050.1);
  // A number with two decimals at most, as JSON prints it.
  assert.match(JSON.stringify(boxes), /"A1":9000\.49,/);
});
