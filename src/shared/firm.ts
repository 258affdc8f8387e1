// The firm's archive on PostgreSQL as the screens see it (issue 30): where this workstation's
// archive is, whether the server answers, and the firm's list of clients. Never a password:
// the server's password goes from the settings screen to the keychain and never comes back.

export type FirmTls = 'verify' | 'no-verify' | 'off';

/** Where this workstation reads and writes its archive, and how that goes. */
export type FirmState =
  /** No firm server set: the embedded SQLite archive (the default). */
  | { store: 'embedded' }
  | {
      store: 'firm';
      /** postgres://user@host:port/database, never with a password. */
      url: string;
      user: string;
      tls: FirmTls;
      caFile: string | null;
      connection:
        | { state: 'connecting' }
        | { state: 'connected'; schemaVersion: number }
        /** The server cannot be reached (or refused us): reads go to the local copies. */
        | { state: 'unreachable'; reason: string; since: string };
      /** When each connection's local copy was last refreshed from the firm's archive. */
      localCopies: Record<string, string>;
    };

/** What the settings screen sends to test or connect (the password only travels this way). */
export interface FirmConnectArgs {
  url: string;
  password: string;
  tls: FirmTls;
  caFile?: string;
}

/** What "Tester" found: the server answers with this schema, or why not. */
export type FirmTestResult =
  | { ok: true; schemaVersion: number; appSchemaVersion: number; encrypted: boolean }
  | {
      ok: false;
      /** What the screen says: out of reach, login refused, certificate, CA file unreadable,
       * schema missing or older, a URL that is not one, anything else the server said. */
      problem: 'unreachable' | 'auth' | 'tls' | 'ca_file' | 'schema' | 'invalid' | 'server';
      /** The server's or the system's own words (never a password). */
      detail: string;
    };

/** A client of the firm as every workstation sees it, and whether this one holds its secret. */
export interface FirmClientView {
  connectionId: string;
  name: string;
  baseUrl: string;
  clientId: string;
  company: string | null;
  /** The operator's client secret is in this workstation's keychain (a live call can be made). */
  secretHere: boolean;
}

/** Something another workstation changed in the firm's archive: the open screen reads again. */
export interface FirmChange {
  connectionId: string;
  what:
    | 'marks'
    | 'exceptions'
    | 'settings'
    | 'third-parties'
    | 'returns'
    | 'rates'
    | 'archive'
    | 'bank';
}
