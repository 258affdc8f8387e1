// The only place a channel meets a service: one function per contract channel, and the
// dispatcher both transports (Electron IPC, the browser host) call with untrusted input.
import {
  CHANNELS,
  isChannel,
  type AppInfo,
  type ArgsOf,
  type Channel,
  type Language,
  type Result,
  type ResultOf,
  type Settings,
  type Sourced,
  type AppError,
} from '#shared/contract.ts';
import { EXPAND_VALUES } from '#shared/operator/enums.ts';
import type { ArchivedListData } from '#shared/archive.ts';
import { argSchemas } from './contract-args.ts';
import { toAppError } from './services/errors.ts';
import { AppFailure } from './services/app-failure.ts';
import type { OperatorClient } from './services/operator/operator-client.ts';
import { checkReturnPeriod, computeReport } from './services/reports/index.ts';
import { checkRange } from '#shared/report-period.ts';
import type { Ca3Report } from '#shared/ca3.ts';
import { languageOfLocale } from './services/os-locale.ts';
import type { Logger, Services } from './services/index.ts';
import { invoiceSearchKey, requestKey } from './services/archive/sqlite/archive-store.ts';
import type { ArchiveStore, SavedResponseKind } from './services/archive/sqlite/archive-store.ts';
import { LedgerPages } from './services/accounting/ledger-pages.ts';
import { marksStamp } from './services/tax/marks-stamp.ts';
import { localDay } from './services/export/file-names.ts';
import { fileOwnerOf, ownedFileName, type FileOwner } from './services/export/output-name.ts';
import { wordsFor } from './services/export/words.ts';
import { portfolioDetails, portfolioRows } from './services/portfolio/index.ts';
import {
  exceptionList,
  exceptionsDeps,
  markExceptionsHandled,
  reopenExceptions,
} from './services/exceptions/index.ts';
import { NEWS_PAGE } from '#shared/news.ts';
import {
  declaredReturn,
  declareReturn,
  dueReturn,
  undeclareReturn,
  type TaxDeps,
} from './services/tax/index.ts';
import { workstationUser } from './services/exceptions/user-name.ts';
import {
  bankView,
  confirmBankLine,
  importBankStatement,
  saveBankAccount,
  undoBankLine,
  type BankScreenDeps,
} from './services/bank/bank-screen.ts';

export type Handlers = { [C in Channel]: (args: ArgsOf<C>) => Promise<ResultOf<C>> };
export type Dispatch = (channel: string, rawArgs: unknown) => Promise<Result<unknown>>;

type HandlerServices = Pick<
  Services,
  | 'version'
  | 'shell'
  | 'env'
  | 'osLocale'
  | 'connections'
  | 'vault'
  | 'operators'
  | 'archives'
  | 'events'
  | 'log'
  | 'settingsRepair'
  | 'exports'
  | 'readArchive'
  | 'accounting'
  | 'syncRounds'
  | 'syncSchedules'
  | 'clock'
> &
  // The bank files live beside the archives (issue 29); handlers built without it refuse bank calls.
  Partial<Pick<Services, 'dataDir'>>;

/** The language to show: INVOICE_DESK_LANG forces it, else the settings, else the OS locale
 * (French unless it asks for English). */
export function resolveLanguage(
  env: NodeJS.ProcessEnv,
  settings: Settings,
  osLocale: string,
): { language: Language; forced: boolean } {
  const forced = env.INVOICE_DESK_LANG?.trim().toLowerCase();
  if (forced === 'fr' || forced === 'en') return { language: forced, forced: true };
  if (settings.language !== 'system') return { language: settings.language, forced: false };
  return { language: languageOfLocale(osLocale), forced: false };
}

function isUnreachable(error: unknown): boolean {
  const { kind } = toAppError(error);
  return kind === 'offline' || kind === 'timeout';
}

/** "Travailler hors ligne" is on: `what` would send a request, and nothing is sent. */
function workOfflineFailure(what: string): AppFailure {
  return new AppFailure(
    'offline',
    `Work offline is on: ${what} is not sent to the operator.`,
    undefined,
    'work_offline',
  );
}

/** Offline (or working offline), and this request was never answered online. */
function notArchivedFailure(what: string, details?: unknown, cause?: AppError): AppFailure {
  return new AppFailure(
    'offline',
    `Offline, and ${what} was never answered online: the archive holds no saved answer.` +
      (cause ? ` (${cause.kind}: ${cause.message})` : ''),
    details,
    'not_archived',
  );
}

export interface HandlerOptions {
  /** While the operator is unreachable, how often to check whether it is back, ms (default
   * 10 s; 0: never, the next call tells). */
  probeIntervalMs?: number;
}

export function createHandlers(services: HandlerServices, options: HandlerOptions = {}): Handlers {
  const { connections, vault, operators, archives, events, log } = services;
  const probeIntervalMs = options.probeIntervalMs ?? 10_000;
  const now = (): Date => services.clock.now();
  /** The last ledger of each connection, sent a page at a time ('accounting:ledger'). */
  const ledgers = new LedgerPages();
  /** The VAT returns' calendar and declarations (issue 26). */
  const tax: TaxDeps = {
    archives,
    readArchive: (id, read) => services.readArchive(id, read),
    user: () => workstationUser(),
    now: () => now(),
  };
  /** The exceptions list's view of the archives and the accounting (issue 19, item 4): the
   * period's ledger is the one kept for Comptabilité's pages. */
  const exceptions = exceptionsDeps(
    {
      existingArchive: (id) => archives.existing(id),
      existingUserData: (id) => archives.existingUserData(id),
      userData: (id) => archives.userData(id),
    },
    {
      ledger: (id, period) =>
        ledgers.ledger(id, period, ledgerStamp(id), () => services.accounting.ledger(id, period)),
    },
    now,
  );
  /** What the renderer was last told about the active connection ('connectivity:changed'). */
  let online = true;
  /** Offline was learnt from another connection than the active one (the user switched while
   * offline): the active one's reads ask the operator before the archive until it answers or
   * fails, and a check tells the renderer the truth about it at once. */
  let unverified = false;
  let probe: NodeJS.Timeout | undefined;
  /** The connection a check is running for (one at a time per connection). */
  let checking: string | null = null;

  const activeId = (): string => connections.getSettings().activeConnectionId;
  const workingOffline = (): boolean => connections.getSettings().workOffline;

  // Every operator call goes to the active connection's client. Reachability follows what those
  // calls meet; the renderer hears about changes only.
  async function callActive<T>(
    call: (client: OperatorClient) => Promise<T>,
    what = 'this request',
    connectionId = activeId(),
  ): Promise<T> {
    if (workingOffline()) throw workOfflineFailure(what);
    const client = await operators.forConnection(connectionId);
    try {
      const value = await call(client);
      if (connectionId === activeId()) setOnline(true);
      return value;
    } catch (error) {
      noteFailure(error, connectionId);
      throw error;
    }
  }
  /** An operator call that could not reach the active connection's operator: offline. */
  function noteFailure(error: unknown, connectionId: string): void {
    if (!isUnreachable(error) || connectionId !== activeId()) return;
    const hostNotFound = toAppError(error).reason === 'host_not_found';
    setOnline(false, hostNotFound ? 'host_not_found' : undefined);
  }
  /** Why the renderer was last told offline, when the kind alone would mislead. */
  let offlineReason: 'host_not_found' | undefined;
  function setOnline(next: boolean, reason?: 'host_not_found'): void {
    unverified = false;
    if (next) stopProbe();
    else startProbe();
    const why = next ? undefined : reason;
    if (next === online && why === offlineReason) return;
    online = next;
    offlineReason = why;
    events.emit('connectivity:changed', { online, ...(why ? { reason: why } : {}) });
  }

  /** Another connection became active. Its reachability is its own: online, its first call
   * tells; offline (learnt from the previous one), one light request tells now, so that the
   * banner neither stays up over a connection that answers nor goes away over one that does
   * not. */
  function connectionSwitched(): void {
    offlineReason = undefined; // the previous connection's (the renderer forgets it too)
    if (online) return;
    unverified = true;
    checkNow();
  }

  /** A light request to the active connection: any answer (even a refusal) means reachable.
   * Only a reachable answer changes what the renderer was told; an unreachable one confirms it. */
  function checkNow(): void {
    const connectionId = activeId();
    if (checking === connectionId || workingOffline()) return;
    checking = connectionId;
    void operators
      .forConnection(connectionId)
      .then((client) => client.searchInvoices({ limit: 1 }))
      .then(
        () => true,
        (error: unknown) => !isUnreachable(error),
      )
      .then((reachable) => {
        if (connectionId !== activeId()) return;
        if (reachable) setOnline(true);
        else unverified = false; // unreachable too: its reads answer from the archive first
      })
      .finally(() => {
        if (checking === connectionId) checking = null;
      });
  }

  // While unreachable, a light request now and then: going back online shows without waiting
  // for the user's next action (the screens answer from the archive meanwhile).
  function startProbe(): void {
    if (probe || probeIntervalMs <= 0) return;
    probe = setInterval(checkNow, probeIntervalMs);
    probe.unref();
  }
  function stopProbe(): void {
    clearInterval(probe);
    probe = undefined;
  }

  /**
   * A read of the operator through the archive. Live when it can be (and then saved: the
   * write-through); from the archive, marked 'archive' with the date it was fetched, when working
   * offline (nothing is sent), when the operator is known unreachable and the answer is saved,
   * or when the call meets offline or timeout. Never saved: not_archived.
   */
  async function read<T>(spec: {
    what: string;
    live: (client: OperatorClient) => Promise<T>;
    save: (archive: ArchiveStore, value: T, fetchedAt: string) => void;
    saved: (archive: ArchiveStore) => { data: T; fetchedAt: string } | null;
    /** Details of the not_archived failure (e.g. what the archive holds instead). */
    missing?: (archive: ArchiveStore | null) => unknown;
  }): Promise<Sourced<T>> {
    const connectionId = activeId();
    const fromArchive = (): Sourced<T> | null => {
      const archive = archives.existing(connectionId);
      const hit = archive ? spec.saved(archive) : null;
      return hit ? { data: hit.data, source: 'archive', fetchedAt: hit.fetchedAt } : null;
    };
    const missing = (cause?: AppError): AppFailure =>
      notArchivedFailure(spec.what, spec.missing?.(archives.existing(connectionId)), cause);
    if (workingOffline()) {
      const hit = fromArchive();
      if (hit) return hit;
      throw missing();
    }
    if (!online && !unverified) {
      const hit = fromArchive();
      if (hit) return hit;
    }
    let value: T;
    try {
      value = await callActive(spec.live, spec.what, connectionId);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const hit = fromArchive();
      if (hit) return hit;
      const cause = toAppError(error);
      // A host name that does not resolve is a mistyped address more often than a network
      // down: say that (the connection test's words), not "offline, never answered online".
      if (cause.reason === 'host_not_found') throw error;
      throw missing(cause);
    }
    const fetchedAt = now().toISOString();
    try {
      spec.save(archives.open(connectionId), value, fetchedAt);
    } catch (error) {
      // The live answer stands; only its offline copy is missing.
      log.warn(`[archive] could not save ${spec.what}: ${(error as Error).message}`);
    }
    return { data: value, source: 'live', fetchedAt };
  }

  /** A response stored whole by its request (directory, participants, webhooks). */
  function byRequest<T>(kind: SavedResponseKind, key: string) {
    return {
      save: (archive: ArchiveStore, value: T, fetchedAt: string) =>
        archive.saveResponse(kind, key, value, fetchedAt),
      saved: (archive: ArchiveStore) => {
        const hit = archive.getResponse<T>(kind, key);
        return hit ? { data: hit.response, fetchedAt: hit.fetchedAt } : null;
      },
    };
  }

  return {
    'app:info': async (): Promise<AppInfo> => {
      const osLocale = services.osLocale();
      const { language, forced } = resolveLanguage(
        services.env,
        connections.getSettings(),
        osLocale,
      );
      const settingsRepair = services.settingsRepair();
      return {
        version: services.version,
        language,
        languageForced: forced,
        osLocale,
        shell: services.shell,
        ...(settingsRepair ? { settingsRepair } : {}),
      };
    },
    'settings:get': async () => connections.getSettings(),
    'settings:update': async (patch) => {
      const before = connections.getSettings();
      const settings = connections.updateSettings(patch);
      if (settings.activeConnectionId !== before.activeConnectionId) connectionSwitched();
      // Working offline: nothing is sent, syncs included.
      if (settings.workOffline && !before.workOffline) {
        services.syncRounds.cancel();
        archives.cancelAll();
      }
      events.emit('connections:changed', undefined);
      return settings;
    },
    'connections:list': async () => connections.list(),
    'connections:save': async (input) => {
      const summary = await connections.save(input);
      operators.invalidate(summary.id);
      archives.setRequestsPerMinute(summary.id, summary.requestsPerMinute);
      events.emit('connections:changed', undefined);
      return summary;
    },
    'connections:delete': async ({ id }) => {
      archives.assertNoOtherProcessSync(id); // the CLI syncing it: refuse before anything changes
      await connections.delete(id);
      operators.invalidate(id);
      // Its archive goes with it (the delete dialog says so), and what the user wrote about it.
      await archives.clear(id);
      archives.deleteUserData(id);
      services.syncSchedules.forget(id);
      services.syncRounds.backoff.forget(id);
      events.emit('connections:changed', undefined);
    },
    'connections:test': async ({ id }) => {
      if (workingOffline()) throw workOfflineFailure('the connection test');
      // A fresh client: the test must fetch a new token with the stored secret, not reuse one.
      const client = await operators.fresh(id);
      return client.testConnection();
    },
    'vault:status': async () => vault.status(),
    'invoices:search': async ({ q, offset, limit }) => {
      const params = { ...(q ? { q } : {}), offset, limit };
      const key = invoiceSearchKey(params);
      return read({
        what: 'this invoice search',
        live: (client) => client.searchInvoices({ ...params, expand: [...EXPAND_VALUES] }),
        save: (archive, value, fetchedAt) =>
          void archive.saveInvoiceSearchPage(params, value, fetchedAt),
        saved: byRequest<ResultOf<'invoices:search'>['data']>('invoice_search', key).saved,
      });
    },
    'invoices:get': async ({ invoiceId }) =>
      read({
        what: 'this invoice',
        live: (client) => client.getInvoice(invoiceId),
        save: (archive, value, fetchedAt) => void archive.saveDetail(value, fetchedAt),
        saved: (archive) => {
          const found = archive.getInvoice(invoiceId);
          return found?.detail
            ? {
                data: found.detail,
                fetchedAt: found.row.detailFetchedAt ?? found.row.searchFetchedAt,
              }
            : null;
        },
        // Only its list data was saved: the renderer shows that, and says so.
        missing: (archive): ArchivedListData | undefined => {
          const found = archive?.getInvoice(invoiceId);
          return found
            ? {
                archived: 'list',
                searchItem: found.searchItem,
                fetchedAt: found.row.searchFetchedAt,
              }
            : undefined;
        },
      }),
    'directory:search': async (args) =>
      read({
        what: 'this directory search',
        live: (client) => client.searchDirectory(args),
        ...byRequest<ResultOf<'directory:search'>['data']>('directory', requestKey({ ...args })),
      }),
    'participants:search': async (args) =>
      read({
        what: 'this participant search',
        live: (client) => client.searchParticipants(args),
        ...byRequest<ResultOf<'participants:search'>['data']>(
          'participants',
          requestKey({ ...args }),
        ),
      }),
    'webhooks:list': async () =>
      read({
        what: 'the webhook list',
        live: (client) => client.listWebhooks(),
        ...byRequest<ResultOf<'webhooks:list'>['data']>('webhooks', requestKey({})),
      }),
    'webhooks:create': async (body) =>
      callActive((client) => client.createWebhook(body), 'creating a webhook'),
    // The archive's own channels: its search, status, sync; exports and reports below.
    'archive:search': async ({ filter, sort, offset, limit }) => {
      const connectionId = activeId();
      const archive = archives.existing(connectionId);
      const data = archive
        ? archive.queryInvoices({
            ...(filter ? { filter } : {}),
            ...(sort ? { sort } : {}),
            offset,
            limit,
          })
        : { rows: [], total: 0 };
      // The archive as of its last sync (before any, its newest saved answer); an archive never
      // written has no date to give, and no rows.
      const fetchedAt = archives.archiveDate(connectionId) ?? now().toISOString();
      return { data, source: 'archive', fetchedAt };
    },
    'archive:status': async ({ connectionId }) => {
      await connections.get(connectionId); // not_found for a connection that does not exist
      await archives.checked(connectionId); // SQLite's check of the file, once per opening
      return archives.status(connectionId);
    },
    'archive:clear': async ({ connectionId }) => {
      await connections.get(connectionId);
      await archives.clear(connectionId);
    },
    'archive:invoiceStatus': async ({ invoiceId }) => {
      const archive = archives.existing(activeId());
      const found = archive?.getInvoice(invoiceId);
      if (!archive || !found) return null;
      const { state, direction, lifecycleCode, lifecycleDate } = found.row;
      return {
        state,
        direction,
        lifecycleCode,
        lifecycleDate,
        history: archive.statusHistory(invoiceId),
      };
    },
    'sync:start': async ({ details }) => {
      const connectionId = activeId();
      if (workingOffline()) throw workOfflineFailure('the sync');
      const connection = await connections.get(connectionId);
      const client = await operators.forConnection(connectionId);
      try {
        const summary = await archives.sync(connectionId, {
          client,
          requestsPerMinute: connection.requestsPerMinute,
          details: details ?? true,
          onProgress: (progress) => events.emit('sync:progress', { ...progress, connectionId }),
        });
        if (summary.requests > 0 && connectionId === activeId()) setOnline(true);
        return summary;
      } catch (error) {
        noteFailure(error, connectionId);
        throw error;
      }
    },
    'archive:rebuild': async ({ connectionId }) => {
      if (workingOffline()) throw workOfflineFailure('rebuilding the archive');
      const connection = await connections.get(connectionId);
      const client = await operators.forConnection(connectionId);
      try {
        return await archives.rebuild(connectionId, {
          client,
          requestsPerMinute: connection.requestsPerMinute,
          onProgress: (progress) => events.emit('sync:progress', { ...progress, connectionId }),
        });
      } catch (error) {
        noteFailure(error, connectionId);
        throw error;
      }
    },
    'sync:cancel': async () => {
      archives.cancelSync(activeId());
    },
    'syncRound:start': async ({ scope }) => services.syncRounds.start(scope ?? 'all'),
    'syncRound:cancel': async () => {
      services.syncRounds.cancel();
    },
    'syncRound:status': async () => services.syncRounds.status(),
    'syncRound:schedule': async () => services.syncSchedules.read(),
    'syncRound:setSchedule': async (patch) => {
      if (patch.connectionId !== undefined) await connections.get(patch.connectionId); // exists
      return services.syncSchedules.update(patch);
    },
    // The export runs in main for the active connection, in the UI's language; the file's
    // place is chosen in main too (save dialog, or the browser host's one-time download).
    'export:start': async (args) => {
      const settings = connections.getSettings();
      const { language } = resolveLanguage(services.env, settings, services.osLocale());
      const connectionId = settings.activeConnectionId;
      try {
        return await services.exports.start(args, { connectionId, language });
      } catch (error) {
        noteFailure(error, connectionId); // a live export tells the screens, as a search does
        throw error;
      }
    },
    'export:cancel': async ({ exportId }) => services.exports.cancel(exportId),
    // Computed from the active connection's archive, never from the operator: the figures are
    // as of the last sync (fetchedAt), and their coverage says what the archive holds.
    'reports:get': async ({ report, period }) => {
      const connectionId = connections.getSettings().activeConnectionId;
      let data;
      try {
        data = services.readArchive(connectionId, (archive) =>
          computeReport(archive, report, period, { now: now() }),
        );
      } catch (error) {
        if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
        throw error;
      }
      return {
        data,
        source: 'archive',
        fetchedAt:
          data.coverage.lastSyncAt ?? ('generatedAt' in data ? data.generatedAt : data.computedAt),
      };
    },
    // Line 22 of a VAT return: the accountant's own figure, kept in the user-data file (written
    // offline too), then the return of that period computed again with it.
    'reports:setCarriedCredit': async ({ connectionId, period, cents }) => {
      await activeForUserData(connectionId);
      try {
        checkRange(period);
        checkReturnPeriod(period);
      } catch (error) {
        if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
        throw error;
      }
      archives.userData(connectionId).saveCarriedCredit(period, cents, now());
      const data = services.readArchive(connectionId, (archive) =>
        computeReport(archive, 'ca3', period, { now: now() }),
      ) as Ca3Report;
      return { data, source: 'archive', fetchedAt: data.coverage.lastSyncAt ?? data.computedAt };
    },
    'webhooks:delete': async ({ webhookId }) =>
      callActive((client) => client.deleteWebhook(webhookId), 'deleting a webhook'),
    // Payment marks are the user's own data (user-data-store.ts): written offline and while
    // working offline too, since nothing is sent. Only to the active connection: every screen
    // shows the active connection's invoices, so a mark naming another comes from a screen left
    // over from before a switch, and is refused rather than written under the wrong client.
    'payments:mark': async ({ connectionId, invoiceIds, paidOn, note }) => {
      await activeForUserData(connectionId);
      if (paidOn > addDaysUtc(now(), 1))
        throw new AppFailure('invalid_input', `The payment day ${paidOn} is in the future.`);
      const store = archives.userData(connectionId);
      store.markPaid(invoiceIds, paidOn, note ? note : null, now());
      return [...store.paymentMarks(invoiceIds).values()];
    },
    'payments:unmark': async ({ connectionId, invoiceIds }) => {
      await activeForUserData(connectionId);
      return archives.userData(connectionId).unmarkPaid(invoiceIds);
    },
    'payments:get': async ({ connectionId, invoiceIds }) => {
      await connections.get(connectionId); // not_found for a connection that does not exist
      // A read never creates the file: no file, no marks.
      const marks = archives.existingUserData(connectionId)?.paymentMarks(invoiceIds) ?? new Map();
      const archive = archives.existing(connectionId);
      return invoiceIds.map((invoiceId) => {
        const row = archive?.getInvoice(invoiceId)?.row;
        const code = row?.lifecycleCode;
        return {
          invoiceId,
          status:
            code === '211' || code === '212' ? { code, date: row?.lifecycleDate ?? null } : null,
          mark: marks.get(invoiceId) ?? null,
        };
      });
    },
    // The archive screen's totals, asked apart from its pages: summing every matching row costs
    // more than one page (about 70 ms at 100,000 invoices), so paging does not ask again.
    'archive:totals': async ({ filter }) => {
      const archive = archives.existing(activeId());
      return archive ? archive.totals(filter) : { count: 0, currencies: [] };
    },
    // Pre-accounting (issue 17): entries computed from the archive only (offline and working
    // offline alike: nothing is sent), settings and third parties in the user-data file. Only
    // for the active connection: a screen left over from before a switch is refused, never
    // answered or written under another client.
    'accounting:profile': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      return accountingCall(() => services.accounting.profile(connectionId));
    },
    'accounting:saveSettings': async ({ connectionId, settings }) => {
      await activeForUserData(connectionId);
      const profile = accountingCall(() =>
        services.accounting.saveSettings(connectionId, settings),
      );
      ledgers.forget(connectionId);
      return profile;
    },
    'accounting:ledger': async ({ connectionId, period, journal, offset, limit }) => {
      await activeForUserData(connectionId);
      const data = accountingCall(() =>
        ledgers.page(
          connectionId,
          { period, ...(journal ? { journal } : {}), offset, limit },
          ledgerStamp(connectionId),
          () => services.accounting.ledger(connectionId, period),
        ),
      );
      return {
        data,
        source: 'archive',
        fetchedAt: data.coverage.lastSyncAt ?? data.computedAt,
      };
    },
    'accounting:thirdParties': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      return accountingCall(() => services.accounting.thirdParties(connectionId));
    },
    'accounting:mapThirdParties': async ({ connectionId, choices }) => {
      await activeForUserData(connectionId);
      const parties = accountingCall(() =>
        services.accounting.mapThirdParties(connectionId, choices),
      );
      ledgers.forget(connectionId); // the next page shows the accounts chosen
      return parties;
    },
    'accounting:exportThirdParties': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      const connection = await connections.get(connectionId);
      const csv = accountingCall(() => services.accounting.exportThirdPartiesCsv(connectionId));
      const count = services.accounting.thirdParties(connectionId).length;
      const owner = fileOwnerOf(
        connection.name,
        archives.existing(connectionId),
        archives.existingUserData(connectionId),
      );
      const { language } = resolveLanguage(
        services.env,
        connections.getSettings(),
        services.osLocale(),
      );
      return { fileName: thirdPartiesFileName(owner, language, now()), csv, count };
    },
    'accounting:importThirdParties': async ({ connectionId, csv }) => {
      await activeForUserData(connectionId);
      const result = accountingCall(() =>
        services.accounting.importThirdPartiesCsv(connectionId, csv),
      );
      if (result.added + result.updated > 0) ledgers.forget(connectionId);
      return result;
    },
    // The firm's portfolio: every connection's archive, never the operator (offline too).
    'portfolio:get': async () =>
      portfolioRows({
        references: () => connections.clientReferences(),
        archives,
        accounting: services.accounting,
        now,
      }),
    // Kept in each archive until it or the accountant's choices change (services/portfolio).
    'portfolio:details': async ({ connectionId }) => {
      await connections.get(connectionId); // not_found for a connection that does not exist
      return portfolioDetails({ archives, accounting: services.accounting, now }, connectionId);
    },
    // The exceptions list (issue 19, item 4): the archive, the period's ledger and the user-data
    // file only (offline and working offline alike: nothing is sent); the marks are the user's
    // own data. Only for the active connection, as the payment marks: a screen left over from
    // before a switch is refused, never answered or written under another client.
    'exceptions:list': async ({ connectionId, period, show }) => {
      await activeForUserData(connectionId);
      return accountingCall(() => exceptionList(exceptions, connectionId, period, show));
    },
    'exceptions:mark': async ({ connectionId, period, invoiceIds, note }) => {
      await activeForUserData(connectionId);
      return accountingCall(() =>
        markExceptionsHandled(exceptions, connectionId, period, invoiceIds, note ? note : null),
      );
    },
    'exceptions:reopen': async ({ connectionId, invoiceIds }) => {
      await activeForUserData(connectionId);
      return reopenExceptions(exceptions, connectionId, invoiceIds);
    },
    // Nouveautés (issue 19, item 3): read from the archive, offline too; reading them is the
    // accountant's own act, written while working offline as well (nothing is sent).
    'news:list': async ({ connectionId }) => newsList(connectionId),
    'news:markRead': async (args) => {
      await connections.get(args.connectionId);
      const archive = archives.existing(args.connectionId);
      archive?.markNewsRead(
        'ids' in args ? { ids: args.ids } : { upToId: args.upToId },
        now().toISOString(),
      );
      return newsList(args.connectionId);
    },
    // VAT returns (issue 26): the calendar and declarations, from the archive and the user-data
    // file only (offline too). The due return is read for any connection (the portfolio);
    // declarations only for the active one, as the other user data.
    'tax:dueReturn': async ({ connectionId }) => {
      await connections.get(connectionId);
      return dueReturn(tax, connectionId);
    },
    'tax:declared': async ({ connectionId, period }) => {
      await activeForUserData(connectionId);
      return declaredReturn(tax, connectionId, period);
    },
    'tax:declare': async (args) => {
      await activeForUserData(args.connectionId);
      return declareReturn(tax, args);
    },
    'tax:undeclare': async ({ connectionId, period }) => {
      await activeForUserData(connectionId);
      return undeclareReturn(tax, connectionId, period);
    },
    // Banque (issue 29, item 5): the active connection's bank file beside its archive; the
    // invoices are the archive's (offline too). Only the active connection, as the marks.
    'bank:view': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      return bankView(bankDeps(), connectionId);
    },
    'bank:import': async ({ connectionId, fileName, base64 }) => {
      await activeForUserData(connectionId);
      const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
      return importBankStatement(bankDeps(), connectionId, { name: fileName, bytes }, now());
    },
    'bank:confirm': async ({ connectionId, lineId, invoiceNumbers }) => {
      await activeForUserData(connectionId);
      return confirmBankLine(bankDeps(), connectionId, lineId, now(), invoiceNumbers);
    },
    'bank:undo': async ({ connectionId, lineId }) => {
      await activeForUserData(connectionId);
      return undoBankLine(bankDeps(), connectionId, lineId);
    },
    'bank:saveAccount': async ({ connectionId, ...change }) => {
      await activeForUserData(connectionId);
      return saveBankAccount(bankDeps(), connectionId, change);
    },
  };

  function bankDeps(): BankScreenDeps {
    const dataDir = services.dataDir;
    if (!dataDir) throw new AppFailure('file', 'The bank files have no data directory.');
    return { dataDir, readArchive: services.readArchive };
  }

  async function newsList(connectionId: string): Promise<ResultOf<'news:list'>> {
    await connections.get(connectionId); // not_found for a connection that does not exist
    const archive = archives.existing(connectionId); // a read never creates an archive
    const news = archive?.news(NEWS_PAGE) ?? { unread: 0, shown: 0, newestId: null, groups: [] };
    return { connectionId, ...news };
  }

  /** What a kept ledger rests on: the archive (its version: any write of an invoice, by a sync
   * or a live search's write-through; its date, which the ledger's coverage shows) and what the
   * accountant wrote (settings, third parties), here or from another process (the CLI's
   * `accounts import`): when any of it changed, the next page computes the ledger again. */
  function ledgerStamp(connectionId: string): string {
    const userData = archives.existingUserData(connectionId);
    const parties = userData?.thirdParties() ?? [];
    let newest = '';
    for (const party of parties) if (party.updatedAt > newest) newest = party.updatedAt;
    return JSON.stringify([
      archives.existing(connectionId)?.archiveVersion() ?? null,
      archives.archiveDate(connectionId),
      parties.length,
      newest,
      userData?.readAccountingSettings() ?? null,
      // A paid mark moves VAT on payment (tax/vat-due.ts): marking or unmarking recomputes.
      marksStamp(userData),
    ]);
  }

  /** A call of the accounting service: its RangeError (a period it refuses) is the caller's bad
   * input, said as such. */
  function accountingCall<T>(call: () => T): T {
    try {
      return call();
    } catch (error) {
      if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
      throw error;
    }
  }

  /** Refuses user-data writes for a connection that does not exist or is not the active one. */
  async function activeForUserData(connectionId: string): Promise<void> {
    await connections.get(connectionId);
    if (connectionId !== activeId())
      throw new AppFailure(
        'conflict',
        'This connection is no longer the active one: the screen shows another connection’s invoices. Reopen it and try again.',
      );
  }
}

/** "ATELIERS DUVAL 552100554 Tiers 2026-11-24.csv": whose third parties, and when, named as
 * every file the app writes (export/output-name.ts; a firm keeps one plan per client). */
export function thirdPartiesFileName(owner: FileOwner, language: Language, now: Date): string {
  return ownedFileName(
    owner,
    wordsFor(language).exports.fileNames.thirdParties,
    localDay(now),
    'csv',
  );
}

/** The calendar day (UTC) `days` after `now`, YYYY-MM-DD: the latest payment day accepted
 * (today wherever the user is). */
function addDaysUtc(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The one entry point for untrusted calls: rejects unknown channels, validates the arguments
 * against the channel's schema, runs the handler and wraps any outcome in the Result envelope.
 * Failures are logged by channel and kind only: arguments may hold a client secret.
 */
export function createDispatcher(handlers: Handlers, options: { log?: Logger } = {}): Dispatch {
  const log = options.log ?? console;
  return async (channel, rawArgs) => {
    if (!isChannel(channel)) {
      const message = `Unknown channel ${JSON.stringify(String(channel).slice(0, 100))}`;
      log.warn(`[rpc] ${message}`);
      return {
        ok: false,
        error: { kind: 'invalid_input', message, details: { channels: CHANNELS } },
      };
    }
    const parsed = argSchemas[channel].safeParse(rawArgs);
    if (!parsed.success) {
      // Paths and messages only: zod's issues can quote the input, which may be a secret.
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map((segment) =>
          typeof segment === 'symbol' ? String(segment) : segment,
        ),
        code: issue.code,
        message: issue.message,
      }));
      // One name per field, however many rules it broke.
      const where = [...new Set(issues.map((issue) => issue.path.join('.') || '(arguments)'))].join(
        ', ',
      );
      log.warn(`[rpc] ${channel}: invalid arguments at ${where}`);
      return {
        ok: false,
        error: {
          kind: 'invalid_input',
          message: `Invalid arguments for ${channel}: ${where}`,
          details: { issues },
        },
      };
    }
    try {
      const handler = handlers[channel] as (args: unknown) => Promise<unknown>;
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      const appError = toAppError(error);
      log.warn(`[rpc] ${channel} failed: ${appError.kind}: ${appError.message}`);
      return { ok: false, error: appError };
    }
  };
}
