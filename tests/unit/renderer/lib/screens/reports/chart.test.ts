// The report charts' geometry: round scales, grouped and stacked bars, negatives below zero.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { layoutBars, niceScale } from '#renderer/screens/reports/chart.ts';

test('scales include zero and end on round steps', () => {
  assert.deepEqual(niceScale(0, 9_100), {
    min: 0,
    max: 10_000,
    ticks: [0, 2500, 5000, 7500, 10_000],
  });
  assert.deepEqual(niceScale(-300, 1000).ticks, [-500, 0, 500, 1000]);
  assert.deepEqual(niceScale(0, 0), { min: 0, max: 1, ticks: [0, 1] });
  assert.deepEqual(niceScale(5, 7).min, 0);
});

test('grouped bars sit side by side from the zero line', () => {
  const { bars, scale } = layoutBars(
    [
      { name: 'a', color: 'red', values: [100, -50] },
      { name: 'b', color: 'blue', values: [40, 0] },
    ],
    2,
    false,
  );
  const zero = (0 - scale.min) / (scale.max - scale.min);
  const [a0, b0, a1] = bars;
  assert.equal(a0!.start, zero);
  assert.ok(a0!.end > b0!.end);
  assert.ok(a0!.offset < b0!.offset);
  assert.equal(a1!.end, zero);
  assert.ok(a1!.start < zero, 'a negative value goes below zero');
});

test('stacked bars pile up, each segment as long as its value', () => {
  const { bars, scale } = layoutBars(
    [
      { name: 'a', color: 'red', values: [30] },
      { name: 'b', color: 'blue', values: [70] },
    ],
    1,
    true,
  );
  const span = scale.max - scale.min;
  assert.equal(bars[0]!.end, bars[1]!.start);
  assert.ok(Math.abs((bars[1]!.end - bars[1]!.start) * span - 70) < 1e-9);
  assert.equal(scale.max, 100);
});
