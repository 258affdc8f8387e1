// One OperatorClient per connection, kept while the connection is unchanged so its OAuth token is reused;
// dropped when the connection is saved or deleted.
import type { OperatorClient } from '../operator/operator-client.ts';
import type { ConnectionStore, ResolvedConnection } from './connection-store.ts';

export type CreateOperatorClient = (
  connection: ResolvedConnection,
) => OperatorClient | Promise<OperatorClient>;

export class OperatorClients {
  readonly #connections: ConnectionStore;
  readonly #create: CreateOperatorClient;
  readonly #clients = new Map<string, Promise<OperatorClient>>();

  constructor(connections: ConnectionStore, create: CreateOperatorClient) {
    this.#connections = connections;
    this.#create = create;
  }

  /** The client of the active connection. */
  forActive(): Promise<OperatorClient> {
    return this.forConnection(this.#connections.getSettings().activeConnectionId);
  }

  /** The cached client of one connection. */
  forConnection(id: string): Promise<OperatorClient> {
    let client = this.#clients.get(id);
    if (!client) {
      client = this.fresh(id);
      this.#clients.set(id, client);
      client.catch(() => this.#clients.delete(id));
    }
    return client;
  }

  /** A new client that shares nothing (no cached token): what a connection test needs. */
  async fresh(id: string): Promise<OperatorClient> {
    return this.#create(await this.#connections.resolve(id));
  }

  /** Forgets one connection's client (or all), so the next call sees the saved settings. */
  invalidate(id?: string): void {
    if (id === undefined) this.#clients.clear();
    else this.#clients.delete(id);
  }
}
