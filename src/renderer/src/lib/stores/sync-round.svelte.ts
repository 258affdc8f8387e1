// The background sync of every connection (issue 19): the round's status as main tells it
// ('syncRound:progress' events), "Synchroniser tout" and "Arrêter", and the firm's schedule.
// Outside any screen, so that the round's progress is there wherever the panel is placed.
import type { AppError } from '#shared/contract.ts';
import type { SyncRoundStatus, SyncSchedule } from '#shared/sync-round.ts';
import { api } from '../api.ts';

class SyncRoundState {
  status = $state<SyncRoundStatus | null>(null);
  schedule = $state<SyncSchedule | null>(null);
  error = $state<AppError | null>(null);
  cancelling = $state(false);
  /** The user asked for a round: its end is told (not the scheduler's rounds, said quietly). */
  asked = $state(false);
  #listening = false;

  get running(): boolean {
    return this.status?.running ?? false;
  }

  /** Listens to the round's events once, and reads its status and the schedule. */
  async load(): Promise<void> {
    if (!this.#listening) {
      this.#listening = true;
      api.on('syncRound:progress', (status) => {
        if (!status) return;
        this.status = status;
        if (!status.running) this.cancelling = false;
      });
    }
    const [status, schedule] = await Promise.all([
      api.invoke('syncRound:status'),
      api.invoke('syncRound:schedule'),
    ]);
    if (status.ok) this.status = status.value;
    if (schedule.ok) this.schedule = schedule.value;
    this.error = !status.ok ? status.error : !schedule.ok ? schedule.error : null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.error = null;
    this.asked = true;
    const r = await api.invoke('syncRound:start', { scope: 'all' });
    if (r.ok) this.status = r.value;
    else this.error = r.error;
  }

  async cancel(): Promise<void> {
    this.cancelling = true;
    const r = await api.invoke('syncRound:cancel');
    if (!r.ok) {
      this.cancelling = false;
      this.error = r.error;
    }
  }

  /** The firm-wide interval, in hours (0 = never); true once saved. */
  async setEveryHours(everyHours: number): Promise<boolean> {
    return this.#save({ everyHours });
  }

  /** One connection's own interval (0 = never), or null: the firm's. True once saved. */
  async setConnectionEveryHours(connectionId: string, hours: number | null): Promise<boolean> {
    return this.#save({ connectionId, connectionEveryHours: hours });
  }

  async #save(patch: {
    everyHours?: number;
    connectionId?: string;
    connectionEveryHours?: number | null;
  }): Promise<boolean> {
    const r = await api.invoke('syncRound:setSchedule', patch);
    if (r.ok) this.schedule = r.value;
    this.error = r.ok ? null : r.error;
    return r.ok;
  }
}

export const syncRound = new SyncRoundState();
