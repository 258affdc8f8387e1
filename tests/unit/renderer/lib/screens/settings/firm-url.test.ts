import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firmUrl, serverOf } from '#renderer/screens/settings/firm-url.ts';

test('the server as typed, with the user put in and never a password', () => {
  assert.equal(
    firmUrl(' serveur.cabinet.local:5432/invoice_desk ', 'marie'),
    'postgres://marie@serveur.cabinet.local:5432/invoice_desk',
  );
  assert.equal(
    firmUrl('postgres://x:secret@db:6432/cabinet', 'invoice_desk_app'),
    'postgres://invoice_desk_app@db:6432/cabinet',
  );
  assert.equal(firmUrl('', 'marie'), null);
  assert.equal(firmUrl('http://[bad', 'marie'), null);
  assert.equal(serverOf('postgres://marie@db:6432/cabinet'), 'db:6432/cabinet');
});
