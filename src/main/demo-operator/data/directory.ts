// The French legal directory (2.4) built from the company pool: each French legal unit followed
// by its offices, head office first. Offices carry the legal unit's name, so a name search
// returns the unit and its offices together.
import type { DirectoryEntry, DirectoryIdentifier } from '#shared/operator/schemas.ts';
import type { Company, CompanyPool } from './companies.ts';

/** Fixed ids of the demo directory and of the domestic network it registers addresses on. */
const DIRECTORY_ID = '5d1f0a3e-2b7c-4e8a-9c61-0f4b7d2e9a10';
const DOMESTIC_NETWORK_ID = '8a3c5e71-4f2d-4b9e-a0c7-6e1d2f3b4c50';

const registration = [
  { directoryId: DIRECTORY_ID, networkId: DOMESTIC_NETWORK_ID, networkIdentifier: 'DOMESTIC_FR' },
];

function entriesOf(company: Company): DirectoryEntry[] {
  const siren = company.siren!;
  const unit: DirectoryEntry = {
    businessEntityId: company.legalUnitId,
    name: company.name,
    type: 'LEGAL_UNIT',
    scope: 'PRIVATE_TAX_PAYER',
    siren,
    identifiers: [
      {
        businessEntityIdentifierId: company.sirenIdentifierId,
        type: 'LEGAL_IDENTIFIER',
        scheme: '0002',
        value: siren,
        networkRegistered: company.offices[0]?.registered === false ? [] : registration,
      },
    ],
  };
  const offices = company.offices.map<DirectoryEntry>((office) => {
    const identifiers: DirectoryIdentifier[] = [
      {
        businessEntityIdentifierId: office.siretIdentifierId,
        type: 'OFFICE_IDENTIFIER',
        scheme: '0009',
        value: office.siret,
        networkRegistered: office.registered ? registration : [],
      },
    ];
    if (office.routingCode) {
      identifiers.push({
        businessEntityIdentifierId: office.routingIdentifierId,
        type: 'ROUTING_CODE',
        scheme: '0224',
        value: office.routingCode,
        networkRegistered: office.registered ? registration : [],
      });
    }
    return {
      businessEntityId: office.entityId,
      name: company.name,
      type: 'OFFICE',
      scope: office.head ? 'PRIMARY' : 'SECONDARY',
      siren,
      siret: office.siret,
      postalAddress: {
        city: office.address.city,
        postalCode: office.address.postalCode,
        addressLine1: office.address.line1,
        ...(office.address.line2 ? { addressLine2: office.address.line2 } : {}),
      },
      legalUnit: { businessEntityId: company.legalUnitId, name: company.name, siren },
      identifiers,
    };
  });
  return [unit, ...offices];
}

/** All directory entries in their stable search order: legal units by name, each with its offices. */
export function buildDirectory(pool: CompanyPool): DirectoryEntry[] {
  const french = pool.all.filter((c) => c.country === 'FR' && c.siren);
  french.sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.siren!.localeCompare(b.siren!));
  return french.flatMap(entriesOf);
}
