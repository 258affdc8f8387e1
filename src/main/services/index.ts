// The composition root: builds every service of the main process from its dependencies.
// Plain Node (no 'electron' import): the Electron shell passes its own settings store and locale.
import { Console } from 'node:console';
import { fileOwnerFrom } from './export/output-name.ts';
import { join } from 'node:path';
import type { EventName, Events, SettingsRepair } from '#shared/contract.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { ensureDataDir } from './paths.ts';
import { detectOsLocale } from './os-locale.ts';
import {
  ExportJobs,
  noDestination,
  savingDestination,
  type ChooseExportPath,
  type ExportDestination,
} from './export/export-jobs.ts';
import type { ArchiveLoan } from './export/exporter.ts';
import {
  EmbeddedDemoOperator,
  OperatorClients,
  ConnectionStore,
  openConfSettingsStore,
  type KeyValueStore,
  type StartDemo,
  type CreateOperatorClient,
} from './connections/index.ts';
import { CredentialVault, type KeytarLike } from './vault/index.ts';
import { Archives, archiveDir } from './archive/archives.ts';
import { userDataDirectory } from './archive/user-data-directory.ts';
import type { UserDataDirectory } from './archive/user-data-port.ts';
import type { BankDirectory } from './archive/bank-port.ts';
import type { ArchivePort } from './archive/ports.ts';
import { createAccountingService, type AccountingService } from './accounting/index.ts';
import { SyncRounds, SyncScheduler, SyncSchedules } from './sync-rounds/index.ts';
import { SingleSync } from './sync-rounds/single-sync.ts';
import type { FirmSync } from './sync-rounds/firm-sync.ts';
import { keepDetailsAfterSync } from './portfolio/index.ts';
import { besideTheArchive, type ReportSource } from './reports/report-source.ts';
import { exceptionList, exceptionsDeps } from './exceptions/index.ts';
import { clockFromEnv, type Clock } from './clock.ts';
import { StoreChoice } from './archive/store-choice.ts';
import { shareClients } from './firm/clients.ts';
import { workstationUser } from './workstation-user.ts';
import { FirmChangeRelay, type ListenForChanges } from './firm/changes.ts';
import { AppFailure } from './app-failure.ts';
import { listenForChanges } from './archive/postgres/changes.ts';
import { isSessionOf } from './archive/postgres/database.ts';
import { claimSyncOwner } from './archive/postgres/sync-owner.ts';
import { FIRST_PAGE, FirstSearch } from './first-search.ts';
import type { OperatorClient } from './operator/operator-client.ts';
import { traceStart } from './start-trace.ts';
import { startDemoThread } from './demo-operator-thread.ts';

export type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/** A logger that keeps stdout free (the CLI's --json output owns it). */
export const stderrLogger: Logger = new Console({ stdout: process.stderr, stderr: process.stderr });

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

/** Where main's events go; each transport (IPC, the browser host's SSE) subscribes. */
export interface EventHub {
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  subscribe(listener: EventListener): () => void;
}

function createEventHub(log: Logger = stderrLogger): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) {
        try {
          listener(event, payload);
        } catch (error) {
          log.warn(`[events] a listener of ${event} failed: ${(error as Error).message}`);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface Services {
  dataDir: string;
  shell: 'electron' | 'browser';
  version: string;
  env: NodeJS.ProcessEnv;
  osLocale: () => string;
  log: Logger;
  connections: ConnectionStore;
  vault: CredentialVault;
  demo: EmbeddedDemoOperator;
  operators: OperatorClients;
  /** Each connection's archive (SQLite under <dataDir>/archive/) and its sync. */
  archives: Archives;
  events: EventHub;
  /** Excel exports under way (export:start / export:cancel, the CLI's export). */
  exports: ExportJobs;
  /** Pre-accounting: each connection's settings, third parties' accounts and entries. */
  accounting: AccountingService;
  /** Background sync (issue 19): the firm's schedule, and rounds over every connection due. */
  syncSchedules: SyncSchedules;
  syncRounds: SyncRounds;
  /** What was repaired in settings.json at start (or since), until the app restarts. */
  settingsRepair: () => SettingsRepair | undefined;
  /** "Now" for every service: the system's, or INVOICE_DESK_NOW's, or a test's (clock.ts). */
  clock: Clock;
  /** Runs `read` on a connection's archive, through its port (opened on first use). */
  readArchive<T>(connectionId: string, read: (archive: ArchivePort) => Promise<T>): Promise<T>;
  /** Runs `read` on what a report reads of a connection (reports/report-source.ts): its
   * archive's port (opened on first use, as readArchive), its user data, its bank's matches. */
  readReports<T>(connectionId: string, read: (source: ReportSource) => Promise<T>): Promise<T>;
  /** The shells call it once at start: what the first screen will ask first is started before
   * the page asks (issue 27, item 7): for a demo connection the embedded demo operator, its
   * client and token; for any, its archive's opening check (none is created). A failure is left
   * to the first real call, which reports it. `firstSearchAfter`: the first screen's search
   * waits for it (the browser host serves the page's scripts first: the search's validation and
   * write-through hold the event loop). */
  warmUp(options?: { firstSearchAfter?: Promise<unknown> }): void;
  /** What the user wrote about each connection's invoices, found by connection id (issue 28). */
  userData: UserDataDirectory;
  /** Which store the archive's ports read (issue 30): the embedded SQLite archives, or the
   * firm's PostgreSQL archive with its local copies; its state for the screens. */
  archiveStore: StoreChoice;
  /** Each connection's bank statements and matches, on the chosen store (issue 30). */
  bank: BankDirectory;
  /** One connection's sync on demand, through the firm's sync owner on its store (issue 30). */
  singleSync: SingleSync;
  /** The firm's list of clients shared (null on the embedded store or out of reach). */
  shareFirmClients(): ReturnType<typeof shareClients>;
  /** The first screen's search, sent by warmUp before the page asks (issue 27, item 7). */
  firstSearch: FirstSearch;
  /** Stops what the services started (the syncs, the archives, the demo operator). */
  close(): Promise<void>;
}

export interface CreateServicesOptions {
  dataDir: string;
  shell: 'electron' | 'browser';
  /** The Electron shell passes electron-store over the same file; plain Node opens it with conf. */
  settingsStore?: {
    store: KeyValueStore;
    recover?: () => void;
    repair?: SettingsRepair | undefined;
  };
  env?: NodeJS.ProcessEnv;
  osLocale?: () => string;
  log?: Logger;
  version?: string;
  /** Electron: the save dialog, run in main (the renderer never names a path). */
  chooseExportPath?: ChooseExportPath;
  /** Where exports go when not to a chosen path (the browser host's one-time downloads). */
  exportDestination?: ExportDestination;
  /** The export writer's worker script where a bundle put it (Electron's build). */
  exportWorkerUrl?: URL | string;
  /** A connection's archive for an export, or null when it has none. Default: the registry's
   * store, the one the app writes through (kept open; its release does nothing), never
   * creating an archive. Tests lend their own. */
  borrowArchive?: (connectionId: string) => Promise<ArchiveLoan | null>;
  /** Starts the scheduler of background sync rounds (the Electron shell and the browser host
   * ask for it; the CLI and tests get no timer unless they do). */
  backgroundSync?: boolean | { intervalMs?: number; firstDelayMs?: number };
  /** What "now" is (default: INVOICE_DESK_NOW from env when set, else the system's). */
  clock?: Clock;
  /** The demo operator's thread script where a bundle put it (Electron's build): the demo then
   * runs on that thread; absent, in this process (the CLI's one-shot commands). */
  demoWorkerUrl?: URL | string;
  /** Test seams. */
  startDemo?: StartDemo;
  createOperatorClient?: CreateOperatorClient;
  loadKeytar?: () => Promise<KeytarLike>;
  /** How main hears another workstation's changes on the firm's archive (issue 30, item 4). */
  listenForChanges?: ListenForChanges;
}

/** The embedded demo operator, its data dated from the services' clock (a host started at
 * INVOICE_DESK_NOW shows invoices of that month), on a thread of its own (issue 27, item 7). */
/** The demo operator on a thread of its own where a window waits on main's event loop (the
 * Electron shell passes its bundled worker; `cli web` starts its thread itself): building its
 * 3,000 invoices there held the page's files 0.4–1.5 s. A one-shot command (the CLI's sync,
 * report, fec…) has no page to keep answering: in this process it spares the thread's start and
 * a second load of the demo's code (CI's CLI tests took about 30 s longer on the thread). */
const defaultStartDemo = (clock: Clock, log: Logger, workerUrl?: URL | string): StartDemo =>
  workerUrl
    ? () =>
        startDemoThread({
          now: clock.now().getTime(),
          workerUrl,
          onFailure: (message) => log.error(`[demo] the demo operator did not start: ${message}`),
        })
    : async () => {
        // Loaded on first use: the demo operator's data generator is not needed before.
        const { startDemoOperator } = await import('../demo-operator/index.ts');
        return startDemoOperator({ port: 0, now: clock.now().getTime() });
      };

const defaultCreateOperatorClient: CreateOperatorClient = async (connection) => {
  const { OperatorClient } = await import('./operator/operator-client.ts');
  return new OperatorClient({
    connection: connection.connection,
    getClientSecret: connection.getClientSecret,
  });
};

export function createServices(options: CreateServicesOptions): Services {
  const log = options.log ?? stderrLogger;
  const clock = options.clock ?? clockFromEnv(options.env ?? process.env);
  const now = (): Date => clock.now();
  const dataDir = ensureDataDir(options.dataDir);
  const settings = options.settingsStore ?? openConfSettingsStore(dataDir, log);
  const vault = new CredentialVault({
    log,
    ...(options.loadKeytar ? { loadKeytar: options.loadKeytar } : {}),
  });
  const demo = new EmbeddedDemoOperator(
    options.startDemo ?? defaultStartDemo(clock, log, options.demoWorkerUrl),
  );
  const connections = new ConnectionStore({
    store: settings.store,
    vault,
    demo,
    log,
    ...(settings.recover ? { recover: settings.recover } : {}),
  });
  const operators = new OperatorClients(
    connections,
    options.createOperatorClient ?? defaultCreateOperatorClient,
  );
  const events = createEventHub(log);
  // The store the archive's ports read: the firm's when firm.json names one (archive/
  // store-choice.ts), else the embedded archives. Made as the archives are (it wraps theirs).
  let archiveStore!: StoreChoice;
  // Another workstation's changes, heard while connected to the firm's archive (firm/changes.ts).
  const relay = new FirmChangeRelay({
    listen: options.listenForChanges ?? listenForChanges,
    emit: (change) => events.emit('firm:changed', change),
    activeConnectionId: () => connections.getSettings().activeConnectionId,
    log,
  });
  // Once the firm's store answers: this workstation's clients listed, the others' taken in (the
  // screens' list of connections told when it grew).
  const joinFirmClients = async (): Promise<void> => {
    const before = connections.references().length;
    try {
      await shareClients({ choice: archiveStore, connections, vault, who: workstationUser, now });
    } catch (error) {
      log.warn(`[firm] the firm's list of clients: ${(error as Error).message}`);
      return;
    }
    if (connections.references().length !== before) events.emit('connections:changed', undefined);
  };
  const followChanges = (state: ReturnType<StoreChoice['state']>): void => {
    if (state.store === 'firm' && state.connection.state === 'connected')
      void archiveStore
        .link()
        .then((link) => link && relay.follow(link.options, (pid) => isSessionOf(link.pool, pid)));
    else if (state.store === 'embedded') void relay.stop();
  };
  const embeddedUserData: UserDataDirectory = {
    of: (id) => userDataDirectory(archives).of(id),
    existing: (id) => userDataDirectory(archives).existing(id),
  };
  // A sync that found news (Nouveautés) tells the shells, named as the user named its
  // connection: the Electron shell and the browser host's page show one notification from it.
  const archives = new Archives({
    dataDir,
    log,
    now,
    onNewsFound: (connectionId, counts) =>
      void connections
        .get(connectionId)
        .then((connection) =>
          events.emit('news:found', { connectionId, connectionName: connection.name, counts }),
        )
        .catch(() => undefined), // deleted meanwhile: no one to tell
    choosePorts: (embedded) =>
      (archiveStore = new StoreChoice({
        dataDir,
        vault,
        embedded,
        embeddedUserData,
        now,
        log,
        who: workstationUser,
        onState: (state) => {
          events.emit('firm:state', state);
          followChanges(state);
          if (state.store === 'firm' && state.connection.state === 'connected')
            setImmediate(() => void joinFirmClients());
        },
      })).ports,
  });
  const env = options.env ?? process.env;
  const version = options.version ?? packageJson.version;
  // Exports read the same store the app writes through (one per connection); a connection
  // never synced has no archive, and reading it creates none.
  const borrowArchive =
    options.borrowArchive ??
    (async (connectionId: string): Promise<ArchiveLoan | null> => {
      const archive = await archives.ports.existing(connectionId);
      return archive ? { archive, release: () => undefined } : null;
    });
  const userData = archiveStore.userData;
  // The ledger reads the store chosen: on the firm's archive the firm's third parties, settings
  // and bank, so that every workstation's ledger and FEC are the same (issue 30).
  const accounting = createAccountingService({
    archives,
    now,
    userData,
    bank: archiveStore.bank,
  });
  // What the reports read beside a connection's archive (reports/report-source.ts).
  const beside = besideTheArchive(dataDir, userData, archiveStore.bank);
  // A connection's portfolio details are computed as its sync ends (0.1–0.2 s at 20,000
  // invoices), so that the portfolio's reading after a round finds them kept (services/portfolio).
  events.subscribe((event, payload) => {
    if (event !== 'sync:progress') return;
    const { phase, connectionId } = payload as Events['sync:progress'];
    if (phase === 'done')
      setTimeout(
        () =>
          void keepDetailsAfterSync(
            { archives, accounting, now, userData, bank: archiveStore.bank },
            connectionId,
          ),
        0,
      );
    // On the firm's store, what the sync wrote is copied into the local copy (offline reading).
    if (phase === 'done')
      void archiveStore
        .refreshLocalCopy(connectionId)
        .catch((error: unknown) =>
          log.warn(`[firm] local copy of ${connectionId}: ${(error as Error).message}`),
        );
  });
  const exports = new ExportJobs({
    exporter: {
      operator: (connectionId) => operators.forConnection(connectionId),
      borrowArchive,
      beside,
      // The FEC and the entries workbook: the same ledger the Comptabilité screen shows.
      ledger: (connectionId, period) => accounting.ledger(connectionId, period),
      // The exceptions workbook: the same list the Suivi screen's "À traiter" shows.
      exceptions: (connectionId, period, show) =>
        exceptionList(
          exceptionsDeps(archives, accounting, now, { userData, bank: archiveStore.bank }),
          connectionId,
          period,
          show,
        ),
      // Every file is named after the connection's client company (issue 27, item 1).
      company: async (connectionId) =>
        (
          await fileOwnerFrom(
            '',
            await archives.ports.existing(connectionId),
            await userData.existing(connectionId),
          )
        ).company,
      version,
      now,
      ...(options.exportWorkerUrl ? { workerUrl: options.exportWorkerUrl } : {}),
    },
    connectionName: async (connectionId) => (await connections.get(connectionId)).name,
    destination:
      options.exportDestination ??
      (options.chooseExportPath ? savingDestination(options.chooseExportPath) : noDestination),
    emit: (progress) => events.emit('export:progress', progress),
  });
  const syncSchedules = new SyncSchedules(settings.store);
  const firmSyncOf = async (): Promise<FirmSync | null> => {
    if (archiveStore.state().store !== 'firm') return null;
    const link = await archiveStore.link();
    if (!link) throw new AppFailure('offline', "The firm's archive cannot be reached.");
    return {
      archives: link.archives.ports,
      syncOwner: (connectionId) => claimSyncOwner(link.options, connectionId),
    };
  };
  const syncRounds = new SyncRounds({
    archives,
    // Hidden demo connections are out of the rounds (issue 27, item 5).
    connections: {
      references: () => connections.clientReferences(),
      get: (id) => connections.get(id),
      getSettings: () => connections.getSettings(),
    },
    operators,
    schedules: syncSchedules,
    backoffFile: join(archiveDir(dataDir), 'sync-backoff.json'),
    now: () => clock.now().getTime(), // "due" compares with the syncs' dates, on this clock
    emit: (status) => events.emit('syncRound:progress', status),
    emitSync: (connectionId, progress) =>
      events.emit('sync:progress', { ...progress, connectionId }),
    log,
    // On the firm's store, one sync per firm (issue 30, item 3): a connection is synced into it
    // by its sync owner only; out of reach, the rounds fail and back off (never into the copy).
    firmOf: firmSyncOf,
  });
  // "Synchroniser" and `sync --connection`, through the sync owner as the rounds (issue 30).
  const singleSync = new SingleSync({ archives, firmOf: firmSyncOf });
  const scheduler = options.backgroundSync
    ? new SyncScheduler({
        rounds: syncRounds,
        workOffline: () => connections.getSettings().workOffline,
        log,
        ...(typeof options.backgroundSync === 'object' ? options.backgroundSync : {}),
      })
    : null;
  scheduler?.start();
  const firstSearch = new FirstSearch({ now });
  /** The warm-up's first search, written through as the page's would be (none when the first
   * screen is the portfolio, or when working offline: the page's own call says so). */
  const firstSearchWanted = (connectionId: string): boolean => {
    const settings = connections.getSettings();
    if (settings.workOffline || settings.activeConnectionId !== connectionId) return false;
    return connections.references().filter((c) => c.kind === 'custom').length <= 1;
  };
  const sendFirstSearch = (connectionId: string, client: OperatorClient): void => {
    if (!firstSearchWanted(connectionId)) return;
    firstSearch.send(client, async (value, fetchedAt) => {
      try {
        await (
          await archives.ports.open(connectionId)
        ).saveSearchPage(FIRST_PAGE, value, fetchedAt);
        traceStart('warm-up: first search saved');
        return true;
      } catch (error) {
        log.warn(`[archive] could not save this invoice search: ${(error as Error).message}`);
        return false;
      }
    });
  };
  return {
    dataDir,
    shell: options.shell,
    version,
    env,
    osLocale: options.osLocale ?? (() => detectOsLocale(env)),
    log,
    connections,
    vault,
    demo,
    operators,
    archives,
    events,
    exports,
    accounting,
    syncSchedules,
    syncRounds,
    settingsRepair: () => settings.repair,
    clock,
    readArchive: async (connectionId, read) => read(await archives.ports.open(connectionId)),
    readReports: async (connectionId, read) =>
      read({ archive: await archives.ports.open(connectionId), ...beside }),
    warmUp(options = {}) {
      const active = connections.getSettings().activeConnectionId;
      if (!active) return;
      // The keychain's first use (keytar loaded, the Secret Service asked) under way before
      // the page lists the connections, which says where each client's secret is kept.
      if (connections.references().some((c) => c.kind === 'custom'))
        vault.status().catch(() => undefined);
      // The demo operator's invoices built on its thread meanwhile; the client (code loaded,
      // the demo's address known), its token, then the first screen's search (its answer
      // validated, then written through): the page takes it.
      const isDemo = connections.references().some((c) => c.id === active && c.kind === 'demo');
      // Started whichever is active: the connections' list names the demo ones by its address.
      (isDemo ? demo.buildInvoices() : demo.ensureStarted()).catch(() => undefined);
      // The operator client's code loads while the demo's thread starts (the client needs both).
      import('./operator/operator-client.ts').catch(() => undefined);
      operators
        .forConnection(active)
        .then(async (client) => {
          traceStart('warm-up: client ready');
          // The secret (the keychain) and the token now, while the page loads: only the search
          // waits for the page's scripts. A failure is the search's to meet and report.
          if (firstSearchWanted(active)) client.tokenProvider.getToken().catch(() => undefined);
          await options.firstSearchAfter;
          traceStart('warm-up: first search sent');
          sendFirstSearch(active, client);
        })
        .catch(() => undefined); // the page's own call meets it and says so
      // Its archive's opening check, off the first search's path (none is created here).
      setImmediate(() => {
        // Damaged: the first screen's call reports it.
        archives.ports.existing(active).catch(() => undefined);
      });
    },
    userData,
    archiveStore,
    bank: archiveStore.bank,
    singleSync,
    shareFirmClients: () =>
      shareClients({ choice: archiveStore, connections, vault, who: workstationUser, now }),
    firstSearch,
    async close() {
      scheduler?.stop();
      syncRounds.cancel();
      singleSync.cancelAll();
      exports.cancelAll();
      await archives.close();
      await relay.stop();
      await archiveStore.close();
      await syncRounds.settled();
      operators.invalidate();
      await demo.close();
    },
  };
}
