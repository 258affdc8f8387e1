// Participants (2.5): every company of the pool as the networks know it. French companies are on
// the domestic network under their SIREN address (0225), some also on Peppol under their SIRET
// (0009); foreign companies are Peppol participants under their own scheme.
import type { Participant } from '#shared/operator/schemas.ts';
import type { Company, CompanyPool } from './companies.ts';

function participantOf(company: Company): Participant {
  const ids: NonNullable<Participant['participantNetworkIdentifiers']> = [];
  const address = (scheme: string, value: string) => ({
    value,
    scheme,
    address: `${scheme}:${value}`,
  });
  if (company.country === 'FR') {
    ids.push({
      data: { clientId: company.participantClientId },
      electronicAddress: address(company.eScheme, company.eValue),
      networkIdentifier: 'DOMESTIC_FR',
      participantNetworkIdentifierId: company.networkIdentifierIds[0],
    });
    if (company.peppol && company.offices[0]) {
      ids.push({
        data: { clientId: company.participantClientId },
        electronicAddress: address('0009', company.offices[0].siret),
        networkIdentifier: 'PEPPOL_INTERNATIONAL',
        participantNetworkIdentifierId: company.networkIdentifierIds[1],
      });
    }
  } else {
    ids.push({
      data: { clientId: company.participantClientId },
      electronicAddress: address(company.eScheme, company.eValue),
      networkIdentifier: 'PEPPOL_INTERNATIONAL',
      participantNetworkIdentifierId: company.networkIdentifierIds[0],
    });
  }
  return {
    participantId: company.participantId,
    name: company.name,
    country: company.country,
    ...(company.vatNumber ? { vatNumber: company.vatNumber } : {}),
    ...(company.siren
      ? { legalIdentifier: company.siren }
      : company.legalIdentifier
        ? { legalIdentifier: company.legalIdentifier }
        : {}),
    ...(company.offices[0] ? { partyIdentifier: company.offices[0].siret } : {}),
    participantNetworkIdentifiers: ids,
  };
}

/** All participants, by name. */
export function buildParticipants(pool: CompanyPool): Participant[] {
  return pool.all
    .map(participantOf)
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, 'fr') || a.participantId.localeCompare(b.participantId),
    );
}
