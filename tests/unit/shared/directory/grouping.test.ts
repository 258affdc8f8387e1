import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupDirectoryEntries } from '#shared/directory/grouping.ts';
import type { DirectoryEntry } from '#shared/operator/schemas.ts';

let n = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function unit(name: string, siren: string): DirectoryEntry {
  return { businessEntityId: uuid(), name, type: 'LEGAL_UNIT', scope: 'PRIVATE_TAX_PAYER', siren };
}
function office(
  parent: DirectoryEntry | { name: string; siren: string; id?: string },
  scope: string,
  nic: string,
): DirectoryEntry {
  const siren = parent.siren!;
  const id = 'businessEntityId' in parent ? parent.businessEntityId : parent.id;
  return {
    businessEntityId: uuid(),
    name: `${parent.name} ${nic}`,
    type: 'OFFICE',
    scope,
    siren,
    siret: `${siren}${nic}`,
    postalAddress: { city: 'LYON', postalCode: '69001', addressLine1: '1 RUE X' },
    legalUnit: { ...(id ? { businessEntityId: id } : {}), name: parent.name, siren },
  };
}

test('offices go under their legal unit, head office first, page order kept otherwise', () => {
  const a = unit('ALPHA', '111111111');
  const b = unit('BETA', '222222222');
  const a2 = office(a, 'SECONDARY', '00020');
  const a1 = office(a, 'PRIMARY', '00010');
  const a3 = office(a, 'SECONDARY', '00030');
  const b1 = office(b, 'PRIMARY', '00010');
  const groups = groupDirectoryEntries([a, a2, b, a1, b1, a3]);
  assert.deepEqual(
    groups.map((g) => g.name),
    ['ALPHA', 'BETA'],
  );
  assert.equal(groups[0]!.legalUnit, a);
  assert.deepEqual(
    groups[0]!.offices.map((o) => o.siret),
    ['11111111100010', '11111111100020', '11111111100030'],
  );
  assert.deepEqual(groups[1]!.offices, [b1]);
});

test('an office listed before its legal unit still lands under it', () => {
  const a = unit('ALPHA', '111111111');
  const a1 = office(a, 'PRIMARY', '00010');
  const groups = groupDirectoryEntries([a1, a]);
  assert.equal(groups.length, 1);
  assert.equal(groups[0]!.legalUnit, a);
  assert.deepEqual(groups[0]!.offices, [a1]);
});

test('offices whose legal unit is not in the page get a group built from legalUnit', () => {
  const a = unit('ALPHA', '111111111');
  const orphan1 = office({ name: 'GAMMA', siren: '333333333', id: uuid() }, 'SECONDARY', '00020');
  const orphan2 = office(
    { name: 'GAMMA', siren: '333333333', id: orphan1.legalUnit!.businessEntityId! },
    'PRIMARY',
    '00010',
  );
  const groups = groupDirectoryEntries([orphan1, a, orphan2]);
  assert.deepEqual(
    groups.map((g) => g.name),
    ['GAMMA', 'ALPHA'],
  );
  const gamma = groups[0]!;
  assert.equal(gamma.legalUnit, null);
  assert.equal(gamma.siren, '333333333');
  assert.deepEqual(
    gamma.offices.map((o) => o.scope),
    ['PRIMARY', 'SECONDARY'],
  );
});

test('matching falls back to the SIREN when legalUnit carries no id', () => {
  const a = unit('ALPHA', '111111111');
  const o = office({ name: 'ALPHA', siren: '111111111' }, 'PRIMARY', '00010');
  const groups = groupDirectoryEntries([a, o]);
  assert.equal(groups.length, 1);
  assert.deepEqual(groups[0]!.offices, [o]);
});

test('an office without any legalUnit field stands in a group of its own name', () => {
  const o: DirectoryEntry = {
    businessEntityId: uuid(),
    name: 'SOLO',
    type: 'OFFICE',
    scope: 'PRIMARY',
    siret: '44444444400010',
  };
  const groups = groupDirectoryEntries([o]);
  assert.equal(groups.length, 1);
  assert.equal(groups[0]!.name, 'SOLO');
  assert.equal(groups[0]!.key, o.businessEntityId);
  assert.deepEqual(groups[0]!.offices, [o]);
});

test('unknown scopes come after the secondary offices; legal units without offices stay', () => {
  const a = unit('ALPHA', '111111111');
  const x = office(a, 'OTHER', '00090');
  const s = office(a, 'SECONDARY', '00020');
  const p = office(a, 'PRIMARY', '00010');
  const lone = unit('LONE', '555555555');
  const groups = groupDirectoryEntries([x, s, p, a, lone]);
  assert.deepEqual(
    groups[0]!.offices.map((o) => o.scope),
    ['PRIMARY', 'SECONDARY', 'OTHER'],
  );
  assert.deepEqual(groups[1]!.offices, []);
  assert.equal(groupDirectoryEntries([]).length, 0);
});
