// Identifier schemes and networks named in words, and the electronic address to give a
// supplier or a customer. The words themselves live in the i18n dictionaries; these functions
// pick them and fall back to the raw code for anything the spec does not name.
import { DIRECTORY_SCHEMES } from '../operator/enums.ts';
import type { DirectoryEntry, DirectoryIdentifier } from '../operator/schemas.ts';

export type SchemeName = keyof typeof DIRECTORY_SCHEMES;

const SCHEME_NAMES = new Map<string, SchemeName>(
  (Object.entries(DIRECTORY_SCHEMES) as [SchemeName, string][]).map(([name, code]) => [code, name]),
);

/** `siren` for 0002, `siret` for 0009, `routingCode` for 0224; undefined for any other scheme. */
export function schemeName(scheme: string): SchemeName | undefined {
  return SCHEME_NAMES.get(scheme);
}

/** "SIREN (0002)" with the words of the UI language; the bare code for an unknown scheme. */
export function schemeLabel(scheme: string, words: Readonly<Record<SchemeName, string>>): string {
  const name = schemeName(scheme);
  return name ? `${words[name]} (${scheme})` : scheme;
}

/** A network identifier in words (DOMESTIC_FR → "Réseau domestique français (PPF)"); an
 * unknown network is shown raw, so that nothing the operator says is hidden. */
export function networkLabel(network: string, words: Readonly<Record<string, string>>): string {
  return Object.hasOwn(words, network) ? words[network]! : network;
}

/** `scheme:value`, the electronic address form used by the networks. */
export function electronicAddress(
  identifier: Pick<DirectoryIdentifier, 'scheme' | 'value'>,
): string {
  return `${identifier.scheme}:${identifier.value}`;
}

// The most precise address wins: a routing code names a service, a SIRET an office, a SIREN the
// whole company.
const ADDRESS_PREFERENCE: Record<DirectoryIdentifier['type'], number> = {
  ROUTING_CODE: 0,
  OFFICE_IDENTIFIER: 1,
  LEGAL_IDENTIFIER: 2,
};

/** The address to copy for an entry: an identifier registered on a network first, the most
 * precise one among them; undefined when the entry has no identifier at all. */
export function preferredAddress(entry: Pick<DirectoryEntry, 'identifiers'>): string | undefined {
  const identifiers = [...(entry.identifiers ?? [])];
  if (identifiers.length === 0) return undefined;
  const registered = (i: DirectoryIdentifier): number =>
    (i.networkRegistered?.length ?? 0) > 0 ? 0 : 1;
  identifiers.sort(
    (a, b) =>
      registered(a) - registered(b) || ADDRESS_PREFERENCE[a.type] - ADDRESS_PREFERENCE[b.type],
  );
  return electronicAddress(identifiers[0]!);
}

/** The distinct networks an identifier is registered on, in the order given. */
export function registeredNetworks(
  identifier: Pick<DirectoryIdentifier, 'networkRegistered'>,
): string[] {
  return [...new Set((identifier.networkRegistered ?? []).map((n) => n.networkIdentifier))];
}

/** An office's address on one line: "12 RUE DES LILAS, BAT B, 69003 LYON"; '' when none. */
export function formatDirectoryAddress(address: DirectoryEntry['postalAddress']): string {
  if (!address) return '';
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.addressLine1, address.addressLine2, town].filter(Boolean).join(', ');
}
