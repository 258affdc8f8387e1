// English twin of ../fr/participants.ts: must have exactly the same keys (see ../index.ts).
import type { Translation } from '../translation.ts';
import type fr from '../fr/participants.ts';

export default {
  title: 'Network participants',
  intro:
    'Look up a participant on every network (French and Peppol): its identifiers, its VAT number and the electronic addresses to send it invoices.',
  search: {
    formLabel: 'Participant search',
    label: 'Name, SIREN, SIRET or VAT number',
    placeholder: 'e.g. BOULANGERIE, 123456789, FR12123456789',
    hint: 'The name may be partial; SIREN, SIRET and VAT number must be complete and exact.',
    submit: 'Search',
    required: 'Type a name, a SIREN, a SIRET or a VAT number.',
    prefilled: 'Search started from the directory: SIREN {siren}.',
  },
  idle: {
    title: 'Search for a participant',
    body: 'Type a name, a SIREN, a SIRET or a VAT number, then search.',
  },
  results: {
    heading: 'Results',
    loading: 'Searching participants…',
    pageSummary: 'Page {page}: participants {from} to {to}',
    pageEmpty: 'Page {page}: no participant',
    lastPage: 'Last page of results.',
    noneTitle: 'No participant found',
    noneBody:
      'The name may be partial, but a SIREN, a SIRET or a VAT number must be exact. Check what you typed or try part of the name.',
    pastEndTitle: 'No more participants',
    pastEndBody: 'The previous page was the last one. Go back.',
    previous: 'Previous page',
    next: 'Next page',
    pagerLabel: 'Result pages',
  },
  participant: {
    country: 'Country',
    vatNumber: 'VAT number',
    legalIdentifier: 'Legal identifier (SIREN)',
    partyIdentifier: 'Party identifier (SIRET)',
    none: 'Not published',
    networksHeading: 'Network addresses',
    networksOf: 'Network addresses of {name}',
    noNetworks: 'No address published on any network.',
    columns: {
      address: 'Electronic address',
      network: 'Network',
      clientId: 'Client id',
    },
    copyAddressLabel: 'the address {address} of {name}',
  },
  adminRequired: {
    title: 'Administrator role required',
    body: 'This search needs the administrator role on the platform. The active connection only has the user role. Choose an administrator connection in Connections.',
    goToConnections: 'Go to Connections',
  },
} as const satisfies Translation<typeof fr>;
