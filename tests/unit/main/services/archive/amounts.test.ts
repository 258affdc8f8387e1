import assert from 'node:assert/strict';
import { test } from 'node:test';
import { centsToDecimal, toCents } from '#main/services/archive/amounts.ts';

test('toCents converts through the decimal text, rounding half away from zero', () => {
  assert.equal(Math.round(0.285 * 100), 28); // the trap this module avoids
  assert.equal(toCents(0.285), 29);
  assert.equal(toCents(-0.285), -29);
  assert.equal(toCents(1.005), 101);
  assert.equal(toCents(12), 1200);
  assert.equal(toCents(19.99), 1999);
  assert.equal(toCents('1234.5'), 123450);
  assert.equal(toCents(1e-7), 0);
  assert.equal(toCents(1.5e3), 150000);
  assert.equal(toCents('-0.004'), 0);
  assert.equal(toCents(99999999999.99), 9999999999999);
});

test('toCents refuses what is not an amount', () => {
  for (const bad of [undefined, null, NaN, Infinity, '', 'abc', '1,5', {}, 1e300])
    assert.equal(toCents(bad), null, String(bad));
});

test('centsToDecimal writes cents back as text', () => {
  assert.equal(centsToDecimal(29), '0.29');
  assert.equal(centsToDecimal(-5), '-0.05');
  assert.equal(centsToDecimal(123450), '1234.50');
});

test('a number gives the cents its decimal text gives, whatever its size and decimals', () => {
  // Numbers with at most 2 decimals take a shortcut (value × 100); it must agree with the
  // decimal rule, which strings always follow.
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 20_000; i++) {
    const decimals = i % 4;
    const magnitude = 10 ** Math.floor(random() * 16);
    const value = Number((random() * magnitude * (random() < 0.2 ? -1 : 1)).toFixed(decimals));
    assert.equal(toCents(value), toCents(String(value)), String(value));
  }
});
