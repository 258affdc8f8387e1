// English twin of ../fr/directory.ts: must have exactly the same keys (see ../index.ts).
import type { Translation } from '../translation.ts';
import type fr from '../fr/directory.ts';

export default {
  title: 'French legal directory',
  intro:
    'Find a French company by name, SIREN or SIRET: its offices, their addresses and the identifiers under which it receives electronic invoices.',
  search: {
    formLabel: 'Directory search',
    label: 'Name, SIREN or SIRET',
    placeholder: 'e.g. BOULANGERIE, 123 456 789',
    hint: '9 digits: SIREN. 14 digits: SIRET. Spaces are accepted. Anything else: a name.',
    detected: {
      siren: 'Search by SIREN',
      siret: 'Search by SIRET',
      name: 'Search by name',
    },
    match: {
      legend: 'The name',
      prefix: 'starts with',
      contains: 'contains',
      onlyName: 'Applies to a name search only.',
    },
    submit: 'Search',
    required: 'Type a name, a SIREN or a SIRET.',
    advanced: 'Advanced query',
    queryLabel: 'Search expression (q)',
    queryHint:
      'Operator syntax: field:"value", * as wildcard. Examples: name:"*BOULANGERIE*", siren:"123456789", siret:"12345678900012".',
    custom: 'Custom expression: the simple search does not reflect it.',
    runQuery: 'Run this query',
    queryRequired: 'Type a search expression.',
  },
  idle: {
    title: 'Search for a company',
    body: 'Type a name (for instance the start of the company name), a SIREN or a SIRET, then search.',
  },
  results: {
    heading: 'Results',
    loading: 'Searching the directory…',
    countOne: '1 directory entry',
    countOther: '{count} directory entries',
    range: 'Entries {from} to {to} of {count}',
    noneTitle: 'No company found',
    noneBody: 'Check the spelling, try “contains” instead of “starts with”, or search by SIREN.',
    invoicesNote:
      'Invoices exchanged with a company: the operator’s invoice search only filters by invoice id, state and direction, not by company. Copy its electronic address to find it in your invoices, or look it up in the participants.',
    invoicesNoteLabel: 'Why no link to its invoices?',
  },
  entry: {
    legalUnit: 'Legal unit',
    office: 'Office',
    groupLabel: '{name}, SIREN {siren}',
    groupLabelNoSiren: '{name}',
    siren: 'SIREN',
    siret: 'SIRET',
    address: 'Address',
    noAddress: 'Address not published',
    unitNotInPage: 'The legal unit is not on this page: these offices are grouped by their SIREN.',
    officesHeading: 'Offices ({count})',
    noOffices: 'No office of this company on this page of results.',
    scope: {
      PRIMARY: 'Head office',
      SECONDARY: 'Secondary office',
      PRIVATE_TAX_PAYER: 'Private taxpayer',
    },
    identifiers: 'Identifiers',
    identifiersOf: 'Identifiers of {name}',
    noIdentifiers: 'No identifier published.',
    columns: {
      kind: 'Type',
      scheme: 'Scheme',
      value: 'Value',
      networks: 'Registered on',
    },
    notRegistered: 'Not registered on any network',
    actions: 'Actions for {name}',
    electronicAddress: 'Electronic address',
    copyAddressLabel: 'the electronic address of {name}',
    noAddressToCopy: 'No identifier published: no electronic address to copy.',
    searchParticipants: 'Search the participants',
    searchParticipantsOf: 'Search the participants: {name} (SIREN {siren})',
  },
  identifierTypes: {
    LEGAL_IDENTIFIER: 'Legal identifier',
    OFFICE_IDENTIFIER: 'Office identifier',
    ROUTING_CODE: 'Routing code',
  },
  schemes: {
    siren: 'SIREN',
    siret: 'SIRET',
    routingCode: 'Routing code',
  },
  networks: {
    DOMESTIC_FR: 'French domestic network (PPF)',
    PEPPOL_INTERNATIONAL: 'Peppol international network',
  },
} as const satisfies Translation<typeof fr>;
