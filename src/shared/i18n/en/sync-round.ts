import type { Translation } from '../translation.ts';
import type fr from '../fr/sync-round.ts';

export default {
  title: 'Sync of every connection',
  intro: 'While the app is open, each connection is synced as often as chosen, one at a time.',
  start: 'Sync all',
  cancel: 'Stop',
  cancelling: 'Stopping…',
  everyLabel: 'How often',
  every: {
    never: 'Never',
    hours: 'Every {n} hours',
    hour: 'Every hour',
  },
  eachTitle: 'How often for each connection',
  eachLabel: 'How often for {name}',
  asFirm: 'As the others ({every})',
  scheduleSaved: 'Schedule saved.',
  progressLabel: 'Progress of the sync of every connection',
  current: 'Connection {index} of {total}: {name}',
  currentProgress: '{invoices}, {requests}',
  counts: '{done}, {failed} failed, {skipped} of {total}',
  synced: { one: '{count} synced', other: '{count} synced' },
  skippedCount: { one: '{count} skipped', other: '{count} skipped' },
  finished: 'Sync finished on {date}: {counts}.',
  stopped: 'Sync stopped on {date}: {counts}. What was read is kept.',
  nothingDue: 'No connection to sync.',
  skipped: '“{name}” is already syncing elsewhere: left to that sync.',
  failingTitle: 'Connections failing',
  failing: '“{name}”: {reason}. Tried again automatically around {time} ({failures}).',
  failures: { one: '{count} failure', other: '{count} failures' },
  nextCheck: 'Next check around {time}.',
} as const satisfies Translation<typeof fr>;
