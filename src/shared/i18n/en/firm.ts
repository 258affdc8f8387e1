import type fr from '../fr/firm.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'Firm archive',
  intro:
    'By default this workstation keeps its archives in files of its own. Connected to the firm’s PostgreSQL server, it shares one archive with every workstation and keeps a local copy to work offline.',
  state: {
    embedded: 'This workstation’s archive (SQLite files): no firm server.',
    connecting: 'Connecting to the firm server {url}…',
    connected: 'Connected to the firm server {url} as {user} (schema {version}).',
    unreachable:
      'The firm server {url} cannot be reached since {since}: clients are read from their local copy.',
    reason: 'Reason: {reason}',
  },
  form: {
    server: 'Server address',
    serverHint: 'For example server.firm.local:5432/invoice_desk (or a postgres:// address).',
    user: 'User',
    password: 'Password',
    passwordHint: 'Kept in the system keychain, never in a file nor shown again.',
    tls: 'Encryption (TLS)',
    tlsVerify: 'TLS, server certificate verified',
    tlsNoVerify: 'TLS without verifying the certificate',
    tlsOff: 'No TLS (server on this machine)',
    caFile: 'Certificate authority file (optional)',
    caFileHint: 'Path to a PEM file, for the firm’s own authority.',
    test: 'Test',
    connect: 'Connect',
    disconnect: 'Disconnect',
    missing: 'Enter the server address, the user and the password.',
    badServer: 'This is not a PostgreSQL server address.',
    working: 'Connecting to the server…',
  },
  result: {
    ok: 'The server answers: schema {version}; this version of the app expects schema {expected}.',
    encrypted: 'Encrypted connection.',
    plain: 'Unencrypted connection.',
    connected: 'This workstation now uses the firm archive.',
    disconnected: 'This workstation uses its own archives again.',
    problems: {
      unreachable: 'The server cannot be reached.',
      auth: 'The server refuses this user or password.',
      tls: 'The encrypted connection failed (server certificate).',
      ca_file: 'The certificate authority file cannot be read.',
      schema:
        'The server does not have the expected schema: the administrator runs “firm init” (see the README).',
      invalid: 'This is not a PostgreSQL server address.',
      server: 'The server refused the connection.',
    },
    detail: 'Detail: {detail}',
  },
  clients: {
    title: 'Firm clients',
    none: 'No client is recorded in the firm archive yet.',
    name: 'Client',
    company: 'Company',
    secret: 'Operator secret',
    secretHere: 'On this workstation',
    secretAbsent: 'Secret not on this workstation',
    secretHint:
      'A client whose secret is not on this workstation is read from the archive; live search asks for its secret (Edit the connection).',
  },
  banner: {
    unreachable: 'Firm server unreachable: local copy of {date}.',
    unreachableNoCopy:
      'Firm server unreachable: this client has no local copy on this workstation.',
  },
} as const satisfies Translation<typeof fr>;
