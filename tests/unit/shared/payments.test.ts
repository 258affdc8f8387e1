// The payment day a user types, as the app shows dates (day first in French and in English).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseUserDay } from '#shared/payments.ts';

test('jj/mm/aaaa and YYYY-MM-DD read as a calendar day; anything else is null', () => {
  assert.equal(parseUserDay('24/11/2026'), '2026-11-24');
  assert.equal(parseUserDay(' 2/3/2026 '), '2026-03-02');
  assert.equal(parseUserDay('02.03.2026'), '2026-03-02');
  assert.equal(parseUserDay('2026-03-02'), '2026-03-02');
  assert.equal(parseUserDay('29/02/2028'), '2028-02-29');
  for (const bad of ['31/02/2026', '29/02/2026', '13/13/2026', '00/01/2026', '11/24', '', 'hier'])
    assert.equal(parseUserDay(bad), null, bad);
});
