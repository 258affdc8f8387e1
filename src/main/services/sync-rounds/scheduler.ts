// While the app runs, looks every few minutes for connections due and starts a round for them
// (never while one runs, never while "Travailler hors ligne" is on). Started only by the shells
// that ask for it (createServices' backgroundSync): the CLI and the tests get no timer.
import type { SyncRounds } from './sync-rounds.ts';

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

export interface SchedulerOptions {
  rounds: SyncRounds;
  workOffline: () => boolean;
  /** How often it looks, ms (default 5 minutes: the backoff's first step). */
  intervalMs?: number;
  /** The first look, ms after start (default 30 s: the app opens first). */
  firstDelayMs?: number;
  now?: () => number;
  log?: Logger;
}

export class SyncScheduler {
  readonly #options: SchedulerOptions;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #nextAt: number | null = null;

  constructor(options: SchedulerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now; // when the next timer fires: real time, not a date
  }

  start(): void {
    if (this.#timer) return;
    this.#options.rounds.nextCheckAt = () =>
      this.#nextAt === null ? null : new Date(this.#nextAt).toISOString();
    this.#arm(this.#options.firstDelayMs ?? 30_000);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#nextAt = null;
  }

  /** One look: a round of the connections due, if any and if none runs. */
  async tick(): Promise<void> {
    const { rounds, workOffline, log } = this.#options;
    try {
      if (rounds.running || workOffline()) return;
      if ((await rounds.candidates('due')).length === 0) return;
      if (rounds.running) return; // one started meanwhile
      await rounds.start('due');
    } catch (error) {
      (log ?? console).warn(`[sync-round] the scheduler: ${(error as Error).message}`);
    }
  }

  #arm(delayMs: number): void {
    this.#nextAt = this.#now() + delayMs;
    this.#timer = setTimeout(() => {
      void this.tick();
      this.#arm(this.#options.intervalMs ?? 5 * 60_000);
    }, delayMs);
    this.#timer.unref();
  }
}
