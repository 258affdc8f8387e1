import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildDirectoryQuery,
  detectDirectoryInput,
  directoryQueryFromText,
  parseDirectoryQuery,
  quoteValue,
} from '#shared/query/directory-query.ts';

test('9 digits are a SIREN, 14 digits a SIRET, spaces stripped', () => {
  assert.deepEqual(detectDirectoryInput('123456789'), { kind: 'siren', value: '123456789' });
  assert.deepEqual(detectDirectoryInput(' 123 456 789 '), { kind: 'siren', value: '123456789' });
  assert.deepEqual(detectDirectoryInput('123 456 789 00012'), {
    kind: 'siret',
    value: '12345678900012',
  });
  assert.deepEqual(detectDirectoryInput('12345678900012'), {
    kind: 'siret',
    value: '12345678900012',
  });
});

test('anything else is a name; other digit counts too', () => {
  assert.deepEqual(detectDirectoryInput('Boulangerie  Martin'), {
    kind: 'name',
    value: 'Boulangerie Martin',
  });
  assert.deepEqual(detectDirectoryInput('12345678'), { kind: 'name', value: '12345678' });
  assert.deepEqual(detectDirectoryInput('1234567890'), { kind: 'name', value: '1234567890' });
  assert.deepEqual(detectDirectoryInput('123456789A'), { kind: 'name', value: '123456789A' });
  assert.equal(detectDirectoryInput('   '), null);
});

test('builds siren, siret and name expressions with prefix or contains wildcards', () => {
  assert.equal(
    buildDirectoryQuery({ kind: 'siren', value: '123456789', match: 'prefix' }),
    'siren:"123456789"',
  );
  assert.equal(
    buildDirectoryQuery({ kind: 'siret', value: '12345678900012', match: 'contains' }),
    'siret:"12345678900012"',
  );
  assert.equal(
    buildDirectoryQuery({ kind: 'name', value: 'BOULANGERIE', match: 'prefix' }),
    'name:"BOULANGERIE*"',
  );
  assert.equal(
    buildDirectoryQuery({ kind: 'name', value: 'BOULANGERIE', match: 'contains' }),
    'name:"*BOULANGERIE*"',
  );
});

test('stars typed at the ends are not doubled', () => {
  assert.equal(directoryQueryFromText('*BOULANGERIE*', 'prefix'), 'name:"BOULANGERIE*"');
  assert.equal(directoryQueryFromText('**', 'prefix'), null);
  assert.equal(directoryQueryFromText('', 'contains'), null);
});

test('quotes and backslashes inside values are escaped with a backslash', () => {
  assert.equal(quoteValue('LE "BON" PAIN'), '"LE \\"BON\\" PAIN"');
  assert.equal(quoteValue('A\\B'), '"A\\\\B"');
  assert.equal(directoryQueryFromText('Café "Le Bon"', 'contains'), 'name:"*Café \\"Le Bon\\"*"');
});

test('reads back what it builds, and refuses other expressions', () => {
  for (const parts of [
    { kind: 'siren', value: '123456789', match: 'prefix' },
    { kind: 'siret', value: '12345678900012', match: 'prefix' },
    { kind: 'name', value: 'LE "BON" PAIN', match: 'prefix' },
    { kind: 'name', value: 'BOULANGERIE', match: 'contains' },
  ] as const) {
    assert.deepEqual(parseDirectoryQuery(buildDirectoryQuery(parts)), parts);
  }
  assert.equal(parseDirectoryQuery('name:"A*" AND siren:"123456789"'), null);
  assert.equal(parseDirectoryQuery('siren:"12345"'), null);
  assert.equal(parseDirectoryQuery('name:"EXACT"'), null);
  assert.equal(parseDirectoryQuery('city:"PARIS"'), null);
});
