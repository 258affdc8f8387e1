// One OperatorClient per profile, kept while the profile is unchanged so its OAuth token is reused;
// dropped when the profile is saved or deleted.
import type { OperatorClient } from '../operator/operator-client.ts';
import type { ProfileStore, ResolvedProfile } from './profile-store.ts';

export type CreateOperatorClient = (
  profile: ResolvedProfile,
) => OperatorClient | Promise<OperatorClient>;

export class OperatorClients {
  readonly #profiles: ProfileStore;
  readonly #create: CreateOperatorClient;
  readonly #clients = new Map<string, Promise<OperatorClient>>();

  constructor(profiles: ProfileStore, create: CreateOperatorClient) {
    this.#profiles = profiles;
    this.#create = create;
  }

  /** The client of the active profile. */
  forActive(): Promise<OperatorClient> {
    return this.forProfile(this.#profiles.getSettings().activeProfileId);
  }

  /** The cached client of one profile. */
  forProfile(id: string): Promise<OperatorClient> {
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
    return this.#create(await this.#profiles.resolve(id));
  }

  /** Forgets one profile's client (or all), so the next call sees the saved settings. */
  invalidate(id?: string): void {
    if (id === undefined) this.#clients.clear();
    else this.#clients.delete(id);
  }
}
