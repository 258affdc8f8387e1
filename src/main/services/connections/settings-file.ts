// The settings file, read defensively: a hand-edited or damaged file must neither crash the app
// nor lose the connections that are still valid. Nothing secret is ever kept in it.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { z } from 'zod';
import Conf from 'conf';
import {
  DEMO_CONNECTION_IDS,
  LANGUAGE_PREFERENCES,
  type RepairNote,
  type Settings,
  type SettingsRepair,
} from '#shared/contract.ts';
import { httpUrlSchema } from '#shared/operator/schemas.ts';
import { SYNC_EVERY_HOURS_MAX } from '#shared/sync-round.ts';
import { settingsFilePath } from '../paths.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/** What ConnectionStore needs from conf or electron-store. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export const SETTINGS_CONFIG_NAME = 'settings';
const SETTINGS_PROJECT_NAME = 'invoice-desk';

/** One stored connection. Unknown keys (a hand-added clientSecret, say) are stripped. */
export const storedConnectionSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(100),
  baseUrl: httpUrlSchema,
  tokenUrl: httpUrlSchema,
  clientId: z.string().trim().min(1).max(200),
  customerId: z.uuid().optional(),
  requestsPerMinute: z.number().int().min(1).max(100_000).optional(),
});
export type StoredConnection = z.infer<typeof storedConnectionSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: 'system',
  activeConnectionId: DEMO_CONNECTION_IDS.admin,
  workOffline: false,
};

const demoIds: readonly string[] = Object.values(DEMO_CONNECTION_IDS);

export interface SanitizedSettings {
  settings: Settings;
  connections: StoredConnection[];
  /** What was left out or reset, for the user (worded by the screens) and the log. */
  dropped: RepairNote[];
}

/** A note in plain English, for the log. */
export function repairNoteText(note: RepairNote): string {
  const entry = `connections[${(note.entry ?? 1) - 1}]`;
  const texts: Record<RepairNote['code'], string> = {
    connection_kept: `connection ${JSON.stringify(note.name)} kept`,
    language_kept: `language ${JSON.stringify(note.name)} kept`,
    not_an_object: 'the settings file does not hold an object',
    settings_not_an_object: 'settings is not an object: reset to defaults',
    work_offline_invalid: 'settings.workOffline is invalid: back online',
    language_invalid: 'settings.language is invalid: reset to "system"',
    active_invalid: 'settings.activeConnectionId is invalid: reset',
    active_missing: 'settings.activeConnectionId names no connection: back to the demo',
    connections_not_a_list: 'connections is not a list: no connection could be kept',
    connection_invalid: `${entry} dropped: invalid ${note.fields}`,
    connection_duplicate: `${entry} dropped: duplicate or reserved id`,
    connection_unknown_keys: `${entry}: unknown keys removed (${note.fields})`,
  };
  return texts[note.code];
}

/** The connection entry a note is about: its place from 1, and its name when it has one. */
function entryOf(entry: unknown, index: number): Pick<RepairNote, 'entry' | 'name'> {
  const name = (entry as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() !== ''
    ? { entry: index + 1, name: name.slice(0, 100) }
    : { entry: index + 1 };
}

/** Keeps every valid field and connection of whatever the file held; says what was dropped. */
export function sanitizeSettingsData(raw: unknown): SanitizedSettings {
  const dropped: RepairNote[] = [];
  const root =
    raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (root !== raw) dropped.push({ code: 'not_an_object' });

  const settings: Settings = { ...DEFAULT_SETTINGS };
  const rawSettings = root.settings;
  if (rawSettings !== undefined) {
    if (rawSettings && typeof rawSettings === 'object' && !Array.isArray(rawSettings)) {
      const { language, activeConnectionId, workOffline } = rawSettings as Record<string, unknown>;
      if (typeof workOffline === 'boolean') settings.workOffline = workOffline;
      else if (workOffline !== undefined) dropped.push({ code: 'work_offline_invalid' });
      // Anything but true shows the demo connections, as before the setting existed.
      if ((rawSettings as Record<string, unknown>).hideDemo === true) settings.hideDemo = true;
      const languageResult = z.enum(LANGUAGE_PREFERENCES).safeParse(language);
      if (languageResult.success) settings.language = languageResult.data;
      else if (language !== undefined) dropped.push({ code: 'language_invalid' });
      if (typeof activeConnectionId === 'string' && activeConnectionId.length > 0)
        settings.activeConnectionId = activeConnectionId;
      else if (activeConnectionId !== undefined) dropped.push({ code: 'active_invalid' });
    } else {
      dropped.push({ code: 'settings_not_an_object' });
    }
  }

  const connections: StoredConnection[] = [];
  const rawConnections = root.connections;
  if (rawConnections !== undefined && !Array.isArray(rawConnections)) {
    dropped.push({ code: 'connections_not_a_list' });
  } else if (Array.isArray(rawConnections)) {
    const seen = new Set<string>();
    rawConnections.forEach((entry, index) => {
      const parsed = storedConnectionSchema.safeParse(entry);
      if (!parsed.success) {
        const paths = [
          ...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(entry)')),
        ].join(', ');
        dropped.push({ code: 'connection_invalid', ...entryOf(entry, index), fields: paths });
        return;
      }
      if (demoIds.includes(parsed.data.id) || seen.has(parsed.data.id)) {
        dropped.push({ code: 'connection_duplicate', ...entryOf(entry, index) });
        return;
      }
      const extra = Object.keys(entry as object).filter(
        (key) => !(key in storedConnectionSchema.shape),
      );
      if (extra.length > 0)
        dropped.push({
          code: 'connection_unknown_keys',
          ...entryOf(entry, index),
          fields: extra.join(', '),
        });
      seen.add(parsed.data.id);
      connections.push(parsed.data);
    });
  }

  if (
    settings.activeConnectionId !== DEFAULT_SETTINGS.activeConnectionId &&
    !demoIds.includes(settings.activeConnectionId) &&
    !connections.some((connection) => connection.id === settings.activeConnectionId)
  ) {
    dropped.push({ code: 'active_missing' });
    settings.activeConnectionId = DEFAULT_SETTINGS.activeConnectionId;
  }
  return { settings, connections, dropped };
}

/** Settings keys renamed since an earlier version: old name → new name. */
const RENAMED_SETTINGS: Record<string, string> = { activeProfileId: 'activeConnectionId' };

/**
 * Moves values stored under an earlier version's key names to today's, in place, so that an
 * upgrade keeps the user's active connection. Leaves a file it cannot read to the repair.
 */
function migrateSettingsFile(dataDir: string, log: Logger): void {
  const path = settingsFilePath(dataDir);
  if (!existsSync(path)) return;
  let root: unknown;
  try {
    root = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return;
  }
  const settings = (root as { settings?: unknown } | null)?.settings;
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return;
  const values = settings as Record<string, unknown>;
  let changed = false;
  for (const [before, after] of Object.entries(RENAMED_SETTINGS)) {
    if (!(before in values)) continue;
    if (!(after in values)) values[after] = values[before];
    delete values[before];
    changed = true;
  }
  if (!changed) return;
  writeJson(path, root);
  log.info('[settings] renamed keys of an earlier version');
}

function writeJson(path: string, data: unknown): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(data, undefined, '\t'), { mode: 0o600 });
  renameSync(temporary, path);
}

/**
 * Salvages what a damaged (truncated, hand-broken) settings text still holds: the language and
 * active connection where their values are complete, and every connection object that is
 * complete inside the "connections" list. What is salvaged is validated like a readable file.
 */
function salvageSettingsText(text: string): { settings: unknown; connections: unknown[] } {
  const settings: Record<string, string> = {};
  for (const key of ['language', 'activeConnectionId', ...Object.keys(RENAMED_SETTINGS)]) {
    const match = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
    if (match) {
      try {
        settings[RENAMED_SETTINGS[key] ?? key] ??= JSON.parse(`"${match[1]}"`) as string;
      } catch {
        // An unreadable value is left out.
      }
    }
  }
  const connections: unknown[] = [];
  const list = /"connections"\s*:\s*\[/.exec(text);
  if (list) {
    for (const objectText of completeObjects(text, list.index + list[0].length)) {
      try {
        connections.push(JSON.parse(objectText));
      } catch {
        // An object that is complete but not JSON: dropped.
      }
    }
  }
  return { settings, connections };
}

/** The top-level {…} objects of a JSON array starting at `from`, up to its end or the text's. */
function completeObjects(text: string, from: number): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 0 && c === '{') start = i;
      depth++;
    } else if (c === '}' || c === ']') {
      if (depth === 0) break; // the end of the connections list
      depth--;
      if (depth === 0 && start >= 0) {
        found.push(text.slice(start, i + 1));
        start = -1;
      }
    }
  }
  return found;
}

function describeKept(
  settings: Settings,
  connections: StoredConnection[],
  raw: unknown,
): RepairNote[] {
  const kept: RepairNote[] = connections.map((c) => ({ code: 'connection_kept', name: c.name }));
  const rawSettings = (raw as { settings?: { language?: unknown } } | undefined)?.settings;
  if (rawSettings && rawSettings.language === settings.language)
    kept.push({ code: 'language_kept', name: settings.language });
  return kept;
}

function backupPathOf(path: string): string {
  // Real time, as a file's mtime: when this copy was made on this machine.
  return `${path}.backup-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Repairs the settings file in place before a store opens it, and says what it did. The file as
 * found is first copied beside it (settings.json.backup-<time>); then a readable file keeps its
 * valid entries and loses the invalid ones, and an unreadable one (truncated, say) keeps what can
 * be salvaged from its text. Undefined when nothing needed repair.
 */
function repairSettingsFile(dataDir: string, log: Logger = console): SettingsRepair | undefined {
  const path = settingsFilePath(dataDir);
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    log.warn(`[settings] cannot read ${path}: ${(error as Error).message}`);
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    raw = undefined;
  }
  const unreadable = !raw || typeof raw !== 'object' || Array.isArray(raw);
  const source = unreadable ? salvageSettingsText(text) : raw;
  const { settings, connections, dropped } = sanitizeSettingsData(source);
  if (!unreadable && dropped.length === 0) return undefined;

  const backupPath = backupPathOf(path);
  copyFileSync(path, backupPath);
  if (process.platform !== 'win32') chmodSync(backupPath, 0o600);
  // Keys of other engineers' features (and conf's own bookkeeping) stay as they were.
  const rest = unreadable ? {} : { ...(raw as Record<string, unknown>) };
  delete rest.settings;
  delete rest.connections;
  writeJson(path, { ...rest, settings, connections });

  const repair: SettingsRepair = {
    backupPath,
    unreadable,
    kept: describeKept(settings, connections, source),
    dropped,
  };
  if (unreadable)
    log.warn(
      '[settings] the file was not readable JSON (truncated or damaged): only complete entries were kept',
    );
  for (const note of dropped) log.warn(`[settings] ${repairNoteText(note)}`);
  log.warn(`[settings] repaired; the file as found was copied to ${backupPath}`);
  return repair;
}

const hours = z.number().int().min(0).max(SYNC_EVERY_HOURS_MAX);

/** What each key of the file may hold, checked on every write in both shells (adaptStore). conf
 * and electron-store could check a JSON schema themselves, but compiling it with ajv cost every
 * process about 0.3 s of CPU at start (a CLI call, a browser host), and the file is read through
 * the repair above anyway. Keys not listed are kept as found. */
const SETTINGS_KEYS: Record<string, z.ZodType> = {
  settings: z.looseObject({
    language: z.enum(LANGUAGE_PREFERENCES).optional(),
    activeConnectionId: z.string().min(1).optional(),
    workOffline: z.boolean().optional(),
    hideDemo: z.boolean().optional(),
  }),
  connections: z.array(
    // No other key: a secret can never be written here by mistake.
    z.strictObject({
      id: z.string().min(1),
      name: z.string().min(1),
      baseUrl: z.string().min(1),
      tokenUrl: z.string().min(1),
      clientId: z.string().min(1),
      customerId: z.string().optional(),
      requestsPerMinute: z.number().int().min(1).max(100_000).optional(),
    }),
  ),
  /** The background sync's schedule (sync-rounds/schedule.ts). */
  syncSchedule: z.looseObject({
    everyHours: hours.optional(),
    connections: z.record(z.string(), hours).optional(),
  }),
};

/** Refuses a value its key may not hold, before anything is written. */
export function checkSettingsWrite(key: string, value: unknown): void {
  const result = SETTINGS_KEYS[key]?.safeParse(value);
  if (result && !result.success)
    throw new Error(
      `The settings file's "${key}" cannot hold this value: ${result.error.issues
        .map((issue) => `${issue.path.join('.') || key} ${issue.message}`)
        .join('; ')}`,
    );
}

/** The options both conf (plain Node) and electron-store (the Electron shell) open the file with. */
export function settingsStoreOptions(dataDir: string) {
  return {
    cwd: dataDir,
    configFileMode: 0o600,
    clearInvalidConfig: false,
  };
}

export interface OpenedSettingsStore {
  store: KeyValueStore;
  /** Re-runs the repair when the file went bad while the app was running. */
  recover: () => void;
  /** What the last repair did (at opening, or by recover), until the app restarts. */
  repair?: SettingsRepair | undefined;
}

/** Repairs the file, opens it with `open`, and keeps the latest repair report. */
export function openRepairedStore(
  dataDir: string,
  log: Logger,
  open: () => KeyValueStore,
): OpenedSettingsStore {
  migrateSettingsFile(dataDir, log);
  const opened: OpenedSettingsStore = {
    store: undefined as unknown as KeyValueStore,
    repair: repairSettingsFile(dataDir, log),
    recover: () => {
      opened.repair = repairSettingsFile(dataDir, log) ?? opened.repair;
    },
  };
  opened.store = open();
  return opened;
}

/** Opens the settings file with conf, after repairing it. */
export function openConfSettingsStore(dataDir: string, log: Logger = console): OpenedSettingsStore {
  return openRepairedStore(dataDir, log, () => adaptStore(openConf(dataDir)));
}

function openConf(dataDir: string): Conf<Record<string, unknown>> {
  return new Conf<Record<string, unknown>>({
    ...settingsStoreOptions(dataDir),
    configName: SETTINGS_CONFIG_NAME,
    projectName: SETTINGS_PROJECT_NAME,
  });
}

/** conf and electron-store share this API; the adapter narrows it to KeyValueStore and checks
 * every write. */
export function adaptStore(store: {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}): KeyValueStore {
  return {
    get: (key) => store.get(key),
    set: (key, value) => {
      checkSettingsWrite(key, value);
      store.set(key, value);
    },
    delete: (key) => store.delete(key),
  };
}
