export { SyncRounds, type SyncRoundsOptions, type RunRoundOptions } from './sync-rounds.ts';
export { SyncScheduler, type SchedulerOptions } from './scheduler.ts';
export { SyncSchedules, isDue, SYNC_SCHEDULE_KEY } from './schedule.ts';
export { Backoff, backoffDelayMs } from './backoff.ts';
