// Connections and settings. Non-secret data in the settings file (through KeyValueStore), secrets
// in the CredentialVault, the two built-in demo connections computed, never stored. Writes are
// serialised (read, wait on the keychain, write back): no save may answer ok and then be lost.
// A stored secret belongs to a client id at a token URL and base URL: changing any of them
// requires typing the secret again, so that it is never sent to an address it was not given for.
import { randomUUID } from 'node:crypto';
import { INSECURE_HTTP_MESSAGE, isSecureOperatorUrl } from '#shared/http-url.ts';
import {
  DEFAULT_REQUESTS_PER_MINUTE,
  DEMO_CONNECTION_IDS,
  type ConnectionInput,
  type ConnectionSummary,
  type Settings,
} from '#shared/contract.ts';
import type { CredentialVault } from '../vault/credential-vault.ts';
import { AppFailure } from '../app-failure.ts';
import type { EmbeddedDemoOperator } from '../embedded-demo-operator.ts';
import {
  DEFAULT_SETTINGS,
  repairNoteText,
  sanitizeSettingsData,
  type KeyValueStore,
  type StoredConnection,
} from './settings-file.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

const DEMO_NAMES = {
  [DEMO_CONNECTION_IDS.admin]: 'Démo (administrateur)',
  [DEMO_CONNECTION_IDS.user]: 'Démo (utilisateur)',
} as const;
const DEMO_ORDER = [DEMO_CONNECTION_IDS.admin, DEMO_CONNECTION_IDS.user] as const;
type DemoId = (typeof DEMO_ORDER)[number];

/** Where a stored secret may be sent: changing one of these requires the secret again. */
const SECRET_BOUND_FIELDS = ['tokenUrl', 'baseUrl', 'clientId'] as const;

function isDemoConnectionId(id: string): id is DemoId {
  return (DEMO_ORDER as readonly string[]).includes(id);
}

/** What an OperatorClient needs to reach the operator as one connection. */
export interface ResolvedConnection {
  id: string;
  kind: 'demo' | 'custom';
  connection: { baseUrl: string; tokenUrl: string; clientId: string; customerId?: string };
  getClientSecret: () => Promise<string>;
}

export interface ConnectionStoreOptions {
  store: KeyValueStore;
  vault: CredentialVault;
  demo: EmbeddedDemoOperator;
  log?: Logger;
  /** Repairs the backing file after a read failed (the file was damaged while running). */
  recover?: () => void;
}

export class ConnectionStore {
  readonly #store: KeyValueStore;
  readonly #vault: CredentialVault;
  readonly #demo: EmbeddedDemoOperator;
  readonly #log: Logger;
  readonly #recover: (() => void) | undefined;
  /** The tail of the queue of writes to the settings file. */
  #writes: Promise<unknown> = Promise.resolve();

  constructor(options: ConnectionStoreOptions) {
    this.#store = options.store;
    this.#vault = options.vault;
    this.#demo = options.demo;
    this.#log = options.log ?? console;
    this.#recover = options.recover;
  }

  /** The settings; an active connection that no longer exists reads as the demo administrator. */
  getSettings(): Settings {
    return this.#read().settings;
  }

  /** Applies a partial update; the active connection must exist. */
  updateSettings(patch: Partial<Settings>): Settings {
    const current = this.#read();
    const next: Settings = { ...current.settings };
    if (patch.language !== undefined) next.language = patch.language;
    if (patch.workOffline !== undefined) next.workOffline = patch.workOffline;
    if (patch.hideDemo !== undefined) next.hideDemo = patch.hideDemo;
    if (patch.activeConnectionId !== undefined) {
      if (!this.#exists(patch.activeConnectionId, current.connections)) {
        throw new AppFailure(
          'not_found',
          `No connection has the id ${JSON.stringify(patch.activeConnectionId)}`,
        );
      }
      next.activeConnectionId = patch.activeConnectionId;
    }
    // Hiding the demo connections while one is active: the first client's becomes active.
    const [firstClient] = current.connections;
    if (next.hideDemo && firstClient && isDemoConnectionId(next.activeConnectionId))
      next.activeConnectionId = firstClient.id;
    // (Read back the same way when a client is saved after: #read.)
    this.#store.set('settings', next);
    return next;
  }

  /** Demo connections first, then the user's, each saying where its secret is kept. */
  async list(): Promise<ConnectionSummary[]> {
    const demos = await Promise.all(DEMO_ORDER.map((id) => this.#demoSummary(id)));
    const customs = await Promise.all(this.#read().connections.map((c) => this.#customSummary(c)));
    return [...demos, ...customs];
  }

  /** Every connection's id and name, demo ones first, without starting the demo operator or
   * asking the keychain: what the CLI needs to find a connection by id or name. */
  references(): { id: string; name: string; kind: 'demo' | 'custom' }[] {
    return [
      ...DEMO_ORDER.map((id) => ({ id, name: DEMO_NAMES[id], kind: 'demo' as const })),
      ...this.#read().connections.map((c) => ({ id: c.id, name: c.name, kind: 'custom' as const })),
    ];
  }

  /** The connections of the firm's clients: every one, without the demo connections once the
   * user hid them (and has a client connection): what the portfolio and the rounds take. */
  clientReferences(): { id: string; name: string; kind: 'demo' | 'custom' }[] {
    const all = this.references();
    return this.demoHidden() ? all.filter((c) => c.kind === 'custom') : all;
  }

  /** The user hid the demo connections and has a client connection to show instead. */
  demoHidden(): boolean {
    const { settings, connections } = this.#read();
    return settings.hideDemo === true && connections.length > 0;
  }

  /** One connection's summary; not_found when it does not exist. */
  async get(id: string): Promise<ConnectionSummary> {
    if (isDemoConnectionId(id)) return this.#demoSummary(id);
    return this.#customSummary(this.#connection(id));
  }

  /** Runs one read-modify-write of the settings file after the ones before it. */
  #exclusive<T>(write: () => Promise<T>): Promise<T> {
    const run = this.#writes.then(write, write);
    this.#writes = run.catch(() => undefined);
    return run;
  }

  /** Creates (no id) or updates a custom connection; the secret goes to the vault only. */
  save(input: ConnectionInput): Promise<ConnectionSummary> {
    return this.#exclusive(() => this.#save(input));
  }

  async #save(input: ConnectionInput): Promise<ConnectionSummary> {
    for (const field of ['baseUrl', 'tokenUrl'] as const) {
      if (!isSecureOperatorUrl(input[field])) {
        throw new AppFailure('invalid_input', `${field}: ${INSECURE_HTTP_MESSAGE}`, {
          path: [field],
        });
      }
    }
    if (input.id !== undefined && isDemoConnectionId(input.id)) {
      throw new AppFailure('invalid_input', 'The demo connections cannot be edited', {
        path: ['id'],
      });
    }
    const { connections } = this.#read();
    const existingIndex =
      input.id === undefined ? -1 : connections.findIndex((c) => c.id === input.id);
    if (input.id !== undefined && existingIndex < 0) {
      throw new AppFailure('not_found', `No connection has the id ${JSON.stringify(input.id)}`);
    }
    const id = input.id ?? randomUUID();
    const connection: StoredConnection = {
      id,
      name: input.name.trim(),
      baseUrl: input.baseUrl,
      tokenUrl: input.tokenUrl,
      clientId: input.clientId.trim(),
      ...(input.customerId ? { customerId: input.customerId } : {}),
    };
    const requestsPerMinute =
      input.requestsPerMinute ??
      (existingIndex >= 0 ? connections[existingIndex]!.requestsPerMinute : undefined);
    if (requestsPerMinute !== undefined) connection.requestsPerMinute = requestsPerMinute;

    if (existingIndex >= 0 && input.clientSecret === undefined) {
      const before = connections[existingIndex]!;
      const moved = SECRET_BOUND_FIELDS.filter((field) => before[field] !== connection[field]);
      if (moved.length > 0 && (await this.#vault.location(id)) !== 'none') {
        throw new AppFailure(
          'invalid_input',
          `Enter the client secret again: ${moved.join(', ')} changed, and the stored secret is only sent where it was entered for`,
          { path: ['clientSecret'], changed: moved },
        );
      }
    }

    // The secret first: a refused keychain must leave the stored connection as it was.
    if (input.clientSecret !== undefined) {
      await this.#vault.set(id, input.clientSecret, input.secretStorage ?? 'keychain');
    } else if (input.secretStorage !== undefined && existingIndex >= 0) {
      // Moving a kept secret to the other storage without retyping it.
      const where = await this.#vault.location(id);
      if (where !== 'none' && where !== input.secretStorage) {
        const secret = await this.#vault.get(id);
        if (secret !== undefined) await this.#vault.set(id, secret, input.secretStorage);
      }
    }

    const next = [...connections];
    if (existingIndex >= 0) next[existingIndex] = connection;
    else next.push(connection);
    this.#store.set('connections', next);
    return this.#customSummary(connection);
  }

  /** Deletes a custom connection and its secret; the active one falls back to the demo. */
  delete(id: string): Promise<void> {
    return this.#exclusive(() => this.#delete(id));
  }

  async #delete(id: string): Promise<void> {
    if (isDemoConnectionId(id)) {
      throw new AppFailure('invalid_input', 'The demo connections cannot be deleted', {
        path: ['id'],
      });
    }
    const { settings, connections } = this.#read();
    if (!connections.some((c) => c.id === id)) {
      throw new AppFailure('not_found', `No connection has the id ${JSON.stringify(id)}`);
    }
    this.#store.set(
      'connections',
      connections.filter((c) => c.id !== id),
    );
    if (settings.activeConnectionId === id) {
      this.#store.set('settings', {
        ...settings,
        activeConnectionId: DEFAULT_SETTINGS.activeConnectionId,
      });
    }
    await this.#vault.delete(id);
  }

  /** Adds the firm's clients this workstation does not know yet (issue 30: the firm's list
   * of clients), each with the id the firm gave it and no secret: listed and readable from the
   * archive; a live call asks for the secret. Connections known here are left as they are.
   * Returns how many were added. */
  adopt(
    clients: readonly Pick<
      StoredConnection,
      'id' | 'name' | 'baseUrl' | 'tokenUrl' | 'clientId' | 'customerId'
    >[],
  ): Promise<number> {
    return this.#exclusive(async () => {
      const { connections } = this.#read();
      const added = clients
        .filter((c) => !this.#exists(c.id, connections))
        .filter((c) => isSecureOperatorUrl(c.baseUrl) && isSecureOperatorUrl(c.tokenUrl))
        .map((c): StoredConnection => ({
          id: c.id,
          name: c.name,
          baseUrl: c.baseUrl,
          tokenUrl: c.tokenUrl,
          clientId: c.clientId,
          ...(c.customerId ? { customerId: c.customerId } : {}),
        }));
      if (added.length > 0) this.#store.set('connections', [...connections, ...added]);
      return added.length;
    });
  }

  /** The endpoints and secret source of a connection, for an OperatorClient. */
  async resolve(id: string): Promise<ResolvedConnection> {
    if (isDemoConnectionId(id)) {
      const demo = await this.#demo.ensureStarted();
      const client = id === DEMO_CONNECTION_IDS.admin ? demo.clients.admin : demo.clients.user;
      return {
        id,
        kind: 'demo',
        connection: { baseUrl: demo.baseUrl, tokenUrl: demo.tokenUrl, clientId: client.clientId },
        getClientSecret: async () => client.clientSecret,
      };
    }
    const connection = this.#connection(id);
    return {
      id,
      kind: 'custom',
      connection: {
        baseUrl: connection.baseUrl,
        tokenUrl: connection.tokenUrl,
        clientId: connection.clientId,
        ...(connection.customerId ? { customerId: connection.customerId } : {}),
      },
      getClientSecret: async () => {
        const secret = await this.#vault.get(id);
        if (secret === undefined) {
          // A client of the firm's list this workstation has no secret for (issue 30).
          throw new AppFailure(
            'auth',
            `No client secret is stored for the connection "${connection.name}" on this workstation`,
            undefined,
            'secret_absent',
          );
        }
        return secret;
      },
    };
  }

  #connection(id: string): StoredConnection {
    const connection = this.#read().connections.find((c) => c.id === id);
    if (!connection)
      throw new AppFailure('not_found', `No connection has the id ${JSON.stringify(id)}`);
    return connection;
  }

  #exists(id: string, connections: StoredConnection[]): boolean {
    return isDemoConnectionId(id) || connections.some((c) => c.id === id);
  }

  async #demoSummary(id: DemoId): Promise<ConnectionSummary> {
    const demo = await this.#demo.ensureStarted();
    const client = id === DEMO_CONNECTION_IDS.admin ? demo.clients.admin : demo.clients.user;
    return {
      id,
      name: DEMO_NAMES[id],
      kind: 'demo',
      baseUrl: demo.baseUrl,
      tokenUrl: demo.tokenUrl,
      clientId: client.clientId,
      secret: 'builtin',
      requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE,
    };
  }

  async #customSummary(connection: StoredConnection): Promise<ConnectionSummary> {
    return {
      ...connection,
      kind: 'custom',
      secret: await this.#vault.location(connection.id),
      requestsPerMinute: connection.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
    };
  }

  /** Reads both keys and validates them again: the store may be shared with a hand-edited file. */
  #read(): { settings: Settings; connections: StoredConnection[] } {
    let raw: { settings: unknown; connections: unknown };
    try {
      raw = { settings: this.#store.get('settings'), connections: this.#store.get('connections') };
    } catch (error) {
      this.#log.warn(`[settings] the settings file could not be read: ${(error as Error).message}`);
      if (!this.#recover) return { settings: { ...DEFAULT_SETTINGS }, connections: [] };
      this.#recover();
      try {
        raw = {
          settings: this.#store.get('settings'),
          connections: this.#store.get('connections'),
        };
      } catch {
        return { settings: { ...DEFAULT_SETTINGS }, connections: [] };
      }
    }
    const { settings, connections, dropped } = sanitizeSettingsData(raw);
    for (const note of dropped) this.#log.warn(`[settings] ${repairNoteText(note)}`);
    // Demo connections hidden (issue 27, item 5): a demo left active reads as the first client.
    const [firstClient] = connections;
    if (settings.hideDemo && firstClient && isDemoConnectionId(settings.activeConnectionId))
      settings.activeConnectionId = firstClient.id;
    return { settings, connections };
  }
}
