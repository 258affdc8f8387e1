// What another workstation changed in the firm's archive shows on this screen within 2 s
// (issue 30, item 4): main tells 'firm:changed' (from PostgreSQL's NOTIFY); a change of the
// client on screen reloads the open screen once, however many changes come in a burst.
import type { FirmChange } from '#shared/firm.ts';

export interface FirmChangeFeed {
  /** Subscribes to the changes; returns what unsubscribes. */
  on(listener: (change: FirmChange) => void): () => void;
}

export interface RefreshOptions {
  /** The client the screens show now. */
  activeConnectionId: () => string | null | undefined;
  /** Reloads the open screen. */
  refresh: () => void;
  /** Changes within this long reload once (ms; default 300, well inside the 2 s). */
  settleMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function refreshOnFirmChanges(feed: FirmChangeFeed, options: RefreshOptions): () => void {
  const settleMs = options.settleMs ?? 300;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let pending: unknown = null;
  const off = feed.on((change) => {
    if (change.connectionId !== options.activeConnectionId()) return;
    if (pending !== null) return;
    pending = setTimer(() => {
      pending = null;
      options.refresh();
    }, settleMs);
  });
  return () => {
    off();
    if (pending !== null) clearTimer(pending);
    pending = null;
  };
}
