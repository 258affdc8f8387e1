// Client secrets live in the OS keychain (keytar) and nowhere else. Where no keychain is reachable
// the user may keep a secret for this session only: an in-memory map, never a file in clear.
import { createRequire } from 'node:module';
import type { VaultStatus } from '#shared/contract.ts';
import { AppFailure } from '../app-failure.ts';

export const KEYCHAIN_SERVICE = 'Invoice Desk';

/** The part of keytar the vault uses, so tests can pass a fake. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type SecretLocation = 'keychain' | 'session' | 'none';
type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

export interface CredentialVaultOptions {
  service?: string;
  /** Loads keytar; a rejection means "no keychain here" (native module missing or broken). */
  loadKeytar?: () => Promise<KeytarLike>;
  /** A Secret Service that never answers must not hang the app. */
  timeoutMs?: number;
  log?: Logger;
}

const PROBE_ACCOUNT = '__invoice-desk-probe__';

function loadKeytarModule(): Promise<KeytarLike> {
  // keytar is a CommonJS native addon; require keeps it out of the ESM loader's way.
  const require = createRequire(import.meta.url);
  return Promise.resolve(require('keytar') as KeytarLike);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Keep the reason to one readable line for the details pane.
  return message.split('\n')[0]!.slice(0, 300);
}

export class CredentialVault {
  readonly #service: string;
  readonly #loadKeytar: () => Promise<KeytarLike>;
  readonly #timeoutMs: number;
  readonly #log: Logger;
  readonly #session = new Map<string, string>();
  #probe: Promise<{ keytar?: KeytarLike; status: VaultStatus }> | undefined;

  constructor(options: CredentialVaultOptions = {}) {
    this.#service = options.service ?? KEYCHAIN_SERVICE;
    this.#loadKeytar = options.loadKeytar ?? loadKeytarModule;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#log = options.log ?? console;
  }

  /** Whether the OS keychain can be used; probed once per launch. */
  async status(): Promise<VaultStatus> {
    return (await this.#probeOnce()).status;
  }

  /** Stores a secret in the keychain, or in memory for this session only. */
  async set(account: string, secret: string, storage: 'keychain' | 'session'): Promise<void> {
    if (storage === 'session') {
      this.#session.set(account, secret);
      // The user chose not to persist it: a keychain copy would outlive that choice.
      const keytar = (await this.#probeOnce()).keytar;
      if (keytar)
        await this.#keychain(() => keytar.deletePassword(this.#service, account), 'delete');
      return;
    }
    const keytar = await this.#requireKeychain();
    await this.#keychain(() => keytar.setPassword(this.#service, account, secret), 'save');
    this.#session.delete(account);
  }

  /** The secret, from this session's memory first (the user's latest choice), else the keychain. */
  async get(account: string): Promise<string | undefined> {
    const inSession = this.#session.get(account);
    if (inSession !== undefined) return inSession;
    const keytar = (await this.#probeOnce()).keytar;
    if (!keytar) return undefined;
    const stored = await this.#keychain(() => keytar.getPassword(this.#service, account), 'read');
    return stored ?? undefined;
  }

  /** Where the secret of this account is kept, without revealing it. */
  async location(account: string): Promise<SecretLocation> {
    if (this.#session.has(account)) return 'session';
    const keytar = (await this.#probeOnce()).keytar;
    if (!keytar) return 'none';
    try {
      const stored = await withTimeout(
        keytar.getPassword(this.#service, account),
        this.#timeoutMs,
        'The keychain',
      );
      return stored ? 'keychain' : 'none';
    } catch (error) {
      this.#log.warn(`[vault] could not read the keychain: ${reasonOf(error)}`);
      return 'none';
    }
  }

  /** Forgets the secret everywhere it may be kept. */
  async delete(account: string): Promise<void> {
    this.#session.delete(account);
    const keytar = (await this.#probeOnce()).keytar;
    if (keytar) await this.#keychain(() => keytar.deletePassword(this.#service, account), 'delete');
  }

  #probeOnce(): Promise<{ keytar?: KeytarLike; status: VaultStatus }> {
    this.#probe ??= (async () => {
      let keytar: KeytarLike;
      try {
        keytar = await this.#loadKeytar();
      } catch (error) {
        const reason = `keytar could not be loaded: ${reasonOf(error)}`;
        this.#log.warn(`[vault] keychain unavailable: ${reason}`);
        return { status: { available: false, reason } };
      }
      try {
        // A read of an account that does not exist proves the Secret Service answers.
        await withTimeout(
          keytar.getPassword(this.#service, PROBE_ACCOUNT),
          this.#timeoutMs,
          'The keychain',
        );
        return { keytar, status: { available: true } };
      } catch (error) {
        const reason = `the OS keychain (Secret Service) is not reachable: ${reasonOf(error)}`;
        this.#log.warn(`[vault] keychain unavailable: ${reason}`);
        return { status: { available: false, reason } };
      }
    })();
    return this.#probe;
  }

  async #requireKeychain(): Promise<KeytarLike> {
    const { keytar, status } = await this.#probeOnce();
    if (!keytar) {
      throw new AppFailure(
        'keychain',
        `The OS keychain is unavailable, so the secret cannot be saved in it (${status.reason ?? 'unknown reason'}). ` +
          'Keep it for this session only, or start a keychain (Secret Service) and try again.',
      );
    }
    return keytar;
  }

  async #keychain<T>(operation: () => Promise<T>, verb: string): Promise<T> {
    try {
      return await withTimeout(operation(), this.#timeoutMs, 'The keychain');
    } catch (error) {
      throw new AppFailure(
        'keychain',
        `The OS keychain refused to ${verb} the secret: ${reasonOf(error)}`,
      );
    }
  }
}
