// The date field's parsing: day first as in France (31/12/2026), ISO when pasted, real calendar
// days only (no 31 February, 29 February in leap years only), and the reason when it is not a day.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { dayText, daysInMonth, isIsoDay, parseDay } from '#renderer/components/date-field.ts';

const day = (iso: string) => ({ kind: 'day', iso });

test('a day typed day first gives its ISO day', () => {
  assert.deepEqual(parseDay('31/12/2026'), day('2026-12-31'));
  assert.deepEqual(parseDay(' 1/2/2026 '), day('2026-02-01'));
  assert.deepEqual(parseDay('31.12.2026'), day('2026-12-31'));
  assert.deepEqual(parseDay('31-12-26'), day('2026-12-31'));
  assert.deepEqual(parseDay('31122026'), day('2026-12-31'));
  assert.deepEqual(parseDay('2026-12-31'), day('2026-12-31'), 'ISO, as pasted from a workbook');
});

test('not a real day: the reason, with the month when it is the day that is wrong', () => {
  assert.deepEqual(parseDay('31/02/2026'), {
    kind: 'invalid',
    problem: 'day',
    year: 2026,
    month: 2,
  });
  assert.deepEqual(parseDay('29/02/2026'), {
    kind: 'invalid',
    problem: 'day',
    year: 2026,
    month: 2,
  });
  assert.deepEqual(parseDay('29/02/2028'), day('2028-02-29'));
  assert.deepEqual(parseDay('31/04/2026').kind, 'invalid');
  assert.deepEqual(parseDay('00/01/2026').kind, 'invalid');
  assert.deepEqual(parseDay('12/13/2026'), {
    kind: 'invalid',
    problem: 'month',
    year: 2026,
    month: 13,
  });
  assert.deepEqual(
    parseDay('12/31/2026'),
    {
      kind: 'invalid',
      problem: 'month',
      year: 2026,
      month: 31,
    },
    'the browser’s mm/dd/yyyy is not read as a French day',
  );
  assert.deepEqual(parseDay('01/01/20226'), { kind: 'invalid', problem: 'format' });
  assert.deepEqual(parseDay('01/01/0226'), { kind: 'invalid', problem: 'year', year: 226 });
  assert.deepEqual(parseDay('31/12'), { kind: 'invalid', problem: 'format' });
  assert.deepEqual(parseDay('demain'), { kind: 'invalid', problem: 'format' });
  assert.deepEqual(parseDay('   '), { kind: 'empty' });
});

test('an ISO day is written day first; anything else is kept as it is', () => {
  assert.equal(dayText('2026-12-31'), '31/12/2026');
  assert.equal(dayText('2026-02-31'), '2026-02-31');
  assert.equal(dayText(''), '');
  assert.equal(isIsoDay('2028-02-29'), true);
  assert.equal(isIsoDay('2026-2-3'), false);
  assert.equal(daysInMonth(2026, 2), 28);
  assert.equal(daysInMonth(2000, 2), 29);
  assert.equal(daysInMonth(1900, 2), 28);
});

test('no screen uses the browser’s date input (it follows the system, not the app)', () => {
  const root = fileURLToPath(new URL('../../../../../src/renderer', import.meta.url));
  const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.svelte'))
    .filter((file) => /type=["'{]*date["'}]/.test(readFileSync(join(root, file), 'utf8')));
  assert.deepEqual(offenders, []);
});
