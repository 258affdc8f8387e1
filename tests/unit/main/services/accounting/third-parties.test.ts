// The third-party memory's rules, without a file: keys, the auxiliary-code convention, checking a
// choice, the chooser's suggestions, and mapThirdParties over an in-memory store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import { MemoryStore } from '#support/third-party-store.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { defaultAccountingSettings } from '#main/services/accounting/settings.ts';
import {
  MemoryAccountChooser,
  auxiliaryBase,
  canonicalKey,
  checkChoice,
  invoiceReferenceAccount,
  isFixedAssetAccount,
  mapThirdParties,
  normalizedName,
  suggestAuxiliary,
  thirdPartyKey,
} from '#main/services/accounting/third-parties.ts';

const settings = defaultAccountingSettings();
const convention = settings.auxiliary;
const AT = new Date('2026-11-24T10:00:00Z');

const party = (over: Partial<ThirdParty> & Pick<ThirdParty, 'key' | 'role'>): ThirdParty => ({
  name: 'X',
  auxiliary: 'FX',
  account: over.role === 'customer' ? '706000' : '604000',
  label: null,
  confirmed: true,
  updatedAt: AT.toISOString(),
  ...over,
});

test('the key: SIREN, else the SIREN inside a French VAT number or a SIRET, else the VAT number, else the name', () => {
  assert.equal(thirdPartyKey({ siren: '552 100 554', vatNumber: 'FR44552100554' }), '552100554');
  assert.equal(thirdPartyKey({ vatNumber: 'fr 44 552100554' }), '552100554');
  assert.equal(thirdPartyKey({ siret: '55210055400013' }), '552100554');
  assert.equal(thirdPartyKey({ vatNumber: 'DE 123.456.789', name: 'Müller GmbH' }), 'DE123456789');
  assert.equal(
    thirdPartyKey({ siren: '', vatNumber: null, name: 'Boulangerie Élise S.A.R.L.' }),
    'NAME:BOULANGERIE ELISE',
  );
  assert.equal(thirdPartyKey({ name: 'SARL  boulangerie-élise' }), 'NAME:BOULANGERIE ELISE');
  assert.equal(thirdPartyKey({}), 'NAME:?');
  // As typed in a CSV or a choice.
  assert.equal(canonicalKey(' 552 100 554 ', 'x'), '552100554');
  assert.equal(canonicalKey('be0123456789', 'x'), 'BE0123456789');
  assert.equal(canonicalKey('name:dupont sa', 'x'), 'NAME:DUPONT');
  assert.equal(canonicalKey('', 'Dupont & Fils'), 'NAME:DUPONT FILS');
  assert.equal(canonicalKey('FR44552100554', 'x'), '552100554'); // as an invoice's key
  assert.equal(canonicalKey('552 100 554 00013', 'x'), '552100554');
  assert.equal(canonicalKey('NAME:?', ''), thirdPartyKey({ name: '' }));
  assert.equal(canonicalKey('12345', 'x'), null);
  assert.equal(canonicalKey('NAME: ...', 'x'), null);
});

test('the name stem: capitals, no accents, legal forms and punctuation dropped, cut to the stem length', () => {
  assert.equal(auxiliaryBase('Orange SA', 'supplier', convention), 'FORANGE');
  assert.equal(auxiliaryBase('SARL Boulangerie Élise', 'customer', convention), 'CBOULANGE');
  assert.equal(auxiliaryBase("L'Œuf à la coque S.A.S.", 'customer', convention), 'CLOEUFALA');
  assert.equal(auxiliaryBase('SCI', 'supplier', convention), 'FSCI'); // nothing but a form: kept
  assert.equal(auxiliaryBase('—', 'supplier', convention), 'FTIERS');
  assert.equal(auxiliaryBase('Dupont', 'customer', { ...convention, stemLength: 3 }), 'CDUP');
  assert.equal(
    auxiliaryBase('Établissements Martin-Dupont', 'supplier', {
      customerPrefix: 'CLI',
      supplierPrefix: 'FOUR',
      stemLength: 16,
    }),
    'FOURETABLISSEMENTS'.slice(0, 17),
  );
  assert.equal(normalizedName('  Dupont  et  Fils, SASU '), 'DUPONT ET FILS');
});

test('the auxiliary code is unique: 2, 3… added, within 17 characters', () => {
  const taken = new Set(['FORANGE', 'FORANGE2']);
  assert.equal(
    suggestAuxiliary('Orange', 'supplier', convention, (c) => taken.has(c)),
    'FORANGE3',
  );
  const long = { customerPrefix: 'C', supplierPrefix: 'F', stemLength: 16 };
  const base = auxiliaryBase('Compagnie Générale des Eaux', 'supplier', long);
  assert.equal(base, 'FCOMPAGNIEGENERAL');
  assert.equal(base.length, 17);
  const all = new Set([base]);
  for (let n = 2; n <= 11; n++)
    all.add(suggestAuxiliary('Compagnie Générale des Eaux', 'supplier', long, (c) => all.has(c)));
  assert.ok([...all].every((c) => c.length <= 17));
  assert.ok(all.has('FCOMPAGNIEGENERA2'));
  assert.ok(all.has('FCOMPAGNIEGENER11'));
  assert.equal(all.size, 11);
});

test('accounts: the invoice reference only when it is a PCG account of the right class; 2xx = fixed asset', () => {
  assert.equal(invoiceReferenceAccount('6063 00', 'supplier'), '606300');
  assert.equal(invoiceReferenceAccount('218300', 'supplier'), '218300');
  assert.equal(invoiceReferenceAccount('706100', 'customer'), '706100');
  assert.equal(invoiceReferenceAccount('706100', 'supplier'), null);
  assert.equal(invoiceReferenceAccount('604000', 'customer'), null);
  assert.equal(invoiceReferenceAccount('PO-2026-114', 'supplier'), null);
  assert.equal(invoiceReferenceAccount('60', 'supplier'), null);
  assert.equal(invoiceReferenceAccount(null, 'supplier'), null);
  assert.ok(isFixedAssetAccount('218300'));
  assert.ok(!isFixedAssetAccount('604000'));
});

test('a choice is checked: key, role, name, auxiliary, account of the role class, label', () => {
  const good = {
    key: '552100554',
    role: 'supplier' as const,
    name: ' Orange  SA ',
    auxiliary: 'forange',
    account: '626 000',
    label: '',
  };
  assert.deepEqual(checkChoice(good), {
    ok: true,
    choice: {
      key: '552100554',
      role: 'supplier',
      name: 'Orange SA',
      auxiliary: 'FORANGE',
      account: '626000',
      label: null,
    },
  });
  const code = (over: object) => {
    const r = checkChoice({ ...good, ...over });
    return r.ok ? 'ok' : r.problem.code;
  };
  assert.equal(code({ key: '1234' }), 'key');
  assert.equal(code({ role: 'vendor' }), 'role');
  assert.equal(code({ name: '  ' }), 'name');
  assert.equal(code({ auxiliary: 'F ORANGE' }), 'auxiliary_format');
  assert.equal(code({ auxiliary: 'F123456789012345678' }), 'auxiliary_format');
  assert.equal(code({ account: '62a' }), 'account_format');
  assert.equal(code({ account: '706000' }), 'account_class');
  assert.equal(code({ account: '213500' }), 'ok');
  assert.equal(code({ role: 'customer', account: '604000' }), 'account_class');
  assert.equal(code({ label: 'x'.repeat(201) }), 'label');
  const refused = checkChoice({ ...good, account: '706000' });
  assert.ok(
    !refused.ok &&
      /not an expense \(class 6\) or fixed-asset \(class 2\) account/.test(refused.problem.message),
  );
});

test('the chooser: the remembered choice wins; else same name, the invoice reference, the default', () => {
  const memory = [
    party({
      key: '552100554',
      role: 'supplier',
      name: 'Orange SA',
      auxiliary: 'FORANGE',
      account: '626000',
      label: 'Téléphone',
    }),
    party({
      key: 'NAME:BUREAU VALLEE',
      role: 'supplier',
      name: 'Bureau Vallée',
      auxiliary: 'FBUREAUVA',
      account: '606400',
    }),
  ];
  const chooser = new MemoryAccountChooser(memory, settings);
  const ask = (
    key: string,
    name: string,
    invoiceAccount: string | null = null,
    role: ThirdPartyRole = 'supplier',
  ) =>
    chooser.choose({
      key,
      role,
      name,
      invoiceAccount,
      defaultAccount: role === 'supplier' ? '604000' : '706000',
    });
  assert.deepEqual(ask('552100554', 'ORANGE', '613200'), {
    auxiliary: 'FORANGE',
    account: '626000',
    label: 'Téléphone',
    confirmed: true,
    suggestedFrom: 'memory',
  });
  // Same name under its new SIREN: the account of the one already mapped, a code of its own.
  assert.deepEqual(ask('732829320', 'Bureau Vallée SAS'), {
    auxiliary: 'FBUREAUVA2',
    account: '606400',
    label: null,
    confirmed: false,
    suggestedFrom: 'same_name',
  });
  assert.deepEqual(ask('DE123456789', 'Müller GmbH', '2183 00'), {
    auxiliary: 'FMULLER',
    account: '218300',
    label: null,
    confirmed: false,
    suggestedFrom: 'invoice_reference',
  });
  // A reference of the wrong class is ignored: the default.
  assert.deepEqual(ask('FR00123456789', 'Muller', '706000'), {
    auxiliary: 'FMULLER2',
    account: '604000',
    label: null,
    confirmed: false,
    suggestedFrom: 'default',
  });
  // One party keeps its code across its invoices; the customer side is a party of its own.
  assert.equal(ask('DE123456789', 'Müller GmbH').auxiliary, 'FMULLER');
  assert.equal(ask('552100554', 'Orange', null, 'customer').auxiliary, 'CORANGE');
  assert.equal(ask('552100554', 'Orange', null, 'customer').suggestedFrom, 'default');
});

test('mapThirdParties: saved confirmed, the newest choice wins, an empty code takes the convention', () => {
  const store = new MemoryStore();
  const list = mapThirdParties(
    store,
    settings,
    [
      {
        key: '552100554',
        role: 'supplier',
        name: 'Orange',
        auxiliary: 'FORANGE',
        account: '604000',
        label: null,
      },
      {
        key: '552100554',
        role: 'supplier',
        name: 'Orange',
        auxiliary: 'FORANGE',
        account: '626000',
        label: 'Tél.',
      },
      {
        key: '',
        role: 'customer',
        name: 'Boulangerie Élise',
        auxiliary: '',
        account: '706000',
        label: null,
      },
    ],
    AT,
  );
  assert.deepEqual(
    list.map((p) => [p.key, p.role, p.auxiliary, p.account, p.label, p.confirmed]),
    [
      ['552100554', 'supplier', 'FORANGE', '626000', 'Tél.', true],
      ['NAME:BOULANGERIE ELISE', 'customer', 'CBOULANGE', '706000', null, true],
    ],
  );
  // A new code for a party gives its old one back: another party may take it in the same call.
  mapThirdParties(
    store,
    settings,
    [
      {
        key: '552100554',
        role: 'supplier',
        name: 'Orange',
        auxiliary: 'FORANGE1',
        account: '626000',
        label: null,
      },
      {
        key: '732829320',
        role: 'supplier',
        name: 'Orange Business',
        auxiliary: 'FORANGE',
        account: '626000',
        label: null,
      },
    ],
    AT,
  );
  assert.equal(store.thirdParty('732829320', 'supplier')?.auxiliary, 'FORANGE');
  assert.equal(store.thirdParty('552100554', 'supplier')?.auxiliary, 'FORANGE1');
});

test('mapThirdParties refuses every bad choice with its reason and saves none of them', () => {
  const store = new MemoryStore();
  mapThirdParties(
    store,
    settings,
    [
      {
        key: '552100554',
        role: 'supplier',
        name: 'Orange',
        auxiliary: 'FORANGE',
        account: '626000',
        label: null,
      },
    ],
    AT,
  );
  const saves = store.saves;
  assert.throws(
    () =>
      mapThirdParties(
        store,
        settings,
        [
          {
            key: '732829320',
            role: 'supplier',
            name: 'SFR',
            auxiliary: 'FSFR',
            account: '626000',
            label: null,
          },
          {
            key: '100000009',
            role: 'supplier',
            name: 'Orange Pro',
            auxiliary: 'forange',
            account: '626000',
            label: null,
          },
          {
            key: '100000017',
            role: 'customer',
            name: 'Client',
            auxiliary: 'CCLIENT',
            account: '411000',
            label: null,
          },
        ],
        AT,
      ),
    (error: unknown) => {
      assert.ok(error instanceof AppFailure);
      assert.equal(error.kind, 'invalid_input');
      const problems = (
        error.details as { problems: { index: number; code: string; message: string }[] }
      ).problems;
      assert.deepEqual(
        problems.map((p) => [p.index, p.code]),
        [
          [1, 'auxiliary_taken'],
          [2, 'account_class'],
        ],
      );
      assert.match(
        problems[0]!.message,
        /FORANGE is already used by Orange \(supplier 552100554\)/,
      );
      return true;
    },
  );
  assert.equal(store.saves, saves);
  assert.equal(store.thirdParty('732829320', 'supplier'), null);
});
