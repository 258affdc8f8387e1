// Registers every contract channel on ipcMain and forwards main's events to the window.
// Messages from any frame but our window's main frame, or from a page that is not ours, are dropped.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, IPC_PREFIX, type Result } from '#shared/contract.ts';
import type { Dispatch } from './handlers/index.ts';
import type { EventHub, Logger } from './services/index.ts';
import { isAppUrl } from './platform/window.ts';

function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow): boolean {
  if (window.isDestroyed()) return false;
  const frame = event.senderFrame;
  return (
    event.sender === window.webContents &&
    frame !== null &&
    frame === window.webContents.mainFrame &&
    isAppUrl(frame.url)
  );
}

/** Registers the handlers (replacing any earlier ones) and returns a function removing them. */
export function registerIpc(
  window: BrowserWindow,
  dispatch: Dispatch,
  events: EventHub,
  log: Logger,
): () => void {
  for (const channel of CHANNELS) {
    const name = IPC_PREFIX + channel;
    // Replacing, not stacking: a second registration would throw, a stale one would answer.
    ipcMain.removeHandler(name);
    ipcMain.handle(name, async (event, args: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event, window)) {
        log.warn(
          `[ipc] dropped ${channel} from an untrusted sender (${event.senderFrame?.url ?? 'no frame'})`,
        );
        return {
          ok: false,
          error: { kind: 'forbidden', message: 'This sender may not call Invoice Desk' },
        };
      }
      return dispatch(channel, args);
    });
  }
  const unsubscribe = events.subscribe((event, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_PREFIX + event, payload);
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(IPC_PREFIX + channel);
  };
}
