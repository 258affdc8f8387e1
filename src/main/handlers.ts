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
} from '#shared/contract.ts';
import { EXPAND_VALUES } from '#shared/operator/enums.ts';
import { argSchemas } from './contract-args.ts';
import { toAppError } from './services/errors.ts';
import { AppFailure } from './services/app-failure.ts';
import type { OperatorClient } from './services/operator/operator-client.ts';
import { computeReport } from './services/reports/index.ts';
import type { Logger, Services } from './services/index.ts';

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
  | 'events'
  | 'log'
  | 'settingsRepair'
  | 'readArchive'
>;

/** The language to show: INVOICE_DESK_LANG forces it, else the settings, else the OS locale. */
export function resolveLanguage(
  env: NodeJS.ProcessEnv,
  settings: Settings,
  osLocale: string,
): { language: Language; forced: boolean } {
  const forced = env.INVOICE_DESK_LANG?.trim().toLowerCase();
  if (forced === 'fr' || forced === 'en') return { language: forced, forced: true };
  if (settings.language !== 'system') return { language: settings.language, forced: false };
  return { language: osLocale.toLowerCase().startsWith('fr') ? 'fr' : 'en', forced: false };
}

function live<T>(data: T): Sourced<T> {
  return { data, source: 'live', fetchedAt: new Date().toISOString() };
}

async function notBuiltYet(): Promise<never> {
  throw new AppFailure('server', 'This part of Invoice Desk is not built yet.');
}

export function createHandlers(services: HandlerServices): Handlers {
  const { connections, vault, operators, events } = services;
  let online = true;

  // Every operator call goes to the active connection's client. Reachability follows what those
  // calls meet; the renderer hears about changes only.
  async function callActive<T>(call: (client: OperatorClient) => Promise<T>): Promise<T> {
    const client = await operators.forActive();
    try {
      const value = await call(client);
      setOnline(true);
      return value;
    } catch (error) {
      const { kind } = toAppError(error);
      if (kind === 'offline' || kind === 'timeout') setOnline(false);
      throw error;
    }
  }
  function setOnline(next: boolean): void {
    if (next === online) return;
    online = next;
    events.emit('connectivity:changed', { online });
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
      if (settings.activeConnectionId !== before.activeConnectionId) online = true;
      events.emit('connections:changed', undefined);
      return settings;
    },
    'connections:list': async () => connections.list(),
    'connections:save': async (input) => {
      const summary = await connections.save(input);
      operators.invalidate(summary.id);
      events.emit('connections:changed', undefined);
      return summary;
    },
    'connections:delete': async ({ id }) => {
      await connections.delete(id);
      operators.invalidate(id);
      events.emit('connections:changed', undefined);
    },
    'connections:test': async ({ id }) => {
      // A fresh client: the test must fetch a new token with the stored secret, not reuse one.
      const client = await operators.fresh(id);
      return client.testConnection();
    },
    'vault:status': async () => vault.status(),
    'invoices:search': async ({ q, offset, limit }) =>
      live(
        await callActive((client) =>
          client.searchInvoices({ ...(q ? { q } : {}), expand: [...EXPAND_VALUES], offset, limit }),
        ),
      ),
    'invoices:get': async ({ invoiceId }) =>
      live(await callActive((client) => client.getInvoice(invoiceId))),
    'directory:search': async (args) =>
      live(await callActive((client) => client.searchDirectory(args))),
    'participants:search': async (args) =>
      live(await callActive((client) => client.searchParticipants(args))),
    'webhooks:list': async () => live(await callActive((client) => client.listWebhooks())),
    'webhooks:create': async (body) => callActive((client) => client.createWebhook(body)),
    // Built by the archive, export and report work (issues 9 and 10).
    'archive:search': notBuiltYet,
    'archive:status': notBuiltYet,
    'archive:clear': notBuiltYet,
    'sync:start': notBuiltYet,
    'sync:cancel': notBuiltYet,
    'export:start': notBuiltYet,
    'export:cancel': notBuiltYet,
    // Computed from the active connection's archive, never from the operator: the figures are
    // as of the last sync (fetchedAt), and their coverage says what the archive holds.
    'reports:get': async ({ report, period }) => {
      const connectionId = connections.getSettings().activeConnectionId;
      let data;
      try {
        data = services.readArchive(connectionId, (archive) =>
          computeReport(archive, report, period),
        );
      } catch (error) {
        if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
        throw error;
      }
      return {
        data,
        source: 'cache',
        fetchedAt: data.coverage.lastSyncAt ?? data.generatedAt,
      };
    },
    'webhooks:delete': async ({ webhookId }) =>
      callActive((client) => client.deleteWebhook(webhookId)),
  };
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
