// What another workstation changed, told within a moment (issue 30, item 4): every write to the
// firm's shared user data (by the triggers of migrations/002_user_data.sql) and every page the
// sync commits (archive-port.ts) sends NOTIFY invoice_desk_changes with {schema, connectionId,
// what} in its own transaction, so it is heard only once committed. listenForChanges keeps one
// session LISTENing, comes back after a drop, and hands each change of its schema to the
// caller; a payload that is not a change is ignored and logged, never its content.
import pg from 'pg';
import { z } from 'zod';
import {
  checkedSchema,
  connectionConfig,
  DEFAULT_SCHEMA,
  SESSION_KEEPALIVES,
  type DatabaseOptions,
} from './database.ts';

/** The channel every workstation of every schema of the server shares. */
export const CHANGES_CHANNEL = 'invoice_desk_changes';

export const CHANGE_KINDS = [
  'marks',
  'exceptions',
  'settings',
  'third-parties',
  'returns',
  'rates',
  'archive',
  // The bank's accounts, settings and decisions (migrations/003_bank.sql).
  'bank',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface Change {
  connectionId: string;
  what: ChangeKind;
}

/** The payload as sent; `schema` tells apart firms (or tests) sharing one server. */
const Payload = z.object({
  schema: z.string(),
  connectionId: z.string().min(1).max(200),
  what: z.enum(CHANGE_KINDS),
});

/** Sends the change with the transaction `client` is in (heard when it commits). */
export async function notifyChange(
  client: pg.ClientBase,
  connectionId: string,
  what: ChangeKind,
): Promise<void> {
  await client.query(
    `SELECT pg_notify($1, json_build_object('schema', current_schema(),
       'connectionId', $2::text, 'what', $3::text)::text)`,
    [CHANGES_CHANNEL, connectionId, what],
  );
}

type Log = Pick<Console, 'warn'>;

export interface ListenSettings {
  /** Where an ignored payload or a lost session is said (never a payload's text). */
  log?: Log;
  /** Called once listening again after a drop: what changed meanwhile was not heard. */
  onReconnect?: () => void;
  /** The first wait before connecting again, doubled each failure up to 5 s (default 250 ms). */
  retryMs?: number;
  /** Whether a notification's sender (the server's process id) is this workstation's own
   * session: what it wrote itself is not another workstation's change, and reloading its screen
   * for it would wipe what that screen just said (« 1 facture marquée payée », Annuler). */
  ownSession?: (pid: number) => boolean;
}

const MAX_RETRY_MS = 5000;
function clientOf(options: DatabaseOptions, schema: string): pg.Client {
  return new pg.Client({
    ...connectionConfig(options),
    options: SESSION_KEEPALIVES,
    keepAlive: true,
    // Which schema's listener a session is, in pg_stat_activity.
    application_name: `invoice-desk changes ${schema}`,
  });
}

/** The change a notification carries for `schema`, or why it is none (null: another schema's). */
export function changeOf(
  schema: string,
  payload: string | undefined,
): Change | null | { ignored: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload ?? '');
  } catch {
    return { ignored: 'not JSON' };
  }
  const parsed = Payload.safeParse(json);
  if (!parsed.success)
    return {
      ignored: `not a change (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')})`,
    };
  if (parsed.data.schema !== schema) return null;
  return { connectionId: parsed.data.connectionId, what: parsed.data.what };
}

/**
 * Listens for the changes of the firm's schema (`options.schema`) until closed. Resolves once
 * listening (rejects if the first session cannot be opened); a session lost later is opened
 * again, waiting longer after each failure.
 */
export async function listenForChanges(
  options: DatabaseOptions,
  onChange: (change: Change) => void,
  settings: ListenSettings = {},
): Promise<{ close(): Promise<void> }> {
  const schema = checkedSchema(options.schema ?? DEFAULT_SCHEMA);
  const log = settings.log ?? console;
  const firstRetry = settings.retryMs ?? 250;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let retry = firstRetry;

  const heard = (message: pg.Notification): void => {
    if (message.channel !== CHANGES_CHANNEL) return;
    if (settings.ownSession?.(message.processId)) return;
    const change = changeOf(schema, message.payload);
    if (change === null) return;
    if ('ignored' in change) {
      log.warn(`${CHANGES_CHANNEL}: a notification was ignored: ${change.ignored}`);
      return;
    }
    try {
      onChange(change);
    } catch (error) {
      log.warn(`${CHANGES_CHANNEL}: the change's handler failed: ${(error as Error).name}`);
    }
  };

  const open = async (): Promise<void> => {
    const next = clientOf(options, schema);
    const lost = (): void => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed) {
        log.warn(`${CHANGES_CHANNEL}: the session was lost; listening again`);
        later();
      }
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', heard);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const later = (): void => {
    timer = setTimeout(() => {
      timer = null;
      open().then(
        () => {
          retry = firstRetry;
          if (!closed) settings.onReconnect?.();
        },
        () => {
          if (closed) return;
          retry = Math.min(retry * 2, MAX_RETRY_MS);
          later();
        },
      );
    }, retry);
  };

  await open();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
