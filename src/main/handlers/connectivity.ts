// Connectivity: whether the active connection's operator answers (what the renderer is told by
// 'connectivity:changed', the probe while it does not), every operator call of the handlers
// (refused while working offline), and the operator's reads through the archive: the
// write-through of every live answer, and the saved answer read back when offline.
import type { AppError, Sourced } from '#shared/contract.ts';
import { toAppError } from '../services/errors.ts';
import { AppFailure } from '../services/app-failure.ts';
import type { OperatorClient } from '../services/operator/operator-client.ts';
import type { ArchivePort, SavedResponseKind } from '../services/archive/ports.ts';
import type { HandlerOptions, HandlerServices } from './types.ts';

function isUnreachable(error: unknown): boolean {
  const { kind } = toAppError(error);
  return kind === 'offline' || kind === 'timeout';
}

/** "Travailler hors ligne" is on: `what` would send a request, and nothing is sent. */
export function workOfflineFailure(what: string): AppFailure {
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

/** A read of the operator through the archive (`read`). */
export interface ReadSpec<T> {
  what: string;
  live: (client: OperatorClient) => Promise<T>;
  save: (archive: ArchivePort, value: T, fetchedAt: string) => Promise<unknown>;
  saved: (archive: ArchivePort) => Promise<{ data: T; fetchedAt: string } | null>;
  /** Details of the not_archived failure (e.g. what the archive holds instead). */
  missing?: (archive: ArchivePort | null) => Promise<unknown>;
  /** The same request sent earlier through this client, when it was (the first screen's search,
   * services/first-search.ts): its outcome is this call's; `saved`: written through by whoever
   * sent it (done or under way), not by this call. */
  early?: (
    client: OperatorClient,
  ) => Promise<{ value: T; fetchedAt: string; saved: boolean }> | null;
}

export interface Connectivity {
  /** The active connection's id (the settings'). */
  activeId(): string;
  /** "Travailler hors ligne" is on. */
  workingOffline(): boolean;
  /** An operator call to the active connection's client (or `connectionId`'s), whose outcome
   * tells reachability. */
  callActive<T>(
    call: (client: OperatorClient) => Promise<T>,
    what?: string,
    connectionId?: string,
  ): Promise<T>;
  /** An operator call made elsewhere (a sync, an export) met this failure. */
  noteFailure(error: unknown, connectionId: string): void;
  /** The active connection's operator answered (true) or could not be reached (false). */
  setOnline(next: boolean, reason?: 'host_not_found'): void;
  /** Another connection became active. */
  connectionSwitched(): void;
  read<T>(spec: ReadSpec<T>): Promise<Sourced<T>>;
}

export function createConnectivity(
  services: Pick<
    HandlerServices,
    'connections' | 'operators' | 'archives' | 'events' | 'log' | 'clock'
  >,
  options: HandlerOptions = {},
): Connectivity {
  const { connections, operators, archives, events, log } = services;
  const probeIntervalMs = options.probeIntervalMs ?? 10_000;
  const now = (): Date => services.clock.now();
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
  async function read<T>(spec: ReadSpec<T>): Promise<Sourced<T>> {
    const connectionId = activeId();
    const fromArchive = async (): Promise<Sourced<T> | null> => {
      const archive = await archives.ports.existing(connectionId);
      const hit = archive ? await spec.saved(archive) : null;
      return hit ? { data: hit.data, source: 'archive', fetchedAt: hit.fetchedAt } : null;
    };
    const missing = async (cause?: AppError): Promise<AppFailure> =>
      notArchivedFailure(
        spec.what,
        await spec.missing?.(await archives.ports.existing(connectionId)),
        cause,
      );
    if (workingOffline()) {
      const hit = await fromArchive();
      if (hit) return hit;
      throw await missing();
    }
    if (!online && !unverified) {
      const hit = await fromArchive();
      if (hit) return hit;
    }
    let value: T;
    const early: { fetchedAt?: string; saved?: boolean } = {};
    try {
      value = await callActive(
        async (client) => {
          const sent = spec.early?.(client);
          if (!sent) return spec.live(client);
          const answer = await sent;
          Object.assign(early, { fetchedAt: answer.fetchedAt, saved: answer.saved });
          return answer.value;
        },
        spec.what,
        connectionId,
      );
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const hit = await fromArchive();
      if (hit) return hit;
      const cause = toAppError(error);
      // A host name that does not resolve is a mistyped address more often than a network
      // down: say that (the connection test's words), not "offline, never answered online".
      if (cause.reason === 'host_not_found') throw error;
      throw await missing(cause);
    }
    const fetchedAt = early.fetchedAt ?? now().toISOString();
    if (early.saved) return { data: value, source: 'live', fetchedAt };
    try {
      await spec.save(await archives.ports.open(connectionId), value, fetchedAt);
    } catch (error) {
      // The live answer stands; only its offline copy is missing.
      log.warn(`[archive] could not save ${spec.what}: ${(error as Error).message}`);
    }
    return { data: value, source: 'live', fetchedAt };
  }

  return {
    activeId,
    workingOffline,
    callActive,
    noteFailure,
    setOnline,
    connectionSwitched,
    read,
  };
}

/** A response stored whole by its request (directory, participants, webhooks). */
export function byRequest<T>(kind: SavedResponseKind, key: string) {
  return {
    save: (archive: ArchivePort, value: T, fetchedAt: string) =>
      archive.saveResponse(kind, key, value, fetchedAt),
    saved: async (archive: ArchivePort) => {
      const hit = await archive.savedResponse<T>(kind, key);
      return hit ? { data: hit.response, fetchedAt: hit.fetchedAt } : null;
    },
  };
}
