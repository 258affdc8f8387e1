// Which store answers the archive's ports (issue 30, item 2): the embedded SQLite archives by
// default (no firm.json: the README's commands need no server), the firm's PostgreSQL archive
// when this workstation was connected to one (firm.json + the password in the keychain). On
// the firm's store, each connection read is copied into its embedded archive (local-copy.ts);
// when the server cannot be reached the same ports read that copy, and the state says since
// when and of when each copy is.
import type pg from 'pg';
import type { FirmState } from '#shared/firm.ts';
import type { ArchivePort, ArchivesPort } from './ports.ts';
import type { UserDataDirectory, UserDataPort } from './user-data-port.ts';
import type { BankDirectory } from './bank-port.ts';
import { bankDirectory } from './bank-directory.ts';
import { postgresBankDirectory } from './postgres/bank.ts';
import {
  BANK_WRITES,
  USER_DATA_WRITES,
  refusingWrites,
  writesOrRefusal,
} from './offline-writes.ts';
import { AppFailure } from '../app-failure.ts';
import { LocalCopies } from './local-copy.ts';
import { PostgresArchives } from './postgres/archives.ts';
import { DEFAULT_SCHEMA, openPool, type DatabaseOptions } from './postgres/database.ts';
import { firmDatabaseOptions } from './postgres/firm-store.ts';
import { readFirmSettings, splitUrl } from './postgres/firm-settings.ts';
import { accountingSirens, postgresUserDataDirectory } from './postgres/user-data.ts';
import { sayingWho } from './marks-by.ts';
import { decisionsSayingWho, partiesSayingWho } from './writers-named.ts';
import { appliedVersion, assertSchema } from './postgres/migrate.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/** The firm's store once reached: its archives and the pool they share. */
export interface FirmLink {
  archives: PostgresArchives;
  pool: pg.Pool;
  schemaVersion: number;
  options: DatabaseOptions;
}

export interface StoreChoiceOptions {
  dataDir: string;
  vault: { get(account: string): Promise<string | undefined> };
  /** The embedded archives and user data (and, on the firm's store, the local copies). */
  embedded: ArchivesPort;
  embeddedUserData: UserDataDirectory;
  now: () => Date;
  log: Logger;
  /** Told each time the state changes (the settings screen, the offline banner). */
  onState?: (state: FirmState) => void;
  /** After a failure, the server is tried again after this long (ms; default 15 s). */
  retryMs?: number;
  /** How long reaching the server may take before it counts as out of reach (ms; default 8 s). */
  connectTimeoutMs?: number;
  /** Who writes (the workstation's user), as the firm's shared user data records it. */
  who?: () => string;
  /** A read checks whether its client's local copy is behind at most this often (ms; default
   * 30 s); a sync's end always does (refreshLocalCopy). */
  copyCheckMs?: number;
}

/** Errors that say the server is out of reach (not a refusal of what we asked). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08')))
    return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    error.message,
  );
}

/** The failure's words without what could carry a secret (a URL with its password). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/postgres(?:ql)?:\/\/[^\s]+/gi, 'postgres://…');
}

export class StoreChoice {
  readonly #options: StoreChoiceOptions;
  readonly #copies: LocalCopies;
  #link: Promise<FirmLink | null> | null = null;
  #state: FirmState = { store: 'embedded' };
  #retryAt = 0;
  #reconnecting: Promise<FirmLink | null> | null = null;
  /** When each connection's copy was last checked after a read (real time: a pace). */
  readonly #checkedAt = new Map<string, number>();
  #closed = false;

  constructor(options: StoreChoiceOptions) {
    this.#options = options;
    this.#copies = new LocalCopies(options.dataDir);
    this.#state = this.#settledState();
  }

  /** Where the archive is and how it goes, as the screens show it. */
  state(): FirmState {
    return this.#state;
  }

  #settledState(): FirmState {
    const settings = readFirmSettings(this.#options.dataDir);
    if (!settings) return { store: 'embedded' };
    return {
      store: 'firm',
      url: settings.url,
      user: splitUrl(settings.url).user,
      tls: settings.tls,
      caFile: settings.caFile ?? null,
      connection: { state: 'connecting' },
      localCopies: this.#copies.dates(),
    };
  }

  #setConnection(connection: Extract<FirmState, { store: 'firm' }>['connection']): void {
    const base = this.#settledState();
    this.#state =
      base.store === 'firm' ? { ...base, connection, localCopies: this.#copies.dates() } : base;
    this.#options.onState?.(this.#state);
  }

  /** The firm's store, reached on first use; null on the embedded store or while the server
   * cannot be reached (then tried again after retryMs). A server that answers but refuses us
   * (wrong password, schema) is a failure every use says. */
  async link(): Promise<FirmLink | null> {
    if (this.#closed) return null;
    if (this.#isDown()) {
      if (!this.#due()) return null;
      if (!this.#reconnecting) {
        const old = this.#link;
        this.#reconnecting = this.#connect().finally(() => (this.#reconnecting = null));
        this.#link = this.#reconnecting;
        void old?.then((link) => link?.archives.close()).catch(() => undefined);
      }
      return this.#reconnecting;
    }
    this.#link ??= this.#connect();
    return this.#link;
  }

  #isDown(): boolean {
    return this.#state.store === 'firm' && this.#state.connection.state === 'unreachable';
  }

  #due(): boolean {
    return Date.now() >= this.#retryAt; // real time: a pace of retries, not a date
  }

  async #connect(): Promise<FirmLink | null> {
    let options: DatabaseOptions | null;
    try {
      options = await firmDatabaseOptions(this.#options.dataDir, this.#options.vault);
    } catch (error) {
      // No password in this keychain (or no keychain): the server cannot be used from here,
      // the local copies can; the state says why.
      if (!(error instanceof AppFailure) || error.kind !== 'keychain') throw error;
      this.#lost(error);
      return null;
    }
    if (!options) {
      this.#state = { store: 'embedded' };
      return null;
    }
    if (this.#state.store !== 'firm' || this.#state.connection.state !== 'unreachable')
      this.#setConnection({ state: 'connecting' });
    const pool = openPool(options);
    // A server that never answers (a dropped network) is out of reach after this, not after
    // the system's TCP timeout: reads go to the local copies meanwhile.
    pool.options.connectionTimeoutMillis = this.#options.connectTimeoutMs ?? 8_000;
    try {
      const client = await pool.connect();
      let schemaVersion: number;
      try {
        const schema = options.schema ?? DEFAULT_SCHEMA;
        await assertSchema(client, schema);
        schemaVersion = await appliedVersion(client, schema);
      } finally {
        client.release();
      }
      this.#setConnection({ state: 'connected', schemaVersion });
      return { archives: new PostgresArchives(pool, options.schema), pool, schemaVersion, options };
    } catch (error) {
      await pool.end().catch(() => undefined);
      if (!isUnreachable(error)) throw error;
      this.#lost(error);
      return null;
    }
  }

  /** The server stopped answering: reads go to the local copies until it answers again. */
  #lost(error: unknown): void {
    this.#retryAt = Date.now() + (this.#options.retryMs ?? 15_000);
    if (!this.#isDown()) {
      this.#options.log.warn(`[firm] the firm's archive cannot be reached: ${reasonOf(error)}`);
      this.#setConnection({
        state: 'unreachable',
        reason: reasonOf(error),
        since: this.#options.now().toISOString(),
      });
    }
  }

  /** Forgets the store reached (the settings changed: connect, disconnect); the next use
   * reaches the one the settings now name. */
  async reset(): Promise<void> {
    const old = this.#link;
    this.#link = null;
    this.#retryAt = 0;
    this.#state = this.#settledState();
    this.#options.onState?.(this.#state);
    await old?.then((link) => link?.archives.close()).catch(() => undefined);
  }

  /** Copies the connection's firm archive into its local one if it changed since; false on
   * the embedded store or offline. */
  async refreshLocalCopy(connectionId: string): Promise<boolean> {
    const link = await this.link();
    if (!link) return false;
    try {
      const firm = await link.archives.ports.existing(connectionId);
      if (!firm) return false;
      const copied = await this.#copies.refresh(
        firm,
        () => this.#options.embedded.open(connectionId),
        this.#options.now,
      );
      if (copied && this.#state.store === 'firm')
        this.#state = { ...this.#state, localCopies: this.#copies.dates() };
      return copied;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      this.#lost(error);
      return false;
    }
  }

  /** A refresh after a read, in the background: a failure is logged, never the read's. */
  #refreshLater(connectionId: string): void {
    const now = Date.now();
    if (
      now - (this.#checkedAt.get(connectionId) ?? -Infinity) <
      (this.#options.copyCheckMs ?? 30_000)
    )
      return;
    this.#checkedAt.set(connectionId, now);
    setImmediate(() => {
      this.refreshLocalCopy(connectionId).catch((error: unknown) =>
        this.#options.log.warn(`[firm] local copy of ${connectionId}: ${reasonOf(error)}`),
      );
    });
  }

  /** The local copy a read falls back on: its failure says there is none. */
  async #localCopy(connectionId: string): Promise<ArchivePort> {
    const local = await this.#options.embedded.existing(connectionId);
    if (!local)
      throw new AppFailure(
        'offline',
        "The firm's archive cannot be reached and this workstation has no local copy of this client.",
      );
    return local;
  }

  /** A port of the firm's archive whose calls, should the server stop answering, are answered
   * by the local copy. */
  #withFallback(port: ArchivePort): ArchivePort {
    const fallback = (key: PropertyKey, args: unknown[]) => async () => {
      const local = (await this.#localCopy(port.connectionId)) as unknown as Record<
        PropertyKey,
        (...a: unknown[]) => unknown
      >;
      return local[key]!(...args);
    };
    return new Proxy(port, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = value.apply(target, args);
          if (result instanceof Promise)
            return result.catch((error: unknown) => {
              if (!isUnreachable(error)) throw error;
              this.#lost(error);
              return fallback(key, args)();
            });
          if (result && typeof result === 'object' && Symbol.asyncIterator in result)
            return this.#iterateWithFallback(
              result as AsyncIterable<unknown>,
              fallback(key, args) as () => Promise<AsyncIterable<unknown>>,
            );
          return result;
        };
      },
    });
  }

  /** A stream that, failing before its first batch for want of the server, is the local one's. */
  async *#iterateWithFallback<T>(
    stream: AsyncIterable<T>,
    local: () => Promise<AsyncIterable<T>>,
  ): AsyncIterable<T> {
    let started = false;
    try {
      for await (const batch of stream) {
        started = true;
        yield batch;
      }
    } catch (error) {
      if (started || !isUnreachable(error)) throw error;
      this.#lost(error);
      yield* await local();
    }
  }

  /** Runs `onFirm` on the firm's store, else (embedded, or out of reach) `onLocal`. */
  async #route<T>(onFirm: (link: FirmLink) => Promise<T>, onLocal: () => Promise<T>): Promise<T> {
    const link = await this.link();
    if (!link) return onLocal();
    try {
      return await onFirm(link);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      this.#lost(error);
      return onLocal();
    }
  }

  /** The archive's ports, answered by the chosen store. */
  readonly ports: ArchivesPort = {
    open: (id) =>
      this.#route(
        async (link) => {
          const port = this.#withFallback(await link.archives.ports.open(id));
          this.#refreshLater(id);
          return port;
        },
        // Out of reach, a read finds the local copy or says there is none (never an empty one).
        () =>
          this.#state.store === 'firm' ? this.#localCopy(id) : this.#options.embedded.open(id),
      ),
    syncWrites: (id) =>
      this.#route(
        (link) => link.archives.ports.syncWrites(id),
        // Out of reach, a sync writes nothing here: the firm's archive is the one synced.
        () => this.#options.embedded.syncWrites(id),
      ),
    existing: (id) =>
      this.#route(
        async (link) => {
          const port = await link.archives.ports.existing(id);
          if (!port) return null;
          this.#refreshLater(id);
          return this.#withFallback(port);
        },
        () => this.#options.embedded.existing(id),
      ),
    read: (id, read) =>
      this.#route(
        async (link) => {
          const found = await link.archives.ports.existing(id);
          if (!found) return null;
          this.#refreshLater(id);
          return read(this.#withFallback(found));
        },
        () => this.#options.embedded.read(id, read),
      ),
    portfolio: (ids, asOf) =>
      this.#route(
        (link) => link.archives.ports.portfolio(ids, asOf),
        () => this.#options.embedded.portfolio(ids, asOf),
      ),
  };

  /** The user data's port, answered by the chosen store. */
  readonly userData: UserDataDirectory = this.#shared(
    (link) => {
      const who = this.#options.who ?? (() => '?');
      const firm = postgresUserDataDirectory(link.pool, who);
      // Each mark says who made it when another workstation's user did (marks-by.ts).
      // So does each third party's account (writers-named.ts).
      const named = (port: UserDataPort) => sayingWho(partiesSayingWho(port, who), who);
      return {
        of: async (id) => named(await firm.of(id)),
        existing: async (id) => {
          const port = await firm.existing(id);
          return port && named(port);
        },
      };
    },
    () => this.#options.embeddedUserData,
    USER_DATA_WRITES,
  );

  /** A directory of what the accountants share (user data, bank): the firm's store holds it
   * (issue 30, item 4); on the embedded store the workstation's files. Out of reach, the local
   * copy answers reads and refuses writes, which would stay there unseen (offline-writes.ts). */
  #shared<P extends object>(
    firm: (link: FirmLink) => {
      of(id: string): Promise<P>;
      existing(id: string): Promise<P | null>;
    },
    local: () => { of(id: string): Promise<P>; existing(id: string): Promise<P | null> },
    writes: ReadonlySet<keyof P>,
  ): { of(id: string): Promise<P>; existing(id: string): Promise<P | null> } {
    const on = async <R extends P | null>(
      use: (directory: {
        of(id: string): Promise<P>;
        existing(id: string): Promise<P | null>;
      }) => Promise<R>,
    ): Promise<R> => {
      const offline = async (): Promise<R> => {
        const port = await use(local());
        return (port && refusingWrites(port, writes)) as R;
      };
      const link = await this.link();
      if (!link) return this.#state.store === 'firm' ? offline() : use(local());
      try {
        const port = await use(firm(link));
        const lost = (error: unknown): void => this.#lost(error);
        return (port && writesOrRefusal(port, writes, isUnreachable, lost)) as R;
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        this.#lost(error);
        return offline();
      }
    };
    return {
      of: (id) => on((directory) => directory.of(id)),
      existing: (id) => on((directory) => directory.existing(id)),
    };
  }

  /** The bank statements' port, answered by the chosen store: on the firm's store its
   * statements and matches are the firm's. */
  readonly bank: BankDirectory = {
    ...this.#shared(
      (link) => this.#firmBank(link),
      () => bankDirectory(this.#options.dataDir),
      BANK_WRITES,
    ),
    // The portfolio's bank figures, one query for every connection on the firm's store.
    toDecideOf: (ids) =>
      this.#route(
        (link) => this.#firmBank(link).toDecideOf(ids),
        () => bankDirectory(this.#options.dataDir).toDecideOf(ids),
      ),
  };

  /** The SIREN the accounting settings of each of these connections name, on the firm's store
   * in one query (the portfolio's rows); null on the embedded store or while the server is out
   * of reach: the workstation's own files say it then. */
  accountingSirens(connectionIds: readonly string[]): Promise<Map<string, string> | null> {
    return this.#route(
      (link) => accountingSirens(link.pool, connectionIds),
      async () => null,
    );
  }

  /** The firm's bank: a decided line says when, and who when another workstation's user
   * (writers-named.ts). */
  #firmBank(link: FirmLink): BankDirectory {
    const who = this.#options.who ?? (() => '?');
    const firm = postgresBankDirectory(link.pool, who);
    return {
      of: async (id) => decisionsSayingWho(await firm.of(id), who),
      existing: async (id) => {
        const port = await firm.existing(id);
        return port && decisionsSayingWho(port, who);
      },
      toDecideOf: (ids) => firm.toDecideOf(ids),
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    const link = this.#link;
    this.#link = null;
    await link?.then((l) => l?.archives.close()).catch(() => undefined);
  }
}
