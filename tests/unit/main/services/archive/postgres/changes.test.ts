// What a NOTIFY payload on invoice_desk_changes is taken for (postgres/changes.ts): a change of
// the listener's schema, another schema's (none of its business), or something to ignore, with a
// reason that never repeats the payload's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHANGE_KINDS, changeOf } from '#main/services/archive/postgres/changes.ts';

const payload = (value: unknown) => JSON.stringify(value);

test('a change of its schema, of every kind, is handed on as {connectionId, what}', () => {
  for (const what of CHANGE_KINDS)
    assert.deepEqual(changeOf('firm', payload({ schema: 'firm', connectionId: 'c-1', what })), {
      connectionId: 'c-1',
      what,
    });
});

test("another schema's change is none of this listener's", () => {
  assert.equal(
    changeOf('firm', payload({ schema: 'other', connectionId: 'c', what: 'marks' })),
    null,
  );
});

test('a payload that is not a change is ignored, its reason without its text', () => {
  const secret = 'eyJhbGciOiJIUzI1NiJ9.secret';
  const cases = [
    undefined,
    '',
    secret,
    payload([secret]),
    payload({ schema: 'firm', connectionId: secret, what: 'all' }),
    payload({ schema: 'firm', connectionId: '', what: 'marks' }),
    payload({ schema: 'firm', what: 'marks' }),
  ];
  for (const text of cases) {
    const result = changeOf('firm', text);
    assert.ok(result !== null && 'ignored' in result, `${text} is ignored`);
    assert.ok(!result.ignored.includes(secret), 'the reason never repeats the payload');
  }
});
