import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatDirectoryAddress,
  networkLabel,
  preferredAddress,
  registeredNetworks,
  schemeLabel,
  schemeName,
} from '#shared/directory/labels.ts';
import type { DirectoryIdentifier } from '#shared/operator/schemas.ts';

// The words come from the i18n dictionaries in the app (directory.schemes / directory.networks).
const frDirectory = {
  schemes: { siren: 'SIREN', siret: 'SIRET', routingCode: 'Code de routage' },
  networks: {
    DOMESTIC_FR: 'Réseau domestique français (PPF)',
    PEPPOL_INTERNATIONAL: 'Réseau international Peppol',
  },
};
const enDirectory = {
  schemes: { siren: 'SIREN', siret: 'SIRET', routingCode: 'Routing code' },
  networks: {
    DOMESTIC_FR: 'French domestic network (PPF)',
    PEPPOL_INTERNATIONAL: 'Peppol international network',
  },
};

const id = (
  type: DirectoryIdentifier['type'],
  scheme: string,
  value: string,
  networks: string[] = [],
): DirectoryIdentifier => ({
  businessEntityIdentifierId: '00000000-0000-4000-8000-000000000001',
  type,
  scheme,
  value,
  networkRegistered: networks.map((networkIdentifier) => ({
    directoryId: '00000000-0000-4000-8000-000000000002',
    networkId: '00000000-0000-4000-8000-000000000003',
    networkIdentifier,
  })),
});

test('the three schemes of the spec are named in words, in French and English', () => {
  assert.equal(schemeName('0002'), 'siren');
  assert.equal(schemeName('0009'), 'siret');
  assert.equal(schemeName('0224'), 'routingCode');
  assert.equal(schemeLabel('0002', frDirectory.schemes), 'SIREN (0002)');
  assert.equal(schemeLabel('0009', frDirectory.schemes), 'SIRET (0009)');
  assert.equal(schemeLabel('0224', frDirectory.schemes), 'Code de routage (0224)');
  assert.equal(schemeLabel('0224', enDirectory.schemes), 'Routing code (0224)');
});

test('an unknown scheme is shown as its bare code', () => {
  assert.equal(schemeName('0088'), undefined);
  assert.equal(schemeLabel('0088', frDirectory.schemes), '0088');
});

test('networks are named in words; unknown networks stay raw', () => {
  assert.equal(
    networkLabel('DOMESTIC_FR', frDirectory.networks),
    'Réseau domestique français (PPF)',
  );
  assert.equal(
    networkLabel('PEPPOL_INTERNATIONAL', enDirectory.networks),
    'Peppol international network',
  );
  assert.equal(networkLabel('MARS_NET', frDirectory.networks), 'MARS_NET');
  assert.equal(networkLabel('toString', frDirectory.networks), 'toString');
});

test('the address to copy prefers a registered identifier, then the most precise one', () => {
  const siren = id('LEGAL_IDENTIFIER', '0002', '123456789', ['DOMESTIC_FR']);
  const siret = id('OFFICE_IDENTIFIER', '0009', '12345678900012', ['DOMESTIC_FR']);
  const routing = id('ROUTING_CODE', '0224', 'SERVICE-COMPTA');
  assert.equal(preferredAddress({ identifiers: [siren, siret, routing] }), '0009:12345678900012');
  const routingRegistered = id('ROUTING_CODE', '0224', 'SERVICE-COMPTA', ['DOMESTIC_FR']);
  assert.equal(
    preferredAddress({ identifiers: [siren, siret, routingRegistered] }),
    '0224:SERVICE-COMPTA',
  );
  assert.equal(
    preferredAddress({ identifiers: [id('LEGAL_IDENTIFIER', '0002', '123456789')] }),
    '0002:123456789',
  );
  assert.equal(preferredAddress({ identifiers: [] }), undefined);
  assert.equal(preferredAddress({}), undefined);
});

test('registered networks are listed once each', () => {
  assert.deepEqual(
    registeredNetworks(id('LEGAL_IDENTIFIER', '0002', '1', ['DOMESTIC_FR', 'DOMESTIC_FR', 'X'])),
    ['DOMESTIC_FR', 'X'],
  );
  assert.deepEqual(registeredNetworks({}), []);
});

test('an office address reads on one line', () => {
  assert.equal(
    formatDirectoryAddress({
      addressLine1: '12 RUE DES LILAS',
      addressLine2: 'BAT B',
      postalCode: '69003',
      city: 'LYON',
    }),
    '12 RUE DES LILAS, BAT B, 69003 LYON',
  );
  assert.equal(formatDirectoryAddress({ city: 'LYON' }), 'LYON');
  assert.equal(formatDirectoryAddress(undefined), '');
});
