import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatAmount,
  formatCompactEuros,
  formatDate,
  formatDateTime,
  formatIban,
  formatNumber,
  formatPercent,
  interpolate,
} from '#renderer/format.ts';

// Intl uses narrow no-break spaces (U+202F) and no-break spaces (U+00A0) in French.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

test('amounts in French: comma decimals, spaced thousands, euro sign after', () => {
  assert.equal(plain(formatAmount(1234.5, 'EUR', 'fr-FR')), '1 234,50 €');
  assert.equal(plain(formatAmount(-80.95, 'EUR', 'fr-FR')), '-80,95 €');
  assert.equal(plain(formatAmount(1000000, 'USD', 'fr-FR')), '1 000 000,00 $US');
});

test('amounts in English: point decimals, comma thousands, symbol first', () => {
  assert.equal(formatAmount(1234.5, 'EUR', 'en-GB'), '€1,234.50');
  assert.equal(formatAmount(12, 'GBP', 'en-GB'), '£12.00');
});

test('amounts without a valid currency never throw', () => {
  assert.equal(plain(formatAmount(10, 'ZZZZ', 'fr-FR')), '10,00 ZZZZ');
  assert.equal(plain(formatAmount(10, undefined, 'fr-FR')), '10,00');
  assert.equal(formatAmount(undefined, 'EUR', 'fr-FR'), '');
});

test('numbers and VAT rates', () => {
  assert.equal(plain(formatNumber(3000, 'fr-FR')), '3 000');
  assert.equal(formatNumber(3000, 'en-GB'), '3,000');
  assert.equal(plain(formatPercent(20, 'fr-FR')), '20 %');
  assert.equal(plain(formatPercent(5.5, 'fr-FR')), '5,5 %');
  assert.equal(formatPercent(5.5, 'en-GB'), '5.5%');
});

test('calendar dates keep their day in every time zone', () => {
  assert.equal(formatDate('2025-03-07', 'fr-FR'), '07/03/2025');
  assert.equal(formatDate('2025-12-31', 'en-GB'), '31/12/2025');
  assert.equal(formatDate('', 'fr-FR'), '');
  assert.equal(formatDate('soon', 'fr-FR'), 'soon');
});

test('date-times in the given zone', () => {
  assert.equal(
    plain(formatDateTime('2025-03-07T09:05:00Z', 'fr-FR', 'Europe/Paris')),
    '07/03/2025 10:05',
  );
  assert.equal(
    plain(formatDateTime('2025-03-07T09:05:00Z', 'en-GB', 'Europe/London')),
    '07/03/2025, 09:05',
  );
});

test('IBAN in groups of four', () => {
  assert.equal(formatIban('fr7630006000011234567890189'), 'FR76 3000 6000 0112 3456 7890 189');
  assert.equal(formatIban('FR76 3000 6000'), 'FR76 3000 6000');
});

test('interpolation fills {name} and leaves unknown placeholders visible', () => {
  assert.equal(interpolate('{count} factures', { count: 3 }), '3 factures');
  assert.equal(interpolate('a {x} b', {}), 'a {x} b');
});

test('chart labels: euros in short form, one decimal at most', () => {
  const nbsp = /[\u00a0\u202f]/g;
  assert.equal(formatCompactEuros(12_540, 'fr-FR').replace(nbsp, ' '), '12,5 k €');
  assert.equal(formatCompactEuros(12_540, 'en-GB'), '€12.5k');
});
