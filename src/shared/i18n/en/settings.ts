import type { Translation } from '../translation.ts';
import type fr from '../fr/settings.ts';

export default {
  title: 'Connections and settings',
  connections: {
    title: 'Connections',
    intro:
      'A connection links the application to an account at the operator. The active connection is used by every screen.',
    listLabel: 'Saved connections',
    demo: 'Demo',
    active: 'Active',
    activate: 'Activate',
    activateNamed: 'Activate {name}',
    activated: 'Connection “{name}” activated.',
    create: 'New connection',
    editNamed: 'Edit {name}',
    deleteNamed: 'Delete {name}',
    testNamed: 'Test the connection {name}',
    test: 'Test the connection',
    testing: 'Testing…',
    deleteTitle: 'Delete the connection?',
    deleteConfirm:
      'The connection “{name}”, its saved secret and its local archive (saved invoices and answers) and your “paid” marks will be deleted. This cannot be undone.',
    deleted: 'Connection “{name}” deleted.',
    saved: 'Connection “{name}” saved.',
    baseUrl: 'Base URL',
    tokenUrl: 'Token URL',
    clientId: 'Client id',
    customerId: 'Customer’s id at the operator (customer-id)',
    secret: {
      keychain: 'Secret in the system keychain',
      session: 'Secret kept for this session only',
      none: 'No secret saved',
      builtin: 'Built-in demo connection',
    },
    // Issue 27, item 5.
    hideDemo: 'Hide the demo connections',
    hideDemoHint:
      'They leave the portfolio, the background syncs and the choice of the active connection. Untick to bring them back.',
  },
  form: {
    createTitle: 'New connection',
    editTitle: 'Edit the connection “{name}”',
    name: 'Name',
    baseUrl: 'API base URL',
    baseUrlHint: 'Absolute URL, for example https://api.operator.example',
    tokenUrl: 'OAuth token URL',
    tokenUrlHint: 'Absolute URL of the token endpoint',
    clientId: 'Client id',
    customerId: 'Customer’s id at the operator (customer-id, optional)',
    customerIdHint: 'UUID given by the operator to act for a given customer',
    clientSecret: 'Client secret',
    clientSecretKeep: 'Leave empty to keep the secret already saved.',
    clientSecretAgain:
      'Address or client id changed: enter the secret again. The saved secret is never sent to another address.',
    clientSecretNew: 'The secret is stored in the system keychain, never shown.',
    sessionOnly: 'Keep the secret for this session only (forgotten on exit)',
    errors: {
      required: 'This field is required.',
      url: 'Enter an absolute URL starting with https:// (http:// only for this computer).',
      uuid: 'Enter a UUID (8-4-4-4-12 hexadecimal characters).',
      secretRequired: 'Enter the client secret.',
      secretAgain: 'Enter the client secret again: the address or the client id changed.',
      sessionRequired: 'No keychain available: tick “for this session only” to use this secret.',
      summary: 'Fix the highlighted fields before saving.',
    },
  },
  vault: {
    unavailable:
      'The system keychain is not available on this computer: the secret cannot be stored there.',
    sessionOffer:
      'You can keep the secret for this session only: it will be forgotten when the application closes.',
  },
  testResult: {
    successTitle: 'Connection succeeded',
    success: 'Token obtained and call to {endpoint} accepted in {ms} ms.',
    roles: 'Roles: {roles}.',
    roleUser: 'user',
    roleAdmin: 'administrator',
    roleNone: 'no role recognised',
    probeRefused:
      'Token obtained, but {endpoint} answered {status}: the connection lacks the expected rights.',
    failedTitle: 'Test failed',
    auth: 'Credentials refused: the operator does not accept this client id or secret.',
    forbidden: 'Access denied: the credentials are right but the required role is missing.',
    offline: 'Operator unreachable: check the address and your network.',
    tls: 'Secure connection failed: the operator’s certificate could not be verified.',
    invalid_response:
      'The address answers, but not like an operator: check the base URL and the token URL.',
    timeout: 'No answer in time: the operator or the network is too slow.',
    other: 'The test failed.',
  },
  language: {
    title: 'Language',
    label: 'Interface language',
    system: 'System ({lang})',
    systemNone: 'System (no language set)',
    fr: 'Français',
    en: 'English',
    forced:
      'The interface language ({lang}) is forced by the INVOICE_DESK_LANG environment variable: this choice is disabled.',
    saved: 'Language saved.',
  },
  about: {
    title: 'About',
    version: 'Version {version}',
    shellBrowser: 'Browser mode (local host)',
    shellElectron: 'Desktop application',
  },
} as const satisfies Translation<typeof fr>;
