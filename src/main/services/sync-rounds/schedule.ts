// The firm's sync schedule, kept in the settings file beside the connections (key `syncSchedule`):
// a firm-wide "every N hours" and each connection's own where it differs (0 = never). The demo
// connections are not stored, so a connection's setting is kept by its id here rather than in its
// stored entry. Read defensively (a hand-edited file): what is not valid reads as the default.
import { z } from 'zod';
import {
  DEFAULT_SYNC_EVERY_HOURS,
  SYNC_EVERY_HOURS_MAX,
  type SyncSchedule,
} from '#shared/sync-round.ts';
import type { KeyValueStore } from '../connections/settings-file.ts';

export const SYNC_SCHEDULE_KEY = 'syncSchedule';

const hours = z.number().int().min(0).max(SYNC_EVERY_HOURS_MAX);

export class SyncSchedules {
  readonly #store: KeyValueStore;

  constructor(store: KeyValueStore) {
    this.#store = store;
  }

  read(): SyncSchedule {
    let raw: unknown;
    try {
      raw = this.#store.get(SYNC_SCHEDULE_KEY);
    } catch {
      raw = undefined;
    }
    const root = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const everyHours = hours.safeParse(root.everyHours);
    const connections: Record<string, number> = {};
    if (root.connections && typeof root.connections === 'object')
      for (const [id, value] of Object.entries(root.connections)) {
        const parsed = hours.safeParse(value);
        if (parsed.success) connections[id] = parsed.data;
      }
    return {
      everyHours: everyHours.success ? everyHours.data : DEFAULT_SYNC_EVERY_HOURS,
      connections,
    };
  }

  /** The connection's interval in hours; 0 = never synced in the background. */
  everyHoursOf(connectionId: string): number {
    const schedule = this.read();
    return schedule.connections[connectionId] ?? schedule.everyHours;
  }

  /** Sets the firm-wide default, or one connection's own (null: back to the default). */
  update(patch: {
    everyHours?: number;
    connectionId?: string;
    connectionEveryHours?: number | null;
  }): SyncSchedule {
    const next = this.read();
    if (patch.everyHours !== undefined) next.everyHours = hours.parse(patch.everyHours);
    if (patch.connectionId !== undefined && patch.connectionEveryHours !== undefined) {
      if (patch.connectionEveryHours === null) delete next.connections[patch.connectionId];
      else next.connections[patch.connectionId] = hours.parse(patch.connectionEveryHours);
    }
    this.#store.set(SYNC_SCHEDULE_KEY, next);
    return next;
  }

  /** A deleted connection's setting goes with it. */
  forget(connectionId: string): void {
    const next = this.read();
    if (!(connectionId in next.connections)) return;
    delete next.connections[connectionId];
    this.#store.set(SYNC_SCHEDULE_KEY, next);
  }
}

/** Due when never synced, when its last sync was left unfinished (a kill, a cancel: it resumes),
 * or when its interval has passed since the last sync ended. Never when its interval is 0. */
export function isDue(
  everyHours: number,
  lastSyncAt: string | null,
  unfinished: boolean,
  now: number,
): boolean {
  if (everyHours <= 0) return false;
  if (lastSyncAt === null || unfinished) return true;
  return now - Date.parse(lastSyncAt) >= everyHours * 3_600_000;
}
