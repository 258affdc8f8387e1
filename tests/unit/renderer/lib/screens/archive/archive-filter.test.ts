// The archive filter form, as typed, into the filter main runs in SQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  archiveFilterErrors,
  emptyArchiveFilterForm,
  parseAmountCents,
  parseLifecycleCodes,
  toArchiveFilter,
  type ArchiveFilterForm,
} from '#renderer/screens/archive/archive-filter.ts';

function form(patch: Partial<ArchiveFilterForm>): ArchiveFilterForm {
  return { ...emptyArchiveFilterForm(), ...patch };
}

test('amounts as French and English accountants type them, in cents', () => {
  assert.equal(parseAmountCents('1 234,56'), 123456);
  assert.equal(parseAmountCents('1\u202f234,5 €'), 123450);
  assert.equal(parseAmountCents('1,234.56'), 123456);
  assert.equal(parseAmountCents('1.234,56'), 123456);
  assert.equal(parseAmountCents('1234'), 123400);
  assert.equal(parseAmountCents('1 200'), 120000);
  assert.equal(parseAmountCents('-12,5'), -1250);
  assert.equal(parseAmountCents('0,07'), 7);
  assert.equal(parseAmountCents(''), null);
  assert.equal(parseAmountCents('douze'), null);
  assert.equal(parseAmountCents('12,345,67'), null);
});

test('lifecycle codes: three digits each, separated by commas or spaces', () => {
  assert.deepEqual(parseLifecycleCodes('205, 212 ;205'), ['205', '212']);
  assert.deepEqual(parseLifecycleCodes(''), []);
  assert.equal(parseLifecycleCodes('205, 21'), null);
  assert.equal(parseLifecycleCodes('abc'), null);
});

test('the empty form filters nothing', () => {
  assert.deepEqual(archiveFilterErrors(emptyArchiveFilterForm()), {});
  assert.deepEqual(toArchiveFilter(emptyArchiveFilterForm()), {});
});

test('every field of the form reaches the filter', () => {
  const filter = toArchiveFilter(
    form({
      invoiceDateFrom: '2025-01-01',
      invoiceDateTo: '2025-12-31',
      dueDateFrom: '2025-02-01',
      dueDateTo: '2026-01-31',
      search: '  F2026-000123 ',
      amountMin: '100',
      amountMax: '1 000,50',
      kind: 'credit_note',
      lifecycleCodes: '205, 212',
      direction: 'INBOUND',
      states: ['DELIVERED', 'INVALID'],
    }),
  );
  assert.deepEqual(filter, {
    invoiceDateFrom: '2025-01-01',
    invoiceDateTo: '2025-12-31',
    dueDateFrom: '2025-02-01',
    dueDateTo: '2026-01-31',
    text: 'F2026-000123',
    ttcMinCents: 10000,
    ttcMaxCents: 100050,
    kind: 'credit_note',
    lifecycleCodes: ['205', '212'],
    direction: 'INBOUND',
    states: ['DELIVERED', 'INVALID'],
  });
});

test('what cannot be sent is named field by field', () => {
  assert.deepEqual(
    archiveFilterErrors(
      form({
        invoiceDateFrom: '2025-12-31',
        invoiceDateTo: '2025-01-01',
        dueDateFrom: '2025-02-30',
        amountMin: 'beaucoup',
        lifecycleCodes: '20',
      }),
    ),
    {
      invoiceDateTo: 'range',
      dueDateFrom: 'date',
      amountMin: 'amount',
      lifecycleCodes: 'lifecycle',
    },
  );
  assert.deepEqual(archiveFilterErrors(form({ amountMin: '200', amountMax: '100' })), {
    amountMax: 'amountRange',
  });
});
