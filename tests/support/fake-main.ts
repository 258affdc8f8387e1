// A fake main for the renderer's stores in plain Node: window.api's calls wait until the test
// answers them, and events go to the listeners. Install it before the stores are imported.
import type { Result } from '#shared/contract.ts';

export interface HeldCall {
  channel: string;
  args: unknown;
  answer: (r: Result<unknown>) => void;
}

export function installFakeMain(): {
  calls: HeldCall[];
  listeners: Map<string, (payload: unknown) => void>;
} {
  const calls: HeldCall[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  (globalThis as { window?: unknown }).window = {
    api: {
      invoke: (channel: string, args: unknown) =>
        new Promise<Result<unknown>>((answer) => calls.push({ channel, args, answer })),
      on: (event: string, listener: (payload: unknown) => void) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
    },
  };
  return { calls, listeners };
}
