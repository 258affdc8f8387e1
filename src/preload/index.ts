// The bridge: window.api built from the contract's channel and event lists. Only these names
// pass; no raw ipcRenderer reaches the page.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENTS,
  IPC_PREFIX,
  isChannel,
  type Api,
  type EventName,
  type Result,
} from '#shared/contract.ts';

function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENTS as readonly string[]).includes(value);
}

const api = {
  invoke(channel, ...args) {
    if (!isChannel(channel)) {
      return Promise.resolve({
        ok: false,
        error: { kind: 'invalid_input', message: `Unknown channel ${String(channel)}` },
      } satisfies Result<never>);
    }
    return ipcRenderer.invoke(IPC_PREFIX + channel, args[0]);
  },
  on(event, listener) {
    if (!isEventName(event)) throw new TypeError(`Unknown event ${String(event)}`);
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(IPC_PREFIX + event, wrapped);
    return () => {
      ipcRenderer.removeListener(IPC_PREFIX + event, wrapped);
    };
  },
} satisfies Api;

contextBridge.exposeInMainWorld('api', api);
