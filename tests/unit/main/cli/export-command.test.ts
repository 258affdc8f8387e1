// The export command's choice of connection: by id, by exact name, by name in any case.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ConnectionSummary } from '#shared/contract.ts';
import { findConnection } from '#main/cli/export-command.ts';

const connection = (id: string, name: string) => ({ id, name }) as ConnectionSummary;
const all = [
  connection('demo-admin', 'Démo (administrateur)'),
  connection('a1', 'Cabinet Martin'),
  connection('a2', 'cabinet martin'),
  connection('a3', 'Cabinet Dupont'),
];

test('finds a connection by id, then by exact name, then by name in any case if only one', () => {
  assert.equal(findConnection(all, 'demo-admin').id, 'demo-admin');
  assert.equal(findConnection(all, 'Cabinet Martin').id, 'a1');
  assert.equal(findConnection(all, 'cabinet martin').id, 'a2');
  assert.equal(findConnection(all, 'CABINET DUPONT').id, 'a3');
  assert.equal(findConnection(all, 'démo (administrateur)').id, 'demo-admin');
});

test('an unknown or ambiguous name is refused, naming the choices', () => {
  assert.throws(
    () => findConnection(all, 'Nope'),
    /no connection "Nope"; the connections are: "Démo/,
  );
  assert.throws(
    () => findConnection(all, 'CABINET MARTIN'),
    /several connections are named "CABINET MARTIN": give its id instead \(a1, a2\)/,
  );
});
