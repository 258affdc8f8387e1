// The ECB's rates file read as published (issue 26, item 3): its trailing commas, N/A, newest
// day first; a bad file refused whole with each line and why; the rate of a day, or of the
// latest earlier day the ECB published one (weekends, holidays).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ecbRateOn, parseEcbCsv } from '#main/services/rates/ecb-csv.ts';

// As eurofxref-hist.csv prints it: newest first, a trailing comma, N/A before a currency existed.
const PUBLISHED = [
  'Date,USD,JPY,GBP,ISK,',
  '2026-11-20,1.0512,162.33,0.86620,N/A,',
  '2026-11-19,1.0498,161.90,0.86555,N/A,',
  '2026-11-16,1.0450,161.02,0.86401,144.10,',
  '',
].join('\r\n');

test('the published file: every currency by day, N/A skipped, its first and last days', () => {
  const parsed = parseEcbCsv(`\uFEFF${PUBLISHED}`);
  assert.ok(parsed.ok);
  assert.equal(parsed.rates.from, '2026-11-16');
  assert.equal(parsed.rates.to, '2026-11-20');
  assert.deepEqual(parsed.rates.currencies.GBP, [
    ['2026-11-16', '0.86401'],
    ['2026-11-19', '0.86555'],
    ['2026-11-20', '0.86620'],
  ]);
  assert.deepEqual(parsed.rates.currencies.ISK, [['2026-11-16', '144.10']]);
});

test('a day without a rate takes the latest earlier published day; none before the first', () => {
  const parsed = parseEcbCsv(PUBLISHED);
  assert.ok(parsed.ok);
  const rates = parsed.rates;
  assert.deepEqual(ecbRateOn(rates, 'GBP', '2026-11-19'), { day: '2026-11-19', rate: '0.86555' });
  // Saturday 21 and Sunday 22: Friday's rate.
  assert.deepEqual(ecbRateOn(rates, 'gbp', '2026-11-22'), { day: '2026-11-20', rate: '0.86620' });
  assert.deepEqual(ecbRateOn(rates, 'GBP', '2026-11-18'), { day: '2026-11-16', rate: '0.86401' });
  // ISK has none after the 16th: the 16th's.
  assert.deepEqual(ecbRateOn(rates, 'ISK', '2026-11-20'), { day: '2026-11-16', rate: '144.10' });
  assert.equal(ecbRateOn(rates, 'GBP', '2026-11-15'), null);
  assert.equal(ecbRateOn(rates, 'CHF', '2026-11-20'), null);
  assert.equal(ecbRateOn(null, 'GBP', '2026-11-20'), null);
});

test('a bad file is refused whole, each bad line named with its reason', () => {
  const bad = [
    'Date,USD,GBP,',
    '2026-11-20,1.0512,0.86620,',
    '2026-11-31,1.0498,0.86555,',
    '2026-11-19,1,0498,0.86555,',
    '2026-11-18,1.0498,-0.8,',
    '2026-11-20,1.0512,0.86620,',
  ].join('\n');
  const parsed = parseEcbCsv(bad);
  assert.ok(!parsed.ok);
  assert.deepEqual(parsed.problems, [
    { line: 3, reason: '"2026-11-31" is not a day YYYY-MM-DD' },
    { line: 4, reason: '4 fields where the header has 3' },
    { line: 5, reason: 'GBP: "-0.8" is not a rate (a positive decimal with a dot, or N/A)' },
    { line: 6, reason: 'the day 2026-11-20 is given twice' },
  ]);
  const notEcb = parseEcbCsv('Datum;USD;GBP\n20.11.2026;1,05;0,86');
  assert.ok(!notEcb.ok);
  assert.equal(notEcb.problems[0]!.line, 1);
  assert.ok(!parseEcbCsv('Date,USD,USD\n2026-11-20,1,1').ok, 'a currency twice');
  assert.ok(!parseEcbCsv('Date,USD\n').ok, 'no rates');
});
